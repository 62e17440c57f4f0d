import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trustRoutes } from '../../../contract/trust';
import { authApi } from '../../api/auth';
import { ApiError } from '../../api/client';
import { trustApi } from '../../api/trust';
import { answerOf } from '../../test/answers';
import { GrievanceForm } from './GrievanceForm';

configure({ asyncUtilTimeout: 5000 });

function renderForm() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <GrievanceForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('GrievanceForm', () => {
  it('asks someone not signed in for a name and mobile number, and shows the ticket number and deadlines at once', async () => {
    vi.spyOn(authApi, 'checkUser').mockRejectedValue(new ApiError('Please sign in to continue', 401));
    const file = vi.spyOn(trustApi, 'file').mockResolvedValue(
      answerOf(trustRoutes, 'POST /u1/api/grievances', {
        success: true,
        ticket: {
          _id: '5b0c9a52-7d1e-4b8a-9c6f-2e5d4a1b8c70',
          number: 'GR/26-27/000007',
          status: 'open',
          subject: 'Late delivery',
          message: 'My order has not arrived after ten days.',
          order: null,
          createdAt: '2026-11-02T04:30:00.000Z',
          acknowledgeby: '2026-11-04T04:30:00.000Z',
          resolveby: '2026-12-02T04:30:00.000Z',
          acknowledgedAt: null,
          resolvedAt: null,
          overdue: false,
          replies: [],
        },
      }),
    );
    renderForm();
    await userEvent.type(await screen.findByLabelText('Name'), 'Gurpreet Kaur');
    await userEvent.type(screen.getByLabelText('Mobile No'), '9812345678');
    await userEvent.type(screen.getByLabelText('Subject'), 'Late delivery');
    await userEvent.type(screen.getByLabelText('Your complaint'), 'My order has not arrived after ten days.');
    await userEvent.click(screen.getByRole('button', { name: 'File grievance' }));
    expect(file).toHaveBeenCalledWith({
      subject: 'Late delivery',
      message: 'My order has not arrived after ten days.',
      name: 'Gurpreet Kaur',
      mobileno: '9812345678',
    });
    const filed = await screen.findByTestId('grievance-filed');
    expect(filed).toHaveTextContent('GR/26-27/000007');
    expect(filed).toHaveTextContent('4 Nov 2026');
    expect(filed).toHaveTextContent('2 Dec 2026');
  });

  it('shows the server’s problem under the field it names', async () => {
    vi.spyOn(authApi, 'checkUser').mockRejectedValue(new ApiError('Please sign in to continue', 401));
    vi.spyOn(trustApi, 'file').mockRejectedValue(
      new ApiError('Message must be at least 20 characters', 400, {
        success: false,
        message: 'Message must be at least 20 characters',
        errors: [{ path: 'message', message: 'Message must be at least 20 characters' }],
      }),
    );
    renderForm();
    await userEvent.type(await screen.findByLabelText('Subject'), 'Late');
    await userEvent.click(screen.getByRole('button', { name: 'File grievance' }));
    expect(await screen.findAllByText('Message must be at least 20 characters')).not.toHaveLength(0);
    expect(screen.getByLabelText('Your complaint')).toHaveAttribute('aria-invalid', 'true');
  });
});
