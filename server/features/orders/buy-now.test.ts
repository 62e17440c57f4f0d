// @postgres: stock holds taken under row locks
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartItemsResponse, RazorpayOrderResponse, SandboxPayResponse } from '../../../contract/orders.js';
import { createProduct, productRow, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let s: ReturnType<typeof shop>;
beforeAll(async () => {
  t = await createTestApp();
  s = shop(t);
});
afterAll(() => t.close());

const cartOf = async (cookie: string) =>
  CartItemsResponse.parse((await t.request({ method: 'GET', url: '/c2/api/all', cookie })).json()).data;

describe('Buy Now: checking out chosen cart lines only', () => {
  it('holds and places only the chosen line and quantity; the rest of the cart stays', async () => {
    const user = await t.signUpAndIn();
    const ruby = await createProduct(t.database.db, { stock: 5, pricePaise: 150_000 });
    const pearl = await createProduct(t.database.db, { stock: 5, pricePaise: 49_950 });
    await s.add(user.cookie, ruby.id, 2);
    await s.add(user.cookie, pearl.id, 3);
    const line = (await cartOf(user.cookie)).find((l) => l.productId === pearl.id);
    if (!line) throw new Error('pearl line missing');

    const held = await s.hold(user.cookie, { shippinginfo: SHIPPING, items: [{ cartItemId: line.cartItemId, quantity: 1 }] });
    expect(held.statusCode, held.body).toBe(200);
    const order = RazorpayOrderResponse.parse(held.json());
    expect(order.razorpayOrder.amount).toBe(49_950);
    expect((await productRow(t.database.db, pearl.id)).stock).toBe(4);
    expect((await productRow(t.database.db, ruby.id)).stock).toBe(5);

    const paid = SandboxPayResponse.parse((await s.sandboxPay(user.cookie, order.razorpayOrder.id)).json());
    if (!paid.success) throw new Error('sandbox payment failed');
    const placed = await s.verify(user.cookie, paid);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order.totalamount).toBe(499.5);
    const after = await cartOf(user.cookie);
    expect(after.map((l) => [l.productId, l.quantity]).sort()).toEqual(
      [
        [ruby.id, 2],
        [pearl.id, 2],
      ].sort(),
    );
  });

  it('never buys more than the line holds, and refuses lines that are not the shopper’s', async () => {
    const user = await t.signUpAndIn();
    const other = await t.signUpAndIn();
    const p = await createProduct(t.database.db, { stock: 9, pricePaise: 10_000 });
    await s.add(user.cookie, p.id, 1);
    await s.add(other.cookie, p.id, 1);
    const [mine] = await cartOf(user.cookie);
    const [theirs] = await cartOf(other.cookie);
    if (!mine || !theirs) throw new Error('lines missing');

    const forged = await s.hold(user.cookie, { items: [{ cartItemId: mine.cartItemId, quantity: 7 }] });
    expect(forged.statusCode).toBe(200);
    expect(RazorpayOrderResponse.parse(forged.json()).razorpayOrder.amount).toBe(10_000);

    const someoneElses = await s.hold(user.cookie, { items: [{ cartItemId: theirs.cartItemId, quantity: 1 }] });
    expect(someoneElses.statusCode).toBe(409);
    expect(someoneElses.json()).toMatchObject({ success: false, message: 'An item you chose is no longer in your cart' });

    const bad = await s.hold(user.cookie, { items: [{ cartItemId: 'not-an-id', quantity: 1 }] });
    expect(bad.statusCode).toBe(400);
    const none = await s.hold(user.cookie, { items: [] });
    expect(none.statusCode).toBe(400);
  });
});
