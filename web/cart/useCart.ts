import { useIsFetching, useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { type CartItem, cartApi } from '../api/cart';
import { useSession } from '../auth/session';
import { CART_ITEMS_KEY, CART_MESSAGES, cartErrorMessage, cartItemsQuery, errorStore, replaceItems } from './cart';
import { CART_COUNT_KEY, CART_KEY, cartCountQuery } from './cartCount';

export type { CartItem };

/**
 * The shopper's cart as the cart page and checkout use it: items, count, loading, error and the operations on lines
 * already in it (quantity, remove, clear, a bulk order). Items go into the cart through `useAddToCart` (./cart.ts).
 * Loads at mount once the session is known: a signed-in user's cart, or a visitor's guest cart (kept by the server
 * under its own cookie and joined to the account's cart at sign-in). Each operation returns a promise that rejects with
 * the ApiError on failure, so a screen can add its own toast or redirect.
 */
export function useCart() {
  const qc = useQueryClient();
  const { loading: sessionLoading } = useSession();
  const known = !sessionLoading;
  const errors = errorStore(qc);

  const items = useQuery({ ...cartItemsQuery(qc), enabled: known });
  const count = useQuery({ ...cartCountQuery, enabled: known });
  const mutating = useIsMutating({ mutationKey: CART_KEY });
  const fetchingItems = useIsFetching({ queryKey: CART_ITEMS_KEY });
  const error = useSyncExternalStore(errors.subscribe, errors.get, errors.get);

  /** Stop reads in flight so an older list cannot land on top of a change. */
  const settleReads = () => qc.cancelQueries({ queryKey: CART_ITEMS_KEY });

  const update = useMutation({
    mutationKey: ['cart', 'update'],
    mutationFn: (input: { cartItemId: string; quantity: number }) => cartApi.updateQuantity(input),
    onMutate: async () => {
      errors.set(null);
      await settleReads();
    },
    onSuccess: (res) => replaceItems(qc, res.data),
    onError: (err) => errors.set(cartErrorMessage(err, CART_MESSAGES.update)),
  });

  const remove = useMutation({
    mutationKey: ['cart', 'remove'],
    mutationFn: (cartItemId: string) => cartApi.remove(cartItemId),
    onMutate: () => errors.set(null),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: CART_KEY });
    },
    onError: (err) => errors.set(cartErrorMessage(err, CART_MESSAGES.remove)),
  });

  const clear = useMutation({
    mutationKey: ['cart', 'clear'],
    mutationFn: () => cartApi.clear(),
    onMutate: async () => {
      errors.set(null);
      await settleReads();
    },
    onSuccess: () => {
      replaceItems(qc, []);
      void qc.invalidateQueries({ queryKey: CART_KEY });
    },
    onError: (err) => errors.set(cartErrorMessage(err, CART_MESSAGES.clear)),
  });

  /** A bulk order (a CSV of rows): resolves with what was added and each bad row, the cart as it now is. */
  const bulk = useMutation({
    mutationKey: ['cart', 'bulk'],
    mutationFn: (csv: string) => cartApi.bulk(csv),
    onMutate: async () => {
      errors.set(null);
      await settleReads();
    },
    onSuccess: (res) => replaceItems(qc, res.data),
  });

  const loadCart = useCallback(() => qc.fetchQuery({ ...cartItemsQuery(qc), staleTime: 0 }), [qc]);
  const fetchCartCount = useCallback(async () => {
    await qc.cancelQueries({ queryKey: CART_COUNT_KEY });
    return qc.fetchQuery({ ...cartCountQuery, staleTime: 0 });
  }, [qc]);
  const clearError = useCallback(() => errors.set(null), [errors]);

  return {
    cartItems: items.data ?? [],
    cartCount: count.data ?? 0,
    loading: mutating > 0 || fetchingItems > 0,
    /** True until the session is known and the first load of the cart has answered. */
    initialLoading: sessionLoading || (items.isPending && items.fetchStatus !== 'idle'),
    error,
    loadCart,
    fetchCartCount,
    updateQuantity: (cartItemId: string, quantity: number) => update.mutateAsync({ cartItemId, quantity }),
    removeFromCart: remove.mutateAsync,
    clearCart: () => clear.mutateAsync(),
    addCsv: bulk.mutateAsync,
    clearError,
  };
}
