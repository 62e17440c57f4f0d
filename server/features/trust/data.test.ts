import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AddressesResponse } from '../../../contract/accounts.js';
import { ErrorResponse } from '../../../contract/common.js';
import { Review, ReviewsResponse } from '../../../contract/reviews.js';
import { DataExport, TicketResponse } from '../../../contract/trust.js';
import { addresses, orders, outbox, productReviews, rateLimits, sessions, users } from '../../db/schema.js';
import { createProduct, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { multipart } from '../products/test-kit.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAndIn('ADMIN');
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});

const exportOf = (cookie: string) => t.request({ method: 'GET', url: '/u1/api/me/export', cookie });
const erase = (cookie: string, password: string) =>
  t.request({ method: 'POST', url: '/u1/api/me/delete', cookie, payload: { password } });
const signin = (mobileno: string, password: string) =>
  t.request({ method: 'POST', url: '/u1/api/signin', payload: { mobileno, password } });
const checkuser = (cookie: string) => t.request({ method: 'GET', url: '/u1/api/checkuser', cookie });

async function buyerWithOrder() {
  const buyer = await t.signUpAndIn();
  const product = await createProduct(t.database.db, { stock: 10 });
  const s = shop(t);
  expect((await s.add(buyer.cookie, product.id)).statusCode).toBe(200);
  const shippinginfo = { ...SHIPPING, fullname: buyer.fullname, mobileno: buyer.mobileno };
  const order = await s.payAndPlace(buyer.cookie, shippinginfo);
  const saved = await t.request({
    method: 'POST',
    url: '/u1/api/addresses',
    cookie: buyer.cookie,
    payload: { ...shippinginfo, label: 'Home' },
  });
  expect(saved.statusCode).toBe(201);
  const ticket = TicketResponse.parse(
    (
      await t.request({
        method: 'POST',
        url: '/u1/api/grievances',
        cookie: buyer.cookie,
        payload: { subject: 'Late delivery', message: 'My order has not arrived after ten days.', orderId: order._id },
      })
    ).json(),
  ).ticket;
  return { buyer, order, ticket, addresses: AddressesResponse.parse(saved.json()).addresses };
}

/** Delivers the order, and its buyer reviews its line (the review then waits for the merchant). */
async function deliveredAndReviewed(buyer: TestUser, order: { _id: string; products: { _id: string }[] }) {
  const delivered = await t.request({
    method: 'PATCH',
    url: `/o1/api/admin/update/${order._id}`,
    cookie: admin.cookie,
    payload: { deliverystatus: 'delivered' },
  });
  expect(delivered.statusCode, delivered.body).toBe(200);
  const form = await multipart(
    {
      orderId: order._id,
      lineId: order.products[0]?._id as string,
      rating: 5,
      title: 'True to the pictures',
      body: 'A clean, bright stone that came well packed and certified.',
    },
    [],
  );
  const res = await t.request({ method: 'POST', url: '/p1/api/reviews', cookie: buyer.cookie, ...form });
  expect(res.statusCode, res.body).toBe(201);
  return Review.parse(res.json().review);
}

