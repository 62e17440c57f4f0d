// @postgres: 20 admins refunding one order at once
import { eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminOrderActionResponse,
  AdminOrderDetailResponse,
  ShopperOrderActionResponse,
} from '../../../../contract/order-actions.js';
import { MyOrdersResponse, OrderResponse, RazorpayOrderResponse, SandboxPayResponse } from '../../../../contract/orders.js';
import { orderEvents, orderItems, orders, products, refunds, returnRequests } from '../../../db/schema.js';
import { createProduct, productRow, shop } from '../../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';

let t: TestApp;
let s: ReturnType<typeof shop>;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({
    HOLD_MAX_UNITS: '1000',
    HOLD_MAX_UNITS_PER_ADDRESS: '100000',
    HOLD_MAX_RUPEES_PER_ADDRESS: '100000000',
  });
  s = shop(t);
  admin = await t.signUpAndIn('ADMIN');
});
afterAll(() => t.close());

type Placed = { orderId: string; user: TestUser; productIds: string[]; lineIds: string[] };

/** A shopper buys `lines` (units of new products at a price) through HTTP in the sandbox. */
async function buy(lines: { quantity: number; pricePaise?: number; stock?: number }[] = [{ quantity: 2 }], user?: TestUser) {
  const shopper = user ?? (await t.signUpAndIn());
  const productIds: string[] = [];
  for (const l of lines) {
    const p = await createProduct(t.database.db, { stock: l.stock ?? 10, pricePaise: l.pricePaise ?? 100_000 });
    productIds.push(p.id);
    expect((await s.add(shopper.cookie, p.id, l.quantity)).statusCode).toBe(200);
  }
  const held = await s.hold(shopper.cookie);
  expect(held.statusCode).toBe(200);
  const rz = RazorpayOrderResponse.parse(held.json()).razorpayOrder;
  const paid = SandboxPayResponse.parse((await s.sandboxPay(shopper.cookie, rz.id)).json());
  if (!paid.success) throw new Error('payment failed');
  const placed = await s.verify(shopper.cookie, paid);
  expect(placed.statusCode).toBe(201);
  const order = OrderResponse.parse(placed.json()).order;
  return { orderId: order._id, user: shopper, productIds, lineIds: order.products.map((p) => p._id) } satisfies Placed;
}

const as = (cookie: string) => ({
  post: (url: string, payload?: object) => t.request({ method: 'POST', url, cookie, ...(payload ? { payload } : {}) }),
  patch: (url: string, payload: object) => t.request({ method: 'PATCH', url, cookie, payload }),
  get: (url: string) => t.request({ method: 'GET', url, cookie }),
});

async function adminOrder(id: string) {
  const res = await as(admin.cookie).get(`/o1/api/admin/orders/${id}`);
  expect(res.statusCode).toBe(200);
  return AdminOrderDetailResponse.parse(res.json()).order;
}

/** Everything an action could change: the order row, its lines, refunds, return request, events, stock. */
async function snapshot(p: Placed) {
  const db = t.database.db;
  const [row] = await db.select().from(orders).where(eq(orders.id, p.orderId));
  return {
    row,
    lines: await db.select().from(orderItems).where(eq(orderItems.orderId, p.orderId)),
    refunds: await db.select().from(refunds).where(eq(refunds.orderId, p.orderId)),
    returns: await db.select().from(returnRequests).where(eq(returnRequests.orderId, p.orderId)),
    events: await db.select().from(orderEvents).where(eq(orderEvents.orderId, p.orderId)),
    stock: await db
      .select({ id: products.id, stock: products.stock, sold: products.sold })
      .from(products)
      .where(inArray(products.id, p.productIds)),
  };
}

// ---------------------------------------------------------------- the states, reached through HTTP

const STATES = [
  'pending',
  'confirmed',
  'shipped',
  'delivered',
  'return requested',
  'return approved',
  'returned',
  'cancelled',
] as const;
type StateName = (typeof STATES)[number];

