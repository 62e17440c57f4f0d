// @postgres: the browser's report and the webhook's of one payment at the same instant, under row locks
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderResponse, RazorpayOrderResponse, SandboxPayResponse } from '../../../contract/orders.js';
import { checkouts, orderPayments, orders, sandboxPayments } from '../../db/schema.js';
import { createProduct, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { reconcilePending } from '../payments/reconciler.js';
import { hmacHex } from '../payments/signature.js';
import { gstinFor } from '../wholesale/test-kit.js';
import { NOTHING_DUE } from './pay-due.js';

const WEBHOOK_SECRET = 'sandbox-webhook-secret-for-due-payments';
let t: TestApp;
let s: ReturnType<typeof shop>;
let admin: TestUser;
let panCounter = 0;
beforeAll(async () => {
  t = await createTestApp({ RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET });
  s = shop(t);
  admin = await t.signUpAndIn('ADMIN');
});
afterAll(() => t.close());

/** A buyer whose business the merchant approved with 30-day terms, and one order on credit of this price. */
async function dealerWithDue(pricePaise = 5_000_000) {
  const buyer = await t.signUpAndIn('USER');
  const pan = `AABCE${String(2000 + ++panCounter).padStart(4, '0')}K`;
  const applied = await t.request({
    method: 'POST',
    url: '/u1/api/business',
    cookie: buyer.cookie,
    payload: {
      legalname: 'Kothari Gems',
      gstin: gstinFor('03', pan),
      address: '9 Chaura Bazar',
      city: 'Ludhiana',
      state: 'Punjab',
      pincode: '141008',
    },
  });
  expect(applied.statusCode, applied.body).toBe(201);
  const approved = await t.request({
    method: 'PATCH',
    url: `/u1/api/admin/businesses/${applied.json().business._id}`,
    cookie: admin.cookie,
    payload: { status: 'approved', creditdays: 30, creditlimit: 1_000_000 },
  });
  expect(approved.statusCode, approved.body).toBe(200);
  const stone = await createProduct(t.database.db, { stock: 5, pricePaise });
  expect((await s.add(buyer.cookie, stone.id, 1)).statusCode).toBe(200);
  const placed = await t.request({
    method: 'POST',
    url: '/o1/api/credit-order',
    cookie: buyer.cookie,
    payload: { shippinginfo: SHIPPING },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return { buyer, order: OrderResponse.parse(placed.json()).order };
}

const payDue = (cookie: string, orderId: string) =>
  t.request({ method: 'POST', url: `/o1/api/pay-due/${orderId}`, cookie, payload: {} });
type Paid = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
async function openAndPay(cookie: string, orderId: string) {
  const opened = await payDue(cookie, orderId);
  expect(opened.statusCode, opened.body).toBe(200);
  const due = RazorpayOrderResponse.parse(opened.json());
  const paid = SandboxPayResponse.parse((await s.sandboxPay(cookie, due.razorpayOrder.id)).json());
  if (!paid.success) throw new Error('payment failed');
  return { due, paid: paid as Paid };
}
/** The browser's report of a payment of what is due: no shipping details. */
const verify = (cookie: string, paid: Paid) =>
  t.request({ method: 'POST', url: '/o1/api/verify-and-place', cookie, payload: paid });
const webhook = (paid: Paid, amountPaise: number) => {
  const event = JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    payload: {
      payment: {
        entity: { id: paid.razorpay_payment_id, order_id: paid.razorpay_order_id, status: 'captured', amount: amountPaise },
      },
    },
  });
  return t.request({
    method: 'POST',
    url: '/o1/api/razorpay-webhook',
    payload: event,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacHex(WEBHOOK_SECRET, event),
      'x-razorpay-event-id': `evt_${crypto.randomBytes(7).toString('hex')}`,
    },
  });
};
const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
const paymentsOf = (id: string) => t.database.db.select().from(orderPayments).where(eq(orderPayments.orderId, id));
const ordersOf = (userId: string) => t.database.db.select().from(orders).where(eq(orders.userId, userId));

