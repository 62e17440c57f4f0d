import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authRoutes } from '../../../contract/auth';
import { cartRoutes } from '../../../contract/cart';
import type { CartItem } from '../../api/cart';
import { rememberCartAction } from '../../auth/returnTo';
import { answerOf } from '../../test/answers';
import { A_RING_SETTING, aCartLine, SHOPPER } from '../../test/fixtures';
import { SignInPage } from './SignInPage';

configure({ asyncUtilTimeout: 5000 });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let role: 'USER' | 'ADMIN';
/** Bodies the sign-in and code routes were sent; a new number's sign-in answers needsname until it gives a name. */
let signins: Record<string, unknown>[];
let codesAsked: unknown[];
let newNumber: boolean;
/** What the cart's add was sent, and the cart it answers. */
let added: unknown[];
let cartAfterAdd: CartItem[];
/** What Buy Now asked the shop about (the item, never added to the cart). */
let asked: unknown[];
beforeEach(() => {
  added = [];
  asked = [];
  cartAfterAdd = [];
  signins = [];
  codesAsked = [];
  newNumber = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      if (`${init.method ?? 'GET'} ${path}` === 'POST /c2/api/buy-now') {
        asked.push(JSON.parse(String(init.body)));
        return json(200, answerOf(cartRoutes, 'POST /c2/api/buy-now', { success: true, data: cartAfterAdd.slice(-1) }));
      }
      if (`${init.method ?? 'GET'} ${path}` === 'POST /c2/api/add') {
        added.push(JSON.parse(String(init.body)));
        return json(200, answerOf(cartRoutes, 'POST /c2/api/add', { success: true, message: 'Added', data: cartAfterAdd }));
      }
      if (`${init.method ?? 'GET'} ${path}` === 'POST /u1/api/signin-code') {
        codesAsked.push(JSON.parse(String(init.body)));
        return json(
          200,
          answerOf(authRoutes, 'POST /u1/api/signin-code', {
            success: true,
            message: 'A 6-digit code is on its way by SMS. It is valid for 10 minutes.',
          }),
        );
      }
      if (`${init.method ?? 'GET'} ${path}` !== 'POST /u1/api/signin') return json(404, { success: false, message: 'No route' });
      const sent = JSON.parse(String(init.body)) as Record<string, unknown>;
      signins.push(sent);
      if (newNumber && sent.code && !sent.fullname) {
        return json(404, { success: false, message: 'Welcome! Tell us your name to create your account.', needsname: true });
      }
      return json(
        200,
        answerOf(authRoutes, 'POST /u1/api/signin', {
          success: true,
          message: 'Signed in successfully',
          user: { ...SHOPPER, role },
        }),
      );
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSignIn(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/signin', Component: SignInPage },
      { path: '/', element: <h1>Home screen</h1> },
      { path: '/dashboard', element: <h1>Back-office screen</h1> },
      { path: '/cart', element: <h1>Cart screen</h1> },
      { path: '/checkout', element: <h1>Checkout screen</h1> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

async function signIn(entry: string) {
  const router = renderSignIn(entry);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Mobile No'), '9876543210');
  await user.type(screen.getByLabelText('Password', { exact: true }), 'secret-pass-1');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return router;
}

describe('sign-in', () => {
  it('takes an administrator to the back-office', async () => {
    role = 'ADMIN';
    await signIn('/signin');
    expect(await screen.findByRole('heading', { name: 'Back-office screen' })).toBeInTheDocument();
  });

  it('takes a shopper home, and anyone sent to sign in back where they were', async () => {
    role = 'USER';
    await signIn('/signin');
    expect(await screen.findByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
    cleanup();
    role = 'ADMIN';
    await signIn('/signin?next=%2Fcart');
    expect(await screen.findByRole('heading', { name: 'Cart screen' })).toBeInTheDocument();
  });

  it('carries out Buy now on a made-to-order piece asked for while signed out: that piece is checked out, the cart untouched', async () => {
    role = 'USER';
    const setting = { designId: 'd1', metal: 'gold-22k' as const, size: 14 };
    cartAfterAdd = [aCartLine({ cartItemId: '', _id: '', productsize: '5 Ratti', setting: A_RING_SETTING })];
    rememberCartAction({ kind: 'buy', line: { productId: 'p1', quantity: 1, setting } });
    const router = await signIn('/signin?next=%2Fcart');
    expect(await screen.findByRole('heading', { name: 'Checkout screen' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?product=p1&qty=1&design=d1&metal=gold-22k&ringsize=14');
    expect(asked).toEqual([{ productId: 'p1', quantity: 1, setting }]);
    expect(added).toEqual([]);
  });

  it('carries out Add to Cart asked for while signed out: added once, then back where they were', async () => {
    role = 'USER';
    cartAfterAdd = [aCartLine({ productsize: '5 Ratti' })];
    rememberCartAction({ kind: 'add', line: { productId: 'p1', productsize: '5 Ratti', quantity: 1 } });
    await signIn('/signin?next=%2Fcart');
    expect(await screen.findByRole('heading', { name: 'Cart screen' })).toBeInTheDocument();
    expect(added).toEqual([{ productId: 'p1', productsize: '5 Ratti', quantity: 1 }]);
    expect(asked).toEqual([]);
  });

  it('signs in with a code sent by SMS instead of the password', async () => {
    role = 'USER';
    renderSignIn('/signin');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Mobile No'), '98111 22334');
    await user.click(screen.getByRole('button', { name: 'Get a code by SMS' }));
    expect(await screen.findByTestId('code-sent')).toHaveTextContent('A 6-digit code is on its way by SMS');
    expect(codesAsked).toEqual([{ mobileno: '98111 22334' }]);
    expect(screen.queryByLabelText('Password', { exact: true })).toBeNull();
    await user.type(screen.getByLabelText('Code from SMS'), '482913');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
    expect(signins).toEqual([{ mobileno: '98111 22334', code: '482913' }]);
  });

  it('a new number is asked for a name, then its account is made with the same code', async () => {
    role = 'USER';
    newNumber = true;
    renderSignIn('/signin');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Mobile No'), '9811122334');
    await user.click(screen.getByRole('button', { name: 'Get a code by SMS' }));
    await user.type(await screen.findByLabelText('Code from SMS'), '482913');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByTestId('code-sent')).toHaveTextContent('Tell us your name to create your account');
    await user.type(screen.getByLabelText('Full Name'), 'Simran Kaur');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
    expect(signins).toEqual([
      { mobileno: '9811122334', code: '482913' },
      { mobileno: '9811122334', code: '482913', fullname: 'Simran Kaur' },
    ]);
  });

  it('asks for the number before sending a code, and goes back to the password', async () => {
    renderSignIn('/signin');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Get a code by SMS' }));
    expect(await screen.findByText('Enter your mobile number first.')).toBeInTheDocument();
    expect(codesAsked).toEqual([]);
  });
});