async function orderIn(state: StateName): Promise<Placed> {
  const p = await buy();
  const a = as(admin.cookie);
  const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBeLessThan(300);
  };
  if (state === 'confirmed') await ok(a.patch(`/o1/api/admin/update/${p.orderId}`, { deliverystatus: 'confirmed' }));
  if (state === 'shipped')
    await ok(a.patch(`/o1/api/admin/shipment/${p.orderId}`, { carrier: 'BlueDart', trackingnumber: 'BD100' }));
  if (['delivered', 'return requested', 'return approved', 'returned'].includes(state)) {
    await ok(a.patch(`/o1/api/admin/update/${p.orderId}`, { deliverystatus: 'delivered' }));
  }
  if (['return requested', 'return approved', 'returned'].includes(state)) {
    await ok(as(p.user.cookie).post(`/o1/api/returns/${p.orderId}`, { reason: 'Not the colour I expected' }));
  }
  if (['return approved', 'returned'].includes(state))
    await ok(a.patch(`/o1/api/admin/returns/${p.orderId}`, { status: 'approved' }));
  if (state === 'returned') await ok(a.patch(`/o1/api/admin/returns/${p.orderId}`, { status: 'received', refund: false }));
  if (state === 'cancelled') await ok(as(p.user.cookie).post(`/o1/api/cancel/${p.orderId}`, {}));
  return p;
}

type ActionName =
  | 'shopper cancel'
  | 'admin cancel'
  | 'refund'
  | 'ship'
  | 'return request'
  | 'approve return'
  | 'reject return'
  | 'receive return'
  | 'status'
  | 'note';
const ACTIONS: Record<ActionName, (p: Placed, current: StateName) => Promise<LightMyRequestResponse>> = {
  'shopper cancel': (p) => as(p.user.cookie).post(`/o1/api/cancel/${p.orderId}`, { reason: 'Changed my mind' }),
  'admin cancel': (p) => as(admin.cookie).post(`/o1/api/admin/cancel/${p.orderId}`, {}),
  refund: (p) => as(admin.cookie).post(`/o1/api/admin/refund/${p.orderId}`, { amount: 10, reason: 'Goodwill' }),
  ship: (p) =>
    as(admin.cookie).patch(`/o1/api/admin/shipment/${p.orderId}`, {
      carrier: 'Delhivery',
      trackingnumber: 'DL42',
      trackingurl: 'https://track.example.in/DL42',
    }),
  'return request': (p) => as(p.user.cookie).post(`/o1/api/returns/${p.orderId}`, { reason: 'The stone is chipped' }),
  'approve return': (p) => as(admin.cookie).patch(`/o1/api/admin/returns/${p.orderId}`, { status: 'approved' }),
  'reject return': (p) => as(admin.cookie).patch(`/o1/api/admin/returns/${p.orderId}`, { status: 'rejected', note: 'Worn' }),
  'receive return': (p) => as(admin.cookie).patch(`/o1/api/admin/returns/${p.orderId}`, { status: 'received', refund: true }),
  status: (p, current) =>
    as(admin.cookie).patch(`/o1/api/admin/update/${p.orderId}`, {
      deliverystatus: current === 'confirmed' ? 'pending' : 'confirmed',
    }),
  note: (p) => as(admin.cookie).post(`/o1/api/admin/note/${p.orderId}`, { note: 'Called the shopper' }),
};

const ALLOWED: Record<StateName, ActionName[]> = {
  pending: ['shopper cancel', 'admin cancel', 'refund', 'ship', 'status', 'note'],
  confirmed: ['shopper cancel', 'admin cancel', 'refund', 'ship', 'status', 'note'],
  shipped: ['refund', 'ship', 'status', 'note'],
  delivered: ['refund', 'return request', 'status', 'note'],
  'return requested': ['refund', 'approve return', 'reject return', 'status', 'note'],
  'return approved': ['refund', 'receive return', 'status', 'note'],
  returned: ['refund', 'status', 'note'],
  cancelled: ['note'],
};

