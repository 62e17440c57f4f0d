import { afterEach, beforeEach, vi } from 'vitest';
import { quoteRoutes } from '../../contract/wholesale';
import { answerOf } from './answers';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The shop's answer to a business buyer's request for a quote, for each test of the file: the quote `number` is
 * made (201), or with `refuse` set the shop refuses (403). `sent` holds each request's body.
 */
export function stubQuoteRequests(number: string) {
  const shop = { sent: [] as unknown[], refuse: false };
  beforeEach(() => {
    shop.sent = [];
    shop.refuse = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init: RequestInit = {}) => {
        if (init.method !== 'POST' || path !== '/o1/api/quotes') return json(404, { success: false, message: 'No route' });
        shop.sent.push(JSON.parse(String(init.body)));
        if (shop.refuse) return json(403, { success: false, message: 'Quotes are for approved business accounts' });
        return json(
          201,
          answerOf(quoteRoutes, 'POST /o1/api/quotes', {
            success: true,
            message: 'Thank you',
            quote: {
              _id: 'q1',
              number,
              status: 'requested',
              lines: [],
              note: '',
              merchantnote: '',
              validuntil: null,
              createdAt: '2026-11-20T10:00:00.000Z',
              orderId: null,
            },
          }),
        );
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());
  return shop;
}
