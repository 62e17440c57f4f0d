import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardStatsResponse } from '../../../contract/dashboard.js';
import { AdminOrdersResponse } from '../../../contract/orders.js';
import { orders, outbox } from '../../db/schema.js';
import { createProduct, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';

let now = new Date();
let t: TestApp;
let admin: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  [admin, buyer] = await Promise.all([t.signUpAndIn('ADMIN'), t.signUpAndIn()]);
});
afterAll(() => t.close());

const todo = async () => {
  const res = await t.request({ method: 'GET', url: '/o1/api/admin/stats', cookie: admin.cookie });
  expect(res.statusCode).toBe(200);
  return DashboardStatsResponse.parse(res.json()).todo;
};
const orderIds = async (status: string) =>
  AdminOrdersResponse.parse(
    (await t.request({ method: 'GET', url: `/o1/api/admin/orders?status=${status}&limit=100`, cookie: admin.cookie })).json(),
  ).orders.map((o) => o._id);

async function placeOrder() {
  const product = await createProduct(t.database.db, { stock: 5 });
  const s = shop(t);
  expect((await s.add(buyer.cookie, product.id)).statusCode).toBe(200);
  return s.payAndPlace(buyer.cookie);
}

describe('the dashboard’s to-do list', () => {
  it('starts empty and is for administrators only', async () => {
    expect(await todo()).toEqual({
      returns: 0,
      unshipped: 0,
      failedmessages: 0,
      overduegrievances: 0,
      overdueorders: 0,
      quotes: 0,
      failedeinvoices: 0,
    });
    expect((await t.request({ method: 'GET', url: '/o1/api/admin/stats', cookie: buyer.cookie })).statusCode).toBe(403);
  });

  it('counts paid orders not shipped two days after payment, and the orders list shows exactly those', async () => {
    const fresh = await placeOrder();
    const old = await placeOrder();
    const shippedOld = await placeOrder();
    await t.database.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '2 days 1 minute'` })
      .where(sql`${orders.id} in (${old._id}, ${shippedOld._id})`);
    const shipped = await t.request({
      method: 'PATCH',
      url: `/o1/api/admin/shipment/${shippedOld._id}`,
      cookie: admin.cookie,
      payload: { carrier: 'Blue Dart', trackingnumber: 'BD987654321' },
    });
    expect(shipped.statusCode).toBe(200);
    expect((await todo()).unshipped).toBe(1);
    const listed = await orderIds('unshipped');
    expect(listed).toEqual([old._id]);
    expect(listed).not.toContain(fresh._id);
  });

  it('counts returns waiting (asked for, or approved and not received), listed under return-requested', async () => {
    const order = await placeOrder();
    const delivered = await t.request({
      method: 'PATCH',
      url: `/o1/api/admin/update/${order._id}`,
      cookie: admin.cookie,
      payload: { deliverystatus: 'delivered' },
    });
    expect(delivered.statusCode).toBe(200);
    const asked = await t.request({
      method: 'POST',
      url: `/o1/api/returns/${order._id}`,
      cookie: buyer.cookie,
      payload: { reason: 'The colour is not as shown' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await todo()).returns).toBe(1);
    expect(await orderIds('return-requested')).toEqual([order._id]);
  });

  it('counts failed messages', async () => {
    const [one] = await t.database.db.select({ id: outbox.id }).from(outbox).limit(1);
    await t.database.db
      .update(outbox)
      .set({ status: 'failed' })
      .where(eq(outbox.id, one?.id ?? ''));
    expect((await todo()).failedmessages).toBe(1);
  });

  it('counts a grievance once it is 48 hours without a reply, and no longer once it is answered', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/u1/api/grievances',
      cookie: buyer.cookie,
      payload: { subject: 'Refund', message: 'I have not received my refund for the returned stone.' },
    });
    const ticket = res.json().ticket as { _id: string; acknowledgeby: string };
    expect((await todo()).overduegrievances).toBe(0);
    now = new Date(new Date(ticket.acknowledgeby).getTime() + 1);
    expect((await todo()).overduegrievances).toBe(1);
    const replied = await t.request({
      method: 'PATCH',
      url: `/u1/api/admin/grievances/${ticket._id}`,
      cookie: admin.cookie,
      payload: { reply: 'We have refunded it today.' },
    });
    expect(replied.statusCode).toBe(200);
    expect((await todo()).overduegrievances).toBe(0);
  });
});
