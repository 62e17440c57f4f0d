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
