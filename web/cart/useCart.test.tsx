import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { act, cleanup, configure, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authRoutes } from '../../contract/auth';
import { cartRoutes } from '../../contract/cart';
import type { CartItem } from '../api/cart';
import { takeCartAction } from '../auth/returnTo';
import { answerOf } from '../test/answers';
import { cartLineOf, SHOPPER } from '../test/fixtures';
import { notify } from '../ui/notify';
import { CART_ERROR_MS, useAddToCart } from './cart';
import { useCartCount } from './cartCount';
import { useCart } from './useCart';

// The machine running the suite may be busy: give screens time to answer.
configure({ asyncUtilTimeout: 5000 });

const line = (id: string, quantity = 1, price = 1000): CartItem =>
  cartLineOf({
    cartItemId: id,
    _id: id,
    productId: `p-${id}`,
    productname: `Stone ${id}`,
    productprice: price,
    listprice: price,
    productimages: [],
    productcolours: ['Red'],
    productsizes: ['5 ratti'],
    productcolour: 'Red',
    productsize: '5 ratti',
    quantity,
    stockquantity: 10,
    unavailable: false,
  });

type Handler = (body: unknown) => Response | Promise<Response>;
let routes: Record<string, Handler>;
let calls: string[];
/** What the shopper was told, by kind. */
let told: { success: string[]; error: string[] };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const items = (list: CartItem[]) => json(200, answerOf(cartRoutes, 'GET /c2/api/all', { success: true, data: list }));
/** What a change to the cart answers: the cart as it now stands (adding answers the same shape). */
const changed = (list: CartItem[]) =>
  json(200, answerOf(cartRoutes, 'PATCH /c2/api/update-quantity', { success: true, message: 'ok', data: list }));
const count = (n: number) => json(200, answerOf(cartRoutes, 'GET /c2/api/count', { success: true, data: { count: n } }));

