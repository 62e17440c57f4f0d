// @postgres: Buy Now's stock is held under row locks, and its placement races a replayed payment
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CartItemsResponse,
  MyOrdersResponse,
  OrderResponse,
  RazorpayOrderResponse,
  SandboxPayResponse,
} from '../../../contract/orders.js';
import { checkouts, orders, products } from '../../db/schema.js';
import { createProduct, productRow, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, onPostgres, type TestApp, type TestUser } from '../../test/helpers.js';
import { madeToOrderShop } from '../made-to-order/test-kit.js';
import { approvedDealer } from '../wholesale/test-kit.js';

/**
 * Buy Now straight from the product page, through HTTP: the checkout takes the item itself (never a cart line),
 * prices it as the cart would, holds its stock as a cart's checkout does, and paying it, abandoning it or failing
 * to pay it leaves the shopper's cart, and everyone else's, exactly as it was.
 */
let t: TestApp;
let s: ReturnType<typeof shop>;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  s = shop(t);
  admin = await t.signUpAndIn('ADMIN');
});
afterAll(() => t.close());

/** The cart as the shopper sees it, without the stock figure (which a purchase changes). */
const cartOf = async (cookie: string) =>
  CartItemsResponse.parse((await t.request({ method: 'GET', url: '/c2/api/all', cookie })).json()).data.map(
    ({ stockquantity: _stock, ...line }) => line,
  );
const buyNow = (cookie: string, item: object, extra: object = {}) =>
  s.hold(cookie, { shippinginfo: SHIPPING, buynow: item, ...extra });
const ordersOf = async (cookie: string) => MyOrdersResponse.parse((await s.myOrders(cookie)).json()).orders;

async function pay(cookie: string, held: Awaited<ReturnType<typeof buyNow>>) {
  expect(held.statusCode, held.body).toBe(200);
  const paid = SandboxPayResponse.parse(
    (await s.sandboxPay(cookie, RazorpayOrderResponse.parse(held.json()).razorpayOrder.id)).json(),
  );
  if (!paid.success) throw new Error('sandbox payment failed');
  return paid;
}

/** A shopper whose cart holds two stones, one of them the product about to be bought now. */
async function shopperWithCart(product: { id: string }) {
  const user = await t.signUpAndIn();
  const other = await createProduct(t.database.db, { stock: 4, pricePaise: 20_000 });
  expect((await s.add(user.cookie, product.id, 1)).statusCode).toBe(200);
  expect((await s.add(user.cookie, other.id, 2)).statusCode).toBe(200);
  return { user, cart: await cartOf(user.cookie) };
}

