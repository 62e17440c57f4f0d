// @postgres: a piece in the cart and at checkout is priced in one SQL statement (a lateral sale join, the tax table) under the checkout's locks
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CartChangeResponse,
  CartItemsResponse,
  OrderResponse,
  RazorpayOrderResponse,
  SandboxPayResponse,
} from '../../../contract/orders.js';
import { CouponCheckResponse } from '../../../contract/promotions.js';
import { invoices, products } from '../../db/schema.js';
import { createProduct, shop } from '../../test/fixtures.js';
import { createTestApp, onPostgres, type TestApp, type TestUser } from '../../test/helpers.js';
import { pdfText } from '../../test/pdf-text.js';
import { approvedDealer } from '../wholesale/test-kit.js';
import {
  createDesign,
  fittingRuby,
  goldRing,
  moveProduction,
  registerForGst,
  setRates as setKitRates,
  silverPendant,
} from './test-kit.js';

/**
 * A loose stone set in a design, through HTTP: added to the cart as its own line of one, priced at today's rate in
 * the cart, fixed at checkout (a rate change after that does not change what is paid), refused when the stone does
 * not fit or the rate is stale, and kept on the order line.
 */
let t: TestApp;
let s: ReturnType<typeof shop>;
let admin: TestUser;
let now = new Date('2026-11-20T06:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
let ring: { _id: string };
let pendant: { _id: string };
let ruby: { id: string };
let round: { id: string };

const setRates = (rates: { metal: string; pergram: number }[]) => setKitRates(t, admin, rates);
const cart = async (cookie: string) =>
  CartItemsResponse.parse((await t.request({ method: 'GET', url: '/c2/api/all', cookie })).json()).data;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  s = shop(t);
  admin = await t.signUpAndIn('ADMIN');
  await registerForGst(t, admin);
  ring = await createDesign(t, admin, goldRing('Cart solitaire'));
  // its shapes in lower case: a stone's shape fits whatever its case
  pendant = await createDesign(t, admin, silverPendant('Cart pendant', ['oval']));
  // ₹52,000 ruby of 3.2 ct, oval (its category taxed at 0.25%, HSN 7103, by default)
  ruby = await fittingRuby(t, 3);
  round = await createProduct(t.database.db, { pricePaise: 30_000_00, shape: 'Round', weightcarrat: 2, stock: 3 });
  await setRates([
    { metal: 'gold-22k', pergram: 7150.5 },
    { metal: 'silver-925', pergram: 95 },
  ]);
});
afterAll(() => t.close());

