// @postgres: a cancel racing the late webhook of the same payment
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminOrderActionResponse, AdminOrderDetailResponse } from '../../../../contract/order-actions.js';
import { OrderResponse, RazorpayOrderResponse } from '../../../../contract/orders.js';
import { orderEvents, orders, refunds } from '../../../db/schema.js';
import type { FakeRazorpay } from '../../../test/fake-razorpay.js';
import { createProduct, productRow } from '../../../test/fixtures.js';
import type { TestApp, TestUser } from '../../../test/helpers.js';
import { type RazorpayShop, razorpayShopForTests } from '../../../test/razorpay-shop.js';
import { reconcilePending } from '../../payments/reconciler.js';

const shopWithRazorpay = razorpayShopForTests();
let fake: FakeRazorpay;
let t: TestApp;
let s: RazorpayShop['s'];
let admin: TestUser;
beforeAll(() => {
  ({ fake, t, s, admin } = shopWithRazorpay);
});

async function buy(quantity = 2, pricePaise = 100_000) {
  const user = await t.signUpAndIn();
  const p = await createProduct(t.database.db, { stock: 5, pricePaise });
  expect((await s.add(user.cookie, p.id, quantity)).statusCode).toBe(200);
  const held = await s.hold(user.cookie);
  expect(held.statusCode).toBe(200);
  const rz = RazorpayOrderResponse.parse(held.json()).razorpayOrder;
  const paid = fake.pay(rz.id);
  const placed = await s.verify(user.cookie, paid);
  expect(placed.statusCode).toBe(201);
  const order = OrderResponse.parse(placed.json()).order;
  return {
    user,
    productId: p.id,
    orderId: order._id,
    paymentId: paid.razorpay_payment_id,
    lineId: order.products[0]?._id as string,
  };
}

const refund = (orderId: string, body: object) =>
  t.request({ method: 'POST', url: `/o1/api/admin/refund/${orderId}`, cookie: admin.cookie, payload: body });
const webhook = (w: { payload: string; headers: Record<string, string> }) =>
  t.request({ method: 'POST', url: '/o1/api/razorpay-webhook', payload: w.payload, headers: w.headers });
const refundCalls = (paymentId: string) => fake.requests.filter((r) => r.path === `/v1/payments/${paymentId}/refund`);
const refundRows = (orderId: string) => t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));

