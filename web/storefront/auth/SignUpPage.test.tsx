import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authRoutes } from '../../../contract/auth';
import { SESSION_KEY } from '../../auth/session';
import { answerOf } from '../../test/answers';
import { SHOPPER } from '../../test/fixtures';
import { SignUpPage } from './SignUpPage';

configure({ asyncUtilTimeout: 5000 });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let sent: unknown;
beforeEach(() => {
  sent = undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      if (`${init.method ?? 'GET'} ${path}` !== 'POST /u1/api/signup') return json(404, { success: false, message: 'No route' });
      sent = JSON.parse(String(init.body));
      return json(
        201,
        answerOf(authRoutes, 'POST /u1/api/signup', {
          success: true,
          message: 'You have successfully signed up!',
          user: SHOPPER,
        }),
      );
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('sign-up', () => {
  it('signs the new shopper in and carries on where they were, not to Sign In', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter(
      [
        { path: '/signup', Component: SignUpPage },
        { path: '/signin', element: <h1>Sign in screen</h1> },
        { path: '/ruby/burmese-ruby', element: <h1>Ruby screen</h1> },
      ],
      { initialEntries: ['/signup?next=%2Fruby%2Fburmese-ruby'] },
    );
    render(
      <QueryClientProvider client={qc}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Full Name'), 'Meera Kapoor');
    await user.type(screen.getByLabelText('Mobile No'), '+91 98765 43210');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'meera-secret-1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('You have successfully signed up!')).toBeInTheDocument();
    // the number goes as typed: the server reads +91 and the spaces off
    expect(sent).toMatchObject({ mobileno: '+91 98765 43210' });
    expect(qc.getQueryData(SESSION_KEY)).toEqual(SHOPPER);
    expect(await screen.findByRole('heading', { name: 'Ruby screen' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign in screen' })).toBeNull();
  });
});
