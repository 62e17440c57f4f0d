import type { SettingChoice } from '../../contract/made-to-order';
import { type CartItem, cartApi } from '../api/cart';
import { ApiError } from '../api/client';

/** What Add to Cart and Buy Now add: a product (its size and colour), or a made-to-order piece of it (`setting`). */
export type CartLine = {
  productId: string;
  productsize?: string;
  productcolour?: string;
  quantity: number;
  setting?: SettingChoice;
};

/**
 * The cart line `line` became, in the cart the add answered: the same product, size and colour; for a piece (always
 * a line of its own, its size and colour the stone's own), the newest piece of that product, design, metal and size.
 * @forTests unit-tested with carts holding pieces and stones alike
 */
export function addedLine(cart: CartItem[], line: CartLine): CartItem | undefined {
  const want = line.setting;
  if (want) {
    return cart
      .filter(
        (c) =>
          c.productId === line.productId &&
          c.setting?.design._id === want.designId &&
          c.setting.metal === want.metal &&
          (c.setting.size ?? undefined) === want.size,
      )
      .at(-1);
  }
  return cart.find(
    (c) =>
      !c.setting &&
      c.productId === line.productId &&
      c.productsize === (line.productsize ?? '') &&
      c.productcolour === (line.productcolour ?? ''),
  );
}

/**
 * Buy Now checks out one cart line and leaves the rest of the cart alone: /checkout?buy=<cartItemId>&qty=<n>.
 * The checkout reads it back with `readBuyNow`; a missing or malformed value means the whole cart.
 */
function buyNowPath(cartItemId: string, quantity: number) {
  return `/checkout?${new URLSearchParams({ buy: cartItemId, qty: String(quantity) })}`;
}

export function readBuyNow(params: URLSearchParams): { cartItemId: string; quantity: number } | null {
  const cartItemId = params.get('buy');
  const quantity = Number(params.get('qty') ?? '1');
  if (!cartItemId || !Number.isInteger(quantity) || quantity < 1) return null;
  return { cartItemId, quantity };
}

/**
 * Buy Now, from the product page or carried on after sign-in: adds the item and answers the checkout of that line
 * alone. A stone already in the cart that cannot be added again (a unique stone: the shop has only what the cart
 * holds) is bought from the line that holds it, rather than refused.
 */
export async function buyNowCheckout(chosen: CartLine): Promise<string> {
  try {
    const { data } = await cartApi.add(chosen);
    const added = addedLine(data, chosen);
    return added ? buyNowPath(added.cartItemId, chosen.quantity) : '/checkout';
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 409 || chosen.setting) throw err;
    const there = addedLine((await cartApi.all()).data, chosen);
    if (!there || there.quantity < chosen.quantity) throw err;
    return buyNowPath(there.cartItemId, chosen.quantity);
  }
}
