// @postgres: sale windows and sale-price sorting in SQL
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilterResponse, ProductBySlugResponse, ProductsResponse } from '../../../contract/catalogue.js';
import { nameToFilterWord } from '../../../contract/filter.js';
import { CartItemsResponse, OrderResponse, RazorpayOrderResponse, SandboxPayResponse } from '../../../contract/orders.js';
import { AdminSaleResponse, AdminSalesResponse, SalesResponse } from '../../../contract/promotions.js';
import { categories, subcategories } from '../../db/schema.js';
import { salePaise } from '../../domain/sale-price.js';
import { createProduct, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';

/** The instant the shop prices at: tests move it. */
let now = new Date('2026-11-24T06:30:00.000Z');
let t: TestApp;
let admin: TestUser;
let s: ReturnType<typeof shop>;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  admin = await t.signUpAndIn('ADMIN');
  s = shop(t);
});
afterAll(() => t.close());

const iso = (d: Date) => d.toISOString();
const minutes = (m: number) => new Date(now.getTime() + m * 60_000);

/** A category of its own (name, filter word) with one subcategory, so each test sees only its products. */
async function shelf(label = 'Saletest') {
  const tag = crypto.randomBytes(3).toString('hex');
  const [c] = await t.database.db
    .insert(categories)
    .values({ name: `${label} ${tag}` })
    .returning();
  const category = c as { id: string; name: string };
  const [sc] = await t.database.db
    .insert(subcategories)
    .values({ name: `Emerald ${tag}`, categoryId: category.id })
    .returning();
  return { category, sub: sc as { id: string; name: string }, word: nameToFilterWord(category.name) };
}