describe(`a piece in the cart (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('is its own line of one, priced exactly as the price endpoint, for each making type', async () => {
    const user = await t.signUpAndIn();
    const res = await s.add(user.cookie, ruby.id, 1, { setting: { designId: ring._id, metal: 'gold-22k', size: 14 } });
    expect(res.statusCode, res.body).toBe(200);
    const [line] = CartChangeResponse.parse(res.json()).data;
    // stone net 51,870.32 + metal 4.5 g × 7,150.50 = 32,177.25 + making 12% 3,861.27 = 87,908.84; × 1.03 → 90,546
    expect(line).toMatchObject({
      quantity: 1,
      productprice: 90546,
      setting: {
        design: { _id: ring._id, name: 'Cart solitaire' },
        kind: 'ring',
        metal: 'gold-22k',
        size: 14,
        grams: 4.5,
        rate: 7150.5,
        making: 3861.27,
        stonenet: 51870.32,
      },
    });
    // silver pendant, making per gram: 3 g × 95 = 285; making 3 × 400 = 1,200; taxable 53,355.32 × 1.03 = 54,955.98 → 54,956
    await s.add(user.cookie, ruby.id, 1, { setting: { designId: pendant._id, metal: 'silver-925' } });
    // the same stone bought plain is a line of its own, and the same piece again is another line
    await s.add(user.cookie, ruby.id, 1);
    await s.add(user.cookie, ruby.id, 1, { setting: { designId: ring._id, metal: 'gold-22k', size: 14 } });
    const lines = await cart(user.cookie);
    expect(lines.map((l) => [l.productprice, l.quantity, l.setting?.kind ?? null])).toEqual([
      [90546, 1, 'ring'],
      [54956, 1, 'pendant'],
      [52000, 1, null],
      [90546, 1, 'ring'],
    ]);
    expect(lines[1]?.setting).toMatchObject({ size: null, grams: 3, making: 1200 });
  });

  it('counts at its own price (stone, metal and making) toward a coupon’s minimum order', async () => {
    const user = await t.signUpAndIn();
    await s.add(user.cookie, ruby.id, 1, { setting: { designId: ring._id, metal: 'gold-22k', size: 14 } });
    const made = await t.request({
      method: 'POST',
      url: '/p1/api/admin/coupons',
      cookie: admin.cookie,
      payload: {
        code: 'PIECE60K',
        percentoff: 10,
        minorder: 60_000,
        startsAt: new Date(now.getTime() - DAY).toISOString(),
        endsAt: new Date(now.getTime() + DAY).toISOString(),
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    // the ₹52,000 stone alone is below the ₹60,000 minimum; the ring it is set in (₹90,546) is not
    const res = await t.request({ method: 'POST', url: '/c2/api/coupon', cookie: user.cookie, payload: { code: 'PIECE60K' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(CouponCheckResponse.parse(res.json())).toMatchObject({ subtotal: 90546 });
  });

  it('is one of a kind: a quantity above one is refused when added or changed', async () => {
    const user = await t.signUpAndIn();
    const setting = { designId: ring._id, metal: 'gold-22k', size: 14 };
    expect((await s.add(user.cookie, ruby.id, 2, { setting })).statusCode).toBe(400);
    await s.add(user.cookie, ruby.id, 1, { setting });
    const [line] = await cart(user.cookie);
    const change = (quantity: number) =>
      t.request({
        method: 'PATCH',
        url: '/c2/api/update-quantity',
        cookie: user.cookie,
        payload: { cartItemId: line?.cartItemId, quantity },
      });
    expect((await change(2)).statusCode).toBe(400);
    expect((await change(1)).statusCode).toBe(200);
    expect((await cart(user.cookie)).map((l) => l.quantity)).toEqual([1]);
  });

  it('is refused for a stone that does not fit (409), a metal not offered or a ring without a size (400)', async () => {
    const user = await t.signUpAndIn();
    const add = (productId: string, setting: object) => s.add(user.cookie, productId, 1, { setting });
    expect((await add(round.id, { designId: ring._id, metal: 'gold-22k', size: 14 })).statusCode).toBe(409);
    expect((await add(ruby.id, { designId: ring._id, metal: 'silver-925', size: 14 })).statusCode).toBe(400);
    expect((await add(ruby.id, { designId: ring._id, metal: 'gold-22k' })).statusCode).toBe(400);
    expect((await add(ruby.id, { designId: ring._id, metal: 'gold-22k', size: 31 })).statusCode).toBe(400);
    expect(await cart(user.cookie)).toEqual([]);
  });
});

describe(`a piece at checkout (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('keeps the amount held when the rate changes after the checkout began, and the order line keeps the setting', async () => {
    now = new Date(now.getTime() + DAY);
    await setRates([{ metal: 'gold-22k', pergram: 7150.5 }]);
    const user = await t.signUpAndIn();
    await s.add(user.cookie, ruby.id, 1, { setting: { designId: ring._id, metal: 'gold-22k', size: 14 } });
    const held = await s.hold(user.cookie);
    expect(held.statusCode, held.body).toBe(200);
    const razorpayOrder = RazorpayOrderResponse.parse(held.json()).razorpayOrder;

    await setRates([{ metal: 'gold-22k', pergram: 8000 }]); // gold rises while the buyer pays
    expect((await cart(user.cookie))[0]?.productprice).not.toBe(90546); // the cart shows today's rate
    const paid = SandboxPayResponse.parse((await s.sandboxPay(user.cookie, razorpayOrder.id)).json());
    if (!paid.success) throw new Error('payment failed');
    const placed = await s.verify(user.cookie, paid);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = OrderResponse.parse(placed.json()).order;
    expect(order.paymentstatus).toBe('Paid');
    expect(order.totalamount * 100).toBe(razorpayOrder.amount);
    expect(order.products).toHaveLength(1);
    expect(order.products[0]).toMatchObject({
      productprice: 90546,
      quantity: 1,
      setting: { kind: 'ring', metal: 'gold-22k', size: 14, grams: 4.5, rate: 7150.5, making: 3861.27, stonenet: 51870.32 },
    });
    expect(await cart(user.cookie)).toEqual([]); // the piece left the cart

    // paid in advance: no tax invoice until the piece is ready, then a registered shop's invoice supplies it as
    // jewellery (HSN 7113, 3%), with its metal, grams, rate, making and HUID, not as a loose stone
    expect(order.invoice).toBeNull();
    expect(await t.database.db.select().from(invoices).where(eq(invoices.orderId, order._id))).toEqual([]);
    const ready = await moveProduction(t, admin, order._id, order.products[0]?._id as string, { stage: 'ready', huid: 'AB12CD' });
    expect(ready.statusCode, ready.body).toBe(200);
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, order._id));
    expect(invoice?.lines[0]).toMatchObject({ hsn: '7113', rateBp: 300, valuePaise: 90546_00 });
    expect(invoice?.lines[0]?.description).toContain(
      'set in a ring of 22 karat gold (916), ring size 14: 4.5 g at ₹7,150.50/g, making ₹3,861.27, HUID AB12CD',
    );
    const pdf = await t.request({ method: 'GET', url: `/o1/api/invoice/${order._id}`, cookie: user.cookie });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('7113');
    expect(text).toMatch(/22 karat gold \(916\)/);
    expect(text).toContain('making ₹3,861.27');
    expect(text).toContain('HUID AB12CD');
  });

  it('is refused at a stale rate: the cart shows it unavailable, adding and checking out are 409 "Price on request"', async () => {
    const user = await t.signUpAndIn();
    await setRates([{ metal: 'gold-22k', pergram: 7150.5 }]);
    await s.add(user.cookie, ruby.id, 1, { setting: { designId: ring._id, metal: 'gold-22k', size: 14 } });
    now = new Date(now.getTime() + 4 * DAY);
    const [line] = await cart(user.cookie);
    expect(line).toMatchObject({ unavailable: true, productprice: 90546, setting: { rate: 7150.5 } });
    const again = await s.add(user.cookie, ruby.id, 1, { setting: { designId: ring._id, metal: 'gold-22k', size: 14 } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Price on request');
    const held = await s.hold(user.cookie);
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe('Price on request');
  });

  it('prices the stone of an approved business’s piece at its trade price in the cart and at checkout; the public price stays retail', async () => {
    now = new Date(now.getTime() + DAY);
    await setRates([{ metal: 'gold-22k', pergram: 7150.5 }]);
    const group = async (body: object) => {
      const res = await t.request({ method: 'POST', url: '/p1/api/admin/price-groups', cookie: admin.cookie, payload: body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().pricegroup._id as string;
    };
    const dealerIn = async (pricegroupId: string) => {
      const dealer = await approvedDealer(t, admin, 0, 0);
      const res = await t.request({
        method: 'PATCH',
        url: `/u1/api/admin/businesses/${dealer.businessId}`,
        cookie: admin.cookie,
        payload: { pricegroupId },
      });
      expect(res.statusCode, res.body).toBe(200);
      return dealer;
    };
    const piece = { setting: { designId: ring._id, metal: 'gold-22k', size: 14 } };
    const tenOff = await dealerIn(await group({ name: 'Piece dealers', percentoff: 10 }));
    const added = await s.add(tenOff.cookie, ruby.id, 1, piece);
    expect(added.statusCode, added.body).toBe(200);
    // the stone at ₹46,800 (10% off ₹52,000): net 46,683.29 + metal 32,177.25 + making 3,861.27 = 82,721.81; × 1.03 → 85,203
    // the retail piece's price (₹90,546) struck beside it, as other trade-priced lines show their list price
    const [line] = await cart(tenOff.cookie);
    expect(line).toMatchObject({ productprice: 85203, listprice: 90546, setting: { stonenet: 46683.29, making: 3861.27 } });
    const shown = await t.request({
      method: 'POST',
      url: '/c2/api/buy-now',
      cookie: tenOff.cookie,
      payload: { productId: ruby.id, quantity: 1, ...piece },
    });
    expect(CartItemsResponse.parse(shown.json()).data[0]).toMatchObject({ productprice: 85203, listprice: 90546 });
    const held = await s.hold(tenOff.cookie);
    expect(held.statusCode, held.body).toBe(200);
    const checkout = RazorpayOrderResponse.parse(held.json());
    expect(checkout.totalamount).toBe(85203 + (checkout.shippingamount ?? 0));
    const paid = SandboxPayResponse.parse((await s.sandboxPay(tenOff.cookie, checkout.razorpayOrder.id)).json());
    if (!paid.success) throw new Error('sandbox payment failed');
    const placed = await s.verify(tenOff.cookie, paid);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(OrderResponse.parse(placed.json()).order.products).toMatchObject([{ productprice: 85203, listprice: 90546 }]);

    // the configurator's price is the same for everyone (public): the retail stone
    const pub = await t.request({
      method: 'GET',
      url: `/p1/api/made-to-order/price?productId=${ruby.id}&designId=${ring._id}&metal=gold-22k&size=14`,
      cookie: tenOff.cookie,
    });
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json().price.total).toBe(90546);

    // a group that does not cover the stone's category, and a retail buyer: the stone at its storefront price
    const stranger = await createProduct(t.database.db, {});
    const [{ categoryId } = { categoryId: '' }] = await t.database.db
      .select({ categoryId: products.categoryId })
      .from(products)
      .where(eq(products.id, stranger.id));
    const elsewhere = await dealerIn(await group({ name: 'Other stones', percentoff: 20, categoryIds: [categoryId] }));
    await s.add(elsewhere.cookie, ruby.id, 1, piece);
    expect((await cart(elsewhere.cookie))[0]?.productprice).toBe(90546);
    const retail = await t.signUpAndIn();
    await s.add(retail.cookie, ruby.id, 1, piece);
    expect((await cart(retail.cookie))[0]).toMatchObject({ productprice: 90546, listprice: 90546 });
  });
});
