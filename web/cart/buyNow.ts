import type { SettingChoice } from '../../contract/made-to-order';
import type { CartItem } from '../api/cart';

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
export function buyNowPath(cartItemId: string, quantity: number) {
  return `/checkout?${new URLSearchParams({ buy: cartItemId, qty: String(quantity) })}`;
}

export function readBuyNow(params: URLSearchParams): { cartItemId: string; quantity: number } | null {
  const cartItemId = params.get('buy');
  const quantity = Number(params.get('qty') ?? '1');
  if (!cartItemId || !Number.isInteger(quantity) || quantity < 1) return null;
  return { cartItemId, quantity };
}
