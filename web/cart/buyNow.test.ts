import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartRoutes } from '../../contract/cart';
import { answerOf } from '../test/answers';
import { A_RING_SETTING, aCartLine } from '../test/fixtures';
import { addedLine, buyNowCheckout } from './buyNow';

describe('the line an add became', () => {
  const stone = aCartLine({ cartItemId: 'stone' });
  const ring = (id: string, size: number) =>
    aCartLine({ cartItemId: id, _id: id, productprice: 260907, setting: { ...A_RING_SETTING, size } });
  const setting = { designId: 'd1', metal: 'gold-22k' as const, size: 14 };

  it('is the stone alone for a stone, never a piece made of it', () => {
    expect(addedLine([ring('r1', 14), stone], { productId: 'p1', quantity: 1 })?.cartItemId).toBe('stone');
  });

  it('is the newest piece of that design, metal and size for a piece', () => {
    // The piece takes the stone's first size and colour, though none was sent with it.
    const cart = [stone, ring('r1', 14), ring('r2', 16), { ...ring('r3', 14), productsize: '5 Ratti', productcolour: 'Red' }];
    expect(addedLine(cart, { productId: 'p1', quantity: 1, setting })?.cartItemId).toBe('r3');
    expect(addedLine(cart, { productId: 'p1', quantity: 1, setting: { ...setting, size: 16 } })?.cartItemId).toBe('r2');
    expect(addedLine(cart, { productId: 'p1', quantity: 1, setting: { ...setting, metal: 'silver-925' } })).toBeUndefined();
  });
});

describe('Buy Now', () => {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  /** The cart as the server holds it, and whether one more of the stone can be added (it cannot when unique). */
  let cart: ReturnType<typeof aCartLine>[];
  let canAdd: boolean;
  beforeEach(() => {
    cart = [];
    canAdd = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init: RequestInit = {}) => {
        if (init.method === 'POST' && path === '/c2/api/add') {
          if (!canAdd)
            return json(409, { success: false, message: 'Only 1 of "Ruby" left in stock (you already have 1 in your cart)' });
          cart = [...cart, aCartLine({ cartItemId: 'new-line', productId: 'p1' })];
          return json(200, answerOf(cartRoutes, 'POST /c2/api/add', { success: true, message: 'Added', data: cart }));
        }
        if (path === '/c2/api/all') return json(200, answerOf(cartRoutes, 'GET /c2/api/all', { success: true, data: cart }));
        return json(404, { success: false, message: 'No route' });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('checks out the line it added, and only that line', async () => {
    expect(await buyNowCheckout({ productId: 'p1', quantity: 1 })).toBe('/checkout?buy=new-line&qty=1');
  });

  it('buys a unique stone already in the cart from the line that holds it, instead of refusing', async () => {
    cart = [aCartLine({ cartItemId: 'other', productId: 'p2' }), aCartLine({ cartItemId: 'held', productId: 'p1' })];
    canAdd = false;
    expect(await buyNowCheckout({ productId: 'p1', quantity: 1 })).toBe('/checkout?buy=held&qty=1');
  });

  it('still says why when the stone is not in the cart, or not as many as asked for', async () => {
    canAdd = false;
    await expect(buyNowCheckout({ productId: 'p1', quantity: 1 })).rejects.toThrow(/left in stock/);
    cart = [aCartLine({ cartItemId: 'held', productId: 'p1', quantity: 1 })];
    await expect(buyNowCheckout({ productId: 'p1', quantity: 2 })).rejects.toThrow(/left in stock/);
  });
});