describe('refunds through Razorpay', () => {
  it('sends a partial refund in paise with an idempotency key; refund.processed settles it once', async () => {
    const o = await buy(2, 100_000);
    fake.setRefundStatus('pending');
    const res = await refund(o.orderId, { amount: 750.25, reason: 'Late delivery' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Refund started');
    const [call] = refundCalls(o.paymentId);
    expect(call?.body).toMatchObject({ amount: 75_025 });
    const key = call?.headers['x-refund-idempotency'] as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{10,}$/);
    let order = AdminOrderActionResponse.parse(res.json()).order;
    expect(order).toMatchObject({ paymentstatus: 'Paid', refundstatus: 'pending', refundedamount: 0, refundable: 1249.75 });

    const [row] = await refundRows(o.orderId);
    expect(row).toMatchObject({ status: 'pending', idempotencyKey: key, amountPaise: 75_025 });
    const w = fake.refundWebhook('refund.processed', row?.providerRefundId as string, { eventId: 'evt_RefundDone0001' });
    expect((await webhook(w)).statusCode).toBe(200);
    expect((await webhook(w)).statusCode).toBe(200); // a replay of the same delivery
    const again = fake.refundWebhook('refund.processed', row?.providerRefundId as string); // a new delivery, same refund
    expect((await webhook(again)).statusCode).toBe(200);
    const detail = await t.request({ method: 'GET', url: `/o1/api/admin/orders/${o.orderId}`, cookie: admin.cookie });
    order = AdminOrderDetailResponse.parse(detail.json()).order;
    expect(order).toMatchObject({ paymentstatus: 'Partially refunded', refundstatus: 'processed', refundedamount: 750.25 });
    expect(order.events.filter((e) => e.type === 'refund_processed')).toHaveLength(1);
  });

  it('retries a 5xx with the same key and refunds once', async () => {
    const o = await buy();
    fake.failNext(1, 500, /\/refund$/);
    const res = await refund(o.orderId, { amount: 100, reason: 'Retry me' });
    expect(res.statusCode, res.body).toBe(201);
    const calls = refundCalls(o.paymentId);
    expect(calls).toHaveLength(2);
    expect(new Set(calls.map((c) => c.headers['x-refund-idempotency'])).size).toBe(1);
    expect([...fake.refunds.values()].filter((r) => r.payment_id === o.paymentId)).toHaveLength(1);
    expect(AdminOrderActionResponse.parse(res.json()).order.refunds).toEqual([
      expect.objectContaining({ amount: 100, status: 'processed' }),
    ]);
  });

  it('a refund whose answer was lost stays pending, then the reconciler sends it again with the same key: one refund', async () => {
    const o = await buy();
    fake.loseAnswerNext(3, /\/refund$/);
    const res = await refund(o.orderId, { amount: 200, reason: 'Lost answer' });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(
      'The payment service did not answer. The refund is recorded as pending and will be sent again automatically.',
    );
    let [row] = await refundRows(o.orderId);
    expect(row).toMatchObject({ status: 'pending', providerRefundId: null });
    // The pending refund counts against what is left: a second admin cannot refund it all again.
    expect((await refund(o.orderId, { amount: 1900, reason: 'Too much' })).statusCode).toBe(409);

    const summary = await reconcilePending(t.app);
    expect(summary.refunds).toBe(1);
    [row] = await refundRows(o.orderId);
    expect(row?.status).toBe('processed');
    const calls = refundCalls(o.paymentId);
    expect(calls.length).toBe(4);
    expect(new Set(calls.map((c) => c.headers['x-refund-idempotency']))).toEqual(new Set([row?.idempotencyKey]));
    expect([...fake.refunds.values()].filter((r) => r.payment_id === o.paymentId)).toHaveLength(1);
    expect(fake.payments.get(o.paymentId)?.amount_refunded).toBe(20_000);
  });

  it('refund.failed frees the amount; a refusal is a 502 recorded as failed', async () => {
    const o = await buy(1, 100_000);
    fake.setRefundStatus('pending');
    expect((await refund(o.orderId, { amount: 1000, reason: 'All of it' })).statusCode).toBe(201);
    expect((await refund(o.orderId, { amount: 1, reason: 'More' })).statusCode).toBe(409);
    const [row] = await refundRows(o.orderId);
    expect((await webhook(fake.refundWebhook('refund.failed', row?.providerRefundId as string))).statusCode).toBe(200);
    const [failed] = await refundRows(o.orderId);
    expect(failed?.status).toBe('failed');
    const [ord] = await t.database.db.select().from(orders).where(eq(orders.id, o.orderId));
    expect(ord).toMatchObject({ paymentstatus: 'Paid', refundStatus: 'failed' });

    fake.failNext(1, 400, /\/refund$/);
    const refused = await refund(o.orderId, { amount: 1000, reason: 'Again' });
    expect(refused.statusCode).toBe(502);
    fake.setRefundStatus('processed');
    const ok = await refund(o.orderId, { amount: 1000, reason: 'Third time' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(AdminOrderActionResponse.parse(ok.json()).order).toMatchObject({ paymentstatus: 'Refunded', refundable: 0 });
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.orderId));
    expect(events.filter((e) => e.type === 'refund_failed')).toHaveLength(2);
  });

  it('the reconciler asks Razorpay about a refund whose webhook never came', async () => {
    const o = await buy();
    fake.setRefundStatus('pending');
    expect((await refund(o.orderId, { amount: 300, reason: 'Quiet webhook' })).statusCode).toBe(201);
    const [row] = await refundRows(o.orderId);
    const remote = fake.refunds.get(row?.providerRefundId as string);
    if (remote) remote.status = 'processed';
    await reconcilePending(t.app, new Date(Date.now() + 5 * 60_000));
    const [after] = await refundRows(o.orderId);
    expect(after?.status).toBe('processed');
  });

  it('a cancel racing the late webhook of the same payment: one order, cancelled, stock back once, one refund', async () => {
    const o = await buy(2, 100_000);
    const w = fake.webhook('payment.captured', o.paymentId);
    const [cancel, hook] = await Promise.all([
      t.request({ method: 'POST', url: `/o1/api/cancel/${o.orderId}`, cookie: o.user.cookie, payload: {} }),
      webhook(w),
    ]);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(hook.statusCode).toBe(200);
    expect((await webhook(fake.webhook('order.paid', o.paymentId))).statusCode).toBe(200);
    const rows = await t.database.db.select().from(orders).where(eq(orders.razorpayPaymentId, o.paymentId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ deliverystatus: 'cancelled', paymentstatus: 'Refunded' });
    expect(await productRow(t.database.db, o.productId)).toMatchObject({ stock: 5, sold: 0 });
    expect(await refundRows(o.orderId)).toHaveLength(1);
    expect(fake.payments.get(o.paymentId)).toMatchObject({ status: 'refunded', amount_refunded: 200_000 });
  });
});
