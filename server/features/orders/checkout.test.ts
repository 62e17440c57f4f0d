// @postgres: verify and webhook placing the same payment at the same instant
import crypto from 'node:crypto';
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CartItemsResponse,
  MyOrdersResponse,
  OrderResponse,
  RazorpayOrderResponse,
  SandboxPayResponse,
} from '../../../contract/orders.js';
import { checkouts, orders, products, stockHolds } from '../../db/schema.js';
import { createProduct, productRow, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { reconcilePending } from '../payments/reconciler.js';
import { hmacHex, paymentSignature } from '../payments/signature.js';
import { sweepExpiredHolds } from '../payments/sweep.js';

const WEBHOOK_SECRET = 'sandbox-webhook-secret-for-tests';
let t: TestApp;
let s: ReturnType<typeof shop>;
beforeAll(async () => {
  t = await createTestApp({ RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET });
  s = shop(t);
});
afterAll(() => t.close());

type PayResult = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };

async function holdAndPay(user: TestUser) {
  const held = await s.hold(user.cookie);
  expect(held.statusCode).toBe(200);
  const order = RazorpayOrderResponse.parse(held.json()).razorpayOrder;
  const paid = SandboxPayResponse.parse((await s.sandboxPay(user.cookie, order.id)).json());
  if (!paid.success) throw new Error('sandbox payment failed');
  return { order, paid: paid as PayResult };
}

const ordersOfCheckout = (providerOrderId: string) =>
  t.database.db.select().from(orders).where(eq(orders.razorpayOrderId, providerOrderId));

