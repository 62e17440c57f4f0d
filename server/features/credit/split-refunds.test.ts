// @postgres: a refund split across payments under the order's row lock, two refunds at the same instant
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminOrderActionResponse } from '../../../contract/order-actions.js';
import { OrderResponse, RazorpayOrderResponse } from '../../../contract/orders.js';
import { creditNotes, refunds } from '../../db/schema.js';
import type { FakeRazorpay } from '../../test/fake-razorpay.js';
import { createProduct, SHIPPING } from '../../test/fixtures.js';
import type { TestApp, TestUser } from '../../test/helpers.js';
import { type RazorpayShop, razorpayShopForTests } from '../../test/razorpay-shop.js';
import { reconcilePending } from '../payments/reconciler.js';
import { approvedDealer } from '../wholesale/test-kit.js';
import { applyOnlinePayment } from './pay-due.js';

/**
 * A credit order paid online in two payments: a refund larger than one payment is split across them, newest first,
 * each part within what is left of its payment (docs/credit.md, "Refunds of money received outside the shop").
 */
const shopWithRazorpay = razorpayShopForTests();
let fake: FakeRazorpay;
let t: TestApp;
let s: RazorpayShop['s'];
let admin: TestUser;
beforeAll(() => {
  ({ fake, t, s, admin } = shopWithRazorpay);
});

const refund = (orderId: string, payload: object) =>
  t.request({ method: 'POST', url: `/o1/api/admin/refund/${orderId}`, payload, cookie: admin.cookie });
const refundRows = (orderId: string) =>
  t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt));
const refundCalls = (paymentId: string) => fake.requests.filter((r) => r.path === `/v1/payments/${paymentId}/refund`);

/**
 * A dealer's credit order of ₹1,00,000 paid online in two payments: ₹40,000 first (counted as the shop counts every
 * online payment of what is due), then the ₹60,000 left through Pay now on My Orders (pay-due, verify-and-place).
 */