describe(`Buy Now straight from the product page (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('holds and places only the item; the cart, which holds the same stone, is left exactly as it was', async () => {
    const ruby = await createProduct(t.database.db, { stock: 5, pricePaise: 150_000 });
    const { user, cart } = await shopperWithCart(ruby);

    const shown = await t.request({
      method: 'POST',
      url: '/c2/api/buy-now',
      cookie: user.cookie,
      payload: { productId: ruby.id, quantity: 2 },
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(CartItemsResponse.parse(shown.json()).data).toMatchObject([
      { cartItemId: '', productId: ruby.id, quantity: 2, productprice: 1500, stockquantity: 5 },
    ]);

    const held = await buyNow(user.cookie, { productId: ruby.id, quantity: 2 });
    expect(RazorpayOrderResponse.parse(held.json()).razorpayOrder.amount).toBe(
      300_000 + Math.round((RazorpayOrderResponse.parse(held.json()).shippingamount ?? 0) * 100),
    );
    expect((await productRow(t.database.db, ruby.id)).stock).toBe(3);
    expect(await cartOf(user.cookie)).toEqual(cart); // abandoned here: nothing added

    const placed = await s.verify(user.cookie, await pay(user.cookie, held));
    expect(placed.statusCode, placed.body).toBe(201);
    const order = OrderResponse.parse(placed.json()).order;
    expect(order.products.map((l) => [l.productId?._id, l.quantity])).toEqual([[ruby.id, 2]]);
    expect(await cartOf(user.cookie)).toEqual(cart);
    const row = await productRow(t.database.db, ruby.id);
    expect([row.stock, row.sold]).toEqual([3, 2]);
  });

  it('leaves the cart as it was when the checkout is abandoned, fails, or gives way to the cart’s own checkout', async () => {
    const pearl = await createProduct(t.database.db, { stock: 3, pricePaise: 49_950 });
    const { user, cart } = await shopperWithCart(pearl);

    const held = await buyNow(user.cookie, { productId: pearl.id, quantity: 1 });
    const failed = await s.sandboxPay(user.cookie, RazorpayOrderResponse.parse(held.json()).razorpayOrder.id, 'failure');
    expect(failed.statusCode).toBe(402);
    expect(await cartOf(user.cookie)).toEqual(cart);

    // The same stone checked out from the cart is not Buy Now's checkout given again: paying it empties the cart.
    const fromCart = await s.hold(user.cookie, { shippinginfo: SHIPPING });
    expect(fromCart.statusCode, fromCart.body).toBe(200);
    expect(RazorpayOrderResponse.parse(fromCart.json()).razorpayOrder.id).not.toBe(
      RazorpayOrderResponse.parse(held.json()).razorpayOrder.id,
    );
    // ...and Buy Now again after the cart's checkout is not the cart's checkout given back either
    const again = await buyNow(user.cookie, { productId: pearl.id, quantity: 1 });
    const cartAgain = await s.hold(user.cookie, {
      shippinginfo: SHIPPING,
      items: [{ cartItemId: cart[0]?.cartItemId, quantity: 1 }],
    });
    expect(RazorpayOrderResponse.parse(cartAgain.json()).razorpayOrder.id).not.toBe(
      RazorpayOrderResponse.parse(again.json()).razorpayOrder.id,
    );
    const late = await s.verify(user.cookie, await pay(user.cookie, again)); // Buy Now's abandoned checkout paid late
    expect(late.statusCode, late.body).toBe(201);
    expect(await cartOf(user.cookie)).toEqual(cart);
    expect((await productRow(t.database.db, pearl.id)).stock).toBe(1); // one sold, one held by the cart's checkout
  });

  it('gives the same payment order to a double click, and a replayed payment places one order', async () => {
    const opal = await createProduct(t.database.db, { stock: 2, pricePaise: 80_000 });
    const { user, cart } = await shopperWithCart(opal);
    const [first, second] = await Promise.all([
      buyNow(user.cookie, { productId: opal.id, quantity: 1 }),
      buyNow(user.cookie, { productId: opal.id, quantity: 1 }),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(RazorpayOrderResponse.parse(second.json()).razorpayOrder.id).toBe(
      RazorpayOrderResponse.parse(first.json()).razorpayOrder.id,
    );

    const paid = await pay(user.cookie, first);
    const replies = await Promise.all([s.verify(user.cookie, paid), s.verify(user.cookie, paid), s.verify(user.cookie, paid)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(replies.map((r) => OrderResponse.parse(r.json()).order._id)).size).toBe(1);
    expect(await ordersOf(user.cookie)).toHaveLength(1);
    const row = await productRow(t.database.db, opal.id);
    expect([row.stock, row.sold]).toEqual([1, 1]);
    expect(await cartOf(user.cookie)).toEqual(cart);
  });

  it('never touches someone else’s cart, and someone else’s hold is not theirs to buy', async () => {
    const topaz = await createProduct(t.database.db, { stock: 2, pricePaise: 30_000 });
    const { user: other, cart: theirs } = await shopperWithCart(topaz);
    const buyer = await t.signUpAndIn();
    await s.hold(other.cookie, { shippinginfo: SHIPPING }); // the other shopper holds their one
    const tooMany = await buyNow(buyer.cookie, { productId: topaz.id, quantity: 2 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(`Only 1 of "${topaz.name}" left in stock`);
    const placed = await s.verify(
      buyer.cookie,
      await pay(buyer.cookie, await buyNow(buyer.cookie, { productId: topaz.id, quantity: 1 })),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await cartOf(other.cookie)).toEqual(theirs);
    expect(await cartOf(buyer.cookie)).toEqual([]);
  });

  it('refuses a stone out of stock, switched off, unknown, above its stock, in a size it does not come in', async () => {
    const user = await t.signUpAndIn();
    const gone = await createProduct(t.database.db, { stock: 0, pricePaise: 10_000 });
    const off = await createProduct(t.database.db, { stock: 3, pricePaise: 10_000, isActive: false });
    const few = await createProduct(t.database.db, { stock: 2, pricePaise: 10_000, sizes: ['5 Ratti', '7 Ratti'] });
    const view = (payload: object) => t.request({ method: 'POST', url: '/c2/api/buy-now', cookie: user.cookie, payload });
    const cases: [object, number, string][] = [
      [{ productId: gone.id, quantity: 1 }, 409, `"${gone.name}" is out of stock`],
      [{ productId: off.id, quantity: 1 }, 409, `"${off.name}" is not available right now`],
      [{ productId: few.id, quantity: 3 }, 409, `Only 2 of "${few.name}" left in stock`],
      [{ productId: crypto.randomUUID(), quantity: 1 }, 404, 'Product not found'],
      [{ productId: few.id, quantity: 1, productsize: '9 Ratti' }, 400, 'Choose a size this product comes in: 5 Ratti, 7 Ratti'],
    ];
    for (const [item, status, message] of cases) {
      const held = await buyNow(user.cookie, item);
      expect([held.statusCode, held.json().message], JSON.stringify(item)).toEqual([status, message]);
      const shown = await view(item);
      expect([shown.statusCode, shown.json().message], JSON.stringify(item)).toEqual([status, message]);
    }
    expect((await productRow(t.database.db, few.id)).stock).toBe(2);
    expect(await t.database.db.select().from(checkouts).where(eq(checkouts.userId, user.id))).toEqual([]);

    const both = await buyNow(
      user.cookie,
      { productId: few.id, quantity: 1 },
      { items: [{ cartItemId: crypto.randomUUID(), quantity: 1 }] },
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('buynow: Buy either cart lines (items) or one item (buynow), not both');
    const signedOut = await t.request({ method: 'POST', url: '/c2/api/buy-now', payload: { productId: few.id, quantity: 1 } });
    expect(signedOut.statusCode).toBe(401);
    // switched off after the product page was shown: refused at checkout
    const held = await buyNow(user.cookie, { productId: few.id, quantity: 1, productsize: '7 ratti' });
    expect(held.statusCode, held.body).toBe(200);
    await t.database.db.update(products).set({ isActive: false }).where(eq(products.id, few.id));
    const refused = await buyNow(user.cookie, { productId: few.id, quantity: 1 });
    expect([refused.statusCode, refused.json().message]).toEqual([409, `"${few.name}" is not available right now`]);
  });

  it('prices a business’s item at its trade price, with the coupon, the shipping rates and the credit order alike', async () => {
    const group = await t.request({
      method: 'POST',
      url: '/p1/api/admin/price-groups',
      cookie: admin.cookie,
      payload: { name: `Buy Now dealers ${crypto.randomUUID()}`, percentoff: 10 },
    });
    expect(group.statusCode, group.body).toBe(201);
    const dealer = await approvedDealer(t, admin, 30, 1_000_000);
    const assigned = await t.request({
      method: 'PATCH',
      url: `/u1/api/admin/businesses/${dealer.businessId}`,
      cookie: admin.cookie,
      payload: { pricegroupId: group.json().pricegroup._id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const emerald = await createProduct(t.database.db, { stock: 4, pricePaise: 200_000 });
    const item = { productId: emerald.id, quantity: 2 };

    const shown = await t.request({ method: 'POST', url: '/c2/api/buy-now', cookie: dealer.cookie, payload: item });
    expect(CartItemsResponse.parse(shown.json()).data[0]).toMatchObject({ productprice: 1800, listprice: 2000 });
    const rates = await t.request({
      method: 'GET',
      url: `/o1/api/shipping-rates?country=IN&product=${emerald.id}&qty=2`,
      cookie: dealer.cookie,
    });
    expect(rates.statusCode, rates.body).toBe(200);
    const held = await buyNow(dealer.cookie, item);
    const order = RazorpayOrderResponse.parse(held.json());
    expect(order.totalamount).toBe(3600 + (order.shippingamount ?? 0));
    expect(order.shippingamount ?? 0).toBe(Math.min(...rates.json().rates.map((r: { amount: number }) => r.amount)));
    const coupon = await t.request({
      method: 'POST',
      url: '/c2/api/coupon',
      cookie: dealer.cookie,
      payload: { code: 'ANY', buynow: item },
    });
    expect(coupon.statusCode).toBe(409); // a business pays trade prices, never a coupon on top

    expect((await s.add(dealer.cookie, emerald.id, 1)).statusCode).toBe(200);
    const before = await cartOf(dealer.cookie);
    const onCredit = await t.request({
      method: 'POST',
      url: '/o1/api/credit-order',
      cookie: dealer.cookie,
      payload: { shippinginfo: SHIPPING, buynow: { productId: emerald.id, quantity: 1 } },
    });
    expect(onCredit.statusCode, onCredit.body).toBe(201);
    expect(OrderResponse.parse(onCredit.json()).order.products).toMatchObject([
      { productId: { _id: emerald.id }, quantity: 1, productprice: 1800 },
    ]);
    expect(await cartOf(dealer.cookie)).toEqual(before);
    const [row] = await t.database.db
      .select({ checkoutId: orders.checkoutId })
      .from(orders)
      .where(eq(orders.id, OrderResponse.parse(onCredit.json()).order._id));
    const [checkout] = await t.database.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, row?.checkoutId ?? ''));
    expect(checkout?.buyNow).toBe(true);
  });

  it('checks out a made-to-order piece at the price the cart would give it, one at a time, the cart untouched', async () => {
    const { ring, ruby } = await madeToOrderShop(t, admin, { ring: 'Buy Now solitaire', pendant: 'Buy Now pendant' });
    const setting = { designId: ring._id, metal: 'gold-22k', size: 14 };
    const user = await t.signUpAndIn();
    expect((await s.add(user.cookie, ruby.id, 1, { setting })).statusCode).toBe(200);
    const cart = await cartOf(user.cookie);
    const shown = await t.request({
      method: 'POST',
      url: '/c2/api/buy-now',
      cookie: user.cookie,
      payload: { productId: ruby.id, quantity: 1, setting },
    });
    expect(shown.statusCode, shown.body).toBe(200);
    const [line] = CartItemsResponse.parse(shown.json()).data;
    expect(line?.productprice).toBe(cart[0]?.productprice);
    expect(line?.setting).toEqual(cart[0]?.setting);

    const two = await buyNow(user.cookie, { productId: ruby.id, quantity: 2, setting });
    expect([two.statusCode, two.json().message]).toEqual([400, 'A made-to-order piece is bought one at a time']);
    const held = await buyNow(user.cookie, { productId: ruby.id, quantity: 1, setting });
    const paid = await s.verify(user.cookie, await pay(user.cookie, held));
    expect(paid.statusCode, paid.body).toBe(201);
    const [piece] = OrderResponse.parse(paid.json()).order.products;
    expect(piece).toMatchObject({ productId: { _id: ruby.id }, quantity: 1, setting: { design: { _id: ring._id }, size: 14 } });
    expect(await cartOf(user.cookie)).toEqual(cart);
  });
});