function deferred() {
  let resolve!: (r: Response) => void;
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

beforeEach(() => {
  calls = [];
  told = { success: [], error: [] };
  vi.spyOn(notify, 'success').mockImplementation((m) => void told.success.push(m));
  vi.spyOn(notify, 'error').mockImplementation((m) => void told.error.push(m));
  routes = {
    'GET /u1/api/checkuser': () => json(200, answerOf(authRoutes, 'GET /u1/api/checkuser', { success: true, user: SHOPPER })),
    'GET /c2/api/all': () => items([line('a')]),
    // The count answers only when a test asks it to, so it never races the rule under test.
    'GET /c2/api/count': () => new Promise<Response>(() => {}),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${path}`;
      calls.push(key);
      const handler = routes[key];
      if (!handler) return json(404, { success: false, message: `No route ${key}` });
      return handler(init.body ? JSON.parse(String(init.body)) : undefined);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function setup() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  const hook = renderHook(() => ({ cart: useCart(), add: useAddToCart(), headerCount: useCartCount(), qc: useQueryClient() }), {
    wrapper,
  });
  return { ...hook, qc };
}

/**
 * Until nothing is being fetched or changed (but the count, which answers only when a test asks it to), lets the
 * notifications React Query has already scheduled (timers of no delay) reach the screen, then once more: whatever
 * those answers were going to start has started and shown.
 */
async function settled(qc: QueryClient) {
  const tick = () => act(() => new Promise<void>((r) => setTimeout(r, 0)));
  const busy = () =>
    qc.isMutating() + qc.isFetching({ predicate: (q) => !(q.queryKey[0] === 'cart' && q.queryKey[1] === 'count') });
  await tick();
  while (busy() > 0) await tick();
  await tick();
}

async function loaded(list: CartItem[] = [line('a')]) {
  routes['GET /c2/api/all'] = () => items(list);
  const h = setup();
  await waitFor(() => expect(h.result.current.cart.cartItems).toHaveLength(list.length));
  await waitFor(() => expect(h.result.current.cart.loading).toBe(false));
  return h;
}

describe('cart state', () => {
  it('loads a signed-out visitor’s guest cart once the session is known to be none', async () => {
    routes['GET /u1/api/checkuser'] = () => json(401, { success: false, message: 'Please sign in to continue' });
    routes['GET /c2/api/all'] = () => items([line('a', 2)]);
    const { result } = setup();
    expect(result.current.cart).toMatchObject({ cartItems: [], cartCount: 0, error: null });
    await waitFor(() => expect(result.current.cart.cartItems).toHaveLength(1));
    expect(result.current.cart.cartCount).toBe(1);
    // The cart is asked for only after the session answered.
    const first = calls.findIndex((c) => c.includes('/c2/api'));
    expect(calls.indexOf('GET /u1/api/checkuser')).toBeLessThan(first);
  });

  it('loads at start: loading while pending, then the server list and count = number of lines', async () => {
    const pending = deferred();
    routes['GET /c2/api/all'] = () => pending.promise;
    const { result } = setup();
    await waitFor(() => expect(result.current.cart.loading).toBe(true));
    expect(result.current.cart.cartItems).toEqual([]);
    await act(async () => pending.resolve(items([line('a', 2), line('b', 3)])));
    await waitFor(() => expect(result.current.cart.loading).toBe(false));
    expect(result.current.cart.cartItems.map((i) => i.cartItemId)).toEqual(['a', 'b']);
    expect(result.current.cart.cartCount).toBe(2);
    expect(result.current.headerCount).toBe(2);
  });

  it('a count fetch sets the count from the server', async () => {
    routes['GET /c2/api/count'] = () => count(1);
    const h = await loaded([line('a')]);
    await waitFor(() => expect(calls).toContain('GET /c2/api/count'));
    routes['GET /c2/api/count'] = () => count(7);
    await act(async () => {
      await h.result.current.cart.fetchCartCount();
    });
    await waitFor(() => expect(h.result.current.cart.cartCount).toBe(7));
    expect(h.qc.getQueryData(['cart', 'count'])).toBe(7);
  });

  it('a failed load stores the server message, else the default text', async () => {
    routes['GET /c2/api/all'] = () => json(409, { success: false, message: 'Your session has ended' });
    const h = setup();
    await waitFor(() => expect(h.result.current.cart.error).toBe('Your session has ended'));
    expect(h.result.current.cart.cartItems).toEqual([]);

    routes['GET /c2/api/all'] = () => new Response('', { status: 404 });
    await act(async () => {
      await h.result.current.cart.loadCart().catch(() => {});
    });
    expect(h.result.current.cart.error).toBe('Failed to load cart');
  });

  it('add raises the count at once by the quantity asked, then takes the server list', async () => {
    const h = await loaded([line('a')]);
    const pending = deferred();
    let sent: unknown;
    routes['POST /c2/api/add'] = (body) => {
      sent = body;
      return pending.promise;
    };
    let done!: Promise<unknown>;
    act(() => {
      done = h.result.current.add.addToCart({ productId: 'p-b', productsize: '5 ratti', productcolour: 'Red', quantity: 3 });
    });
    await waitFor(() => expect(h.result.current.cart.cartCount).toBe(4));
    expect(h.result.current.headerCount).toBe(4);
    expect(h.result.current.add.adding).toBe(true);
    expect(sent).toEqual({ productId: 'p-b', productsize: '5 ratti', productcolour: 'Red', quantity: 3 });
    await act(async () => {
      pending.resolve(changed([line('a'), line('b', 3)]));
      await done;
    });
    await waitFor(() => expect(h.result.current.cart.cartCount).toBe(2));
    expect(h.result.current.cart.cartItems.map((i) => i.cartItemId)).toEqual(['a', 'b']);
    await waitFor(() => expect(h.result.current.add.adding).toBe(false));
  });

  it('add defaults to one; a failure resets the count to the number of lines and keeps the server message for 3 s', async () => {
    const h = await loaded([line('a'), line('b')]);
    const pending = deferred();
    let sent: unknown;
    routes['POST /c2/api/add'] = (body) => {
      sent = body;
      return pending.promise;
    };
    let done!: Promise<unknown>;
    act(() => {
      done = h.result.current.add.addToCart({ productId: 'p-c' });
    });
    await waitFor(() => expect(h.result.current.cart.cartCount).toBe(3));
    expect(sent).toEqual({ productId: 'p-c', quantity: 1 });

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => {
      pending.resolve(json(409, { success: false, message: 'Only 2 left in stock' }));
      // Never thrown at the screen: the shopper is told the server's reason (below) and the add answers false.
      await expect(done).resolves.toBe(false);
    });
    await waitFor(() => expect(h.result.current.cart.cartCount).toBe(2));
    expect(h.result.current.cart.error).toBe('Only 2 left in stock');
    expect(told.error).toEqual(['Only 2 left in stock']);
    expect(h.result.current.cart.cartItems).toHaveLength(2);

    act(() => {
      vi.advanceTimersByTime(CART_ERROR_MS - 100);
    });
    expect(h.result.current.cart.error).toBe('Only 2 left in stock');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(h.result.current.cart.error).toBeNull();
  });

  it('a failure with no server message uses the transport message, else the default', async () => {
    const h = await loaded();
    routes['POST /c2/api/add'] = () => {
      throw new TypeError('Failed to fetch');
    };
    await act(async () => {
      await h.result.current.add.addToCart({ productId: 'p-x' });
    });
    expect(h.result.current.cart.error).toBe('Network error');

    routes['POST /c2/api/add'] = () => new Response('oops', { status: 502 });
    await act(async () => {
      await h.result.current.add.addToCart({ productId: 'p-x' });
    });
    expect(h.result.current.cart.error).toBe('Failed to add to cart');
  });

  it('update replaces the items with the server list; failure keeps them and says so', async () => {
    const h = await loaded([line('a', 1), line('b', 1)]);
    let sent: unknown;
    routes['PATCH /c2/api/update-quantity'] = (body) => {
      sent = body;
      return changed([line('a', 4), line('b', 1)]);
    };
    await act(async () => {
      await h.result.current.cart.updateQuantity('a', 4);
    });
    expect(sent).toEqual({ cartItemId: 'a', quantity: 4 });
    // Query data reaches the screen on React Query's next notification tick, not inside act(): wait for it.
    await waitFor(() => expect(h.result.current.cart.cartItems[0]?.quantity).toBe(4));
    expect(h.result.current.cart.cartCount).toBe(2);

    routes['PATCH /c2/api/update-quantity'] = () => new Response('', { status: 500 });
    await act(async () => {
      await h.result.current.cart.updateQuantity('a', 5).catch(() => {});
    });
    expect(h.result.current.cart.error).toBe('Failed to update quantity');
    await settled(h.qc); // a late notification would show here
    expect(h.result.current.cart.cartItems[0]?.quantity).toBe(4);
  });

  it('remove only ends loading, then the cart is fetched again', async () => {
    const h = await loaded([line('a'), line('b')]);
    const pending = deferred();
    routes['DELETE /c2/api/remove/a'] = () => pending.promise;
    let done!: Promise<unknown>;
    act(() => {
      done = h.result.current.cart.removeFromCart('a');
    });
    await waitFor(() => expect(h.result.current.cart.loading).toBe(true));
    expect(h.result.current.cart.cartItems).toHaveLength(2);
    const before = calls.filter((c) => c === 'GET /c2/api/all').length;
    routes['GET /c2/api/all'] = () => items([line('b')]);
    await act(async () => {
      pending.resolve(
        json(200, answerOf(cartRoutes, 'DELETE /c2/api/remove/:cartItemId', { success: true, message: 'Item removed' })),
      );
      await done;
    });
    await waitFor(() => expect(h.result.current.cart.cartItems.map((i) => i.cartItemId)).toEqual(['b']));
    expect(calls.filter((c) => c === 'GET /c2/api/all').length).toBe(before + 1);
    await waitFor(() => expect(h.result.current.cart.loading).toBe(false));
  });

  it('a failed remove keeps the lines and stores the default text', async () => {
    const h = await loaded([line('a')]);
    routes['DELETE /c2/api/remove/a'] = () => new Response('', { status: 500 });
    await act(async () => {
      await h.result.current.cart.removeFromCart('a').catch(() => {});
    });
    expect(h.result.current.cart.error).toBe('Failed to remove item from cart');
    expect(h.result.current.cart.cartItems).toHaveLength(1);
  });

  it('clear empties the items and sets the count to 0; a failure says Failed to clear cart', async () => {
    const h = await loaded([line('a'), line('b')]);
    routes['DELETE /c2/api/clear'] = () => new Response('', { status: 500 });
    await act(async () => {
      await h.result.current.cart.clearCart().catch(() => {});
    });
    expect(h.result.current.cart.error).toBe('Failed to clear cart');
    expect(h.result.current.cart.cartCount).toBe(2);

    routes['DELETE /c2/api/clear'] = () =>
      json(200, answerOf(cartRoutes, 'DELETE /c2/api/clear', { success: true, message: 'Cart cleared' }));
    routes['GET /c2/api/all'] = () => items([]);
    await act(async () => {
      await h.result.current.cart.clearCart();
    });
    expect(h.result.current.cart.error).toBeNull();
    expect(h.result.current.cart.cartItems).toEqual([]);
    expect(h.result.current.cart.cartCount).toBe(0);
    expect(h.result.current.headerCount).toBe(0);
  });

  it('each operation clears the previous error as it starts', async () => {
    const h = await loaded([line('a')]);
    routes['DELETE /c2/api/remove/a'] = () => json(404, { success: false, message: 'Cart item not found' });
    await act(async () => {
      await h.result.current.cart.removeFromCart('a').catch(() => {});
    });
    expect(h.result.current.cart.error).toBe('Cart item not found');

    const pending = deferred();
    routes['PATCH /c2/api/update-quantity'] = () => pending.promise;
    act(() => {
      void h.result.current.cart.updateQuantity('a', 2);
    });
    await waitFor(() => expect(h.result.current.cart.error).toBeNull());
    expect(h.result.current.cart.loading).toBe(true);
    await act(async () => pending.resolve(changed([line('a', 2)])));
    await waitFor(() => expect(h.result.current.cart.loading).toBe(false));
  });

  it('keeps its data under query keys that start with cart', async () => {
    const h = await loaded([line('a')]);
    const keys = h.qc
      .getQueryCache()
      .getAll()
      .map((q) => q.queryKey);
    const cartKeys = keys.filter((k) => k[0] !== 'session');
    expect(cartKeys.length).toBeGreaterThanOrEqual(2);
    for (const k of cartKeys) expect(k[0]).toBe('cart');
    expect(h.qc.getQueryData(['cart', 'count'])).toBe(1);
  });
});

/** A screen that adds to the cart beside the header's count, and nothing of the cart page (a listing, a product page). */
function screenWithAddButton(at = '/ruby/burma-ruby') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[at]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  const hook = renderHook(() => ({ add: useAddToCart(), headerCount: useCartCount(), location: useLocation() }), { wrapper });
  return { ...hook, qc };
}

const added = (list: CartItem[]) =>
  json(200, answerOf(cartRoutes, 'POST /c2/api/add', { success: true, message: 'Added to cart', data: list }));

describe('Add to Cart, from any screen', () => {
  it('adds once; the POST’s answer is the cart and the header’s count, with no second request', async () => {
    routes['GET /c2/api/count'] = () => count(1);
    const sent: unknown[] = [];
    routes['POST /c2/api/add'] = (body) => {
      sent.push(body);
      return added([line('a'), line('b')]);
    };
    const h = screenWithAddButton();
    await waitFor(() => expect(h.result.current.headerCount).toBe(1));
    const before = calls.length;
    let ok: boolean | undefined;
    await act(async () => {
      ok = await h.result.current.add.addToCart({ productId: 'p-b', productsize: '5 ratti', productcolour: 'Red', quantity: 1 });
    });
    expect(ok).toBe(true);
    await waitFor(() => expect(h.result.current.headerCount).toBe(2));
    await settled(h.qc);
    expect(h.qc.isFetching()).toBe(0);
    // One request for one tap: the cart and its count are not asked for again.
    expect(calls.slice(before)).toEqual(['POST /c2/api/add']);
    expect(sent).toEqual([{ productId: 'p-b', productsize: '5 ratti', productcolour: 'Red', quantity: 1 }]);
    expect(h.qc.getQueryData<CartItem[]>(['cart', 'items'])?.map((i) => i.cartItemId)).toEqual(['a', 'b']);
    expect(told).toEqual({ success: ['Added to cart!'], error: [] });
    expect(h.result.current.location.pathname).toBe('/ruby/burma-ruby');
  });

  it('sends a made-to-order piece with its setting, as the piece panel asks', async () => {
    routes['GET /c2/api/count'] = () => count(0);
    const sent: unknown[] = [];
    routes['POST /c2/api/add'] = (body) => {
      sent.push(body);
      return added([line('a')]);
    };
    const h = screenWithAddButton();
    await waitFor(() => expect(calls).toContain('GET /c2/api/count'));
    const setting = { designId: 'd1', metal: 'gold-22k' as const, size: 14 };
    await act(async () => {
      await h.result.current.add.addToCart({ productId: 'p-a', quantity: 1, setting });
    });
    expect(sent).toEqual([{ productId: 'p-a', quantity: 1, setting }]);
    await waitFor(() => expect(h.result.current.headerCount).toBe(1));
  });

  it('a signed-out visitor’s item goes to their guest cart, as today: the same one request, no trip to Sign In', async () => {
    routes['GET /u1/api/checkuser'] = () => json(401, { success: false, message: 'Please sign in to continue' });
    routes['GET /c2/api/count'] = () => count(0);
    routes['POST /c2/api/add'] = () => added([line('a')]);
    const h = screenWithAddButton();
    await waitFor(() => expect(calls).toContain('GET /c2/api/count'));
    const before = calls.length;
    await act(async () => {
      await h.result.current.add.addToCart({ productId: 'p-a', quantity: 1 });
    });
    await waitFor(() => expect(h.result.current.headerCount).toBe(1));
    await settled(h.qc);
    expect(calls.slice(before)).toEqual(['POST /c2/api/add']);
    expect(told).toEqual({ success: ['Added to cart!'], error: [] });
    expect(h.result.current.location.pathname).toBe('/ruby/burma-ruby');
    expect(takeCartAction()).toBeNull();
  });

  it('a refused add tells the shopper why, puts the count back, and is not added', async () => {
    routes['GET /c2/api/count'] = () => count(1);
    routes['POST /c2/api/add'] = () => json(409, { success: false, message: 'Only 1 of "Ruby" left in stock' });
    const h = screenWithAddButton();
    await waitFor(() => expect(h.result.current.headerCount).toBe(1));
    let ok: boolean | undefined;
    await act(async () => {
      ok = await h.result.current.add.addToCart({ productId: 'p-a', quantity: 1 });
    });
    expect(ok).toBe(false);
    expect(told).toEqual({ success: [], error: ['Only 1 of "Ruby" left in stock'] });
    await waitFor(() => expect(h.result.current.headerCount).toBe(1));
    expect(h.result.current.add.adding).toBe(false);
    expect(h.result.current.location.pathname).toBe('/ruby/burma-ruby');
  });

  it('should the server ask for a session, the shopper is told, and goes to Sign In with the item kept for after', async () => {
    routes['GET /c2/api/count'] = () => count(0);
    routes['POST /c2/api/add'] = () => json(401, { success: false, message: 'Please sign in to continue' });
    const h = screenWithAddButton('/ruby/burma-ruby?view=1');
    await waitFor(() => expect(calls).toContain('GET /c2/api/count'));
    window.history.replaceState(null, '', '/ruby/burma-ruby?view=1');
    await act(async () => {
      await h.result.current.add.addToCart({ productId: 'p-a', productsize: '5 ratti', quantity: 1 });
    });
    expect(told.error).toEqual(['Please sign in to continue']);
    await waitFor(() => expect(h.result.current.location.pathname).toBe('/signin'));
    expect(h.result.current.location.search).toBe(`?${new URLSearchParams({ next: '/ruby/burma-ruby?view=1' })}`);
    expect(takeCartAction()).toEqual({ kind: 'add', line: { productId: 'p-a', productsize: '5 ratti', quantity: 1 } });
  });
});
