import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartRoutes } from '../../contract/cart';
import { answerOf } from '../test/answers';
import { aCartLine } from '../test/fixtures';
import { buyNowCheckout, buyNowPath, readBuyNow } from './buyNow';

describe('Buy Now’s checkout address', () => {
  const setting = { designId: 'd1', metal: 'gold-22k' as const, size: 14 };
  const back = (path: string) => readBuyNow(new URL(path, 'http://shop').searchParams);

  it('carries the item itself, and reads back what it carries', () => {
    const stone = { productId: 'p1', quantity: 2, productsize: '6 Ratti', productcolour: 'Navy Blue' };
    expect(buyNowPath(stone)).toBe('/checkout?product=p1&qty=2&size=6+Ratti&colour=Navy+Blue');
    expect(back(buyNowPath(stone))).toEqual(stone);
    const piece = { productId: 'p1', quantity: 1, setting };
    expect(buyNowPath(piece)).toBe('/checkout?product=p1&qty=1&design=d1&metal=gold-22k&ringsize=14');
    expect(back(buyNowPath(piece))).toEqual(piece);
    const pendant = { productId: 'p1', quantity: 1, setting: { designId: 'd2', metal: 'silver-925' as const } };
    expect(back(buyNowPath(pendant))).toEqual(pendant);
  });

  it('is the whole cart when the address names no item, or a malformed one', () => {
    for (const path of ['/checkout', '/checkout?qty=1', '/checkout?product=p1&qty=0', '/checkout?product=p1&qty=1.5']) {
      expect(back(path), path).toBeNull();
    }
    expect(back('/checkout?product=p1&qty=1&design=d1&metal=brass')).toBeNull();
    // an address from before, naming a cart line, buys the whole cart rather than a guess
    expect(back('/checkout?buy=c1&qty=1')).toBeNull();
  });
});

describe('Buy Now', () => {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  let asked: { path: string; method: string; body: unknown }[];
  let stock: number;
  beforeEach(() => {
    asked = [];
    stock = 1;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init: RequestInit = {}) => {
        const body = init.body ? JSON.parse(String(init.body)) : undefined;
        asked.push({ path, method: init.method ?? 'GET', body });
        if (init.method === 'POST' && path === '/c2/api/buy-now') {
          if (body.quantity > stock) {
            return json(409, {
              success: false,
              message: stock ? `Only ${stock} of "Ruby" left in stock` : '"Ruby" is out of stock',
            });
          }
          const line = aCartLine({ cartItemId: '', _id: '', productId: body.productId, quantity: body.quantity });
          return json(200, answerOf(cartRoutes, 'POST /c2/api/buy-now', { success: true, data: [line] }));
        }
        return json(404, { success: false, message: 'No route' });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('goes to the checkout of the item alone, and never adds it to the cart', async () => {
    expect(await buyNowCheckout({ productId: 'p1', quantity: 1, productsize: '5 Ratti' })).toBe(
      '/checkout?product=p1&qty=1&size=5+Ratti',
    );
    expect(asked).toEqual([
      { path: '/c2/api/buy-now', method: 'POST', body: { productId: 'p1', quantity: 1, productsize: '5 Ratti' } },
    ]);
  });

  it('says why when the shop cannot sell it as chosen, staying on the product page', async () => {
    await expect(buyNowCheckout({ productId: 'p1', quantity: 2 })).rejects.toThrow('Only 1 of "Ruby" left in stock');
    stock = 0;
    await expect(buyNowCheckout({ productId: 'p1', quantity: 1 })).rejects.toThrow('"Ruby" is out of stock');
    expect(asked.every((a) => a.path === '/c2/api/buy-now')).toBe(true);
  });
});