describe('sandbox checkout, end to end', () => {
  it('holds the stock, pays, verifies, places one order, empties the bought lines and shows it in my orders', async () => {
    const user = await t.signUpAndIn();
    const ruby = await createProduct(t.database.db, { stock: 5, pricePaise: 150_000, name: 'Burmese Ruby 3ct' });
    const pearl = await createProduct(t.database.db, { stock: 2, pricePaise: 49_950, sizes: ['7'], colours: ['White'] });
    expect((await s.add(user.cookie, ruby.id, 2)).statusCode).toBe(200);
    expect((await s.add(user.cookie, pearl.id, 1)).statusCode).toBe(200);

    // the client cannot set the amount: fields it sends are ignored
    const held = await s.hold(user.cookie, { shippinginfo: SHIPPING, amount: 100, razorpayOrder: { amount: 100 } });
    expect(held.statusCode).toBe(200);
    const body = RazorpayOrderResponse.parse(held.json());
    expect(body).toMatchObject({ provider: 'sandbox', key: 'sandbox', totalamount: 3499.5 });
    expect(body.razorpayOrder).toMatchObject({ amount: 349_950, currency: 'INR' });
    expect(body.razorpayOrder.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect((await productRow(t.database.db, ruby.id)).stock).toBe(3);
    expect((await productRow(t.database.db, pearl.id)).stock).toBe(1);

    // a line added while paying is not part of this checkout and stays in the cart
    const later = await createProduct(t.database.db, { stock: 9 });
    await s.add(user.cookie, later.id, 1);

    const pay = await s.sandboxPay(user.cookie, body.razorpayOrder.id);
    expect(pay.statusCode).toBe(200);
    const paid = SandboxPayResponse.parse(pay.json());
    expect(paid.success).toBe(true);

    const placed = await s.verify(user.cookie, paid as PayResult);
    expect(placed.statusCode).toBe(201);
    const order = OrderResponse.parse(placed.json()).order;
    expect(placed.json().message).toBe('Payment successful! Order placed.');
    expect(order).toMatchObject({
      paymentstatus: 'Paid',
      deliverystatus: 'pending',
      status: 'Pending',
      totalamount: 3499.5,
      shippinginfo: SHIPPING,
      razorpay_order_id: body.razorpayOrder.id,
      razorpay_payment_id: (paid as PayResult).razorpay_payment_id,
    });
    expect(order.products).toHaveLength(2);
    expect(order.products[0]).toMatchObject({ productname: 'Burmese Ruby 3ct', productprice: 1500, quantity: 2 });
    expect(order.products[0]?.productId?._id).toBe(ruby.id);
    expect(order.products[1]).toMatchObject({ productprice: 499.5, size: '7', colour: 'White' });

    // sold, not held: stock stays down, sold goes up, no holds left
    expect(await productRow(t.database.db, ruby.id)).toMatchObject({ stock: 3, sold: 2 });
    expect(await productRow(t.database.db, pearl.id)).toMatchObject({ stock: 1, sold: 1 });
    const [checkout] = await t.database.db.select().from(checkouts).where(eq(checkouts.providerOrderId, body.razorpayOrder.id));
    expect(checkout?.status).toBe('placed');
    expect(
      await t.database.db
        .select()
        .from(stockHolds)
        .where(eq(stockHolds.checkoutId, checkout?.id as string)),
    ).toHaveLength(0);

    const cart = CartItemsResponse.parse(
      (await t.request({ method: 'GET', url: '/c2/api/all', cookie: user.cookie })).json(),
    ).data;
    expect(cart.map((l) => l.productId)).toEqual([later.id]);

    // the same payment again: 200 with the same order
    const again = await s.verify(user.cookie, paid as PayResult);
    expect(again.statusCode).toBe(200);
    expect(OrderResponse.parse(again.json()).order._id).toBe(order._id);
    expect(await ordersOfCheckout(body.razorpayOrder.id)).toHaveLength(1);
    expect(await productRow(t.database.db, ruby.id)).toMatchObject({ stock: 3, sold: 2 });

    const mine = MyOrdersResponse.parse((await s.myOrders(user.cookie)).json()).orders;
    expect(mine).toHaveLength(1);
    expect(mine[0]?._id).toBe(order._id);
    expect(mine[0]).not.toHaveProperty('flag');
  });

  it('refuses an empty cart with 409 and holds nothing', async () => {
    const user = await t.signUpAndIn();
    const res = await s.hold(user.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: 'Your cart is empty' });
    expect(await t.database.db.select().from(checkouts).where(eq(checkouts.userId, user.id))).toHaveLength(0);
  });

  it('refuses a line out of stock or inactive with 409 and holds nothing of the cart', async () => {
    const user = await t.signUpAndIn();
    const a = await createProduct(t.database.db, { stock: 4 });
    const b = await createProduct(t.database.db, { stock: 1, name: 'Blue Sapphire' });
    await s.add(user.cookie, a.id, 2);
    await s.add(user.cookie, b.id, 1);
    await t.database.db.update(products).set({ stock: 0 }).where(eq(products.id, b.id)); // sold elsewhere meanwhile
    const res = await s.hold(user.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/"Blue Sapphire" is out of stock/);
    expect((await productRow(t.database.db, a.id)).stock).toBe(4); // nothing partial held

    await t.database.db.update(products).set({ stock: 1, isActive: false }).where(eq(products.id, b.id));
    const inactive = await s.hold(user.cookie);
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().message).toMatch(/no longer available/);
  });

  it('validates shipping details with the checkout form’s messages', async () => {
    const user = await t.signUpAndIn();
    const p = await createProduct(t.database.db);
    await s.add(user.cookie, p.id);
    const badPin = await s.hold(user.cookie, { shippinginfo: { ...SHIPPING, pincode: '14100' } });
    expect(badPin.statusCode).toBe(400);
    expect(badPin.json().errors[0]).toEqual({ path: 'shippinginfo.pincode', message: 'Enter a valid 6-digit PIN code' });
    const blank = await s.hold(user.cookie, { shippinginfo: { ...SHIPPING, city: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0].message).toBe('Please fill in all shipping details.');
    // no body at all is fine (the details come with verify-and-place)
    const none = await t.request({ method: 'POST', url: '/o1/api/razorpay-order', cookie: user.cookie });
    expect(none.statusCode).toBe(200);
  });

  it('gives the same payment order for the same cart, and a new one (releasing the old hold) when the cart changed', async () => {
    const user = await t.signUpAndIn();
    const p = await createProduct(t.database.db, { stock: 5 });
    await s.add(user.cookie, p.id, 2);
    const first = RazorpayOrderResponse.parse((await s.hold(user.cookie)).json()).razorpayOrder;
    const second = RazorpayOrderResponse.parse((await s.hold(user.cookie)).json()).razorpayOrder;
    expect(second.id).toBe(first.id);
    expect((await productRow(t.database.db, p.id)).stock).toBe(3);

    // the shopper's own hold counts as available in the cart
    const lines = CartItemsResponse.parse(
      (await t.request({ method: 'GET', url: '/c2/api/all', cookie: user.cookie })).json(),
    ).data;
    expect(lines[0]?.stockquantity).toBe(5);
    const more = await s.add(user.cookie, p.id, 3);
    expect(more.statusCode).toBe(200);
    const third = RazorpayOrderResponse.parse((await s.hold(user.cookie)).json()).razorpayOrder;
    expect(third.id).not.toBe(first.id);
    expect(third.amount).toBe(5 * 250_000);
    expect((await productRow(t.database.db, p.id)).stock).toBe(0);
    const [old] = await t.database.db.select().from(checkouts).where(eq(checkouts.providerOrderId, first.id));
    expect(old?.status).toBe('expired');
  });

  it('refuses forged and replayed signatures and other users’ orders, placing nothing', async () => {
    const alice = await t.signUpAndIn();
    const mallory = await t.signUpAndIn();
    const p = await createProduct(t.database.db, { stock: 10 });
    await s.add(alice.cookie, p.id);
    await s.add(mallory.cookie, p.id);
    const a = await holdAndPay(alice);
    const m = RazorpayOrderResponse.parse((await s.hold(mallory.cookie)).json()).razorpayOrder;

    // forged: right shape, wrong secret
    const forged = { ...a.paid, razorpay_signature: paymentSignature(a.order.id, a.paid.razorpay_payment_id, 'guessed-secret') };
    const f = await s.verify(alice.cookie, forged);
    expect(f.statusCode).toBe(400);
    expect(f.json().message).toBe('Payment verification failed');
    const short = await s.verify(alice.cookie, { ...a.paid, razorpay_signature: 'abc' });
    expect(short.statusCode).toBe(400);

    // replayed: Alice's valid signature presented for Mallory's own order
    const replay = await s.verify(mallory.cookie, { ...a.paid, razorpay_order_id: m.id });
    expect(replay.statusCode).toBe(400);
    // another user's order id: not found for Mallory, even with Alice's genuine result
    const stolen = await s.verify(mallory.cookie, a.paid);
    expect(stolen.statusCode).toBe(404);
    // Mallory cannot pay or look at Alice's order either
    expect((await s.sandboxPay(mallory.cookie, a.order.id)).statusCode).toBe(404);
    expect(await ordersOfCheckout(a.order.id)).toHaveLength(0);
    expect(await ordersOfCheckout(m.id)).toHaveLength(0);

    // an unknown payment id with a signature made for it cannot come from us
    const fake = `pay_${'A'.repeat(14)}`;
    const fakeSig = await s.verify(alice.cookie, { ...a.paid, razorpay_payment_id: fake });
    expect(fakeSig.statusCode).toBe(400);

    expect((await s.verify(alice.cookie, a.paid)).statusCode).toBe(201);
  });

  it('records a failed sandbox payment without a signature and lets the shopper pay again', async () => {
    const user = await t.signUpAndIn();
    const p = await createProduct(t.database.db);
    await s.add(user.cookie, p.id);
    const order = RazorpayOrderResponse.parse((await s.hold(user.cookie)).json()).razorpayOrder;
    const failed = await s.sandboxPay(user.cookie, order.id, 'failure');
    expect(failed.statusCode).toBe(402);
    expect(failed.json()).toEqual({ success: false, message: 'Payment failed. No money was taken; please try again.' });
    // the failed payment cannot be placed, even by the reconciler
    await reconcilePending(t.app);
    expect(await ordersOfCheckout(order.id)).toHaveLength(0);

    const ok = SandboxPayResponse.parse((await s.sandboxPay(user.cookie, order.id)).json()) as PayResult;
    expect((await s.verify(user.cookie, ok)).statusCode).toBe(201);
    expect((await s.sandboxPay(user.cookie, order.id)).statusCode).toBe(409); // already paid
  });

  it('places one order when verify and the webhook report the same payment at the same instant', async () => {
    const user = await t.signUpAndIn();
    const p = await createProduct(t.database.db, { stock: 3 });
    await s.add(user.cookie, p.id, 3);
    const { order, paid } = await holdAndPay(user);
    const event = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: {
        payment: { entity: { id: paid.razorpay_payment_id, order_id: order.id, status: 'captured', amount: order.amount } },
      },
    });
    const webhook = () =>
      t.request({
        method: 'POST',
        url: '/o1/api/razorpay-webhook',
        payload: event,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmacHex(WEBHOOK_SECRET, event),
          'x-razorpay-event-id': `evt_${crypto.randomBytes(7).toString('hex')}`,
        },
      });
    const [v1, w1, v2, w2] = await Promise.all([s.verify(user.cookie, paid), webhook(), s.verify(user.cookie, paid), webhook()]);
    expect([v1.statusCode, v2.statusCode].sort()).toEqual(expect.arrayContaining([200]));
    expect(w1.statusCode).toBe(200);
    expect(w2.statusCode).toBe(200);
    const rows = await ordersOfCheckout(order.id);
    expect(rows).toHaveLength(1);
    expect(OrderResponse.parse(v1.json()).order._id).toBe(rows[0]?.id);
    expect(OrderResponse.parse(v2.json()).order._id).toBe(rows[0]?.id);
    expect(await productRow(t.database.db, p.id)).toMatchObject({ stock: 0, sold: 3 });
  });

  it('returns held stock when the hold expires, and still places a late payment while the stock is there', async () => {
    const user = await t.signUpAndIn();
    const p = await createProduct(t.database.db, { stock: 2 });
    await s.add(user.cookie, p.id, 2);
    const { order, paid } = await holdAndPay(user);
    expect((await productRow(t.database.db, p.id)).stock).toBe(0);

    const released = await sweepExpiredHolds(t.database.db, new Date(Date.now() + 16 * 60_000));
    expect(released).toBeGreaterThanOrEqual(1);
    expect((await productRow(t.database.db, p.id)).stock).toBe(2);
    const [c] = await t.database.db.select().from(checkouts).where(eq(checkouts.providerOrderId, order.id));
    expect(c?.status).toBe('expired');

    const placed = await s.verify(user.cookie, paid);
    expect(placed.statusCode).toBe(201);
    expect(OrderResponse.parse(placed.json()).order.paymentstatus).toBe('Paid');
    expect(await productRow(t.database.db, p.id)).toMatchObject({ stock: 0, sold: 2 });
  });

  it('records a payment that came after its hold expired and the stock was sold: flagged and refunded, never dropped', async () => {
    const late = await t.signUpAndIn();
    const quick = await t.signUpAndIn();
    const admin = await t.signUpAndIn('ADMIN');
    const p = await createProduct(t.database.db, { stock: 1 });
    await s.add(late.cookie, p.id);
    const { order, paid } = await holdAndPay(late);
    await sweepExpiredHolds(t.database.db, new Date(Date.now() + 16 * 60_000));
    // someone else buys the stone meanwhile
    await s.add(quick.cookie, p.id);
    const q = await holdAndPay(quick);
    expect((await s.verify(quick.cookie, q.paid)).statusCode).toBe(201);

    const res = await s.verify(late.cookie, paid);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/refunded/);
    const o = OrderResponse.parse(res.json()).order;
    expect(o.paymentstatus).toBe('Refunded');
    expect(await productRow(t.database.db, p.id)).toMatchObject({ stock: 0, sold: 1 }); // never oversold
    const [row] = await ordersOfCheckout(order.id);
    expect(row).toMatchObject({ flag: 'stock_unavailable', refundStatus: 'processed', paymentstatus: 'Refunded' });
    expect(row?.refundId).toMatch(/^rfnd_/);
    // the cart keeps the line the shopper did not get
    const cart = CartItemsResponse.parse(
      (await t.request({ method: 'GET', url: '/c2/api/all', cookie: late.cookie })).json(),
    ).data;
    expect(cart).toHaveLength(1);

    const list = await t.request({ method: 'GET', url: `/o1/api/admin/orders?search=${order.id}`, cookie: admin.cookie });
    expect(list.json().orders[0]).toMatchObject({
      flag: 'stock_unavailable',
      refundstatus: 'processed',
      paymentstatus: 'Refunded',
    });
  });

  it('places a payment whose browser never came back through the reconciler', async () => {
    const user = await t.signUpAndIn();
    const p = await createProduct(t.database.db, { stock: 3 });
    await s.add(user.cookie, p.id, 1);
    const order = RazorpayOrderResponse.parse(
      (await t.request({ method: 'POST', url: '/o1/api/razorpay-order', cookie: user.cookie })).json(),
    ).razorpayOrder;
    await s.sandboxPay(user.cookie, order.id); // the browser closes before verify
    const summary = await reconcilePending(t.app);
    expect(summary.placed).toBeGreaterThanOrEqual(1);
    const mine = MyOrdersResponse.parse((await s.myOrders(user.cookie)).json()).orders;
    expect(mine).toHaveLength(1);
    // no shipping details were ever given: placed with the account's name and number, flagged for the merchant
    const [row] = await ordersOfCheckout(order.id);
    expect(row?.flag).toBe('shipping_missing');
    expect(row?.shippinginfo).toMatchObject({ fullname: user.fullname, mobileno: user.mobileno, address: '' });
    // the browser comes back late with the details: same order, details filled in, flag cleared
    const sig = (await t.database.db.select().from(checkouts).where(eq(checkouts.providerOrderId, order.id)))[0];
    expect(sig?.status).toBe('placed');
    const again = await s.verify(user.cookie, {
      razorpay_order_id: order.id,
      razorpay_payment_id: row?.razorpayPaymentId as string,
      razorpay_signature: paymentSignature(order.id, row?.razorpayPaymentId as string, await sandboxSecret()),
    });
    expect(again.statusCode).toBe(200);
    const [after] = await ordersOfCheckout(order.id);
    expect(after).toMatchObject({ flag: null, shippinginfo: SHIPPING });
  });
});