describe('every action from every state', () => {
  for (const state of STATES) {
    it(`from ${state}: allowed actions answer 2xx, the others 409 and change nothing`, async () => {
      const refusedOrder = await orderIn(state);
      for (const action of Object.keys(ACTIONS) as ActionName[]) {
        if (ALLOWED[state].includes(action)) {
          const p = await orderIn(state);
          const before = await snapshot(p);
          const res = await ACTIONS[action](p, state);
          expect(res.statusCode, `${action} from ${state}: ${res.body}`).toBeGreaterThanOrEqual(200);
          expect(res.statusCode, `${action} from ${state}: ${res.body}`).toBeLessThan(300);
          const after = await snapshot(p);
          // Every change is in the timeline.
          expect(after.events.length, `${action} from ${state} writes an event`).toBeGreaterThan(before.events.length);
        } else {
          const before = await snapshot(refusedOrder);
          const res = await ACTIONS[action](refusedOrder, state);
          expect(res.statusCode, `${action} from ${state}: ${res.body}`).toBe(409);
          expect(res.json()).toMatchObject({ success: false });
          expect(await snapshot(refusedOrder), `${action} from ${state} changed nothing`).toEqual(before);
        }
      }
    });
  }
});

describe('cancel', () => {
  it('a shopper cancels within 24 hours: stock back on sale, full refund, a cancelled order with its timeline', async () => {
    const p = await buy([
      { quantity: 2, pricePaise: 150_000, stock: 5 },
      { quantity: 1, pricePaise: 50_000, stock: 1 },
    ]);
    expect(await productRow(t.database.db, p.productIds[1] as string)).toMatchObject({ stock: 0, sold: 1 });
    const res = await as(p.user.cookie).post(`/o1/api/cancel/${p.orderId}`, { reason: 'Ordered the wrong size' });
    expect(res.statusCode).toBe(200);
    const body = ShopperOrderActionResponse.parse(res.json());
    expect(body.message).toBe('Your order has been cancelled. The refund has been processed.');
    expect(body.order).toMatchObject({
      deliverystatus: 'cancelled',
      status: 'Cancelled',
      paymentstatus: 'Refunded',
      refundedamount: 3500,
      cancellable: false,
      returnable: false,
    });
    expect(body.order.refunds).toEqual([
      expect.objectContaining({ amount: 3500, status: 'processed', reason: 'Order cancelled: Ordered the wrong size' }),
    ]);
    expect(body.order.events.map((e) => e.type)).toEqual(['placed', 'paid', 'cancelled', 'refund_requested', 'refund_processed']);
    expect(body.order.events[2]).toMatchObject({ actor: 'customer', note: 'Ordered the wrong size' });
    expect(await productRow(t.database.db, p.productIds[0] as string)).toMatchObject({ stock: 5, sold: 0 });
    expect(await productRow(t.database.db, p.productIds[1] as string)).toMatchObject({ stock: 1, sold: 0 });
    // A second cancel changes nothing.
    expect((await as(p.user.cookie).post(`/o1/api/cancel/${p.orderId}`)).statusCode).toBe(409);
    expect(await productRow(t.database.db, p.productIds[0] as string)).toMatchObject({ stock: 5, sold: 0 });
  });

  it('after 24 hours only the admin can cancel, and not once shipped', async () => {
    const p = await buy();
    await t.database.db.update(orders).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(orders.id, p.orderId));
    const mine = MyOrdersResponse.parse((await s.myOrders(p.user.cookie)).json()).orders[0];
    expect(mine?.cancellable).toBe(false);
    const late = await as(p.user.cookie).post(`/o1/api/cancel/${p.orderId}`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Orders can be cancelled within 24 hours of placing them');
    expect((await adminOrder(p.orderId)).cancellable).toBe(true);
    const res = await as(admin.cookie).post(`/o1/api/admin/cancel/${p.orderId}`, { reason: 'Customer phoned' });
    expect(res.statusCode).toBe(200);
    expect(AdminOrderActionResponse.parse(res.json()).order).toMatchObject({
      deliverystatus: 'cancelled',
      paymentstatus: 'Refunded',
    });
  });

  it('another shopper’s order is a 404 like an unknown one; signed out is 401; a shopper on admin rows is 403', async () => {
    const p = await buy();
    const other = await t.signUpAndIn();
    const before = await snapshot(p);
    for (const res of [
      await as(other.cookie).post(`/o1/api/cancel/${p.orderId}`, {}),
      await as(other.cookie).post(`/o1/api/returns/${p.orderId}`, { reason: 'Not mine at all' }),
      await as(p.user.cookie).post('/o1/api/cancel/00000000-0000-4000-8000-000000000000', {}),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Order not found' });
    }
    expect((await as(p.user.cookie).post('/o1/api/cancel/not-an-id', {})).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: `/o1/api/cancel/${p.orderId}`, payload: {} })).statusCode).toBe(401);
    const shopperRows: [string, string, object?][] = [
      ['GET', `/o1/api/admin/orders/${p.orderId}`],
      ['POST', `/o1/api/admin/cancel/${p.orderId}`, {}],
      ['POST', `/o1/api/admin/refund/${p.orderId}`, { amount: 1, reason: 'x' }],
      ['PATCH', `/o1/api/admin/shipment/${p.orderId}`, { carrier: 'x', trackingnumber: 'y' }],
      ['PATCH', `/o1/api/admin/returns/${p.orderId}`, { status: 'approved' }],
      ['POST', `/o1/api/admin/note/${p.orderId}`, { note: 'x' }],
    ];
    for (const [method, url, payload] of shopperRows) {
      const m = method as 'GET' | 'POST' | 'PATCH';
      expect((await t.request({ method: m, url, cookie: p.user.cookie, ...(payload ? { payload } : {}) })).statusCode).toBe(403);
      expect((await t.request({ method: m, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401);
    }
    expect((await as(admin.cookie).get('/o1/api/admin/orders/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await snapshot(p)).toEqual(before);
  });
});

describe('refunds by the admin', () => {
  it('refunds part with chosen units back on sale, then the rest; never more than was paid', async () => {
    const p = await buy([{ quantity: 3, pricePaise: 100_000, stock: 3 }]);
    const a = as(admin.cookie);
    const detail = await adminOrder(p.orderId);
    expect(detail).toMatchObject({ refundable: 3000, restockable: [{ lineId: p.lineIds[0], quantity: 3 }] });

    const first = await a.post(`/o1/api/admin/refund/${p.orderId}`, {
      amount: 1000.5,
      reason: 'One stone had a chip',
      restock: [{ lineId: p.lineIds[0], quantity: 1 }],
    });
    expect(first.statusCode, first.body).toBe(201);
    const o1 = AdminOrderActionResponse.parse(first.json()).order;
    expect(o1).toMatchObject({
      paymentstatus: 'Partially refunded',
      refundedamount: 1000.5,
      refundable: 1999.5,
      refundstatus: 'processed',
    });
    expect(o1.restockable).toEqual([{ lineId: p.lineIds[0], quantity: 2 }]);
    expect(await productRow(t.database.db, p.productIds[0] as string)).toMatchObject({ stock: 1, sold: 2 });
    expect(o1.events.slice(-2)).toEqual([
      expect.objectContaining({
        type: 'refund_requested',
        actor: 'admin',
        note: '₹1,000.50 — One stone had a chip',
        by: admin.fullname,
      }),
      expect.objectContaining({ type: 'refund_processed', actor: 'system' }),
    ]);

    // More than what is left, a bad amount, too many units: refused, nothing changed.
    const before = await snapshot(p);
    const over = await a.post(`/o1/api/admin/refund/${p.orderId}`, { amount: 1999.51, reason: 'x' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('At most ₹1,999.50 can be refunded on this order');
    expect((await a.post(`/o1/api/admin/refund/${p.orderId}`, { amount: 0.001, reason: 'x' })).statusCode).toBe(400);
    expect((await a.post(`/o1/api/admin/refund/${p.orderId}`, { amount: -5, reason: 'x' })).statusCode).toBe(400);
    expect((await a.post(`/o1/api/admin/refund/${p.orderId}`, { amount: 5, reason: '' })).statusCode).toBe(400);
    const tooMany = await a.post(`/o1/api/admin/refund/${p.orderId}`, {
      amount: 5,
      reason: 'x',
      restock: [{ lineId: p.lineIds[0], quantity: 3 }],
    });
    expect(tooMany.statusCode).toBe(409);
    const foreign = await buy();
    const otherLine = await a.post(`/o1/api/admin/refund/${p.orderId}`, {
      amount: 5,
      reason: 'x',
      restock: [{ lineId: foreign.lineIds[0], quantity: 1 }],
    });
    expect(otherLine.statusCode).toBe(409);
    expect(await snapshot(p)).toEqual(before);

    const rest = await a.post(`/o1/api/admin/refund/${p.orderId}`, { amount: 1999.5, reason: 'Whole order returned' });
    expect(rest.statusCode).toBe(201);
    expect(AdminOrderActionResponse.parse(rest.json()).order).toMatchObject({
      paymentstatus: 'Refunded',
      refundedamount: 3000,
      refundable: 0,
    });
    const none = await a.post(`/o1/api/admin/refund/${p.orderId}`, { amount: 1, reason: 'x' });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('Nothing is left to refund on this order');

    // The shopper sees the refunds, never the merchant's fields.
    const mine = MyOrdersResponse.parse((await s.myOrders(p.user.cookie)).json()).orders[0];
    expect(mine?.refunds.map((r) => [r.amount, r.status])).toEqual([
      [1000.5, 'processed'],
      [1999.5, 'processed'],
    ]);
    expect(mine).not.toHaveProperty('refundable');
    expect(mine).not.toHaveProperty('flag');
  });

  it('20 admins refunding the same order at once never refund more than was paid, nor restock more than was sold', async () => {
    const p = await buy([{ quantity: 2, pricePaise: 100_000, stock: 2 }]);
    const a = as(admin.cookie);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        a.post(`/o1/api/admin/refund/${p.orderId}`, {
          amount: 300,
          reason: 'Concurrent',
          restock: [{ lineId: p.lineIds[0], quantity: 1 }],
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(
      codes.every((c) => c === 201 || c === 409),
      codes.join(','),
    ).toBe(true);
    // ₹2000 paid, ₹300 each: six could fit, but only two units were sold, so only two restocking refunds pass.
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, p.orderId));
    expect(rows.reduce((sum, r) => sum + r.amountPaise, 0)).toBe(60_000);
    expect(await productRow(t.database.db, p.productIds[0] as string)).toMatchObject({ stock: 2, sold: 0 });

    const money = await Promise.all(
      Array.from({ length: 20 }, () => a.post(`/o1/api/admin/refund/${p.orderId}`, { amount: 150, reason: 'Concurrent money' })),
    );
    expect(money.filter((r) => r.statusCode === 201)).toHaveLength(9); // ₹1400 left: nine of ₹150
    expect(money.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    const all = await t.database.db.select().from(refunds).where(eq(refunds.orderId, p.orderId));
    const total = all.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amountPaise, 0);
    expect(total).toBe(195_000);
    expect(total).toBeLessThanOrEqual(200_000);
    const order = await adminOrder(p.orderId);
    expect(order.events.filter((e) => e.type === 'refund_requested')).toHaveLength(11);
  });
});

describe('shipments and returns', () => {
  it('records the shipment (https links only); the shopper sees the tracking link', async () => {
    const p = await buy();
    const a = as(admin.cookie);
    const bad = await a.patch(`/o1/api/admin/shipment/${p.orderId}`, {
      carrier: 'BlueDart',
      trackingnumber: 'BD1',
      trackingurl: 'http://track.example.in/BD1',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ path: 'trackingurl', message: 'The tracking link must be an https:// address' });
    expect((await a.patch(`/o1/api/admin/shipment/${p.orderId}`, { carrier: '', trackingnumber: 'BD1' })).statusCode).toBe(400);
    const ok = await a.patch(`/o1/api/admin/shipment/${p.orderId}`, {
      carrier: 'BlueDart',
      trackingnumber: 'BD1',
      trackingurl: 'https://track.example.in/BD1',
    });
    expect(ok.statusCode).toBe(200);
    const mine = MyOrdersResponse.parse((await s.myOrders(p.user.cookie)).json()).orders[0];
    expect(mine).toMatchObject({
      deliverystatus: 'shipped',
      cancellable: false,
      shipment: { carrier: 'BlueDart', trackingnumber: 'BD1', trackingurl: 'https://track.example.in/BD1' },
    });
    expect(mine?.events.at(-1)).toMatchObject({ type: 'shipped', actor: 'admin', note: 'BlueDart BD1' });
  });

  it('a return asked within 10 days, approved and received puts the stone back on sale and refunds it', async () => {
    const p = await buy([{ quantity: 1, pricePaise: 500_000, stock: 1 }]);
    const a = as(admin.cookie);
    const me = as(p.user.cookie);
    expect((await me.post(`/o1/api/returns/${p.orderId}`, { reason: 'Not as pictured' })).statusCode).toBe(409);
    await a.patch(`/o1/api/admin/update/${p.orderId}`, { deliverystatus: 'delivered' });
    const short = await me.post(`/o1/api/returns/${p.orderId}`, { reason: 'meh' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0]).toMatchObject({ path: 'reason', message: 'Tell us why, in at least 5 characters' });
    expect(MyOrdersResponse.parse((await s.myOrders(p.user.cookie)).json()).orders[0]?.returnable).toBe(true);
    const asked = await me.post(`/o1/api/returns/${p.orderId}`, { reason: 'Not as pictured' });
    expect(asked.statusCode).toBe(201);
    expect(ShopperOrderActionResponse.parse(asked.json()).order).toMatchObject({
      returnable: false,
      returnrequest: { status: 'requested', reason: 'Not as pictured' },
    });
    expect((await me.post(`/o1/api/returns/${p.orderId}`, { reason: 'Asking twice' })).statusCode).toBe(409);
    expect((await a.patch(`/o1/api/admin/returns/${p.orderId}`, { status: 'received' })).statusCode).toBe(409);
    expect(
      (await a.patch(`/o1/api/admin/returns/${p.orderId}`, { status: 'approved', note: 'Send it by courier' })).statusCode,
    ).toBe(200);
    const got = await a.patch(`/o1/api/admin/returns/${p.orderId}`, { status: 'received', refund: true });
    expect(got.statusCode).toBe(200);
    expect(got.json().message).toBe('Return received; the units are back on sale. The refund has been processed.');
    expect(AdminOrderActionResponse.parse(got.json()).order).toMatchObject({
      deliverystatus: 'returned',
      paymentstatus: 'Refunded',
      returnrequest: { status: 'received' },
    });
    expect(await productRow(t.database.db, p.productIds[0] as string)).toMatchObject({ stock: 1, sold: 0 });
    // Received once: a second time is refused, and a status word never restocks.
    expect((await a.patch(`/o1/api/admin/returns/${p.orderId}`, { status: 'received', refund: true })).statusCode).toBe(409);
    await a.patch(`/o1/api/admin/update/${p.orderId}`, { deliverystatus: 'returned' });
    expect(await productRow(t.database.db, p.productIds[0] as string)).toMatchObject({ stock: 1, sold: 0 });
  });

  it('refuses a return more than 10 days after delivery', async () => {
    const p = await buy();
    await as(admin.cookie).patch(`/o1/api/admin/update/${p.orderId}`, { deliverystatus: 'delivered' });
    await t.database.db.update(orders).set({ deliveredAt: sql`now() - interval '11 days'` }).where(eq(orders.id, p.orderId));
    const res = await as(p.user.cookie).post(`/o1/api/returns/${p.orderId}`, { reason: 'Too late now' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Returns can be requested within 10 days of delivery');
  });

  it('keeps private notes out of the shopper’s answers, and records status changes', async () => {
    const p = await buy();
    const a = as(admin.cookie);
    expect((await a.post(`/o1/api/admin/note/${p.orderId}`, { note: 'Fragile: double box' })).statusCode).toBe(201);
    expect((await a.post(`/o1/api/admin/note/${p.orderId}`, { note: '   ' })).statusCode).toBe(400);
    await a.patch(`/o1/api/admin/update/${p.orderId}`, { deliverystatus: 'confirmed' });
    const detail = await adminOrder(p.orderId);
    expect(detail.events.map((e) => e.type)).toEqual(['placed', 'paid', 'note', 'status']);
    expect(detail.events[2]).toMatchObject({ note: 'Fragile: double box', by: admin.fullname });
    expect(detail.events[3]).toMatchObject({ note: 'pending → confirmed', actor: 'admin' });
    const mine = MyOrdersResponse.parse((await s.myOrders(p.user.cookie)).json()).orders[0];
    expect(mine?.events.map((e) => e.type)).toEqual(['placed', 'paid', 'status']);
    expect(JSON.stringify(mine)).not.toContain('Fragile');
  });
});
