// @postgres: trade prices are worked out beside the sale lateral join in SQL, at checkout under the shopper's lock
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartItemsResponse, RazorpayOrderResponse } from '../../../contract/orders.js';
import { MyPricesResponse, PriceGroupsResponse } from '../../../contract/wholesale.js';
import { categories, subcategories } from '../../db/schema.js';
import { createProduct, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { gstinFor } from './test-kit.js';

const now = new Date('2026-11-24T06:30:00.000Z');
let t: TestApp;
let admin: TestUser;
let s: ReturnType<typeof shop>;
let panCounter = 0;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  admin = await t.signUpAndIn('ADMIN');
  s = shop(t);
});
afterAll(() => t.close());

async function shelf() {
  const tag = crypto.randomBytes(3).toString('hex');
  const [c] = await t.database.db
    .insert(categories)
    .values({ name: `Tradetest ${tag}` })
    .returning();
  const category = c as { id: string };
  const [sc] = await t.database.db
    .insert(subcategories)
    .values({ name: `Sapphire ${tag}`, categoryId: category.id })
    .returning();
  return { categoryId: category.id, subcategoryId: (sc as { id: string }).id };
}

async function group(body: object) {
  const res = await t.request({
    method: 'POST',
    url: '/p1/api/admin/price-groups',
    cookie: admin.cookie,
    payload: { name: `Group ${crypto.randomBytes(3).toString('hex')}`, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().pricegroup as { _id: string };
}

/** A buyer who applied for a business account; approved into `groupId` unless another status is given. */
async function trader(groupId: string | null, status: 'approved' | 'pending' | 'rejected' | 'suspended' = 'approved') {
  const buyer = await t.signUpAndIn('USER');
  const pan = `AABCT${String(1000 + ++panCounter).padStart(4, '0')}K`;
  const applied = await t.request({
    method: 'POST',
    url: '/u1/api/business',
    cookie: buyer.cookie,
    payload: {
      legalname: 'Trade Gems',
      gstin: gstinFor('03', pan),
      address: '1 Mall Road',
      city: 'Ludhiana',
      state: 'Punjab',
      pincode: '141001',
    },
  });
  expect(applied.statusCode, applied.body).toBe(201);
  const id = applied.json().business._id;
  const patched = await t.request({
    method: 'PATCH',
    url: `/u1/api/admin/businesses/${id}`,
    cookie: admin.cookie,
    payload: { pricegroupId: groupId, ...(status === 'pending' ? {} : { status }) },
  });
  expect(patched.statusCode, patched.body).toBe(200);
  return buyer;
}

const cart = async (cookie: string) =>
  CartItemsResponse.parse((await t.request({ method: 'GET', url: '/c2/api/all', cookie })).json()).data;
const myPrices = (ids: string[], cookie?: string) =>
  t.request({ method: 'GET', url: `/p1/api/my-prices?ids=${ids.join(',')}`, ...(cookie ? { cookie } : {}) });

describe('price groups (back-office)', () => {
  it('creates, lists, changes and deletes a group; a group in use is a 409; a name taken is a 409', async () => {
    const made = await group({ name: 'Dealers A', percentoff: 8, tiers: [{ minquantity: 10, percentoff: 12 }] });
    const again = await t.request({
      method: 'POST',
      url: '/p1/api/admin/price-groups',
      cookie: admin.cookie,
      payload: { name: 'dealers a', percentoff: 1 },
    });
    expect(again.statusCode).toBe(409);
    const listed = PriceGroupsResponse.parse(
      (await t.request({ method: 'GET', url: '/p1/api/admin/price-groups', cookie: admin.cookie })).json(),
    );
    expect(listed.pricegroups.find((g) => g._id === made._id)).toMatchObject({
      name: 'Dealers A',
      percentoff: 8,
      tiers: [{ minquantity: 10, percentoff: 12 }],
      categoryIds: [],
      businesses: 0,
    });
    const changed = await t.request({
      method: 'PATCH',
      url: `/p1/api/admin/price-groups/${made._id}`,
      cookie: admin.cookie,
      payload: { percentoff: 9 },
    });
    expect(changed.json().pricegroup).toMatchObject({ percentoff: 9, tiers: [{ minquantity: 10, percentoff: 12 }] });

    await trader(made._id);
    const inUse = await t.request({ method: 'DELETE', url: `/p1/api/admin/price-groups/${made._id}`, cookie: admin.cookie });
    expect(inUse.statusCode).toBe(409);
    const spare = await group({ percentoff: 1 });
    const gone = await t.request({ method: 'DELETE', url: `/p1/api/admin/price-groups/${spare._id}`, cookie: admin.cookie });
    expect(gone.statusCode).toBe(200);
    const missing = await t.request({ method: 'DELETE', url: `/p1/api/admin/price-groups/${spare._id}`, cookie: admin.cookie });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses percentages out of range, a tier below 2 and an unknown category (400)', async () => {
    const post = (payload: object) =>
      t.request({
        method: 'POST',
        url: '/p1/api/admin/price-groups',
        cookie: admin.cookie,
        payload: { name: 'Bad', ...payload },
      });
    expect((await post({ percentoff: 61 })).statusCode).toBe(400);
    expect((await post({ percentoff: 5, tiers: [{ minquantity: 1, percentoff: 10 }] })).statusCode).toBe(400);
    expect((await post({ percentoff: 5, tiers: [{ minquantity: 5, percentoff: 76 }] })).statusCode).toBe(400);
    const unknown = await post({ percentoff: 5, categoryIds: [crypto.randomUUID()] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('categoryIds');
  });

  it('is for ADMIN only: 401 signed out, 403 for a buyer, even an approved business', async () => {
    const g = await group({ percentoff: 5 });
    const buyer = await trader(g._id);
    expect((await t.request({ method: 'GET', url: '/p1/api/admin/price-groups' })).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', '/p1/api/admin/price-groups'],
      ['POST', '/p1/api/admin/price-groups'],
      ['PATCH', `/p1/api/admin/price-groups/${g._id}`],
      ['DELETE', `/p1/api/admin/price-groups/${g._id}`],
    ] as const) {
      const res = await t.request({
        method,
        url,
        cookie: buyer.cookie,
        payload: method === 'GET' || method === 'DELETE' ? undefined : { percentoff: 60, name: 'Mine' },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('trade prices in the cart, the checkout and the order', () => {
  it('takes a tier exactly at its minimum quantity, not one below, in the cart and at checkout', async () => {
    const where = await shelf();
    const g = await group({
      percentoff: 10,
      tiers: [
        { minquantity: 5, percentoff: 20 },
        { minquantity: 10, percentoff: 25 },
      ],
      categoryIds: [where.categoryId],
    });
    const buyer = await trader(g._id);
    const stone = await createProduct(t.database.db, { ...where, pricePaise: 100_001, stock: 50 });

    await s.add(buyer.cookie, stone.id, 4);
    // 4 units: the group's 10% (₹1,000.01 × 0.9 = ₹900.009 → ₹900.01)
    expect((await cart(buyer.cookie))[0]).toMatchObject({ productprice: 900.01, listprice: 1000.01, quantity: 4 });
    await s.add(buyer.cookie, stone.id, 1);
    // exactly 5: the 20% tier (₹800.008 → ₹800.01)
    expect((await cart(buyer.cookie))[0]).toMatchObject({ productprice: 800.01, quantity: 5 });
    const held = RazorpayOrderResponse.parse((await s.hold(buyer.cookie)).json());
    expect(held.razorpayOrder.amount).toBe(5 * 80_001);
    const order = await s.payAndPlace(buyer.cookie);
    expect(order.products[0]).toMatchObject({ productprice: 800.01, listprice: 1000.01, quantity: 5 });

    const prices = MyPricesResponse.parse((await myPrices([stone.id], buyer.cookie)).json()).prices;
    expect(prices).toEqual([
      {
        productId: stone.id,
        price: 900.01,
        tiers: [
          { minquantity: 5, price: 800.01 },
          { minquantity: 10, price: 750.01 },
        ],
      },
    ]);
  });

  it('covers only the group’s categories: another category is at retail', async () => {
    const covered = await shelf();
    const other = await shelf();
    const g = await group({ percentoff: 15, categoryIds: [covered.categoryId] });
    const buyer = await trader(g._id);
    const inside = await createProduct(t.database.db, { ...covered, pricePaise: 200_000 });
    const outside = await createProduct(t.database.db, { ...other, pricePaise: 200_000 });
    await s.add(buyer.cookie, inside.id, 1);
    await s.add(buyer.cookie, outside.id, 1);
    const lines = await cart(buyer.cookie);
    expect(lines.find((l) => l.productId === inside.id)).toMatchObject({ productprice: 1700, listprice: 2000 });
    expect(lines.find((l) => l.productId === outside.id)).toMatchObject({ productprice: 2000, listprice: 2000 });
    const held = RazorpayOrderResponse.parse((await s.hold(buyer.cookie)).json());
    expect(held.razorpayOrder.amount).toBe(170_000 + 200_000);
    const prices = MyPricesResponse.parse((await myPrices([outside.id, inside.id], buyer.cookie)).json()).prices;
    expect(prices).toEqual([
      { productId: outside.id, price: 2000, tiers: [] },
      { productId: inside.id, price: 1700, tiers: [] },
    ]);
  });

  it('gives the best of sale and group, never both', async () => {
    const where = await shelf();
    const g = await group({ percentoff: 10, tiers: [{ minquantity: 3, percentoff: 30 }] });
    const buyer = await trader(g._id);
    const stone = await createProduct(t.database.db, { ...where, pricePaise: 100_000, stock: 20 });
    const sale = await t.request({
      method: 'POST',
      url: '/p1/api/admin/sales',
      cookie: admin.cookie,
      payload: {
        name: 'Diwali',
        percentoff: 20,
        categoryId: where.categoryId,
        startsAt: new Date(now.getTime() - 60_000).toISOString(),
        endsAt: new Date(now.getTime() + 86_400_000).toISOString(),
      },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    await s.add(buyer.cookie, stone.id, 1);
    // the sale's 20% beats the group's 10% (not 28% stacked)
    expect((await cart(buyer.cookie))[0]).toMatchObject({ productprice: 800 });
    await s.add(buyer.cookie, stone.id, 2);
    // 3 units: the 30% tier beats the sale
    expect((await cart(buyer.cookie))[0]).toMatchObject({ productprice: 700 });
    const held = RazorpayOrderResponse.parse((await s.hold(buyer.cookie)).json());
    expect(held.razorpayOrder.amount).toBe(3 * 70_000);
    const prices = MyPricesResponse.parse((await myPrices([stone.id], buyer.cookie)).json()).prices;
    expect(prices).toEqual([{ productId: stone.id, price: 800, tiers: [{ minquantity: 3, price: 700 }] }]);
  });

  it('quotes shipping rates on the cart at trade prices: a free-above amount reached at list but not at trade', async () => {
    const where = await shelf();
    const g = await group({ percentoff: 20 });
    const buyer = await trader(g._id);
    const retail = await t.signUpAndIn('USER');
    // ₹60,000 at list, ₹48,000 at trade: India Express is free from ₹50,000
    const stone = await createProduct(t.database.db, { ...where, pricePaise: 6_000_000 });
    const express = async (cookie: string) => {
      const res = await t.request({ method: 'GET', url: '/o1/api/shipping-rates?country=IN', cookie });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().rates as { name: string; amount: number }[]).find((r) => r.name === 'Express')?.amount;
    };
    for (const who of [buyer, retail]) await s.add(who.cookie, stone.id, 1);
    expect(await express(retail.cookie)).toBe(0);
    expect(await express(buyer.cookie)).toBe(500);
  });

  it('prices a pending, rejected or suspended business, and a business without a group, at retail', async () => {
    const where = await shelf();
    const g = await group({ percentoff: 40 });
    const stone = await createProduct(t.database.db, { ...where, pricePaise: 100_000 });
    for (const status of ['pending', 'rejected', 'suspended'] as const) {
      const buyer = await trader(g._id, status);
      await s.add(buyer.cookie, stone.id, 1);
      expect((await cart(buyer.cookie))[0], status).toMatchObject({ productprice: 1000 });
      expect(RazorpayOrderResponse.parse((await s.hold(buyer.cookie)).json()).razorpayOrder.amount, status).toBe(100_000);
      expect(MyPricesResponse.parse((await myPrices([stone.id], buyer.cookie)).json()).prices[0]?.price, status).toBe(1000);
    }
    const noGroup = await trader(null);
    await s.add(noGroup.cookie, stone.id, 1);
    expect((await cart(noGroup.cookie))[0]).toMatchObject({ productprice: 1000 });
  });

  it('refuses a coupon to an approved business (409), at the coupon check and at checkout; a retail buyer may use it', async () => {
    const where = await shelf();
    const g = await group({ percentoff: 5 });
    const buyer = await trader(g._id);
    const retail = await t.signUpAndIn('USER');
    const stone = await createProduct(t.database.db, { ...where, pricePaise: 500_000 });
    const code = `TRADE${crypto.randomBytes(2).toString('hex').toUpperCase()}`;
    const made = await t.request({
      method: 'POST',
      url: '/p1/api/admin/coupons',
      cookie: admin.cookie,
      payload: {
        code,
        percentoff: 10,
        startsAt: new Date(now.getTime() - 60_000).toISOString(),
        endsAt: new Date(now.getTime() + 86_400_000).toISOString(),
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    for (const who of [buyer, retail]) await s.add(who.cookie, stone.id, 1);
    const check = await t.request({ method: 'POST', url: '/c2/api/coupon', cookie: buyer.cookie, payload: { code } });
    expect(check.statusCode).toBe(409);
    expect(check.json().message).toBe('Coupons cannot be combined with trade prices');
    const held = await s.hold(buyer.cookie, { shippinginfo: SHIPPING, coupon: code });
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe('Coupons cannot be combined with trade prices');
    const retailCheck = await t.request({ method: 'POST', url: '/c2/api/coupon', cookie: retail.cookie, payload: { code } });
    expect(retailCheck.statusCode, retailCheck.body).toBe(200);
  });

  it('holds an approved business to the minimum trade order, at trade prices; a retail buyer is not held to it', async () => {
    const where = await shelf();
    const g = await group({ percentoff: 50 });
    const buyer = await trader(g._id);
    const retail = await t.signUpAndIn('USER');
    const stone = await createProduct(t.database.db, { ...where, pricePaise: 300_000, stock: 10 });
    const set = (trademinorder: number) =>
      t.request({ method: 'PUT', url: '/a1/api/admin/settings', cookie: admin.cookie, payload: { trademinorder } });
    const saved = await set(2000);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.trademinorder).toBe(2000);
    try {
      await s.add(buyer.cookie, stone.id, 1); // ₹1,500 at trade prices, ₹3,000 at list
      const short = await s.hold(buyer.cookie);
      expect(short.statusCode).toBe(409);
      expect(short.json().message).toBe('A trade order must come to at least ₹2,000.00 before shipping');
      await s.add(retail.cookie, stone.id, 1);
      expect((await s.hold(retail.cookie)).statusCode).toBe(200);
      await s.add(buyer.cookie, stone.id, 1); // ₹3,000 at trade prices
      expect((await s.hold(buyer.cookie)).statusCode).toBe(200);
    } finally {
      expect((await set(0)).statusCode).toBe(200);
    }
  });
});

describe('GET /p1/api/my-prices', () => {
  it('answers each caller their own prices, private and never kept by the answer cache', async () => {
    const where = await shelf();
    const g = await group({ percentoff: 25 });
    const buyer = await trader(g._id);
    const other = await t.signUpAndIn('USER');
    const stone = await createProduct(t.database.db, { ...where, pricePaise: 100_000 });

    const first = await myPrices([stone.id], buyer.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.headers.etag).toBeUndefined();
    expect(first.json().prices[0].price).toBe(750);
    for (const res of [await myPrices([stone.id], other.cookie), await myPrices([stone.id])]) {
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.json().prices).toEqual([{ productId: stone.id, price: 1000, tiers: [] }]);
    }
    // asked again in the same order, the business still gets its own answer (nothing was kept and shared)
    expect((await myPrices([stone.id], buyer.cookie)).json().prices[0].price).toBe(750);
    // a suspended business is at retail at once
    const [b] = await t.database.query<{ id: string }>('select id from businesses where user_id = $1', [buyer.id]);
    await t.request({
      method: 'PATCH',
      url: `/u1/api/admin/businesses/${b?.id}`,
      cookie: admin.cookie,
      payload: { status: 'suspended', reason: 'Unpaid' },
    });
    expect((await myPrices([stone.id], buyer.cookie)).json().prices[0].price).toBe(1000);
  });

  it('answers in the order asked, leaves a switched-off product out, and reads each price fresh every time', async () => {
    const where = await shelf();
    const g = await group({ percentoff: 20, tiers: [{ minquantity: 5, percentoff: 30 }] });
    const buyer = await trader(g._id);
    const [a, b, off] = [
      await createProduct(t.database.db, { ...where, pricePaise: 100_000 }),
      await createProduct(t.database.db, { ...where, pricePaise: 250_000 }),
      await createProduct(t.database.db, { ...where, pricePaise: 50_000, isActive: false }),
    ];
    const ask = async () => MyPricesResponse.parse((await myPrices([b.id, off.id, a.id], buyer.cookie)).json()).prices;
    expect(await ask()).toEqual([
      { productId: b.id, price: 2000, tiers: [{ minquantity: 5, price: 1750 }] },
      { productId: a.id, price: 800, tiers: [{ minquantity: 5, price: 700 }] },
    ]);
    // Changed behind the shop's back: the next answer has the new list price and the product switched on.
    await t.database.query('update products set price_paise = 300000 where id = $1', [b.id]);
    await t.database.query('update products set is_active = true where id = $1', [off.id]);
    expect(await ask()).toEqual([
      { productId: b.id, price: 2400, tiers: [{ minquantity: 5, price: 2100 }] },
      { productId: off.id, price: 400, tiers: [{ minquantity: 5, price: 350 }] },
      { productId: a.id, price: 800, tiers: [{ minquantity: 5, price: 700 }] },
    ]);
    // and for a retail buyer, the storefront price, no tiers
    const retail = MyPricesResponse.parse((await myPrices([a.id])).json()).prices;
    expect(retail).toEqual([{ productId: a.id, price: 1000, tiers: [] }]);
  });

  it('leaves unknown ids out and refuses more than 60 ids or a malformed one (400)', async () => {
    const stone = await createProduct(t.database.db, { pricePaise: 100_000 });
    const res = await myPrices([crypto.randomUUID(), stone.id]);
    expect(res.json().prices.map((p: { productId: string }) => p.productId)).toEqual([stone.id]);
    const many = Array.from({ length: 61 }, () => crypto.randomUUID());
    expect((await myPrices(many)).statusCode).toBe(400);
    expect((await myPrices(['not-an-id'])).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/p1/api/my-prices' })).statusCode).toBe(400);
  });
});
