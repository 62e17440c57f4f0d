// @postgres: stock counted against the cart in SQL
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartChangeResponse, CartCountResponse, CartItemsResponse } from '../../../contract/orders.js';
import { products } from '../../db/schema.js';
import { createProduct } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';

let t: TestApp;
let shopper: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [shopper, other] = await Promise.all([t.signUpAndIn(), t.signUpAndIn()]);
});
afterAll(() => t.close());

const add = (cookie: string | undefined, payload: object) => t.request({ method: 'POST', url: '/c2/api/add', payload, cookie });
const all = (cookie: string) => t.request({ method: 'GET', url: '/c2/api/all', cookie });
const clear = (cookie: string) => t.request({ method: 'DELETE', url: '/c2/api/clear', cookie });

describe('cart', () => {
  it('answers a visitor without a cart as an empty cart, and their lines as not theirs', async () => {
    const count = await t.request({ method: 'GET', url: '/c2/api/count' });
    expect(count.statusCode).toBe(200);
    expect(CartCountResponse.parse(count.json()).data.count).toBe(0);
    expect(CartItemsResponse.parse((await t.request({ method: 'GET', url: '/c2/api/all' })).json()).data).toEqual([]);
    const notTheirs = [
      t.request({ method: 'PATCH', url: '/c2/api/update-quantity', payload: { cartItemId: crypto.randomUUID(), quantity: 1 } }),
      t.request({ method: 'DELETE', url: `/c2/api/remove/${crypto.randomUUID()}` }),
    ];
    for (const res of await Promise.all(notTheirs)) expect(res.statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: '/c2/api/clear' })).statusCode).toBe(200);
    // Nothing asked of an unknown product makes a cart.
    const unknown = await add(undefined, { productId: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: expect.any(String) });
    expect((await add(undefined, { productId: 'not-an-id', quantity: 0 })).statusCode).toBe(400);
  });

  it('adds a product, merges the same product+size+colour into one line, and counts lines', async () => {
    const p = await createProduct(t.database.db, { stock: 5, pricePaise: 123_450, sizes: ['6', '7'], colours: ['Red', 'Pink'] });
    const first = await add(shopper.cookie, { productId: p.id, productsize: '7', productcolour: 'red', quantity: 2 });
    expect(first.statusCode).toBe(200);
    const body = CartChangeResponse.parse(first.json());
    expect(body.message).toBe('Added to cart');
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      productId: p.id,
      productname: p.name,
      productprice: 1234.5,
      productsize: '7',
      productcolour: 'Red',
      quantity: 2,
      stockquantity: 5,
      productsizes: ['6', '7'],
      productcolours: ['Red', 'Pink'],
      unavailable: false,
    });
    expect(body.data[0]?._id).toBe(body.data[0]?.cartItemId);

    const again = CartChangeResponse.parse(
      (await add(shopper.cookie, { productId: p.id, productsize: '7', productcolour: 'Red' })).json(),
    );
    expect(again.data).toHaveLength(1);
    expect(again.data[0]?.quantity).toBe(3);

    const otherSize = CartChangeResponse.parse(
      (await add(shopper.cookie, { productId: p.id, productsize: '6', productcolour: 'Red', quantity: 1 })).json(),
    );
    expect(otherSize.data).toHaveLength(2);

    const count = await t.request({ method: 'GET', url: '/c2/api/count', cookie: shopper.cookie });
    expect(CartCountResponse.parse(count.json()).data.count).toBe(2);
    await clear(shopper.cookie);
  });

  it('refuses more than the stock with 409 and a clear message, counting what is already in the cart', async () => {
    const p = await createProduct(t.database.db, { stock: 3 });
    expect((await add(shopper.cookie, { productId: p.id, quantity: 2 })).statusCode).toBe(200);
    const over = await add(shopper.cookie, { productId: p.id, quantity: 2 });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/Only 3 .* left in stock \(you already have 2 in your cart\)/);
    // the failed add changed nothing
    const lines = CartItemsResponse.parse((await all(shopper.cookie)).json()).data;
    expect(lines.find((l) => l.productId === p.id)?.quantity).toBe(2);

    const line = lines.find((l) => l.productId === p.id);
    const up = await t.request({
      method: 'PATCH',
      url: '/c2/api/update-quantity',
      cookie: shopper.cookie,
      payload: { cartItemId: line?.cartItemId, quantity: 4 },
    });
    expect(up.statusCode).toBe(409);
    expect(up.json().message).toMatch(/Only 3/);
    const ok = await t.request({
      method: 'PATCH',
      url: '/c2/api/update-quantity',
      cookie: shopper.cookie,
      payload: { cartItemId: line?.cartItemId, quantity: 3 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, message: 'Quantity updated' });
    expect(CartChangeResponse.parse(ok.json()).data[0]?.quantity).toBe(3);

    const soldOut = await createProduct(t.database.db, { stock: 0 });
    const none = await add(shopper.cookie, { productId: soldOut.id });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toMatch(/out of stock/);
    await clear(shopper.cookie);
  });

  it('validates input: ids, quantity, sizes and colours the product offers', async () => {
    const p = await createProduct(t.database.db, { sizes: ['S', 'M'], colours: ['Blue'] });
    const plain = await createProduct(t.database.db);
    expect((await add(shopper.cookie, { productId: 'not-an-id' })).statusCode).toBe(400);
    expect((await add(shopper.cookie, { productId: crypto.randomUUID() })).statusCode).toBe(404);
    expect((await add(shopper.cookie, { productId: p.id, quantity: 0 })).statusCode).toBe(400);
    expect((await add(shopper.cookie, { productId: p.id, quantity: 1.5 })).statusCode).toBe(400);
    const badSize = await add(shopper.cookie, { productId: p.id, productsize: 'XXL' });
    expect(badSize.statusCode).toBe(400);
    expect(badSize.json().errors[0].path).toBe('productsize');
    const badColour = await add(shopper.cookie, { productId: p.id, productsize: 'M', productcolour: 'Green' });
    expect(badColour.statusCode).toBe(400);
    expect(badColour.json().errors[0].path).toBe('productcolour');

    // no size given: the first the product offers (what the product page preselects)
    const defaulted = CartChangeResponse.parse((await add(shopper.cookie, { productId: p.id })).json());
    expect(defaulted.data[0]).toMatchObject({ productsize: 'S', productcolour: 'Blue' });
    // a product without sizes ignores one sent
    const ignored = CartChangeResponse.parse((await add(shopper.cookie, { productId: plain.id, productsize: '7' })).json());
    expect(ignored.data.find((l) => l.productId === plain.id)?.productsize).toBe('');

    const malformed = await t.request({ method: 'DELETE', url: '/c2/api/remove/123', cookie: shopper.cookie });
    expect(malformed.statusCode).toBe(400);
    await clear(shopper.cookie);
  });

  it("keeps each shopper's lines to themselves: another user's line is a 404", async () => {
    const p = await createProduct(t.database.db);
    const mine = CartChangeResponse.parse((await add(shopper.cookie, { productId: p.id })).json()).data[0];
    const id = mine?.cartItemId as string;

    expect(CartItemsResponse.parse((await all(other.cookie)).json()).data).toHaveLength(0);
    const theirUpdate = await t.request({
      method: 'PATCH',
      url: '/c2/api/update-quantity',
      cookie: other.cookie,
      payload: { cartItemId: id, quantity: 2 },
    });
    expect(theirUpdate.statusCode).toBe(404);
    const theirRemove = await t.request({ method: 'DELETE', url: `/c2/api/remove/${id}`, cookie: other.cookie });
    expect(theirRemove.statusCode).toBe(404);
    await clear(other.cookie); // clears only their own cart
    expect(CartItemsResponse.parse((await all(shopper.cookie)).json()).data).toHaveLength(1);

    const remove = await t.request({ method: 'DELETE', url: `/c2/api/remove/${id}`, cookie: shopper.cookie });
    expect(remove.statusCode).toBe(200);
    expect(remove.json()).toEqual({ success: true, message: 'Item removed from cart' });
    expect((await t.request({ method: 'DELETE', url: `/c2/api/remove/${id}`, cookie: shopper.cookie })).statusCode).toBe(404);
  });

  it('reports lines of inactive and deleted products instead of dropping them, and refuses adding inactive ones', async () => {
    const hidden = await createProduct(t.database.db, { name: 'Yellow Sapphire Ring' });
    const gone = await createProduct(t.database.db, { name: 'Emerald Pendant' });
    await add(shopper.cookie, { productId: hidden.id });
    await add(shopper.cookie, { productId: gone.id });
    await t.database.db.update(products).set({ isActive: false }).where(eq(products.id, hidden.id));
    await t.database.db.delete(products).where(eq(products.id, gone.id));

    const lines = CartItemsResponse.parse((await all(shopper.cookie)).json()).data;
    expect(lines).toHaveLength(2);
    const h = lines.find((l) => l.productname === 'Yellow Sapphire Ring');
    const g = lines.find((l) => l.productname === 'Emerald Pendant');
    expect(h).toMatchObject({ productId: hidden.id, unavailable: true, stockquantity: 0 });
    expect(g).toMatchObject({ productId: null, unavailable: true, stockquantity: 0 });

    const addHidden = await add(shopper.cookie, { productId: hidden.id });
    expect(addHidden.statusCode).toBe(409);
    expect(addHidden.json().message).toMatch(/not available/);
    const bump = await t.request({
      method: 'PATCH',
      url: '/c2/api/update-quantity',
      cookie: shopper.cookie,
      payload: { cartItemId: g?.cartItemId, quantity: 2 },
    });
    expect(bump.statusCode).toBe(409);

    const cleared = await clear(shopper.cookie);
    expect(cleared.json()).toEqual({ success: true, message: 'Cart cleared successfully' });
    expect(CartItemsResponse.parse((await all(shopper.cookie)).json()).data).toHaveLength(0);
  });
});
