import { type QueryClient, queryOptions, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type CartItem, cartApi } from '../api/cart';
import { ApiError } from '../api/client';
import { useSignInFirst } from '../auth/returnTo';
import { notify } from '../ui/notify';
import type { CartLine } from './buyNow';
import { CART_COUNT_KEY, retryTransient } from './cartCount';

/**
 * The shopper's cart in the query cache, shared by every screen: its lines, its count (./cartCount.ts, which the
 * header reads), the cart's error text, and the one way into it, `useAddToCart` (a product card, the product page, a
 * made-to-order piece, an item carried over a sign-in). The cart page and checkout read and change it through
 * `useCart` (./useCart.ts); Buy Now never goes through it (./buyNow.ts).
 */
export const CART_ITEMS_KEY = ['cart', 'items'] as const;
/** How long a cart error stays shown. @forTests the cart test advances fake timers by it. */
export const CART_ERROR_MS = 3000;

/** The cart's default failure texts, used when the server sent no message. */
export const CART_MESSAGES = {
  load: 'Failed to load cart',
  add: 'Failed to add to cart',
  update: 'Failed to update quantity',
  remove: 'Failed to remove item from cart',
  clear: 'Failed to clear cart',
} as const;

/** The server's message, else the transport's (no answer came back), else the default. */
export function cartErrorMessage(err: unknown, fallback: string): string {
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
export function errorStore(qc: QueryClient) {
  let store = errorStores.get(qc);
  if (!store) {
    store = new CartErrorStore();
    errorStores.set(qc, store);
  }
  return store;
}

export function cartItemsQuery(qc: QueryClient) {
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

/** Server list in, count = number of lines. */
export function replaceItems(qc: QueryClient, items: CartItem[]) {
  qc.setQueryData(CART_ITEMS_KEY, items);
  qc.setQueryData(CART_COUNT_KEY, items.length);
}

/** What Add to Cart sends: a product (its size and colour) or a made-to-order piece of it (`setting`); one unless told. */
type AddToCartInput = Omit<CartLine, 'quantity'> & { quantity?: number };

/**
 * The one way into the cart: POST /c2/api/add, whose answer (the cart as it now stands) becomes the cart's lines and
 * count, with no second request. The count rises at once by the quantity asked, and goes back to the lines known should
 * the add fail (asked again from the server when no lines are known yet), the reason kept as the cart's error. Reads in
 * flight are stopped first, so an older list cannot land on top of the answer.
 */
async function addLine(qc: QueryClient, input: AddToCartInput): Promise<CartItem[]> {
  const errors = errorStore(qc);
  const quantity = input.quantity ?? 1;
  errors.set(null);
  await Promise.all([qc.cancelQueries({ queryKey: CART_ITEMS_KEY }), qc.cancelQueries({ queryKey: CART_COUNT_KEY })]);
  qc.setQueryData<number>(CART_COUNT_KEY, (c) => (c ?? 0) + quantity);
  try {
    const { data } = await cartApi.add({ ...input, quantity });
    replaceItems(qc, data);
    return data;
  } catch (err) {
    const known = qc.getQueryData<CartItem[]>(CART_ITEMS_KEY);
    if (known) qc.setQueryData(CART_COUNT_KEY, known.length);
    else void qc.invalidateQueries({ queryKey: CART_COUNT_KEY });
    errors.set(cartErrorMessage(err, CART_MESSAGES.add));
    throw err;
  }
}

/**
 * Add to Cart, as every screen offers it (a product card, the product page, a made-to-order piece, an item carried
 * over a sign-in): signed in or not (a visitor's item goes to their guest cart), one POST whose answer updates the
 * cart and the header's count. The shopper is told "Added to cart!" or why not; should the server ask for a session,
 * the item goes with the shopper to Sign In (unless `signInOnRefusal` is false: they have just signed in).
 * `addToCart` resolves true once the item is in the cart, false when it is not, and never rejects; `adding` is true
 * while it runs.
 */
export function useAddToCart({ signInOnRefusal = true }: { signInOnRefusal?: boolean } = {}) {
  const qc = useQueryClient();
  const signInFirst = useSignInFirst();
  const [running, setRunning] = useState(0);
  const addToCart = async (line: AddToCartInput): Promise<boolean> => {
    setRunning((n) => n + 1);
    try {
      await addLine(qc, line);
      notify.success('Added to cart!');
      return true;
    } catch (err) {
      notify.error(err instanceof Error && err.message ? err.message : CART_MESSAGES.add);
      if (signInOnRefusal && err instanceof ApiError && err.status === 401) {
        signInFirst('add', { ...line, quantity: line.quantity ?? 1 });
      }
      return false;
    } finally {
      setRunning((n) => n - 1);
    }
  };
  return { addToCart, adding: running > 0 };
}
