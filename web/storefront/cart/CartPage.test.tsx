import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authRoutes } from '../../../contract/auth';
import { cartRoutes } from '../../../contract/cart';
import type { CartItem } from '../../api/cart';
import { answerOf } from '../../test/answers';
import { A_RING_SETTING, aCartLine, cartLineOf, SHOPPER } from '../../test/fixtures';
import { loadToaster } from '../../ui/notify';
import CartPage from './CartPage';

/** The shop's own toaster, as the storefront shows it. */
const { default: ShopToaster } = await loadToaster();

// The machine running the suite may be busy: give screens time to answer.
configure({ asyncUtilTimeout: 5000 });

const line = (id: string, name: string, price: number, quantity: number, stockquantity = 5): CartItem =>
  cartLineOf({
    cartItemId: id,
    _id: id,
    productId: `p-${id}`,
    productname: name,
    productprice: price,
    listprice: price,
    productimages: [],
    productcolours: ['Red'],
    productsizes: ['5 ratti'],
    productcolour: 'Red',
    productsize: '5 ratti',
    quantity,
    stockquantity,
    unavailable: false,
  });
/** The cart as a change to it answers it. */
const changed = (list: CartItem[]) =>
  json(200, answerOf(cartRoutes, 'PATCH /c2/api/update-quantity', { success: true, message: 'ok', data: list }));
const removed = () =>
  json(200, answerOf(cartRoutes, 'DELETE /c2/api/remove/:cartItemId', { success: true, message: 'Item removed' }));
const emptied = () => json(200, answerOf(cartRoutes, 'DELETE /c2/api/clear', { success: true, message: 'Cart cleared' }));