describe('background jobs', () => {
  it('start with a jobs-enabled app: holds that expired while the server was down go back at once, and stop on close', async () => {
    const user = await t.signUpAndIn();
    const p = await createProduct(t.database.db, { stock: 3 });
    await s.add(user.cookie, p.id, 3);
    const order = RazorpayOrderResponse.parse((await s.hold(user.cookie)).json()).razorpayOrder;
    expect((await productRow(t.database.db, p.id)).stock).toBe(0);
    await t.database.db
      .update(checkouts)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(checkouts.providerOrderId, order.id));

    const withJobs = await createTestApp({ RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET }, { database: t.database, jobs: true });
    expect(withJobs.app.jobsEnabled).toBe(true);
    await expect.poll(async () => (await productRow(t.database.db, p.id)).stock, { timeout: 30_000 }).toBe(3);
    const [c] = await t.database.db.select().from(checkouts).where(eq(checkouts.providerOrderId, order.id));
    expect(c?.status).toBe('expired');
    await withJobs.app.close(); // the shared database stays open
    fs.rmSync(withJobs.dataDir, { recursive: true, force: true });
  });
});

describe('webhook without a configured secret', () => {
  it('refuses every delivery with 400', async () => {
    const bare = await createTestApp({}, { database: t.database });
    const body = JSON.stringify({ event: 'payment.captured', payload: {} });
    const res = await bare.request({
      method: 'POST',
      url: '/o1/api/razorpay-webhook',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex('anything', body) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Webhook secret is not configured');
    await bare.app.close();
    fs.rmSync(bare.dataDir, { recursive: true, force: true });
  });
});

async function sandboxSecret() {
  const rows = await t.database.query<{ value: string }>("select value from app_secrets where name = 'sandbox_key_secret'");
  return rows[0]?.value as string;
}
