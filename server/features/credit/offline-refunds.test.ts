// @postgres: two refunds of money received outside the shop at the same instant, under the order's row lock
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NAME_HOW_PAID_BACK, StatementResponse } from '../../../contract/credit.js';
import { AdminOrderActionResponse, AdminOrderDetailResponse } from '../../../contract/order-actions.js';
import { OrderResponse, RazorpayOrderResponse } from '../../../contract/orders.js';
import { creditNotes, orders, refunds } from '../../db/schema.js';
import { indiaDate } from '../../domain/tax.js';
import type { FakeRazorpay } from '../../test/fake-razorpay.js';
import { createProduct, SHIPPING } from '../../test/fixtures.js';
import type { TestApp, TestUser } from '../../test/helpers.js';
import { pdfText } from '../../test/pdf-text.js';
import { type RazorpayShop, razorpayShopForTests } from '../../test/razorpay-shop.js';
import { approvedDealer } from '../wholesale/test-kit.js';

/** Refunds of credit orders paid outside the shop: paid back outside it, never through Razorpay (docs/credit.md). */
const shopWithRazorpay = razorpayShopForTests();
let fake: FakeRazorpay;
let t: TestApp;
let s: RazorpayShop['s'];
let admin: TestUser;
beforeAll(() => {
  ({ fake, t, s, admin } = shopWithRazorpay);
});

const today = () => indiaDate(new Date());
const refundCalls = () => fake.requests.filter((r) => /^\/v1\/payments\/[^/]*\/refund$/.test(r.path));

async function creditOrder(cookie: string, pricePaise = 10_000_000) {
  const stone = await createProduct(t.database.db, { stock: 5, pricePaise });
  expect((await s.add(cookie, stone.id, 1)).statusCode).toBe(200);
  const res = await t.request({ method: 'POST', url: '/o1/api/credit-order', cookie, payload: { shippinginfo: SHIPPING } });
  expect(res.statusCode, res.body).toBe(201);
  return OrderResponse.parse(res.json()).order;
}
const pay = async (orderId: string, amount: number, method = 'neft', reference = 'UTR-IN-1') => {
  const res = await t.request({
    method: 'POST',
    url: `/o1/api/admin/payments/${orderId}`,
    cookie: admin.cookie,
    payload: { amount, method, reference, receivedon: today() },
  });
  expect(res.statusCode, res.body).toBe(201);
};
const refund = (orderId: string, payload: object, cookie: string | undefined = admin.cookie) =>
  t.request({ method: 'POST', url: `/o1/api/admin/refund/${orderId}`, payload, ...(cookie ? { cookie } : {}) });
const adminOrder = async (orderId: string) => {
  const res = await t.request({ method: 'GET', url: `/o1/api/admin/orders/${orderId}`, cookie: admin.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return AdminOrderDetailResponse.parse(res.json()).order;
};
const refundRows = (orderId: string) => t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));

/** A dealer's credit order paid in full by NEFT. */
async function paidByNeft() {
  const dealer = await approvedDealer(t, admin, 30, 1_000_000);
  const order = await creditOrder(dealer.cookie);
  await pay(order._id, order.totalamount);
  return { dealer, order };
}

