import { describe, expect, it } from 'vitest';
import { A_RING_SETTING, aCartLine } from '../test/fixtures';
import { addedLine } from './buyNow';

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
