import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { SettingChoice } from '../../contract/made-to-order';
import { METALS, type Metal } from '../../contract/metals';
import { cartApi } from '../api/cart';
import { ApiError } from '../api/client';
import { useSignInFirst } from '../auth/returnTo';
import { useSession } from '../auth/session';
import { notify } from '../ui/notify';
import { CART_KEY } from './cartCount';

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
    if (!Object.hasOwn(METALS, metal)) return null;
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

/**
 * Buy Now on the product page (a stone, or a made-to-order piece of it): the item alone goes to its checkout, never
 * through the cart. Buying needs an account: a visitor signs in (or up) first and the item is bought then; while the
 * session is still being read the tap goes on (a signed-in shopper is not sent to Sign In; checkout asks a visitor).
 * Should the shop refuse the item (out of stock, no longer sold), the shopper is told why and stays; `buying` is true
 * while the shop is asked.
 */
export function useBuyNow() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { user, loading } = useSession();
  const signInFirst = useSignInFirst();
  const [buying, setBuying] = useState(false);
  const buyNow = async (line: CartLine): Promise<void> => {
    if (!user && !loading) {
      signInFirst('buy', line);
      return;
    }
    setBuying(true);
    try {
      navigate(await buyNowCheckout(line));
    } catch (err) {
      notify.error((err instanceof ApiError && err.body?.message) || 'Failed to proceed to checkout');
      if (err instanceof ApiError && err.status === 401) signInFirst('buy', line);
      void qc.invalidateQueries({ queryKey: CART_KEY });
    } finally {
      setBuying(false);
    }
  };
  return { buyNow, buying };
}