async function createSale(body: object) {
  return t.request({ method: 'POST', url: '/p1/api/admin/sales', cookie: admin.cookie, payload: body });
}
async function sale(body: object) {
  const res = await createSale({ startsAt: iso(minutes(-60)), endsAt: iso(minutes(60 * 24 * 10)), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return AdminSaleResponse.parse(res.json()).sale;
}
async function slug(slugValue: string) {
  const res = await t.request({ method: 'GET', url: `/p1/api/slug/${slugValue}` });
  expect(res.statusCode).toBe(200);
  return ProductBySlugResponse.parse(res.json());
}
async function listing(term: string) {
  const res = await t.request({ method: 'GET', url: `/p1/api/filter/${term}` });
  expect(res.statusCode, res.body).toBe(200);
  return FilterResponse.parse(res.json());
}

describe('a sale on a subcategory', () => {
  it('prices every storefront answer, the cart, the checkout and the order at the sale price', async () => {
    const { category, sub, word } = await shelf();
    const stone = await createProduct(t.database.db, {
      categoryId: category.id,
      subcategoryId: sub.id,
      pricePaise: 99_999,
      name: `Zambian Emerald ${word}`,
    });
    const other = await createProduct(t.database.db, { categoryId: category.id, subcategoryId: sub.id, pricePaise: 50_000 });
    const made = await sale({ name: 'Emerald week', percentoff: 15, subcategoryId: sub.id });
    expect(made).toMatchObject({ name: 'Emerald week', percentoff: 15, subcategoryId: sub.id, status: 'running' });
    expect(made.categoryId).toBeUndefined();

    // ₹999.99 × 0.85 = ₹849.9915 → ₹849.99
    const expected = { saleprice: 849.99, sale: { name: 'Emerald week', percentoff: 15, endsAt: made.endsAt } };
    const page = await slug(stone.slug);
    expect(page.product).toMatchObject({ productprice: 999.99, ...expected });
    expect(page.relatedProducts.find((p) => p._id === other.id)).toMatchObject({ productprice: 500, saleprice: 425 });

    const listed = await listing(word);
    expect(listed.products.find((p) => p._id === stone.id)).toMatchObject(expected);
    const latest = ProductsResponse.parse((await t.request({ method: 'GET', url: '/p1/api/latest/all?limit=50' })).json());
    expect(latest.products.find((p) => p._id === stone.id)).toMatchObject(expected);
    const best = ProductsResponse.parse((await t.request({ method: 'GET', url: '/p1/api/best/all?limit=50' })).json());
    expect(best.products.find((p) => p._id === stone.id)).toMatchObject(expected);

    const running = SalesResponse.parse((await t.request({ method: 'GET', url: '/p1/api/sales' })).json());
    expect(running.sales.find((x) => x._id === made._id)).toEqual({
      _id: made._id,
      name: 'Emerald week',
      percentoff: 15,
      subcategoryId: sub.id,
      startsAt: made.startsAt,
      endsAt: made.endsAt,
    });

    // The cart shows the price paid now and the list price; the checkout and the order take the same.
    const shopper = await t.signUpAndIn();
    expect((await s.add(shopper.cookie, stone.id, 2)).statusCode).toBe(200);
    const cart = CartItemsResponse.parse((await t.request({ method: 'GET', url: '/c2/api/all', cookie: shopper.cookie })).json());
    expect(cart.data[0]).toMatchObject({ productprice: 849.99, listprice: 999.99 });
    const held = RazorpayOrderResponse.parse((await s.hold(shopper.cookie)).json());
    expect(held.razorpayOrder.amount).toBe(2 * 84_999);
    expect(held.totalamount).toBe(1699.98);
    const paid = SandboxPayResponse.parse((await s.sandboxPay(shopper.cookie, held.razorpayOrder.id)).json());
    if (!paid.success) throw new Error('payment failed');
    const placed = await s.verify(shopper.cookie, paid);
    expect(placed.statusCode).toBe(201);
    const order = OrderResponse.parse(placed.json()).order;
    expect(order).toMatchObject({ paymentstatus: 'Paid', totalamount: 1699.98, discountamount: 0, couponcode: '' });
    expect(order.products[0]).toMatchObject({ productprice: 849.99, listprice: 999.99, quantity: 2 });

    // The sale ends: new answers are at the list price again, the order keeps what was paid.
    const ended = await t.request({
      method: 'PATCH',
      url: `/p1/api/admin/sales/${made._id}`,
      cookie: admin.cookie,
      payload: { endsAt: iso(now) },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(AdminSaleResponse.parse(ended.json()).sale.status).toBe('ended');
    expect((await slug(stone.slug)).product).toMatchObject({ productprice: 999.99, saleprice: null, sale: null });
    const mine = (await s.myOrders(shopper.cookie)).json();
    expect(mine.orders[0].products[0]).toMatchObject({ productprice: 849.99, listprice: 999.99 });
  });

  it('rounds half up to the paisa', async () => {
    expect(salePaise(1001, 50)).toBe(501); // ₹10.01 at 50% = ₹5.005 → ₹5.01
    expect(salePaise(999, 50)).toBe(500); // ₹4.995 → ₹5.00
    expect(salePaise(99_999, 15)).toBe(84_999);
    const { category, sub } = await shelf();
    const stone = await createProduct(t.database.db, { categoryId: category.id, subcategoryId: sub.id, pricePaise: 1001 });
    await sale({ name: 'Half', percentoff: 50, productIds: [stone.id] });
    expect((await slug(stone.slug)).product.saleprice).toBe(5.01);
  });
});

describe('sale windows', () => {
  it('runs from the instant it starts, and not at the instant it ends', async () => {
    const { category, sub } = await shelf();
    const early = await createProduct(t.database.db, { categoryId: category.id, subcategoryId: sub.id, pricePaise: 100_000 });
    const late = await createProduct(t.database.db, { categoryId: category.id, subcategoryId: sub.id, pricePaise: 100_000 });
    const boundary = new Date(now.getTime() + 3_600_000);
    await sale({ name: 'Starts', percentoff: 10, productIds: [early.id], startsAt: iso(boundary), endsAt: iso(minutes(600)) });
    await sale({ name: 'Ends', percentoff: 20, productIds: [late.id], startsAt: iso(minutes(-600)), endsAt: iso(boundary) });

    const saved = now;
    try {
      now = new Date(boundary.getTime() - 1);
      expect((await slug(early.slug)).product.saleprice).toBeNull();
      expect((await slug(late.slug)).product.saleprice).toBe(800);
      now = boundary;
      expect((await slug(early.slug)).product.saleprice).toBe(900);
      expect((await slug(late.slug)).product.saleprice).toBeNull();
      const running = SalesResponse.parse((await t.request({ method: 'GET', url: '/p1/api/sales' })).json());
      expect(running.sales.map((x) => x.name)).toContain('Starts');
      expect(running.sales.map((x) => x.name)).not.toContain('Ends');
      // The cart prices at the same instant.
      const shopper = await t.signUpAndIn();
      await s.add(shopper.cookie, early.id, 1);
      await s.add(shopper.cookie, late.id, 1);
      const cart = CartItemsResponse.parse(
        (await t.request({ method: 'GET', url: '/c2/api/all', cookie: shopper.cookie })).json(),
      );
      const byId = new Map(cart.data.map((l) => [l.productId, l]));
      expect(byId.get(early.id)).toMatchObject({ productprice: 900, listprice: 1000 });
      expect(byId.get(late.id)).toMatchObject({ productprice: 1000, listprice: 1000 });
    } finally {
      now = saved;
    }
  });

  it('shows a scheduled sale to the admin but not to shoppers', async () => {
    const { category, sub } = await shelf();
    const stone = await createProduct(t.database.db, { categoryId: category.id, subcategoryId: sub.id });
    const later = await sale({
      name: 'Next week',
      percentoff: 30,
      categoryId: category.id,
      startsAt: iso(minutes(60 * 24 * 7)),
      endsAt: iso(minutes(60 * 24 * 8)),
    });
    expect(later.status).toBe('scheduled');
    expect((await slug(stone.slug)).product.sale).toBeNull();
    const all = AdminSalesResponse.parse(
      (await t.request({ method: 'GET', url: '/p1/api/admin/sales', cookie: admin.cookie })).json(),
    );
    expect(all.sales.find((x) => x._id === later._id)).toMatchObject({ target: category.name, status: 'scheduled' });
  });
});

describe('overlapping sales', () => {
  it('takes the largest percentage and never stacks them', async () => {
    const { category, sub } = await shelf();
    const stone = await createProduct(t.database.db, { categoryId: category.id, subcategoryId: sub.id, pricePaise: 200_000 });
    await sale({ name: 'Category 10', percentoff: 10, categoryId: category.id });
    await sale({ name: 'Subcategory 25', percentoff: 25, subcategoryId: sub.id });
    await sale({ name: 'Product 15', percentoff: 15, productIds: [stone.id] });
    const { product } = await slug(stone.slug);
    expect(product).toMatchObject({ productprice: 2000, saleprice: 1500, sale: { name: 'Subcategory 25', percentoff: 25 } });
    // not 2000 × 0.9 × 0.75 × 0.85
    expect(product.saleprice).not.toBe(1147.5);
  });
});

describe('listing on the price a shopper pays', () => {
  it('sorts and filters by sale prices', async () => {
    const { category, sub, word } = await shelf();
    const onSale = await createProduct(t.database.db, { categoryId: category.id, subcategoryId: sub.id, pricePaise: 100_000 });
    const plain = await createProduct(t.database.db, { categoryId: category.id, subcategoryId: sub.id, pricePaise: 70_000 });
    await sale({ name: 'Half off', percentoff: 50, productIds: [onSale.id] });
    const ids = (r: Awaited<ReturnType<typeof listing>>) => r.products.map((p) => p._id);
    expect(ids(await listing(`${word}-sort-asc`))).toEqual([onSale.id, plain.id]);
    expect(ids(await listing(`${word}-sort-desc`))).toEqual([plain.id, onSale.id]);
    const cheap = await listing(`${word}-max-600`);
    expect(ids(cheap)).toEqual([onSale.id]);
    expect(cheap.pagination.totalCount).toBe(1);
    const dear = await listing(`${word}-min-600`);
    expect(ids(dear)).toEqual([plain.id]);
    expect(dear.pagination.totalCount).toBe(1);
    expect(ids(await listing(`${word}-min-500-max-500`))).toEqual([onSale.id]);
  });
});

describe('inactive products', () => {
  it('are neither listed nor sold while their category is on sale, and show the sale when active again', async () => {
    const { category, sub, word } = await shelf();
    const hidden = await createProduct(t.database.db, { categoryId: category.id, subcategoryId: sub.id, isActive: false });
    const shown = await createProduct(t.database.db, { categoryId: category.id, subcategoryId: sub.id });
    await sale({ name: 'Everything', percentoff: 20, categoryId: category.id });
    const listed = await listing(word);
    expect(listed.products.map((p) => p._id)).toEqual([shown.id]);
    expect((await t.request({ method: 'GET', url: `/p1/api/slug/${hidden.slug}` })).statusCode).toBe(404);
    const shopper = await t.signUpAndIn();
    expect((await s.add(shopper.cookie, hidden.id, 1)).statusCode).toBe(409);
    const toggled = await t.request({ method: 'PATCH', url: `/p1/api/status/${hidden.id}`, cookie: admin.cookie });
    expect(toggled.statusCode, toggled.body).toBe(200);
    expect((await slug(hidden.slug)).product).toMatchObject({ productprice: 2500, saleprice: 2000 });
  });
});

describe('sale administration', () => {
  it('refuses visitors and shoppers before looking at the input', async () => {
    const shopper = await t.signUpAndIn();
    for (const [method, url] of [
      ['GET', '/p1/api/admin/sales'],
      ['POST', '/p1/api/admin/sales'],
      ['PATCH', `/p1/api/admin/sales/${crypto.randomUUID()}`],
      ['DELETE', `/p1/api/admin/sales/${crypto.randomUUID()}`],
    ] as const) {
      expect(
        (await t.request({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} })).statusCode,
      ).toBe(401);
      expect(
        (
          await t.request({
            method,
            url,
            cookie: shopper.cookie,
            payload: method === 'GET' || method === 'DELETE' ? undefined : {},
          })
        ).statusCode,
      ).toBe(403);
    }
  });

  it('refuses bad sales with the field at fault', async () => {
    const { category, sub } = await shelf();
    const base = { name: 'Bad', percentoff: 10, startsAt: iso(now), endsAt: iso(minutes(60)) };
    const cases: [object, string][] = [
      [{ ...base }, 'target'],
      [{ ...base, categoryId: category.id, subcategoryId: sub.id }, 'target'],
      [{ ...base, categoryId: category.id, percentoff: 0 }, 'percentoff'],
      [{ ...base, categoryId: category.id, percentoff: 91 }, 'percentoff'],
      [{ ...base, categoryId: category.id, percentoff: 12.5 }, 'percentoff'],
      [{ ...base, categoryId: category.id, endsAt: base.startsAt }, 'endsAt'],
      [{ ...base, categoryId: category.id, startsAt: '2026-11-24 10:00' }, 'startsAt'],
      [{ ...base, categoryId: crypto.randomUUID() }, 'categoryId'],
      [{ ...base, productIds: [crypto.randomUUID()] }, 'productIds'],
      [{ ...base, categoryId: category.id, name: '  ' }, 'name'],
    ];
    for (const [body, path] of cases) {
      const res = await createSale(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const made = await sale({ name: 'Fine', percentoff: 10, categoryId: category.id });
    const backwards = await t.request({
      method: 'PATCH',
      url: `/p1/api/admin/sales/${made._id}`,
      cookie: admin.cookie,
      payload: { endsAt: made.startsAt },
    });
    expect(backwards.statusCode).toBe(400);
    const missing = await t.request({
      method: 'PATCH',
      url: `/p1/api/admin/sales/${crypto.randomUUID()}`,
      cookie: admin.cookie,
      payload: { name: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    const deleted = await t.request({ method: 'DELETE', url: `/p1/api/admin/sales/${made._id}`, cookie: admin.cookie });
    expect(deleted.statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `/p1/api/admin/sales/${made._id}`, cookie: admin.cookie })).statusCode).toBe(
      404,
    );
  });

  it('moves a sale to another target', async () => {
    const a = await shelf();
    const b = await shelf();
    const inA = await createProduct(t.database.db, { categoryId: a.category.id, subcategoryId: a.sub.id, pricePaise: 10_000 });
    const inB = await createProduct(t.database.db, { categoryId: b.category.id, subcategoryId: b.sub.id, pricePaise: 10_000 });
    const made = await sale({ name: 'Moving', percentoff: 40, categoryId: a.category.id });
    expect((await slug(inA.slug)).product.saleprice).toBe(60);
    const moved = await t.request({
      method: 'PATCH',
      url: `/p1/api/admin/sales/${made._id}`,
      cookie: admin.cookie,
      payload: { subcategoryId: b.sub.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(AdminSaleResponse.parse(moved.json()).sale).toMatchObject({ subcategoryId: b.sub.id });
    expect(AdminSaleResponse.parse(moved.json()).sale.categoryId).toBeUndefined();
    expect((await slug(inA.slug)).product.saleprice).toBeNull();
    expect((await slug(inB.slug)).product.saleprice).toBe(60);
  });
});
