import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatementResponse } from '../../../contract/credit.js';
import { OrderResponse } from '../../../contract/orders.js';
import { indiaDate } from '../../domain/tax.js';
import { createProduct, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { pdfText } from '../../test/pdf-text.js';
import { approvedDealer } from '../wholesale/test-kit.js';
import { NO_STATEMENT } from './statement.js';

/** A business's statement of account: its credit orders' invoices, the payments for them and the running balance. */
let t: TestApp;
let s: ReturnType<typeof shop>;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  s = shop(t);
  admin = await t.signUpAndIn('ADMIN');
});
afterAll(() => t.close());

const statement = (cookie: string | undefined, query: string) =>
  t.request({ method: 'GET', url: `/u1/api/business/statement?${query}`, cookie });

async function creditOrder(cookie: string, pricePaise: number) {
  const stone = await createProduct(t.database.db, { stock: 5, pricePaise });
  expect((await s.add(cookie, stone.id, 1)).statusCode).toBe(200);
  const res = await t.request({ method: 'POST', url: '/o1/api/credit-order', cookie, payload: { shippinginfo: SHIPPING } });
  expect(res.statusCode, res.body).toBe(201);
  return OrderResponse.parse(res.json()).order;
}

describe('the statement of account', () => {
  it('lists invoices as debits and payments as credits with the running balance; a later period opens with what was owed', async () => {
    const dealer = await approvedDealer(t, admin, 30, 1_000_000);
    const other = await approvedDealer(t, admin, 30, 1_000_000);
    const first = await creditOrder(dealer.cookie, 10_000_000);
    const second = await creditOrder(dealer.cookie, 4_000_000);
    await creditOrder(other.cookie, 7_000_000);
    const today = indiaDate(new Date());
    const paid = await t.request({
      method: 'POST',
      url: `/o1/api/admin/payments/${first._id}`,
      cookie: admin.cookie,
      payload: { amount: 60_000, method: 'neft', reference: 'UTR123456', receivedon: today },
    });
    expect(paid.statusCode, paid.body).toBe(201);

    const res = await statement(dealer.cookie, `from=${today}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = StatementResponse.parse(res.json());
    expect(body.opening).toBe(0);
    expect(body.lines.map((l) => l.type)).toEqual(['invoice', 'invoice', 'payment']);
    expect(
      body.lines
        .map((l) => l.number)
        .slice(0, 2)
        .sort(),
    ).toEqual([first.invoice?.number, second.invoice?.number].sort());
    expect(body.lines[2]).toMatchObject({ credit: 60_000, debit: 0 });
    expect(body.lines[2]?.number).toContain('UTR123456');
    const owed = first.totalamount + second.totalamount - 60_000;
    expect(body.lines[2]?.balance).toBe(owed);
    expect(body.closing).toBe(owed);
    // the other business's order is not on it
    expect(JSON.stringify(body)).not.toContain('70000');

    // a period after today opens with the balance and has no lines
    const later = StatementResponse.parse((await statement(dealer.cookie, 'from=2099-01-01&to=2099-01-31')).json());
    expect(later).toMatchObject({ opening: owed, closing: owed, lines: [] });

    const pdf = await statement(dealer.cookie, `from=${today}&to=${today}&format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Statement of account');
    expect(text).toContain('Mehta Gems LLP');
    expect(text).toContain(first.invoice?.number ?? '-');
    expect(text).toContain('₹60,000.00');
    expect(text).toContain(`Closing balance ₹${owed.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
  });

  it('a buyer without a business account is refused (403), a visitor must sign in (401), a bad period is a 400', async () => {
    const shopper = await t.signUpAndIn();
    const refused = await statement(shopper.cookie, 'from=2026-01-01&to=2026-01-31');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NO_STATEMENT);
    expect((await statement(undefined, 'from=2026-01-01&to=2026-01-31')).statusCode).toBe(401);
    const dealer = await approvedDealer(t, admin, 30, 1_000_000);
    for (const q of [
      'from=2026-02-01&to=2026-01-31',
      'from=2026-02-30&to=2026-03-01',
      'to=2026-01-31',
      'from=2026-01-01&to=2026-01-31&format=csv',
    ]) {
      expect((await statement(dealer.cookie, q)).statusCode, q).toBe(400);
    }
  });

  it('the merchant reads any business’s statement from the Businesses screen: the same lines, balances and PDF', async () => {
    const dealer = await approvedDealer(t, admin, 30, 1_000_000);
    const other = await approvedDealer(t, admin, 30, 1_000_000);
    const order = await creditOrder(dealer.cookie, 9_000_000);
    await creditOrder(other.cookie, 3_000_000);
    const today = indiaDate(new Date());
    const paid = await t.request({
      method: 'POST',
      url: `/o1/api/admin/payments/${order._id}`,
      cookie: admin.cookie,
      payload: { amount: 50_000, method: 'rtgs', reference: 'RTGS-9', receivedon: today },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const query = `from=${today}&to=${today}`;
    const merchant = (cookie: string | undefined, id: string, q = query) =>
      t.request({ method: 'GET', url: `/u1/api/admin/businesses/${id}/statement?${q}`, cookie });

    const res = await merchant(admin.cookie, dealer.businessId);
    expect(res.statusCode, res.body).toBe(200);
    const seen = StatementResponse.parse(res.json());
    expect(seen).toEqual(StatementResponse.parse((await statement(dealer.cookie, query)).json()));
    expect(seen.lines.map((l) => l.type)).toEqual(['invoice', 'payment']);
    expect(seen.closing).toBe(order.totalamount - 50_000);
    expect(JSON.stringify(seen)).not.toContain('30000');

    const pdf = await merchant(admin.cookie, dealer.businessId, `${query}&format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Statement of account');
    expect(text).toContain('RTGS RTGS-9');
    expect(text).toContain(order.invoice?.number ?? '-');

    // The merchant's only: a buyer (even of that business) 403, a visitor 401; an unknown business 404, a bad id 400.
    expect((await merchant(dealer.cookie, dealer.businessId)).statusCode).toBe(403);
    expect((await merchant(undefined, dealer.businessId)).statusCode).toBe(401);
    expect((await merchant(admin.cookie, crypto.randomUUID())).statusCode).toBe(404);
    expect((await merchant(admin.cookie, 'not-an-id')).statusCode).toBe(400);
    expect((await merchant(admin.cookie, dealer.businessId, 'from=2026-02-01&to=2026-01-31')).statusCode).toBe(400);
  });
});
