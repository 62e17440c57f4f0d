// @postgres: the zones are replaced under a lock; two saves at once must leave one whole set
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MyOrdersResponse, OrderResponse, RazorpayOrderResponse, SandboxPayResponse } from '../../../contract/orders.js';
import { ShippingRatesResponse, type ShippingZone, ShippingZonesResponse } from '../../../contract/shipping-zones.js';
import { invoices, orders, outbox } from '../../db/schema.js';
import { createProduct, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { render } from '../outbox/templates.js';

let t: TestApp;
let s: ReturnType<typeof shop>;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  s = shop(t);
  admin = await t.signUpAndIn('ADMIN');
});
afterAll(() => t.close());

const zonesNow = async () => {
  const res = await t.request({ method: 'GET', url: '/a1/api/shipping/zones' });
  expect(res.statusCode).toBe(200);
  return ShippingZonesResponse.parse(res.json()).zones;
};
const putZones = (cookie: string, zones: unknown) =>
  t.request({ method: 'PUT', url: '/a1/api/admin/shipping/zones', cookie, payload: { zones } });
const rates = (cookie: string, country: string, coupon?: string) =>
  t.request({
    method: 'GET',
    url: `/o1/api/shipping-rates?country=${country}${coupon ? `&coupon=${coupon}` : ''}`,
    cookie,
  });

/** A shopper whose cart holds one product at this price. */
async function shopperWithCart(pricePaise: number) {
  const user = await t.signUpAndIn();
  const p = await createProduct(t.database.db, { stock: 5, pricePaise });
  expect((await s.add(user.cookie, p.id, 1)).statusCode).toBe(200);
  return user;
}
const quoted = async (user: TestUser, country: string) => {
  const res = await rates(user.cookie, country);
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(ShippingRatesResponse.parse(res.json()).rates.map((r) => [r.name, r]));
};

describe('the zones every shop starts with', () => {
  it('India has Standard (free, 3–10 days) and Express (₹500, free above ₹50,000, 2–5); Worldwide every other country', async () => {
    const zones = await zonesNow();
    const india = zones.find((z) => z.name === 'India');
    const world = zones.find((z) => z.name === 'Worldwide');
    expect(india?.countries).toEqual(['IN']);
    expect(india?.rates.map(({ _id, ...r }) => r)).toEqual([
      { name: 'Standard', price: 0, freeabove: null, mindays: 3, maxdays: 10 },
      { name: 'Express', price: 500, freeabove: 50_000, mindays: 2, maxdays: 5 },
    ]);
    expect(world?.countries).toHaveLength(248);
    expect(world?.countries).toEqual(expect.arrayContaining(['US', 'GB', 'AE', 'JP', 'KW']));
    expect(world?.countries).not.toContain('IN');
    expect(world?.rates.map(({ _id, ...r }) => r)).toEqual([
      { name: 'Insured international', price: 4000, freeabove: 150_000, mindays: 7, maxdays: 15 },
    ]);
  });
});

describe('who may do what', () => {
  it('only an admin replaces the zones (a shopper 403, a visitor 401); rates need a signed-in shopper', async () => {
    const before = await zonesNow();
    const user = await t.signUpAndIn();
    expect((await putZones(user.cookie, [])).statusCode).toBe(403);
    expect((await t.request({ method: 'PUT', url: '/a1/api/admin/shipping/zones', payload: { zones: [] } })).statusCode).toBe(
      401,
    );
    expect((await t.request({ method: 'GET', url: '/o1/api/shipping-rates?country=IN' })).statusCode).toBe(401);
    expect(await zonesNow()).toEqual(before);
  });
});

