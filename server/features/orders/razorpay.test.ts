import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderResponse, RazorpayOrderResponse } from '../../../contract/orders.js';
import { checkouts, orders, paymentEvents, stockHolds } from '../../db/schema.js';
import { type FakeRazorpay, startFakeRazorpay } from '../../test/fake-razorpay.js';
import { createProduct, productRow, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { reconcilePending } from '../payments/reconciler.js';
import { paymentSignature } from '../payments/signature.js';
import { sweepExpiredHolds } from '../payments/sweep.js';

let fake: FakeRazorpay;
let t: TestApp;
let s: ReturnType<typeof shop>;
beforeAll(async () => {
  fake = await startFakeRazorpay();
  t = await createTestApp(fake.env);
  s = shop(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.setDown(false);
  fake.clearFailures();
  fake.setDelay(0);
});

async function cartWith(user: TestUser, stock = 5, quantity = 1, pricePaise = 250_000) {
  const p = await createProduct(t.database.db, { stock, pricePaise });
  expect((await s.add(user.cookie, p.id, quantity)).statusCode).toBe(200);
  return p;
}
async function hold(user: TestUser) {
  const res = await s.hold(user.cookie);
  expect(res.statusCode).toBe(200);
  return RazorpayOrderResponse.parse(res.json()).razorpayOrder;
}
const orderRows = (providerOrderId: string) =>
  t.database.db.select().from(orders).where(eq(orders.razorpayOrderId, providerOrderId));
const checkoutOf = async (providerOrderId: string) =>
  (await t.database.db.select().from(checkouts).where(eq(checkouts.providerOrderId, providerOrderId)))[0];
const webhook = (w: { payload: string; headers: Record<string, string> }) =>
  t.request({ method: 'POST', url: '/o1/api/razorpay-webhook', payload: w.payload, headers: w.headers });

describe('razorpay mode', () => {
  it('creates the Razorpay order for the server’s amount (paise, receipt = checkout id), verifies and places', async () => {
    const user = await t.signUpAndIn();
    const p = await cartWith(user, 5, 2, 123_456);
    const res = await s.hold(user.cookie, { amount: 100 });
    expect(res.statusCode).toBe(200);
    const body = RazorpayOrderResponse.parse(res.json());
    expect(body).toMatchObject({ provider: 'razorpay', key: fake.keyId });
    const created = fake.orders.get(body.razorpayOrder.id);
    expect(created).toMatchObject({ amount: 246_912, currency: 'INR' });
    const checkout = await checkoutOf(body.razorpayOrder.id);
    expect(created?.receipt).toBe(checkout?.id);
    const auth = fake.requests.find((r) => r.path === '/v1/orders')?.headers.authorization;
    expect(auth).toBe(`Basic ${Buffer.from(`${fake.keyId}:${fake.keySecret}`).toString('base64')}`);

    const paid = fake.pay(body.razorpayOrder.id);
    const placed = await s.verify(user.cookie, paid);
    expect(placed.statusCode).toBe(201);
    expect(OrderResponse.parse(placed.json()).order).toMatchObject({ paymentstatus: 'Paid', totalamount: 2469.12 });
    expect(fake.count('GET', new RegExp(`/v1/payments/${paid.razorpay_payment_id}$`))).toBeGreaterThanOrEqual(1);
    expect(await productRow(t.database.db, p.id)).toMatchObject({ stock: 3, sold: 2 });
    expect((await s.verify(user.cookie, paid)).statusCode).toBe(200);
  });

  it('captures an authorized payment for the order’s amount before placing', async () => {
    const user = await t.signUpAndIn();
    await cartWith(user);
    const order = await hold(user);
    const paid = fake.pay(order.id, { status: 'authorized' });
    const res = await s.verify(user.cookie, paid);
    expect(res.statusCode).toBe(201);
    const capture = fake.requests.find((r) => r.path === `/v1/payments/${paid.razorpay_payment_id}/capture`);
    expect(capture?.body).toEqual({ amount: order.amount, currency: 'INR' });
    expect(fake.payments.get(paid.razorpay_payment_id)?.status).toBe('captured');
  });

  it('never trusts the browser: a payment of another order is refused even with a valid signature', async () => {
    const alice = await t.signUpAndIn();
    const mallory = await t.signUpAndIn();
    await cartWith(alice);
    await cartWith(mallory);
    const a = await hold(alice);
    const m = await hold(mallory);
    const alicePaid = fake.pay(a.id);
    // even someone holding the key secret cannot move Alice's payment onto Mallory's order
    const res = await s.verify(mallory.cookie, {
      razorpay_order_id: m.id,
      razorpay_payment_id: alicePaid.razorpay_payment_id,
      razorpay_signature: paymentSignature(m.id, alicePaid.razorpay_payment_id, fake.keySecret),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/another order/);
    expect(await orderRows(m.id)).toHaveLength(0);
    expect((await s.verify(mallory.cookie, alicePaid)).statusCode).toBe(404);
    expect((await s.verify(alice.cookie, alicePaid)).statusCode).toBe(201);
  });

  it('never records a payment of the wrong amount as Paid: flagged, refunded, stock released', async () => {
    const user = await t.signUpAndIn();
    const p = await cartWith(user, 4, 2);
    const order = await hold(user);
    expect((await productRow(t.database.db, p.id)).stock).toBe(2);
    const paid = fake.pay(order.id, { amount: 100 }); // a tampered payment for ₹1
    const res = await s.verify(user.cookie, paid);
    expect(res.statusCode).toBe(201);
    const o = OrderResponse.parse(res.json()).order;
    expect(o.paymentstatus).not.toBe('Paid');
    expect(o.paymentstatus).toBe('Refunded');
    const [row] = await orderRows(order.id);
    expect(row).toMatchObject({ flag: 'amount_mismatch', refundStatus: 'processed' });
    const refundCall = fake.requests.find((r) => r.path === `/v1/payments/${paid.razorpay_payment_id}/refund`);
    expect(refundCall?.headers['x-refund-idempotency']).toBe(`refund-${row?.id}`);
    expect(fake.payments.get(paid.razorpay_payment_id)?.status).toBe('refunded');
    expect(await productRow(t.database.db, p.id)).toMatchObject({ stock: 4, sold: 0 });

    // an authorized payment of the wrong amount is never captured
    const other = await t.signUpAndIn();
    await cartWith(other);
    const o2 = await hold(other);
    const auth = fake.pay(o2.id, { amount: 999, status: 'authorized' });
    expect((await s.verify(other.cookie, auth)).statusCode).toBe(201);
    expect(fake.count('POST', new RegExp(`/v1/payments/${auth.razorpay_payment_id}/capture`))).toBe(0);
    expect((await orderRows(o2.id))[0]).toMatchObject({ paymentstatus: 'Failed', flag: 'amount_mismatch' });
  });

  it('retries Razorpay 500s with backoff and then succeeds', async () => {
    const user = await t.signUpAndIn();
    await cartWith(user);
    const before = fake.count('POST', /^\/v1\/orders$/);
    fake.failNext(2, 500, /^\/v1\/orders$/);
    const res = await s.hold(user.cookie);
    expect(res.statusCode).toBe(200);
    expect(fake.count('POST', /^\/v1\/orders$/) - before).toBe(3);
  });

  it('answers 502 when Razorpay keeps failing or refuses, and 503 when it is unreachable, holding nothing', async () => {
    const user = await t.signUpAndIn();
    const p = await cartWith(user, 3, 2);

    fake.failNext(5, 500, /^\/v1\/orders$/);
    const failing = await s.hold(user.cookie);
    expect(failing.statusCode).toBe(502);
    expect(failing.json().message).toMatch(/payment service/i);
    expect((await productRow(t.database.db, p.id)).stock).toBe(3);
    fake.clearFailures();

    fake.failNext(1, 400, /^\/v1\/orders$/);
    const refused = await s.hold(user.cookie);
    expect(refused.statusCode).toBe(502);
    expect((await productRow(t.database.db, p.id)).stock).toBe(3);

    fake.setDown(true);
    const down = await s.hold(user.cookie);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ success: false, message: expect.stringMatching(/unreachable/) });
    expect((await productRow(t.database.db, p.id)).stock).toBe(3);
    fake.setDown(false);

    const rows = await t.database.db.select().from(checkouts).where(eq(checkouts.userId, user.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'failed', 'failed']);
    const held = await t.database.db.select().from(stockHolds).where(eq(stockHolds.productId, p.id));
    expect(held).toHaveLength(0);
    expect((await s.hold(user.cookie)).statusCode).toBe(200);
  });

  it('answers 502, placing nothing, when a 2xx from the payment service is not a Razorpay answer', async () => {
    const user = await t.signUpAndIn();
    const p = await cartWith(user, 3, 1);
    const order = await hold(user);
    const paid = fake.pay(order.id);
    fake.answerNext(200, '<html>Service temporarily unavailable</html>', /^\/v1\/payments\//);
    const res = await s.verify(user.cookie, paid);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/payment service/) });
    expect(await orderRows(order.id)).toHaveLength(0);
    expect((await s.verify(user.cookie, paid)).statusCode).toBe(201);
    expect(await productRow(t.database.db, p.id)).toMatchObject({ stock: 2, sold: 1 });
  });

  it('answers 503 on verify when Razorpay is down, and places once it is back', async () => {
    const user = await t.signUpAndIn();
    await cartWith(user);
    const order = await hold(user);
    const paid = fake.pay(order.id);
    fake.setDown(true);
    const res = await s.verify(user.cookie, paid);
    expect(res.statusCode).toBe(503);
    expect(await orderRows(order.id)).toHaveLength(0);
    fake.setDown(false);
    expect((await s.verify(user.cookie, paid)).statusCode).toBe(201);
  });

  it('places through the webhook, refuses a bad signature, and skips a replayed event id', async () => {
    const user = await t.signUpAndIn();
    const p = await cartWith(user, 2, 2);
    const order = await hold(user);
    const paid = fake.pay(order.id);

    const forged = fake.webhook('payment.captured', paid.razorpay_payment_id, { secret: 'not-the-webhook-secret' });
    const bad = await webhook(forged);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, message: 'Invalid webhook signature' });
    const tampered = fake.webhook('payment.captured', paid.razorpay_payment_id);
    const changed = await webhook({ ...tampered, payload: tampered.payload.replace('"payment.captured"', '"order.paid"') });
    expect(changed.statusCode).toBe(400);
    expect(await orderRows(order.id)).toHaveLength(0);

    // order.paid may come first; either event places the order
    const first = fake.webhook('order.paid', paid.razorpay_payment_id);
    const ok = await webhook(first);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true });
    expect(await orderRows(order.id)).toHaveLength(1);
    expect(await productRow(t.database.db, p.id)).toMatchObject({ stock: 0, sold: 2 });
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, first.headers['x-razorpay-event-id'] as string));
    expect(events).toHaveLength(1);

    const fetchesBefore = fake.count('GET', /^\/v1\/payments\//);
    const replay = await webhook(first);
    expect(replay.statusCode).toBe(200);
    expect(fake.count('GET', /^\/v1\/payments\//)).toBe(fetchesBefore); // skipped, not re-handled
    const captured = await webhook(fake.webhook('payment.captured', paid.razorpay_payment_id));
    expect(captured.statusCode).toBe(200);
    expect(await orderRows(order.id)).toHaveLength(1);

    // the browser comes back afterwards: the same order, 200
    const late = await s.verify(user.cookie, paid);
    expect(late.statusCode).toBe(200);
    expect(OrderResponse.parse(late.json()).order._id).toBe((await orderRows(order.id))[0]?.id);
  });

  it('answers 503 to a webhook it cannot handle now, so Razorpay retries it', async () => {
    const user = await t.signUpAndIn();
    await cartWith(user);
    const order = await hold(user);
    const paid = fake.pay(order.id);
    const w = fake.webhook('payment.captured', paid.razorpay_payment_id);
    fake.setDown(true);
    const res = await webhook(w);
    expect(res.statusCode).toBe(503);
    fake.setDown(false);
    const again = await webhook(w);
    expect(again.statusCode).toBe(200);
    expect(await orderRows(order.id)).toHaveLength(1);
  });

  it('gives a second click the order Razorpay is still making for the first, instead of replacing it', async () => {
    const user = await t.signUpAndIn();
    await cartWith(user);
    const made = fake.count('POST', /^\/v1\/orders$/);
    const mine = () => t.database.db.select().from(checkouts).where(eq(checkouts.userId, user.id));
    // Razorpay answers nothing until released: the first click's checkout waits for its order
    const release = fake.pause();
    let first: Promise<Awaited<ReturnType<typeof s.hold>>>;
    let second: Promise<Awaited<ReturnType<typeof s.hold>>>;
    try {
      first = s.hold(user.cookie);
      await vi.waitFor(async () => expect(await mine()).toHaveLength(1), { timeout: 30_000, interval: 20 });
      const updatedAt = (await mine())[0]?.updatedAt ?? new Date(0);
      second = s.hold(user.cookie);
      // the second click has found the first checkout (it keeps the address given last) and waits for its order
      await vi.waitFor(async () => expect((await mine())[0]?.updatedAt.getTime()).toBeGreaterThan(updatedAt.getTime()), {
        timeout: 30_000,
        interval: 20,
      });
    } finally {
      release();
    }
    const answers = await Promise.all([first, second]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const [a, b] = answers.map((r) => RazorpayOrderResponse.parse(r.json()).razorpayOrder.id);
    expect(b).toBe(a);
    expect(fake.count('POST', /^\/v1\/orders$/) - made).toBe(1);
    expect(await mine()).toMatchObject([{ status: 'pending', providerOrderId: a }]);
  });

  it('answers a webhook within 5 seconds even when Razorpay is slow, and finishes the placement afterwards', async () => {
    const user = await t.signUpAndIn();
    await cartWith(user);
    const order = await hold(user);
    const paid = fake.pay(order.id);
    const w = fake.webhook('payment.captured', paid.razorpay_payment_id);
    // Razorpay answers nothing until released: the webhook's answer cannot have waited for it (no wall clock,
    // which a busy machine would stretch)
    const release = fake.pause();
    let res: Awaited<ReturnType<typeof webhook>>;
    try {
      res = await webhook(w);
      expect(await orderRows(order.id)).toHaveLength(0);
    } finally {
      release();
    }
    expect(res.statusCode).toBe(200);
    await vi.waitFor(async () => expect(await orderRows(order.id)).toHaveLength(1), { timeout: 30_000, interval: 100 });
  });

  it('places a payment known only to Razorpay’s payments list (no browser, no webhook) by reconciliation', async () => {
    const user = await t.signUpAndIn();
    const p = await cartWith(user, 3, 1);
    const order = await hold(user);
    fake.pay(order.id, { status: 'failed' });
    const paid = fake.pay(order.id, { status: 'authorized' });
    const summary = await reconcilePending(t.app);
    expect(summary.placed).toBeGreaterThanOrEqual(1);
    // found in Razorpay's payments listed by time, so the order's own payments need not be asked about
    expect(fake.count('GET', /^\/v1\/payments$/)).toBeGreaterThanOrEqual(1);
    const [row] = await orderRows(order.id);
    expect(row).toMatchObject({ paymentstatus: 'Paid', razorpayPaymentId: paid.razorpay_payment_id });
    expect(fake.payments.get(paid.razorpay_payment_id)?.status).toBe('captured');
    expect(await productRow(t.database.db, p.id)).toMatchObject({ stock: 2, sold: 1 });
  });

  it('reconciles past a pending checkout whose order Razorpay does not know (keys changed)', async () => {
    const stranger = await t.signUpAndIn();
    await cartWith(stranger);
    const unknown = await hold(stranger);
    fake.orders.delete(unknown.id); // Razorpay answers 400 "The id provided does not exist" for it
    const quiet = await t.signUpAndIn();
    await cartWith(quiet);
    const order = await hold(quiet);
    const paid = fake.pay(order.id);
    const summary = await reconcilePending(t.app);
    expect(fake.count('GET', new RegExp(`^/v1/orders/${unknown.id}/payments$`))).toBe(1);
    const [row] = await orderRows(order.id);
    expect(row).toMatchObject({ paymentstatus: 'Paid', razorpayPaymentId: paid.razorpay_payment_id });
    expect(summary.placed).toBeGreaterThanOrEqual(1);
    expect((await checkoutOf(unknown.id))?.lastReconciledAt).not.toBeNull();
  });

  it('records a payment after expiry with the stock gone, refunds it through the API, and retries a refund Razorpay refused', async () => {
    const late = await t.signUpAndIn();
    const quick = await t.signUpAndIn();
    const p = await cartWith(late, 1, 1);
    const order = await hold(late);
    await sweepExpiredHolds(t.database.db, new Date(Date.now() + 16 * 60_000));
    expect((await checkoutOf(order.id))?.status).toBe('expired');
    await s.add(quick.cookie, p.id, 1);
    const q = await hold(quick);
    expect((await s.verify(quick.cookie, fake.pay(q.id))).statusCode).toBe(201);

    const paid = fake.pay(order.id);
    fake.failNext(4, 500, /\/refund$/); // the refund call fails for now
    const res = await s.verify(late.cookie, paid);
    expect(res.statusCode).toBe(201);
    let [row] = await orderRows(order.id);
    expect(row).toMatchObject({ flag: 'stock_unavailable', paymentstatus: 'Paid', refundStatus: 'pending', refundId: null });
    expect(await productRow(t.database.db, p.id)).toMatchObject({ stock: 0, sold: 1 });

    fake.clearFailures();
    const summary = await reconcilePending(t.app);
    expect(summary.refunds).toBe(1);
    [row] = await orderRows(order.id);
    expect(row).toMatchObject({ paymentstatus: 'Refunded', refundStatus: 'processed' });
    expect(fake.refunds.get(row?.refundId as string)?.payment_id).toBe(paid.razorpay_payment_id);
    const calls = fake.requests.filter((r) => r.path === `/v1/payments/${paid.razorpay_payment_id}/refund`);
    expect(calls.length).toBeGreaterThanOrEqual(2); // refused, then retried with the same key
    expect(new Set(calls.map((r) => r.headers['x-refund-idempotency']))).toEqual(new Set([`refund-${row?.id}`]));
  });

  it('refunds a second payment made for an order that is already placed (never charged twice)', async () => {
    const user = await t.signUpAndIn();
    await cartWith(user);
    const order = await hold(user);
    const first = fake.pay(order.id);
    expect((await s.verify(user.cookie, first)).statusCode).toBe(201);
    const second = fake.pay(order.id);
    const res = await s.verify(user.cookie, second);
    expect(res.statusCode).toBe(200);
    expect(fake.payments.get(second.razorpay_payment_id)?.status).toBe('refunded');
    expect(fake.payments.get(first.razorpay_payment_id)?.status).toBe('captured');
    expect(await orderRows(order.id)).toHaveLength(1);
  });

  it('has no sandbox payments in razorpay mode', async () => {
    const user = await t.signUpAndIn();
    await cartWith(user);
    const order = await hold(user);
    const res = await s.sandboxPay(user.cookie, order.id);
    expect(res.statusCode).toBe(404);
  });
});