type Handler = (body: unknown) => Response | Promise<Response>;
let routes: Record<string, Handler>;
let cart: CartItem[];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function deferred() {
  let resolve!: (r: Response) => void;
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

beforeEach(() => {
  cart = [line('a', 'Burmese Ruby', 45000.5, 1, 2), line('b', 'Basra Pearl', 1200, 3)];
  routes = {
    'GET /u1/api/checkuser': () => json(200, answerOf(authRoutes, 'GET /u1/api/checkuser', { success: true, user: SHOPPER })),
    'GET /c2/api/all': () => json(200, answerOf(cartRoutes, 'GET /c2/api/all', { success: true, data: cart })),
    'GET /c2/api/count': () =>
      json(200, answerOf(cartRoutes, 'GET /c2/api/count', { success: true, data: { count: cart.length } })),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${path}`;
      const handler = routes[key];
      return handler
        ? handler(init.body ? JSON.parse(String(init.body)) : undefined)
        : json(404, { success: false, message: 'No route' });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCart() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/cart', Component: CartPage },
      { path: '/checkout', element: <h1>Checkout screen</h1> },
      { path: '/', element: <h1>Home screen</h1> },
      { path: '/signin', element: <h1>Sign in screen</h1> },
    ],
    { initialEntries: ['/cart'] },
  );
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
      <ShopToaster />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

const row = (name: string) => screen.getByText(name).closest('li') as HTMLElement;

describe('cart screen', () => {
  it('lists the lines with the count and a total in whole rupees', async () => {
    renderCart();
    await screen.findByText('Burmese Ruby');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Home/Shopping Cart');
    expect(screen.getByTestId('cart-item-count')).toHaveTextContent('2 items');
    // 45,000.50 + 3 × 1,200 = 48,600.50, shown without decimals.
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹48,601');
    expect(screen.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
  });

  it('minus is disabled at 1 and plus at the stock left', async () => {
    const { user } = renderCart();
    await screen.findByText('Burmese Ruby');
    expect(screen.getByRole('button', { name: 'Decrease quantity of Burmese Ruby' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Increase quantity of Burmese Ruby' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Decrease quantity of Basra Pearl' })).toBeEnabled();
    cart = [line('a', 'Burmese Ruby', 45000.5, 2, 2), cart[1]!];
    routes['PATCH /c2/api/update-quantity'] = () => changed(cart);
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Burmese Ruby' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Increase quantity of Burmese Ruby' })).toBeDisabled());
  });

  it('a quantity change shows at once with a spinner, then Quantity updated', async () => {
    const pending = deferred();
    let sent: unknown;
    routes['PATCH /c2/api/update-quantity'] = (body) => {
      sent = body;
      return pending.promise;
    };
    const { user } = renderCart();
    await screen.findByText('Basra Pearl');
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Basra Pearl' }));
    const r = row('Basra Pearl');
    expect(within(r).getByTestId('line-quantity')).toHaveTextContent('4');
    expect(within(r).getByRole('status')).toHaveTextContent('Updating Basra Pearl');
    expect(within(r).getByRole('button', { name: 'Remove Basra Pearl' })).toBeDisabled();
    expect(sent).toEqual({ cartItemId: 'b', quantity: 4 });
    cart = [cart[0]!, line('b', 'Basra Pearl', 1200, 4)];
    pending.resolve(changed(cart));
    expect(await screen.findByText('Quantity updated')).toBeInTheDocument();
    await waitFor(() => expect(within(row('Basra Pearl')).queryByRole('status')).toBeNull());
    expect(within(row('Basra Pearl')).getByTestId('line-quantity')).toHaveTextContent('4');
  });

  it('a refused quantity change goes back and says Failed to update quantity, with the reason shown', async () => {
    routes['PATCH /c2/api/update-quantity'] = () => json(409, { success: false, message: 'Only 3 of Basra Pearl left' });
    const { user } = renderCart();
    await screen.findByText('Basra Pearl');
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Basra Pearl' }));
    expect(await screen.findByText('Failed to update quantity')).toBeInTheDocument();
    expect(within(row('Basra Pearl')).getByTestId('line-quantity')).toHaveTextContent('3');
    expect(screen.getByRole('alert')).toHaveTextContent('Only 3 of Basra Pearl left');
  });

  it('delete removes the line after the cart is fetched again: Item removed from cart', async () => {
    routes['DELETE /c2/api/remove/a'] = () => {
      cart = [cart[1]!];
      return removed();
    };
    const { user } = renderCart();
    await screen.findByText('Burmese Ruby');
    await user.click(screen.getByRole('button', { name: 'Remove Burmese Ruby' }));
    expect(await screen.findByText('Item removed from cart')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Burmese Ruby')).toBeNull());
    expect(screen.getByTestId('cart-item-count')).toHaveTextContent('1 item');
  });

  it('a failed delete keeps the line: Failed to remove item', async () => {
    routes['DELETE /c2/api/remove/a'] = () => json(500, { success: false, message: 'Internal server error' });
    const { user } = renderCart();
    await screen.findByText('Burmese Ruby');
    await user.click(screen.getByRole('button', { name: 'Remove Burmese Ruby' }));
    expect(await screen.findByText('Failed to remove item')).toBeInTheDocument();
    expect(within(row('Burmese Ruby')).getByRole('button', { name: 'Remove Burmese Ruby' })).toBeEnabled();
  });

  it('Clear Cart asks first; confirming empties the cart: Cart cleared successfully, then Start Shopping', async () => {
    let cleared = 0;
    routes['DELETE /c2/api/clear'] = () => {
      cleared += 1;
      cart = [];
      return emptied();
    };
    const { user } = renderCart();
    await screen.findByText('Burmese Ruby');
    await user.click(screen.getByRole('button', { name: 'Clear Cart' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure you want to clear your entire cart?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(cleared).toBe(0);
    expect(screen.getByText('Burmese Ruby')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear Cart' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, clear it' }));
    expect(await screen.findByText('Cart cleared successfully')).toBeInTheDocument();
    expect(cleared).toBe(1);
    expect(await screen.findByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/');
    expect(screen.getByTestId('cart-item-count')).toHaveTextContent('0 items');
  });

  it('a failed clear says Failed to clear cart and keeps the lines', async () => {
    routes['DELETE /c2/api/clear'] = () => json(500, {});
    const { user } = renderCart();
    await screen.findByText('Burmese Ruby');
    await user.click(screen.getByRole('button', { name: 'Clear Cart' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, clear it' }));
    expect((await screen.findAllByText('Failed to clear cart')).length).toBeGreaterThan(0);
    expect(screen.getByText('Burmese Ruby')).toBeInTheDocument();
  });

  it('lines the server reports unavailable are marked and block checkout', async () => {
    cart = [
      line('a', 'Burmese Ruby', 45000, 3, 2),
      // As the server sends them: a deleted product's line, and a switched-off one, with no stock left.
      cartLineOf({ ...line('b', 'Basra Pearl', 1200, 1, 0), productId: null, unavailable: true }),
      line('c', 'Ceylon Sapphire', 9000, 1, 0),
      cartLineOf({ ...line('d', 'Red Coral', 3000, 1, 0), unavailable: true }),
    ];
    renderCart();
    await screen.findByText('Burmese Ruby');
    expect(within(row('Burmese Ruby')).getByTestId('line-problem')).toHaveTextContent('Only 2 left in stock');
    expect(within(row('Basra Pearl')).getByTestId('line-problem')).toHaveTextContent('No longer available');
    expect(within(row('Ceylon Sapphire')).getByTestId('line-problem')).toHaveTextContent('Out of stock');
    expect(within(row('Red Coral')).getByTestId('line-problem')).toHaveTextContent('No longer available');
    expect(screen.queryByRole('link', { name: 'Proceed to Checkout' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
  });

  it('an empty cart offers Start Shopping to /', async () => {
    cart = [];
    renderCart();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Clear Cart' })).toBeNull();
  });

  it('shows a signed-out visitor their guest cart, and checkout from it', async () => {
    routes['GET /u1/api/checkuser'] = () => json(401, { success: false, message: 'Please sign in to continue' });
    const { router } = renderCart();
    expect(await screen.findByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
    expect(screen.queryByText('Sign in screen')).toBeNull();
    expect(router.state.location.pathname).toBe('/cart');
    expect(screen.queryByText('Upload a CSV')).toBeNull();
  });

  it('Upload a CSV sends the chosen file, shows the rows added and each row not added with its number', async () => {
    let sent: unknown;
    const added = line('c', 'Kashmir Sapphire', 90000, 2);
    routes['POST /c2/api/bulk'] = (body) => {
      sent = body;
      cart = [...cart, added];
      return json(
        200,
        answerOf(cartRoutes, 'POST /c2/api/bulk', {
          success: true,
          added: 1,
          errors: [
            { row: 3, message: 'No product has the SKU or slug "NOPE"' },
            { row: 4, message: 'Quantity must be a whole number from 1 to 1000' },
          ],
          data: cart,
        }),
      );
    };
    const { user } = renderCart();
    await screen.findByText('Burmese Ruby');
    await user.click(screen.getByText('Upload a CSV'));
    const file = new File(['sku,quantity\nSAPH-1,2\nNOPE,1\nSAPH-1,x\n'], 'order.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('CSV file'), file);
    await waitFor(() =>
      expect(screen.getByLabelText('Or paste its rows')).toHaveValue('sku,quantity\nSAPH-1,2\nNOPE,1\nSAPH-1,x\n'),
    );
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByTestId('bulk-added')).toHaveTextContent('1 row added to your cart');
    expect(sent).toEqual({ csv: 'sku,quantity\nSAPH-1,2\nNOPE,1\nSAPH-1,x\n' });
    const notAdded = within(screen.getByRole('list', { name: 'Rows not added' })).getAllByRole('listitem');
    expect(notAdded.map((li) => li.textContent)).toEqual([
      'Row 3: No product has the SKU or slug "NOPE"',
      'Row 4: Quantity must be a whole number from 1 to 1000',
    ]);
    // The cart shows the new line at once, from the answer.
    expect(screen.getByText('Kashmir Sapphire')).toBeInTheDocument();
    expect(screen.getByTestId('cart-item-count')).toHaveTextContent('3 items');
  });

  it('Upload a CSV shows why a file was refused, such as too many rows', async () => {
    const message = 'A CSV file may have at most 200 rows besides its header (this one has 201); nothing was added';
    routes['POST /c2/api/bulk'] = () => json(400, { success: false, message });
    const { user } = renderCart();
    await screen.findByText('Burmese Ruby');
    await user.click(screen.getByText('Upload a CSV'));
    await user.type(screen.getByLabelText('Or paste its rows'), 'RUBY-1,1');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByTestId('bulk-added')).toBeNull();
  });

  it('shows a made-to-order piece with its design, metal, size and the parts of its price, one of a kind', async () => {
    const ring = aCartLine({ cartItemId: 'r', _id: 'r', productprice: 260907, listprice: 260907, setting: A_RING_SETTING });
    cart = [ring, aCartLine({ ...ring, cartItemId: 'r2', _id: 'r2', unavailable: true })];
    renderCart();
    const [piece, stale] = await screen.findAllByTestId('cart-line');
    const parts = within(piece as HTMLElement).getByTestId('piece-parts');
    expect(parts).toHaveTextContent('Made to order: Solitaire ring (ring), 22 karat gold (916), ring size 14');
    expect(parts).toHaveTextContent('Stone (before its own GST): ₹2,20,748.13');
    expect(parts).toHaveTextContent('Metal: 4.04 g at ₹7,195.00/g');
    expect(parts).toHaveTextContent('Making: ₹3,488.18');
    expect(piece).toHaveTextContent('₹2,60,907.00');
    // Its quantity cannot be changed: another piece is added from the stone's page.
    expect(within(piece as HTMLElement).queryByRole('button', { name: /Increase quantity/ })).toBeNull();
    expect(piece).toHaveTextContent('Quantity 1 (made for you)');
    // A piece the server cannot price today (a stale metal rate) says so and blocks checkout.
    expect(stale).toHaveTextContent('Price on request: this piece cannot be priced just now');
    expect(screen.queryByRole('link', { name: 'Proceed to Checkout' })).toBeNull();
  });
});
