import {
  type QueryClient,
  queryOptions,
  useIsFetching,
  useIsMutating,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { type CartItem, cartApi } from '../api/cart';
import { ApiError } from '../api/client';
import { useSession } from '../auth/session';

export type { CartItem };

/** Every cart query key starts with 'cart'; invalidating CART_KEY refreshes the cart everywhere. */
export const CART_KEY = ['cart'] as const;
const CART_ITEMS_KEY = ['cart', 'items'] as const;
/** The header's cart count: a number. */
const CART_COUNT_KEY = ['cart', 'count'] as const;
/** How long a cart error stays shown. @forTests the cart test advances fake timers by it. */
export const CART_ERROR_MS = 3000;

/** The cart's default failure texts, used when the server sent no message. */
const CART_MESSAGES = {
  load: 'Failed to load cart',
  add: 'Failed to add to cart',
  update: 'Failed to update quantity',
  remove: 'Failed to remove item from cart',
  clear: 'Failed to clear cart',
} as const;

type AddToCartInput = { productId: string; productcolour?: string; productsize?: string; quantity?: number };

/** The server's message, else the transport's (no answer came back), else the default. */
function cartErrorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    if (err.body?.message) return err.body.message;
    if (err.status === 0 && err.message) return err.message;
  }
  return fallback;
}

/** The cart's error text: one per QueryClient, shared by every screen, cleared 3 s after it is set. */
class CartErrorStore {
  private error: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private listeners = new Set<() => void>();
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };
  get = () => this.error;
  set(message: string | null) {
    clearTimeout(this.timer);
    this.timer = message ? setTimeout(() => this.set(null), CART_ERROR_MS) : undefined;
    if (message === this.error) return;
    this.error = message;
    for (const l of this.listeners) l();
  }
}
const errorStores = new WeakMap<QueryClient, CartErrorStore>();
function errorStore(qc: QueryClient) {
  let store = errorStores.get(qc);
  if (!store) {
    store = new CartErrorStore();
    errorStores.set(qc, store);
  }
  return store;
}

/** Retry a read once when no answer came back or the server failed; never for 4xx. */
const retryTransient = (failures: number, err: unknown) =>
  failures < 1 && err instanceof ApiError && (err.status === 0 || err.status >= 500);

function cartItemsQuery(qc: QueryClient) {
  return queryOptions({
    queryKey: CART_ITEMS_KEY,
    queryFn: async (): Promise<CartItem[]> => {
      const errors = errorStore(qc);
      errors.set(null);
      try {
        const items = (await cartApi.all()).data;
        qc.setQueryData(CART_COUNT_KEY, items.length);
        return items;
      } catch (err) {
        errors.set(cartErrorMessage(err, CART_MESSAGES.load));
        throw err;
      }
    },
    retry: retryTransient,
  });
}

const cartCountQuery = queryOptions({
  queryKey: CART_COUNT_KEY,
  queryFn: async () => (await cartApi.count()).data.count,
  retry: retryTransient,
});

/** Server list in, count = number of lines. */
function replaceItems(qc: QueryClient, items: CartItem[]) {
  qc.setQueryData(CART_ITEMS_KEY, items);
  qc.setQueryData(CART_COUNT_KEY, items.length);
}

/**
 * The number of cart lines for the header badge: the signed-in user's cart, or a visitor's guest cart.
 * @forTests the cart count hook is tested on its own.
 */
export function useCartCount(): number {
  const { loading } = useSession();
  const count = useQuery({ ...cartCountQuery, enabled: !loading });
  return count.data ?? 0;
}

/**
 * The shopper's cart state: items, count, loading, error and the five operations.
 * Loads at mount once the session is known: a signed-in user's cart, or a visitor's guest cart (kept by the server
 * under its own cookie and joined to the account's cart at sign-in). Each operation returns a promise that rejects with the ApiError on failure,
 * so a screen can add its own toast or redirect.
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

  const add = useMutation({
    mutationKey: ['cart', 'add'],
    mutationFn: (input: AddToCartInput) => cartApi.add({ ...input, quantity: input.quantity ?? 1 }),
    onMutate: async (input) => {
      errors.set(null);
      await Promise.all([settleReads(), qc.cancelQueries({ queryKey: CART_COUNT_KEY })]);
      qc.setQueryData<number>(CART_COUNT_KEY, (c) => (c ?? 0) + (input.quantity ?? 1));
    },
    onSuccess: (res) => replaceItems(qc, res.data),
    onError: (err) => {
      const known = qc.getQueryData<CartItem[]>(CART_ITEMS_KEY);
      if (known) qc.setQueryData(CART_COUNT_KEY, known.length);
      else void qc.invalidateQueries({ queryKey: CART_COUNT_KEY });
      errors.set(cartErrorMessage(err, CART_MESSAGES.add));
    },
  });

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
    addToCart: add.mutateAsync,
    updateQuantity: (cartItemId: string, quantity: number) => update.mutateAsync({ cartItemId, quantity }),
    removeFromCart: remove.mutateAsync,
    clearCart: () => clear.mutateAsync(),
    addCsv: bulk.mutateAsync,
    clearError,
  };
}