describe('free above the threshold', () => {
  it('exactly at the free-above amount the rate is free; a paisa below it is charged', async () => {
    const at = await quoted(await shopperWithCart(5_000_000), 'IN');
    expect(at.Express).toMatchObject({ amount: 0, mindays: 2, maxdays: 5 });
    expect(at.Standard).toMatchObject({ amount: 0, mindays: 3, maxdays: 10 });
    const below = await quoted(await shopperWithCart(4_999_999), 'IN');
    expect(below.Express?.amount).toBe(500);

    const abroadAt = await quoted(await shopperWithCart(15_000_000), 'us');
    expect(abroadAt['Insured international']).toMatchObject({ amount: 0, mindays: 7, maxdays: 15 });
    const abroadBelow = await quoted(await shopperWithCart(14_999_999), 'US');
    expect(abroadBelow['Insured international']?.amount).toBe(4000);
  });

  it('Buy Now’s rates are its line’s alone: the rest of the cart does not make it free; a line not in the cart is a 409', async () => {
    const user = await shopperWithCart(4_000_000);
    const ring = await createProduct(t.database.db, { stock: 5, pricePaise: 2_000_000 });
    expect((await s.add(user.cookie, ring.id, 1)).statusCode).toBe(200);
    const cart = await t.request({ method: 'GET', url: '/c2/api/all', cookie: user.cookie });
    const line = cart.json().data.find((l: { productId: string }) => l.productId === ring.id);
    // the whole cart is ₹60,000: Express is free
    expect((await quoted(user, 'IN')).Express?.amount).toBe(0);
    // the ring alone is ₹20,000: Express is charged, as its Buy Now checkout charges it
    const alone = await t.request({
      method: 'GET',
      url: `/o1/api/shipping-rates?country=IN&buy=${line.cartItemId}&qty=1`,
      cookie: user.cookie,
    });
    expect(alone.statusCode, alone.body).toBe(200);
    expect(ShippingRatesResponse.parse(alone.json()).rates.find((r) => r.name === 'Express')?.amount).toBe(500);
    const someoneElses = await t.request({
      method: 'GET',
      url: `/o1/api/shipping-rates?country=IN&buy=${line.cartItemId}`,
      cookie: (await shopperWithCart(100_000)).cookie,
    });
    expect(someoneElses.statusCode).toBe(409);
    expect(
      (await t.request({ method: 'GET', url: '/o1/api/shipping-rates?country=IN&buy=nope', cookie: user.cookie })).statusCode,
    ).toBe(400);
  });

  it('the threshold is met by the subtotal after the coupon, not before it', async () => {
    const user = await shopperWithCart(5_000_000);
    const code = `SHIP${Date.now() % 100_000}`;
    const coupon = await t.request({
      method: 'POST',
      url: '/p1/api/admin/coupons',
      cookie: admin.cookie,
      payload: {
        code,
        percentoff: 10,
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(coupon.statusCode, coupon.body).toBe(201);
    const res = await rates(user.cookie, 'IN', code);
    expect(res.statusCode, res.body).toBe(200);
    const express = ShippingRatesResponse.parse(res.json()).rates.find((r) => r.name === 'Express');
    expect(express?.amount).toBe(500);
  });
});

describe('the chosen rate is charged', () => {
  it('Express is added to the amount paid in the sandbox, and the order and My Orders show it', async () => {
    const user = await shopperWithCart(1_000_000);
    const express = (await quoted(user, 'IN')).Express;
    if (!express) throw new Error('no Express rate');
    const held = await s.hold(user.cookie, { shippinginfo: SHIPPING, shippingrate: express._id });
    expect(held.statusCode, held.body).toBe(200);
    const body = RazorpayOrderResponse.parse(held.json());
    expect(body.totalamount).toBe(10_500);
    expect(body.razorpayOrder.amount).toBe(1_050_000);
    expect(body.shipping).toEqual({ name: 'Express', amount: 500, mindays: 2, maxdays: 5 });

    const paid = SandboxPayResponse.parse((await s.sandboxPay(user.cookie, body.razorpayOrder.id)).json());
    if (!paid.success) throw new Error('sandbox payment failed');
    const placed = await s.verify(user.cookie, paid);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = OrderResponse.parse(placed.json()).order;
    expect(order).toMatchObject({
      paymentstatus: 'Paid',
      totalamount: 10_500,
      shippingamount: 500,
      shipping: { name: 'Express', amount: 500, mindays: 2, maxdays: 5 },
    });
    const listed = MyOrdersResponse.parse((await s.myOrders(user.cookie)).json());
    expect(listed.orders[0]).toMatchObject({ _id: order._id, shippingamount: 500, shipping: { name: 'Express' } });

    // the tax invoice carries the shipping as its own line, taxed as the order's largest line, and adds up
    const [inv] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, order._id));
    expect(inv?.totalPaise).toBe(1_050_000);
    expect(inv?.discountPaise).toBe(0);
    const [goods, ship] = inv?.lines ?? [];
    expect(ship).toMatchObject({ description: 'Shipping and insurance', quantity: 1, valuePaise: 50_000 });
    expect(ship?.hsn).toBe(goods?.hsn);
    expect(ship?.rateBp).toBe(goods?.rateBp);
    const pdf = await t.request({ method: 'GET', url: `/o1/api/invoice/${order._id}`, cookie: user.cookie });
    expect(pdf.statusCode).toBe(200);

    // the order's message names the rate, its days and price beside the lines
    const messages = await t.database.db.select().from(outbox).where(eq(outbox.template, 'order_placed'));
    const mine = messages.find((m) => m.data.orderId === order._id);
    expect(mine?.data.shipping).toEqual({ name: 'Express', price: 500, mindays: 2, maxdays: 5 });
    const mail = render('order_placed', 'en', mine?.data ?? {}, 'https://shop.example');
    expect(mail.text).toContain('- Shipping: Express (2–5 business days) × 1: ₹500');
  });

  it("an address abroad given only with the payment never ships at India's rate: the checkout's address is kept, or the order waits for one", async () => {
    const abroad = {
      country: 'US',
      fullname: 'Jane Roe',
      mobileno: '+1 415 555 0123',
      address: '1 Market St',
      city: 'San Francisco',
      state: 'CA',
      pincode: '94105',
    };
    const place = async (user: TestUser, holdPayload: object, withPayment: object = abroad) => {
      const held = await s.hold(user.cookie, holdPayload);
      expect(held.statusCode, held.body).toBe(200);
      const paid = SandboxPayResponse.parse(
        (await s.sandboxPay(user.cookie, RazorpayOrderResponse.parse(held.json()).razorpayOrder.id)).json(),
      );
      if (!paid.success) throw new Error('sandbox payment failed');
      const placed = await t.request({
        method: 'POST',
        url: '/o1/api/verify-and-place',
        cookie: user.cookie,
        payload: { ...paid, shippinginfo: withPayment },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      return OrderResponse.parse(placed.json()).order;
    };

    const flagOf = async (id: string) =>
      (await t.database.db.select({ flag: orders.flag }).from(orders).where(eq(orders.id, id)))[0]?.flag;

    // charged Standard for an Indian address, then a US address with the payment: the Indian one is kept
    const kept = await place(await shopperWithCart(1_000_000), { shippinginfo: SHIPPING });
    expect(kept).toMatchObject({ shippingamount: 0, shippinginfo: { pincode: SHIPPING.pincode } });
    expect((kept.shippinginfo as { country?: string }).country ?? 'IN').toBe('IN');

    // charged for India with no address at all, then a US address: placed, flagged for its shipping details
    const waiting = await place(await shopperWithCart(1_000_000), {});
    expect(waiting.shippingamount).toBe(0);
    expect((waiting.shippinginfo as { country?: string }).country ?? 'IN').not.toBe('US');
    expect(await flagOf(waiting._id)).toBe('shipping_missing');

    // the same country with the payment is taken as the buyer typed it
    const amritsar = { ...SHIPPING, city: 'Amritsar', pincode: '143001' };
    const moved = await place(await shopperWithCart(1_000_000), { shippinginfo: SHIPPING }, amritsar);
    expect(moved.shippinginfo).toMatchObject({ city: 'Amritsar', pincode: '143001' });
    expect(await flagOf(moved._id)).toBeNull();
  });

  it('without a choice the cheapest rate is charged (Standard, free, for India)', async () => {
    const user = await shopperWithCart(1_000_000);
    const order = await s.payAndPlace(user.cookie);
    expect(order).toMatchObject({ totalamount: 10_000, shippingamount: 0, shipping: { name: 'Standard', amount: 0 } });
  });

  it("a rate of another country's zone, or an unknown one, is refused (400) and nothing is held", async () => {
    const user = await shopperWithCart(1_000_000);
    const world = (await zonesNow()).find((z) => z.name === 'Worldwide')?.rates[0];
    const other = await s.hold(user.cookie, { shippinginfo: SHIPPING, shippingrate: world?._id });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('This shipping rate is not offered for India');
    const unknown = await s.hold(user.cookie, {
      shippinginfo: SHIPPING,
      shippingrate: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('replacing the zones', () => {
  const body = (zones: ShippingZone[]) => zones.map((z) => ({ ...z, rates: z.rates.map((r) => ({ ...r })) }));

  it('refuses a country in two zones, a code that is not ISO, and a rate with more fewest days than most — changing nothing', async () => {
    const before = await zonesNow();
    const overlap = await putZones(admin.cookie, [
      ...body(before),
      { name: 'Gulf', countries: ['AE', 'SA'], rates: [{ name: 'Air', price: 2000, freeabove: null, mindays: 3, maxdays: 6 }] },
    ]);
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().message).toBe('United Arab Emirates is in two zones: Worldwide and Gulf');

    const notIso = await putZones(admin.cookie, [{ name: 'Somewhere', countries: ['XX'], rates: [] }]);
    expect(notIso.statusCode).toBe(400);
    expect(notIso.json().message).toBe('"XX" is not an ISO country code');

    const days = await putZones(admin.cookie, [
      { name: 'India', countries: ['IN'], rates: [{ name: 'Slow', price: 0, freeabove: null, mindays: 9, maxdays: 3 }] },
    ]);
    expect(days.statusCode).toBe(400);
    expect(await zonesNow()).toEqual(before);
  });

  it('a country taken out of every zone gets a clear sentence (409); ids sent back are kept', async () => {
    const before = await zonesNow();
    const user = await shopperWithCart(1_000_000);
    const without = body(before).map((z) => ({ ...z, countries: z.countries.filter((c) => c !== 'US') }));
    const saved = await putZones(admin.cookie, without);
    expect(saved.statusCode, saved.body).toBe(200);
    const zones = ShippingZonesResponse.parse(saved.json()).zones;
    expect(zones.map((z) => z._id)).toEqual(before.map((z) => z._id));
    expect(zones.flatMap((z) => z.rates.map((r) => r._id))).toEqual(before.flatMap((z) => z.rates.map((r) => r._id)));

    const res = await rates(user.cookie, 'US');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('We do not ship to United States yet');

    expect((await putZones(admin.cookie, body(before))).statusCode).toBe(200);
    expect((await rates(user.cookie, 'US')).statusCode).toBe(200);
  });

  it('two saves at once leave one whole set, never both', async () => {
    const before = await zonesNow();
    const a = body(before).map((z) => ({ ...z, name: `${z.name} A` }));
    const b = body(before).map((z) => ({ ...z, name: `${z.name} B` }));
    const [ra, rb] = await Promise.all([putZones(admin.cookie, a), putZones(admin.cookie, b)]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    const names = (await zonesNow()).map((z) => z.name);
    expect([
      ['India A', 'Worldwide A'],
      ['India B', 'Worldwide B'],
    ]).toContainEqual(names);
    expect((await putZones(admin.cookie, body(before))).statusCode).toBe(200);
  });
});