async function paidOnlineTwice() {
  const dealer = await approvedDealer(t, admin, 30, 1_000_000);
  const stone = await createProduct(t.database.db, { stock: 5, pricePaise: 10_000_000 });
  expect((await s.add(dealer.cookie, stone.id, 1)).statusCode).toBe(200);
  const placed = await t.request({
    method: 'POST',
    url: '/o1/api/credit-order',
    cookie: dealer.cookie,
    payload: { shippinginfo: SHIPPING },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = OrderResponse.parse(placed.json()).order;
  const total = Math.round(order.totalamount * 100);
  const firstPaise = 4_000_000;

  // The first payment: made at Razorpay, counted against what is due.
  const opened = await t.request({ method: 'POST', url: `/o1/api/pay-due/${order._id}`, cookie: dealer.cookie, payload: {} });
  expect(opened.statusCode, opened.body).toBe(200);
  const first = fake.pay(RazorpayOrderResponse.parse(opened.json()).razorpayOrder.id, { amount: firstPaise });
  await t.database.db.transaction((tx) =>
    applyOnlinePayment(tx, order._id, { id: first.razorpay_payment_id, amount: firstPaise }, new Date(), 'customer'),
  );

  // The rest through Pay now.
  const again = await t.request({ method: 'POST', url: `/o1/api/pay-due/${order._id}`, cookie: dealer.cookie, payload: {} });
  expect(again.statusCode, again.body).toBe(200);
  const rest = RazorpayOrderResponse.parse(again.json()).razorpayOrder;
  expect(rest.amount).toBe(total - firstPaise);
  const second = fake.pay(rest.id);
  const verified = await t.request({ method: 'POST', url: '/o1/api/verify-and-place', cookie: dealer.cookie, payload: second });
  expect(verified.statusCode, verified.body).toBe(201);
  return {
    orderId: order._id,
    totalPaise: total,
    first: { id: first.razorpay_payment_id, paise: firstPaise },
    second: { id: second.razorpay_payment_id, paise: total - firstPaise },
  };
}

describe('a refund of a credit order paid online in several payments', () => {
  it('is split across the payments, newest first, each within what is left of it', async () => {
    const o = await paidOnlineTwice();
    // ₹80,000: more than the newest payment (₹60,000), which Razorpay would refuse as one refund.
    const res = await refund(o.orderId, { amount: 80_000, reason: 'Lot returned' });
    expect(res.statusCode, res.body).toBe(201);
    expect(refundCalls(o.second.id).map((c) => c.body)).toEqual([expect.objectContaining({ amount: o.second.paise })]);
    expect(refundCalls(o.first.id).map((c) => c.body)).toEqual([expect.objectContaining({ amount: 8_000_000 - o.second.paise })]);
    const keys = [...refundCalls(o.second.id), ...refundCalls(o.first.id)].map((c) => c.headers['x-refund-idempotency']);
    expect(new Set(keys).size).toBe(2);
    expect(fake.payments.get(o.second.id)?.amount_refunded).toBe(o.second.paise);
    expect(fake.payments.get(o.first.id)?.amount_refunded).toBe(2_000_000);

    const after = AdminOrderActionResponse.parse(res.json()).order;
    expect(after.refunds).toEqual([
      expect.objectContaining({ amount: 60_000, status: 'processed', paymentid: o.second.id }),
      expect.objectContaining({ amount: 20_000, status: 'processed', paymentid: o.first.id }),
    ]);
    expect(after).toMatchObject({ paymentstatus: 'Partially refunded', refundedamount: 80_000, refundable: 20_000 });
    // One credit note for each part.
    const notes = await t.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, o.orderId));
    expect(notes.map((n) => n.refundKey).sort()).toEqual(after.refunds.map((r) => r._id).sort());

    // What is left goes to the older payment, the newer one having nothing left; then nothing is left at all.
    const rest = await refund(o.orderId, { amount: 20_000, reason: 'The rest' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(refundCalls(o.second.id)).toHaveLength(1);
    expect(refundCalls(o.first.id).map((c) => (c.body as { amount: number }).amount)).toEqual([2_000_000, 2_000_000]);
    expect(AdminOrderActionResponse.parse(rest.json()).order).toMatchObject({ paymentstatus: 'Refunded', refundable: 0 });
    expect((await refund(o.orderId, { amount: 0.01, reason: 'More' })).statusCode).toBe(409);
    expect(fake.payments.get(o.first.id)?.amount_refunded).toBe(o.first.paise);
  });

  it('a refund within the newest payment stays one refund to it', async () => {
    const o = await paidOnlineTwice();
    const res = await refund(o.orderId, { amount: 1_000, reason: 'Discount agreed' });
    expect(res.statusCode, res.body).toBe(201);
    expect(refundCalls(o.second.id)).toHaveLength(1);
    expect(refundCalls(o.first.id)).toHaveLength(0);
    expect(await refundRows(o.orderId)).toEqual([
      expect.objectContaining({ amountPaise: 100_000, paymentId: o.second.id, status: 'processed' }),
    ]);
  });

  it('parts whose answers were lost are sent again by the reconciler with their own keys: each refunded once', async () => {
    const o = await paidOnlineTwice();
    fake.loseAnswerNext(6, /\/refund$/);
    const res = await refund(o.orderId, { amount: 90_000, reason: 'Lost answers' });
    expect(res.statusCode, res.body).toBe(502);
    let rows = await refundRows(o.orderId);
    expect(rows.map((r) => [r.paymentId, r.amountPaise, r.status])).toEqual([
      [o.second.id, o.second.paise, 'pending'],
      [o.first.id, 3_000_000, 'pending'],
    ]);
    // Pending parts count against what is left.
    expect((await refund(o.orderId, { amount: 10_000.01, reason: 'Too much' })).statusCode).toBe(409);

    const summary = await reconcilePending(t.app);
    expect(summary.refunds).toBe(2);
    rows = await refundRows(o.orderId);
    expect(rows.map((r) => r.status)).toEqual(['processed', 'processed']);
    for (const [row, payment] of [
      [rows[0], o.second.id],
      [rows[1], o.first.id],
    ] as const) {
      const calls = refundCalls(payment);
      expect(calls.length).toBeGreaterThan(1);
      expect(new Set(calls.map((c) => c.headers['x-refund-idempotency']))).toEqual(new Set([row?.idempotencyKey]));
      expect([...fake.refunds.values()].filter((r) => r.payment_id === payment)).toHaveLength(1);
    }
    expect(fake.payments.get(o.second.id)?.amount_refunded).toBe(o.second.paise);
    expect(fake.payments.get(o.first.id)?.amount_refunded).toBe(3_000_000);
  });

  it('a part Razorpay refuses is recorded failed and the answer says what went back all the same', async () => {
    const o = await paidOnlineTwice();
    fake.failNext(1, 400, new RegExp(`/v1/payments/${o.first.id}/refund$`));
    const res = await refund(o.orderId, { amount: 70_000, reason: 'One part refused' });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json().message).toMatch(/^The payment service refused the refund \(₹60,000\.00 of it went back/);
    const rows = await refundRows(o.orderId);
    expect(rows.map((r) => [r.paymentId, r.status])).toEqual([
      [o.second.id, 'processed'],
      [o.first.id, 'failed'],
    ]);
    // The refused part may be refunded again: it goes to the older payment, the only one with room.
    const again = await refund(o.orderId, { amount: 10_000, reason: 'Again' });
    expect(again.statusCode, again.body).toBe(201);
    expect(fake.payments.get(o.first.id)?.amount_refunded).toBe(1_000_000);
  });

  it('two refunds at the same instant never refund more than was paid online', async () => {
    const o = await paidOnlineTwice();
    const results = await Promise.all(['A', 'B'].map((r) => refund(o.orderId, { amount: 70_000, reason: `Race ${r}` })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await refundRows(o.orderId);
    expect(rows.map((r) => [r.paymentId, r.amountPaise])).toEqual([
      [o.second.id, o.second.paise],
      [o.first.id, 1_000_000],
    ]);
    expect(fake.payments.get(o.second.id)?.amount_refunded).toBe(o.second.paise);
    expect(fake.payments.get(o.first.id)?.amount_refunded).toBe(1_000_000);
  });
});