describe('paying what is due through the checkout', () => {
  it('pays the amount due, sets Paid, and counts the payment once whoever reports it again', async () => {
    const { buyer, order } = await dealerWithDue();
    const { due, paid } = await openAndPay(buyer.cookie, order._id);
    expect(due.razorpayOrder.amount).toBe(Math.round(order.totalamount * 100));
    expect(due.totalamount).toBe(order.totalamount);

    const first = await verify(buyer.cookie, paid);
    expect(first.statusCode, first.body).toBe(201);
    const settled = OrderResponse.parse(first.json()).order;
    expect(settled).toMatchObject({ _id: order._id, paymentstatus: 'Paid', amountdue: 0 });
    expect(settled.payments).toEqual([
      expect.objectContaining({ amount: order.totalamount, method: 'razorpay', reference: paid.razorpay_payment_id }),
    ]);

    // the same payment again: the browser's return, the webhook, the reconciler
    const again = await verify(buyer.cookie, paid);
    expect(again.statusCode).toBe(200);
    expect(again.json().order.paymentstatus).toBe('Paid');
    expect((await webhook(paid, due.razorpayOrder.amount)).statusCode).toBe(200);
    await reconcilePending(t.app);
    expect(await paymentsOf(order._id)).toHaveLength(1);
    expect(await orderRow(order._id)).toMatchObject({ amountDuePaise: 0, paidPaise: due.razorpayOrder.amount });
    // never a new order
    expect(await ordersOf(buyer.id)).toHaveLength(1);
    // the buyer's window paid the same Razorpay order twice: the second payment goes back whole
    const twice = { ...paid, razorpay_payment_id: 'pay_SecondPayment01' };
    await t.database.db.insert(sandboxPayments).values({
      id: twice.razorpay_payment_id,
      orderId: paid.razorpay_order_id,
      amountPaise: due.razorpayOrder.amount,
      status: 'captured',
    });
    expect((await webhook(twice, due.razorpayOrder.amount)).statusCode).toBe(200);
    const [back] = await t.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, twice.razorpay_payment_id));
    expect(back?.status).toBe('refunded');
    expect(await paymentsOf(order._id)).toHaveLength(1);
    // and nothing is due any more
    const none = await payDue(buyer.cookie, order._id);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(NOTHING_DUE);
  });

  it('counts one payment once when the browser and the webhook report it at the same instant', async () => {
    const { buyer, order } = await dealerWithDue();
    const { due, paid } = await openAndPay(buyer.cookie, order._id);
    const answers = await Promise.all([
      verify(buyer.cookie, paid),
      webhook(paid, due.razorpayOrder.amount),
      verify(buyer.cookie, paid),
      webhook(paid, due.razorpayOrder.amount),
    ]);
    for (const a of answers) expect([200, 201], a.body).toContain(a.statusCode);
    expect(await paymentsOf(order._id)).toHaveLength(1);
    // counted, and not sent back as if paid twice
    const [kept] = await t.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paid.razorpay_payment_id));
    expect(kept).toMatchObject({ status: 'captured', refundId: null });
    expect(await orderRow(order._id)).toMatchObject({ paymentstatus: 'Paid', amountDuePaise: 0 });
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });

  it('is settled by the webhook alone, and by the reconciler alone', async () => {
    const a = await dealerWithDue();
    const one = await openAndPay(a.buyer.cookie, a.order._id);
    expect((await webhook(one.paid, one.due.razorpayOrder.amount)).statusCode).toBe(200);
    expect(await orderRow(a.order._id)).toMatchObject({ paymentstatus: 'Paid', amountDuePaise: 0 });

    const b = await dealerWithDue();
    await openAndPay(b.buyer.cookie, b.order._id);
    await reconcilePending(t.app);
    expect(await orderRow(b.order._id)).toMatchObject({ paymentstatus: 'Paid', amountDuePaise: 0 });
    expect(await paymentsOf(b.order._id)).toHaveLength(1);
  });

  it('refuses another buyer’s order (404) and a forged signature (400), leaving it Due', async () => {
    const { buyer, order } = await dealerWithDue();
    const stranger = await dealerWithDue();
    expect((await payDue(stranger.buyer.cookie, order._id)).statusCode).toBe(404);
    expect((await payDue(buyer.cookie, crypto.randomUUID())).statusCode).toBe(404);

    const { paid } = await openAndPay(buyer.cookie, order._id);
    // someone else reporting the buyer's payment is told nothing about it
    expect((await verify(stranger.buyer.cookie, paid)).statusCode).toBe(404);
    const forged = await verify(buyer.cookie, { ...paid, razorpay_signature: 'a'.repeat(64) });
    expect(forged.statusCode).toBe(400);
    // a signature made for another payment of another order
    const theirs = await openAndPay(stranger.buyer.cookie, stranger.order._id);
    const swapped = await verify(buyer.cookie, { ...paid, razorpay_signature: theirs.paid.razorpay_signature });
    expect(swapped.statusCode).toBe(400);
    // a webhook signed with another secret
    const event = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: paid.razorpay_payment_id, order_id: paid.razorpay_order_id, status: 'captured' } } },
    });
    const bad = await t.request({
      method: 'POST',
      url: '/o1/api/razorpay-webhook',
      payload: event,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex('not-the-secret', event) },
    });
    expect(bad.statusCode).toBe(400);
    expect(await orderRow(order._id)).toMatchObject({ paymentstatus: 'Due', paidPaise: 0 });
    expect(await paymentsOf(order._id)).toHaveLength(0);
  });

  it('a cart checkout still needs its shipping details; the open payment of what is due is not the cart’s', async () => {
    const { buyer, order } = await dealerWithDue();
    const { due } = await openAndPay(buyer.cookie, order._id);
    const p = await createProduct(t.database.db, { stock: 2, pricePaise: 100_000 });
    expect((await s.add(buyer.cookie, p.id, 1)).statusCode).toBe(200);
    const held = await s.hold(buyer.cookie);
    expect(held.statusCode, held.body).toBe(200);
    const cart = RazorpayOrderResponse.parse(held.json()).razorpayOrder;
    const paid = SandboxPayResponse.parse((await s.sandboxPay(buyer.cookie, cart.id)).json()) as Paid;
    const bare = await verify(buyer.cookie, paid);
    expect(bare.statusCode).toBe(400);
    // the cart's checkout did not close the open payment of what is due
    const [open] = await t.database.db.select().from(checkouts).where(eq(checkouts.providerOrderId, due.razorpayOrder.id));
    expect(open?.status).toBe('pending');
  });

  it('after a payment recorded by the merchant, asks for what is left, and refunds what a stale payment paid too much', async () => {
    const { buyer, order } = await dealerWithDue(2_000_000);
    const totalPaise = Math.round(order.totalamount * 100);
    // the buyer opens a payment for the whole amount but pays it late
    const stale = await payDue(buyer.cookie, order._id);
    const staleOrder = RazorpayOrderResponse.parse(stale.json()).razorpayOrder;
    expect(staleOrder.amount).toBe(totalPaise);
    // meanwhile the merchant records a NEFT payment of ₹5,000
    const neft = await t.request({
      method: 'POST',
      url: `/o1/api/admin/payments/${order._id}`,
      cookie: admin.cookie,
      payload: { amount: 5000, method: 'neft', reference: 'UTR123', receivedon: '2026-11-20' },
    });
    expect(neft.statusCode, neft.body).toBe(201);
    // a new payment is for what is left, and replaces the open one
    const left = RazorpayOrderResponse.parse((await payDue(buyer.cookie, order._id)).json()).razorpayOrder;
    expect(left.amount).toBe(totalPaise - 500_000);
    expect(left.id).not.toBe(staleOrder.id);
    // the stale one is paid anyway: what is left is counted, the rest goes back
    const paid = SandboxPayResponse.parse((await s.sandboxPay(buyer.cookie, staleOrder.id)).json()) as Paid;
    const res = await verify(buyer.cookie, paid);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).toMatchObject({ paymentstatus: 'Paid', amountdue: 0 });
    const rows = await paymentsOf(order._id);
    expect(rows.map((r) => [r.method, r.amountPaise]).sort()).toEqual([
      ['neft', 500_000],
      ['razorpay', totalPaise - 500_000],
    ]);
    const [sandbox] = await t.database.db
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.id, paid.razorpay_payment_id)));
    expect(sandbox?.refundId).toMatch(/^rfnd_/);
    // the newer payment, paid too, is refunded whole: nothing is due
    const second = SandboxPayResponse.parse((await s.sandboxPay(buyer.cookie, left.id)).json()) as Paid;
    expect((await verify(buyer.cookie, second)).statusCode).toBe(200);
    const [back] = await t.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, second.razorpay_payment_id));
    expect(back?.status).toBe('refunded');
    expect(await paymentsOf(order._id)).toHaveLength(2);
    expect(await orderRow(order._id)).toMatchObject({ amountDuePaise: 0, paidPaise: totalPaise });
  });

  it('gives the same open payment when asked again, and refuses an order paid at checkout (409)', async () => {
    const { buyer, order } = await dealerWithDue();
    const a = await payDue(buyer.cookie, order._id);
    const b = await payDue(buyer.cookie, order._id);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().razorpayOrder.id).toBe(b.json().razorpayOrder.id);

    const shopper = await t.signUpAndIn();
    const p = await createProduct(t.database.db, { stock: 2, pricePaise: 100_000 });
    await s.add(shopper.cookie, p.id, 1);
    const paidOrder = await s.payAndPlace(shopper.cookie);
    const refused = await payDue(shopper.cookie, paidOrder._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(NOTHING_DUE);
  });
});
