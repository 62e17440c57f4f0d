import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardRoutes } from '../../../contract/dashboard';
import { adminApi } from '../../api/admin';
import { answerOf } from '../../test/answers';
import DashboardPage from './DashboardPage';

// The machine running the suite may be busy: give screens time to answer.
configure({ asyncUtilTimeout: 5000 });

const day = (date: string, revenue: number, paidOrders: number) => ({ date, revenue, paidOrders });

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <DashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('DashboardPage', () => {
  it('names each order awaiting shipment by its order number and links to it by that number', async () => {
    for (const k of ['categories', 'subcategories', 'orders'] as const) {
      vi.spyOn(adminApi.counts, k).mockResolvedValue({ success: true, count: 1 });
    }
    vi.spyOn(adminApi.counts, 'products').mockResolvedValue({ success: true, totalProducts: 1 } as never);
    vi.spyOn(adminApi.counts, 'users').mockResolvedValue({ success: true, totalUsers: 1 } as never);
    const days = Array.from({ length: 30 }, (_, i) => day(`2026-10-${String(i + 1).padStart(2, '0')}`, 0, 0));
    days[29] = day('2026-10-30', 95_394.5, 2);
    vi.spyOn(adminApi.dashboard, 'stats').mockResolvedValue(
      answerOf(dashboardRoutes, 'GET /o1/api/admin/stats', {
        success: true,
        timeZone: 'Asia/Kolkata',
        today: '2026-10-30',
        periods: {
          today: { revenue: 95_394.5, paidOrders: 2 },
          last7Days: { revenue: 95_394.5, paidOrders: 2 },
          last30Days: { revenue: 95_394.5, paidOrders: 2 },
        },
        daily: days,
        awaitingShipment: 1,
        todo: {
          returns: 0,
          unshipped: 0,
          failedmessages: 0,
          overduegrievances: 0,
          overdueorders: 0,
          quotes: 0,
          failedeinvoices: 0,
        },
        credit: { due: 0, overdue: 0 },
      }),
    );
    vi.spyOn(adminApi.dashboard, 'lowStock').mockResolvedValue(
      answerOf(dashboardRoutes, 'GET /o1/api/admin/low-stock', { success: true, threshold: 2, count: 0, products: [] }),
    );
    vi.spyOn(adminApi.dashboard, 'awaitingShipment').mockResolvedValue(
      answerOf(dashboardRoutes, 'GET /o1/api/admin/awaiting-shipment', {
        success: true,
        count: 1,
        orders: [
          {
            _id: '3f0c9a52-7d1e-4b8a-9c6f-2e5d4a1b8c7f',
            number: 'RG-000042',
            createdAt: '2026-10-30T06:30:00.000Z',
            deliverystatus: 'pending',
            paymentstatus: 'Partially refunded',
            totalamount: 96_145,
            items: 1,
            shippinginfo: { fullname: 'Harpreet Dhillon', city: 'Ludhiana' },
            razorpay_order_id: 'order_ABCDEFGHIJKLMN',
          },
        ],
      }),
    );
    renderPage();
    const list = await screen.findByTestId('awaiting-shipment');
    const row = within(list).getByRole('listitem');
    expect(row).toHaveTextContent('RG-000042');
    expect(row).not.toHaveTextContent('3f0c9a52');
    expect(within(row).getByRole('link')).toHaveAttribute('href', '/dashboard/orders?search=RG-000042');
    // Today's revenue is what the server counts as kept.
    expect(await within(screen.getByTestId('period-Today')).findByTestId('period-revenue')).toHaveTextContent('₹95,394.50');
  });

  it('warns a shop without a GSTIN that it is not registered for GST, with the way to Settings', async () => {
    vi.spyOn(adminApi.settings, 'get').mockResolvedValue({ success: true, settings: { gstin: '' } } as never);
    renderPage();
    const warning = await screen.findByTestId('no-gstin');
    expect(warning).toHaveTextContent('No GSTIN is set: the shop is not registered for GST.');
    expect(within(warning).getByRole('link', { name: 'Set the GSTIN in Settings' })).toHaveAttribute(
      'href',
      '/dashboard/settings',
    );
  });

  it('lists what waits for the merchant, each a link to the list it counts, and leaves out what is done', async () => {
    for (const k of ['categories', 'subcategories', 'orders'] as const) {
      vi.spyOn(adminApi.counts, k).mockResolvedValue({ success: true, count: 1 });
    }
    vi.spyOn(adminApi.counts, 'products').mockResolvedValue({ success: true, totalProducts: 1 } as never);
    vi.spyOn(adminApi.counts, 'users').mockResolvedValue({ success: true, totalUsers: 1 } as never);
    vi.spyOn(adminApi.dashboard, 'stats').mockResolvedValue(
      answerOf(dashboardRoutes, 'GET /o1/api/admin/stats', {
        success: true,
        timeZone: 'Asia/Kolkata',
        today: '2026-10-30',
        periods: {
          today: { revenue: 0, paidOrders: 0 },
          last7Days: { revenue: 0, paidOrders: 0 },
          last30Days: { revenue: 0, paidOrders: 0 },
        },
        daily: Array.from({ length: 30 }, (_, i) => day(`2026-10-${String(i + 1).padStart(2, '0')}`, 0, 0)),
        awaitingShipment: 0,
        todo: {
          returns: 2,
          unshipped: 1,
          failedmessages: 0,
          overduegrievances: 3,
          overdueorders: 1,
          quotes: 2,
          failedeinvoices: 1,
        },
        credit: { due: 250_000, overdue: 100_000 },
      }),
    );
    vi.spyOn(adminApi.dashboard, 'lowStock').mockResolvedValue(
      answerOf(dashboardRoutes, 'GET /o1/api/admin/low-stock', { success: true, threshold: 2, count: 0, products: [] }),
    );
    vi.spyOn(adminApi.dashboard, 'awaitingShipment').mockResolvedValue(
      answerOf(dashboardRoutes, 'GET /o1/api/admin/awaiting-shipment', { success: true, count: 0, orders: [] }),
    );
    renderPage();
    const todo = await screen.findByTestId('todo');
    const links = within(todo).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Returns waiting2', '/dashboard/orders?status=return-requested'],
      ['Paid orders not shipped for 2 days1', '/dashboard/orders?status=unshipped'],
      ['Overdue grievances3', '/dashboard/grievances?overdue=true'],
      ['Credit orders overdue1', '/dashboard/orders?status=overdue'],
      ['Quotes waiting for a price2', '/dashboard/quotes?status=requested'],
      ['Failed e-invoices1', '/dashboard/einvoices?status=failed'],
    ]);
    expect(todo).not.toHaveTextContent('Failed messages');
    const owed = screen.getByTestId('credit-owed');
    expect(within(owed).getByText('Due').nextSibling).toHaveTextContent('₹2,50,000');
    expect(within(owed).getByText('Overdue').nextSibling).toHaveTextContent('₹1,00,000');
  });
});
