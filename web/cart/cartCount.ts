import { queryOptions, useQuery } from '@tanstack/react-query';
import { cartApi } from '../api/cart';
import { ApiError } from '../api/client';
import { useSession } from '../auth/session';

/**
 * The shopper's cart count (the header's badge, the phone's bottom bar), on every page's first download; the rest of
 * the cart is in ./cart.ts. Every cart query key starts with 'cart'; invalidating CART_KEY refreshes the cart
 * everywhere.
 */
export const CART_KEY = ['cart'] as const;
/** The cart's count: a number, the cart's lines. */
export const CART_COUNT_KEY = ['cart', 'count'] as const;

/** Retry a read once when no answer came back or the server failed; never for 4xx. */
export const retryTransient = (failures: number, err: unknown) =>
  failures < 1 && err instanceof ApiError && (err.status === 0 || err.status >= 500);

export const cartCountQuery = queryOptions({
  queryKey: CART_COUNT_KEY,
  queryFn: async () => (await cartApi.count()).data.count,
  retry: retryTransient,
});

/**
 * The number of cart lines for the header's badge and the phone's bottom bar: the signed-in user's cart, or a
 * visitor's guest cart. Asked for once the session is known; an add, or any change to the cart, sets it from the
 * server's answer.
 */
export function useCartCount(): number {
  const { loading } = useSession();
  const count = useQuery({ ...cartCountQuery, enabled: !loading });
  return count.data ?? 0;
}