describe('a refund of a credit order paid outside the shop', () => {
  it('names how it is paid back, is processed at once without Razorpay, and shows on the order, the credit note and the statement', async () => {
    const { dealer, order } = await paidByNeft();
    const before = refundCalls().length;

    const bare = await refund(order._id, { amount: 20_000, reason: 'Two stones sent back' });
    expect(bare.statusCode, bare.body).toBe(400);
    expect(bare.json().message).toBe(NAME_HOW_PAID_BACK);
    expect(bare.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'method' })]));
    const noReference = await refund(order._id, { amount: 20_000, reason: 'Two stones sent back', method: 'neft' });
    expect(noReference.statusCode, noReference.body).toBe(400);

    const res = await refund(order._id, {
      amount: 20_000,
      reason: 'Two stones sent back',
      method: 'neft',
      reference: 'UTR-BACK-77',
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = AdminOrderActionResponse.parse(res.json()).order;
    expect(after.refunds).toEqual([
      expect.objectContaining({ amount: 20_000, status: 'processed', method: 'neft', reference: 'UTR-BACK-77' }),
    ]);
    expect(after.refundedamount).toBe(20_000);
    expect(after.paymentstatus).toBe('Partially refunded');
    expect(after.refundable).toBe(order.totalamount - 20_000);
    expect(after.refundableoffline).toBe(order.totalamount - 20_000);
    expect(after.events.map((e) => e.note)).toContainEqual(expect.stringContaining('paid back by NEFT UTR-BACK-77'));
    expect(refundCalls().length).toBe(before);

    // The credit note names how the money went back.
    const refundId = after.refunds[0]?._id as string;
    expect(await t.database.db.select().from(creditNotes).where(eq(creditNotes.refundKey, refundId))).toHaveLength(1);
    const note = await t.request({ method: 'GET', url: `/o1/api/credit-note/${refundId}`, cookie: dealer.cookie });
    expect(note.statusCode, note.body).toBe(200);
    expect(pdfText(note.rawPayload)).toMatch(/Paid back by:\s+NEFT UTR-BACK-77/);

    // The statement: the invoice, the payment, the credit note (a credit) and the money paid back (a debit).
    const st = await t.request({
      method: 'GET',
      url: `/u1/api/business/statement?from=${today()}&to=${today()}`,
      cookie: dealer.cookie,
    });
    expect(st.statusCode, st.body).toBe(200);
    const body = StatementResponse.parse(st.json());
    expect(body.lines.map((l) => l.type)).toEqual(['invoice', 'creditnote', 'payment', 'refund']);
    expect(body.lines[3]).toMatchObject({ debit: 20_000, credit: 0 });
    expect(body.lines[3]?.number).toContain('NEFT UTR-BACK-77');
    expect(body.closing).toBe(0);
  });

  it('never pays back more than was received outside the shop', async () => {
    const { order } = await paidByNeft();
    const over = await refund(order._id, {
      amount: order.totalamount + 1,
      reason: 'Too much',
      method: 'cash',
    });
    expect(over.statusCode, over.body).toBe(409);
    const all = await refund(order._id, { amount: order.totalamount, reason: 'Lot returned', method: 'rtgs', reference: 'R1' });
    expect(all.statusCode, all.body).toBe(201);
    const done = AdminOrderActionResponse.parse(all.json()).order;
    expect(done.paymentstatus).toBe('Refunded');
    expect(done.refundable).toBe(0);
    const again = await refund(order._id, { amount: 1, reason: 'Once more', method: 'rtgs', reference: 'R2' });
    expect(again.statusCode, again.body).toBe(409);
    expect(await refundRows(order._id)).toHaveLength(1);
  });

  it('pays back outside the shop only what came outside it; the rest goes back to the online payment', async () => {
    const dealer = await approvedDealer(t, admin, 30, 1_000_000);
    const order = await creditOrder(dealer.cookie);
    await pay(order._id, 40_000);
    // The rest paid through the checkout (Razorpay).
    const opened = await t.request({ method: 'POST', url: `/o1/api/pay-due/${order._id}`, cookie: dealer.cookie, payload: {} });
    expect(opened.statusCode, opened.body).toBe(200);
    const paid = fake.pay(RazorpayOrderResponse.parse(opened.json()).razorpayOrder.id);
    const verified = await t.request({ method: 'POST', url: '/o1/api/verify-and-place', cookie: dealer.cookie, payload: paid });
    expect(verified.statusCode, verified.body).toBe(201);
    expect((await adminOrder(order._id)).paymentstatus).toBe('Paid');
    const online = order.totalamount - 40_000;
    expect((await adminOrder(order._id)).refundableoffline).toBe(40_000);

    const tooMuchOutside = await refund(order._id, { amount: 40_000.01, reason: 'x', method: 'neft', reference: 'U1' });
    expect(tooMuchOutside.statusCode, tooMuchOutside.body).toBe(409);
    const tooMuchOnline = await refund(order._id, { amount: online + 0.01, reason: 'x' });
    expect(tooMuchOnline.statusCode, tooMuchOnline.body).toBe(409);
    expect(tooMuchOnline.json().message).toContain('received outside the shop is paid back outside it');

    const before = refundCalls().length;
    const back = await refund(order._id, { amount: 40_000, reason: 'Returned', method: 'neft', reference: 'UTR-B' });
    expect(back.statusCode, back.body).toBe(201);
    expect(refundCalls().length).toBe(before);
    const viaRazorpay = await refund(order._id, { amount: 1_000, reason: 'Discount agreed' });
    expect(viaRazorpay.statusCode, viaRazorpay.body).toBe(201);
    const calls = refundCalls().slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toBe(`/v1/payments/${paid.razorpay_payment_id}/refund`);
    const rows = await refundRows(order._id);
    expect(rows.map((r) => [r.amountPaise, r.method, r.status]).sort()).toEqual(
      [
        [4_000_000, 'neft', 'processed'],
        [100_000, null, 'processed'],
      ].sort(),
    );
  });

  it('keeps a partly paid order owing what is still due after paying back part of what was received', async () => {
    const dealer = await approvedDealer(t, admin, 30, 1_000_000);
    const order = await creditOrder(dealer.cookie);
    await pay(order._id, 30_000, 'cheque', 'CHQ 004512');
    const res = await refund(order._id, {
      amount: 5_000,
      reason: 'Price agreed lower',
      method: 'cheque',
      reference: 'CHQ 880001',
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = AdminOrderActionResponse.parse(res.json()).order;
    expect(after.paymentstatus).toBe('Partially paid');
    expect(after.amountdue).toBe(order.totalamount - 30_000);
    const business = await t.request({ method: 'GET', url: '/u1/api/business', cookie: dealer.cookie });
    expect(business.json().business.credit.outstanding).toBe(order.totalamount - 30_000);
    // What is due paid at last: the order is paid, with part refunded.
    await pay(order._id, order.totalamount - 30_000);
    expect((await adminOrder(order._id)).paymentstatus).toBe('Partially refunded');
  });

  it('is for the merchant only: a buyer gets 403, an unknown order 404, and another buyer cannot read its credit note', async () => {
    const { dealer, order } = await paidByNeft();
    const other = await approvedDealer(t, admin, 30, 1_000_000);
    const payload = { amount: 1_000, reason: 'x', method: 'upi', reference: 'UPI-1' };
    expect((await refund(order._id, payload, dealer.cookie)).statusCode).toBe(403);
    expect((await refund(order._id, payload, '')).statusCode).toBe(401);
    expect((await refund(crypto.randomUUID(), payload)).statusCode).toBe(404);
    expect(await refundRows(order._id)).toHaveLength(0);
    const done = await refund(order._id, payload);
    expect(done.statusCode, done.body).toBe(201);
    const refundId = AdminOrderActionResponse.parse(done.json()).order.refunds[0]?._id as string;
    const theirs = await t.request({ method: 'GET', url: `/o1/api/credit-note/${refundId}`, cookie: other.cookie });
    expect(theirs.statusCode).toBe(404);
    const st = await t.request({
      method: 'GET',
      url: `/u1/api/business/statement?from=${today()}&to=${today()}`,
      cookie: other.cookie,
    });
    expect(StatementResponse.parse(st.json()).lines).toEqual([]);
  });

  it('two refunds at the same instant never pay back more than was received', async () => {
    const { order } = await paidByNeft();
    const share = Math.round(order.totalamount * 0.6 * 100) / 100;
    const results = await Promise.all(
      ['A', 'B'].map((r) => refund(order._id, { amount: share, reason: 'Race', method: 'imps', reference: `IMPS-${r}` })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await refundRows(order._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.amountPaise).toBe(Math.round(share * 100));
  });
});

describe('cancelling a credit order paid outside the shop', () => {
  it('the buyer cannot; the merchant can, and pays the money back with Refund', async () => {
    const { dealer, order } = await paidByNeft();
    const mine = await s.myOrders(dealer.cookie);
    expect(mine.json().orders.find((o: { _id: string }) => o._id === order._id)?.cancellable).toBe(false);
    const byBuyer = await t.request({ method: 'POST', url: `/o1/api/cancel/${order._id}`, cookie: dealer.cookie, payload: {} });
    expect(byBuyer.statusCode, byBuyer.body).toBe(409);

    const before = refundCalls().length;
    const cancelled = await t.request({
      method: 'POST',
      url: `/o1/api/admin/cancel/${order._id}`,
      cookie: admin.cookie,
      payload: { reason: 'Dealer changed the order' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().message).toContain('received outside the shop is to be paid back outside it');
    const after = AdminOrderActionResponse.parse(cancelled.json()).order;
    expect(after.deliverystatus).toBe('cancelled');
    expect(after.refundableoffline).toBe(order.totalamount);
    expect(await refundRows(order._id)).toHaveLength(0);
    const back = await refund(order._id, { amount: order.totalamount, reason: 'Cancelled', method: 'neft', reference: 'UTR-C' });
    expect(back.statusCode, back.body).toBe(201);
    expect(AdminOrderActionResponse.parse(back.json()).order.paymentstatus).toBe('Refunded');
    expect(refundCalls().length).toBe(before);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.refundStatus).toBe('processed');
    const business = await t.request({ method: 'GET', url: '/u1/api/business', cookie: dealer.cookie });
    expect(business.json().business.credit.outstanding).toBe(0);
  });
});
