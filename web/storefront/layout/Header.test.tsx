import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../api/auth';
import { SESSION_KEY } from '../../auth/session';
import { SHOPPER, userOf } from '../../test/fixtures';
import { Header } from './Header';

beforeEach(() => {
  // The cart count and the shop's contacts stay unanswered: the header is read for its account links only.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderHeader(user: User | null) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(SESSION_KEY, user);
  const router = createMemoryRouter([{ path: '*', element: <Header /> }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('Header account links', () => {
  it('offers the Dashboard to the shop’s staff', () => {
    renderHeader(userOf({ ...SHOPPER, role: 'ADMIN' }));
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('link', { name: `My account: ${SHOPPER.fullname}` })).toBeTruthy();
  });

  it('shows no Dashboard to a shopper', () => {
    renderHeader(SHOPPER);
    expect(screen.getByRole('link', { name: `My account: ${SHOPPER.fullname}` })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('shows no Dashboard to a visitor', () => {
    renderHeader(null);
    expect(screen.getByRole('link', { name: 'Account' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });
});
