import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trustRoutes } from '../../../contract/trust';
import { type AdminTicket, trustApi } from '../../api/trust';
import { answerOf } from '../../test/answers';
import GrievancesPage from './GrievancesPage';

configure({ asyncUtilTimeout: 5000 });

const ticket = (over: Partial<AdminTicket>): AdminTicket => ({
  _id: '5b0c9a52-7d1e-4b8a-9c6f-2e5d4a1b8c70',
  number: 'GR/26-27/000001',
  status: 'open',
  subject: 'Stone not as described',
  message: 'The ruby I received has a visible crack on one side.',
  order: { _id: '3f0c9a52-7d1e-4b8a-9c6f-2e5d4a1b8c7f', number: 'RG-000042' },
  createdAt: '2026-11-02T04:30:00.000Z',
  acknowledgeby: '2026-11-04T04:30:00.000Z',
  resolveby: '2026-12-02T04:30:00.000Z',
  acknowledgedAt: null,
  resolvedAt: null,
  overdue: true,
  replies: [],
  complainant: { userId: null, name: 'Gurpreet Kaur', mobileno: '9812345678', email: '' },
  ...over,
});

function renderPage(url = '/dashboard/grievances') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[url]}>
        <GrievancesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('GrievancesPage', () => {
  it('opens on the overdue ones when the to-do list links here, and marks them overdue', async () => {
    const list = vi
      .spyOn(trustApi, 'adminList')
      .mockResolvedValue(answerOf(trustRoutes, 'GET /u1/api/admin/grievances', { success: true, tickets: [ticket({})] }));
    renderPage('/dashboard/grievances?overdue=true');
    const card = await screen.findByRole('listitem', { name: 'Grievance GR/26-27/000001' });
    expect(list).toHaveBeenCalledWith({ overdue: 'true' });
    expect(card).toHaveTextContent('Overdue');
    expect(card).toHaveTextContent('Gurpreet Kaur · 9812345678');
    expect(card).toHaveTextContent('RG-000042');
    expect(screen.getByLabelText('Overdue only')).toBeChecked();
  });

  it('sends the officer’s reply with the status chosen, and asks for a reply before sending', async () => {
    vi.spyOn(trustApi, 'adminList').mockResolvedValue(
      answerOf(trustRoutes, 'GET /u1/api/admin/grievances', { success: true, tickets: [ticket({ overdue: false })] }),
    );
    const reply = vi.spyOn(trustApi, 'reply').mockResolvedValue(
      answerOf(trustRoutes, 'PATCH /u1/api/admin/grievances/:id', {
        success: true,
        ticket: ticket({ status: 'resolved', overdue: false }),
      }),
    );
    renderPage();
    const card = await screen.findByRole('listitem', { name: 'Grievance GR/26-27/000001' });
    expect(card).not.toHaveTextContent('Overdue');
    await userEvent.click(within(card).getByRole('button', { name: 'Send reply' }));
    expect(reply).not.toHaveBeenCalled();
    expect(within(card).getByText('Write a reply')).toBeInTheDocument();
    await userEvent.type(within(card).getByLabelText('Reply to the complainant'), 'A replacement is on its way.');
    await userEvent.click(within(card).getByLabelText('Resolved'));
    await userEvent.click(within(card).getByRole('button', { name: 'Send reply' }));
    expect(reply).toHaveBeenCalledWith('5b0c9a52-7d1e-4b8a-9c6f-2e5d4a1b8c70', {
      reply: 'A replacement is on its way.',
      status: 'resolved',
    });
  });
});