describe('download my data', () => {
  it('is a JSON download of exactly the user’s own data and no one else’s', async () => {
    const mine = await buyerWithOrder();
    const theirs = await buyerWithOrder();
    const res = await exportOf(mine.buyer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = DataExport.parse(res.json());
    expect(data.profile).toMatchObject({ _id: mine.buyer.id, mobileno: mine.buyer.mobileno, marketing: false });
    expect(data.orders.map((o) => o._id)).toEqual([mine.order._id]);
    expect(data.addresses.map((a) => a._id)).toEqual(mine.addresses.map((a) => a._id));
    expect(data.grievances.map((g) => g._id)).toEqual([mine.ticket._id]);
    expect(data.messages.length).toBeGreaterThan(0);
    expect(data.messages.every((m) => m.to === mine.buyer.mobileno)).toBe(true);
    const text = res.body;
    for (const stranger of [theirs.buyer.mobileno, theirs.buyer.id, theirs.order._id, theirs.ticket._id]) {
      expect(text).not.toContain(stranger);
    }
    expect(text).not.toMatch(/password/i);
    expect((await t.request({ method: 'GET', url: '/u1/api/me/export' })).statusCode).toBe(401);
  });

  it('holds the buyer’s own reviews, pending ones too, and none of anyone else’s', async () => {
    const mine = await buyerWithOrder();
    const theirs = await buyerWithOrder();
    const review = await deliveredAndReviewed(mine.buyer, mine.order);
    const other = await deliveredAndReviewed(theirs.buyer, theirs.order);
    const res = await exportOf(mine.buyer.cookie);
    expect(res.statusCode).toBe(200);
    const data = DataExport.parse(res.json());
    expect(data.reviews).toHaveLength(1);
    expect(data.reviews[0]).toMatchObject({
      _id: review._id,
      status: 'pending',
      rating: 5,
      title: 'True to the pictures',
      body: 'A clean, bright stone that came well packed and certified.',
      orderId: mine.order._id,
      lineId: mine.order.products[0]?._id,
    });
    expect(res.body).not.toContain(other._id);
    const fresh = await t.signUpAndIn();
    expect(DataExport.parse((await exportOf(fresh.cookie)).json()).reviews).toEqual([]);
  });
});

describe('delete my account', () => {
  it('needs the password (400, nothing erased)', async () => {
    const { buyer } = await buyerWithOrder();
    const res = await erase(buyer.cookie, 'not my password');
    expect(res.statusCode).toBe(400);
    expect(ErrorResponse.parse(res.json()).errors?.[0]?.path).toBe('password');
    expect((await checkuser(buyer.cookie)).statusCode).toBe(200);
  });

  it('is refused (409) while an order is on its way, and done once it is delivered', async () => {
    const { buyer, order } = await buyerWithOrder();
    const shipped = await t.request({
      method: 'PATCH',
      url: `/o1/api/admin/shipment/${order._id}`,
      cookie: admin.cookie,
      payload: { carrier: 'Blue Dart', trackingnumber: 'BD123456789' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const refused = await erase(buyer.cookie, buyer.password);
    expect(refused.statusCode).toBe(409);
    expect(ErrorResponse.parse(refused.json()).message).toContain(order.number);
    expect((await checkuser(buyer.cookie)).statusCode).toBe(200);

    const delivered = await t.request({
      method: 'PATCH',
      url: `/o1/api/admin/update/${order._id}`,
      cookie: admin.cookie,
      payload: { deliverystatus: 'delivered' },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await erase(buyer.cookie, buyer.password)).statusCode).toBe(200);
  });

  it('ends every session, blocks sign-in, erases the details and keeps the order and its invoice for the merchant', async () => {
    const { buyer, order } = await buyerWithOrder();
    const second = await signin(buyer.mobileno, buyer.password);
    const otherDevice = second.cookies.find((c) => c.name === 'sid');
    const res = await erase(buyer.cookie, buyer.password);
    expect(res.statusCode, res.body).toBe(200);

    expect((await checkuser(buyer.cookie)).statusCode).toBe(401);
    expect((await checkuser(`sid=${otherDevice?.value}`)).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, buyer.id))).toEqual([]);
    expect((await signin(buyer.mobileno, buyer.password)).statusCode).toBe(401);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, buyer.id));
    expect(row).toMatchObject({ fullname: 'Erased account', email: '', marketing: false });
    expect(row?.mobileno).not.toBe(buyer.mobileno);
    expect(row?.erasedAt).not.toBeNull();
    expect(await t.database.db.select().from(addresses).where(eq(addresses.userId, buyer.id))).toEqual([]);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.recipient, buyer.mobileno))).toEqual([]);

    // the erased details are not handed out by the admin's lists either
    const everyone = (await t.request({ method: 'GET', url: '/u1/api/allusers', cookie: admin.cookie })).body;
    expect(everyone).not.toContain(buyer.mobileno);
    expect(everyone).not.toContain(buyer.fullname);
    const tickets = (await t.request({ method: 'GET', url: '/u1/api/admin/grievances', cookie: admin.cookie })).body;
    expect(tickets).not.toContain(buyer.mobileno);

    // the order and its invoice stay, with the buyer as invoiced
    const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(kept?.shippinginfo.mobileno).toBe(buyer.mobileno);
    const invoice = await t.request({ method: 'GET', url: `/o1/api/invoice/${order._id}`, cookie: admin.cookie });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toMatch(/application\/pdf/);

    // the number is free for a new account of someone else
    const fresh = await t.request({
      method: 'POST',
      url: '/u1/api/signup',
      payload: { fullname: 'New Owner', mobileno: buyer.mobileno, password: 'a long password' },
    });
    expect(fresh.statusCode).toBe(201);
  });

  it('keeps the buyer’s reviews and their stars, shown as “A buyer” instead of the buyer’s name', async () => {
    const { buyer, order } = await buyerWithOrder();
    const review = await deliveredAndReviewed(buyer, order);
    const approved = await t.request({
      method: 'PATCH',
      url: `/p1/api/admin/reviews/${review._id}`,
      cookie: admin.cookie,
      payload: { status: 'approved' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const productId = review.product._id;
    const shown = async () => {
      const res = await t.request({ method: 'GET', url: `/p1/api/reviews/${productId}` });
      expect(res.statusCode).toBe(200);
      return ReviewsResponse.parse(res.json());
    };
    const before = await shown();
    expect(before.reviews.map((r) => r.author)).toEqual([review.author]);
    expect(review.author).not.toBe('A buyer');

    expect((await erase(buyer.cookie, buyer.password)).statusCode).toBe(200);
    const after = await shown();
    expect(after.reviews).toHaveLength(1);
    expect(after.reviews[0]).toMatchObject({ _id: review._id, author: 'A buyer', rating: 5, verified: true });
    expect(after.summary).toEqual(before.summary);
    const [row] = await t.database.db.select().from(productReviews).where(eq(productReviews.id, review._id));
    expect(row?.author).toBe('A buyer');
    const list = await t.request({ method: 'GET', url: '/p1/api/admin/reviews', cookie: admin.cookie });
    expect(list.body).not.toContain(buyer.fullname);
    expect(list.body).not.toContain(buyer.mobileno);
    expect(JSON.stringify(after)).not.toContain(review.author);
  });

  it('is not for an administrator (409)', async () => {
    const other = await t.signUpAndIn('ADMIN');
    expect((await erase(other.cookie, other.password)).statusCode).toBe(409);
  });
});
