import { METAL_KEYS, type Metal, type SettingChoice } from '../../contract/made-to-order';
import { cartApi } from '../api/cart';

/** What Add to Cart and Buy Now take: a product (its size and colour), or a made-to-order piece of it (`setting`). */
export type CartLine = {
  productId: string;
  productsize?: string;
  productcolour?: string;
  quantity: number;
  setting?: SettingChoice;
};

/**
 * Buy Now's checkout address: the item itself, never a cart line, so the cart is left exactly as it was whether
 * the item is paid or not: /checkout?product=<id>&qty=<n>[&size=&colour=][&design=&metal=&ringsize=].
 * @forTests unit-tested to read back exactly what it writes, for a stone and a piece
 */
export function buyNowPath(line: CartLine): string {
  const q = new URLSearchParams({ product: line.productId, qty: String(line.quantity) });
  if (line.productsize) q.set('size', line.productsize);
  if (line.productcolour) q.set('colour', line.productcolour);
  if (line.setting) {
    q.set('design', line.setting.designId);
    q.set('metal', line.setting.metal);
    if (line.setting.size !== undefined) q.set('ringsize', String(line.setting.size));
  }
  return `/checkout?${q}`;
}

/** Buy Now's item read back from the checkout's address; a missing or malformed one means the whole cart. */
export function readBuyNow(params: URLSearchParams): CartLine | null {
  const productId = params.get('product');
  const quantity = Number(params.get('qty') ?? '1');
  if (!productId || !Number.isInteger(quantity) || quantity < 1) return null;
  const line: CartLine = { productId, quantity };
  const size = params.get('size');
  const colour = params.get('colour');
  if (size) line.productsize = size;
  if (colour) line.productcolour = colour;
  const designId = params.get('design');
  const metal = params.get('metal');
  if (designId && metal) {
    if (!(METAL_KEYS as string[]).includes(metal)) return null;
    const ringsize = params.get('ringsize');
    line.setting = { designId, metal: metal as Metal, ...(ringsize ? { size: Number(ringsize) } : {}) };
  }
  return line;
}

/**
 * Buy Now, from the product page or carried on after sign-in: asks the shop whether the item can be bought as
 * chosen (in stock, still sold, in that size and colour: the reason is thrown when not) and answers the checkout of
 * that item alone. Nothing goes into the cart.
 */
export async function buyNowCheckout(chosen: CartLine): Promise<string> {
  await cartApi.buyNow(chosen);
  return buyNowPath(chosen);
}
