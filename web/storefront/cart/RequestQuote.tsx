import { useState } from 'react';
import type { CartItem } from '../../api/cart';
import { Textarea } from '../../ui/form';
import { QuoteProblem, QuoteRequested, useQuoteRequest } from '../quotes/quoteRequest';

/**
 * "Request a quote" on the cart page of an approved business: asks the merchant for a price on the cart's lines (one
 * line a product, quantities added up; made-to-order pieces are priced by the day's metal rate and left out). The
 * cart is not changed; the answer shows under "Your quotes" on the account page.
 */
export function RequestQuote({ items }: { items: CartItem[] }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const { busy, done, problem, send: request } = useQuoteRequest();
  const byProduct = new Map<string, number>();
  for (const l of items) {
    if (l.setting || !l.productId) continue;
    byProduct.set(l.productId, (byProduct.get(l.productId) ?? 0) + l.quantity);
  }
  const lines = [...byProduct].map(([productId, quantity]) => ({ productId, quantity }));
  if (lines.length === 0) return null;

  async function send() {
    if (await request(lines, note)) {
      setOpen(false);
      setNote('');
    }
  }

  return (
    <div className="mt-4 border-t border-gray-200 pt-4 text-sm" data-testid="request-quote">
      {done ? <QuoteRequested number={done} /> : null}
      {open ? (
        <div className="space-y-2">
          <label htmlFor="quote-note" className="block font-medium text-gray-700">
            A note for us (optional)
          </label>
          <Textarea id="quote-note" value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
          <QuoteProblem problem={problem} />
          <button
            type="button"
            onClick={() => void send()}
            disabled={busy}
            className="w-full rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800 disabled:opacity-60"
          >
            {busy ? 'Sending...' : `Send request (${lines.length} ${lines.length === 1 ? 'line' : 'lines'})`}
          </button>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="w-full rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800"
        >
          Request a quote
        </button>
      )}
    </div>
  );
}
