import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GSTIN_MESSAGES, gstinCheckChar } from '../../../contract/gst-rules';
import { businessRoutes, GSTIN_STATE_MISMATCH } from '../../../contract/wholesale';
import { wholesaleApi } from '../../api/wholesale';
import { answerOf } from '../../test/answers';
import { BusinessCard, gstinProblem } from './BusinessCard';

const gstin = (state: string) => {
  const first14 = `${state}AABCR1234K1Z`;
  return `${first14}${gstinCheckChar(first14)}`;
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the GSTIN as typed', () => {
  it('says nothing while it is short, then checks the check digit and that its state code is the chosen state', () => {
    expect(gstinProblem('03AAB', 'Punjab')).toBeNull();
    expect(gstinProblem(gstin('03'), 'Punjab')).toBeNull();
    const good = gstin('03');
    expect(gstinProblem(`${good.slice(0, 14)}${good[14] === 'A' ? 'B' : 'A'}`, 'Punjab')).toBe(GSTIN_MESSAGES.check);
    expect(gstinProblem(gstin('27'), 'Punjab')).toBe(GSTIN_STATE_MISMATCH);
    expect(gstinProblem('', 'Punjab', true)).toBe(GSTIN_MESSAGES.format);
  });
});

function renderCard() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <BusinessCard />
    </QueryClientProvider>,
  );
}

describe('Buy for your business', () => {
  it('refuses a GSTIN of another state before sending, then sends the form and shows the pending application', async () => {
    vi.spyOn(wholesaleApi, 'myBusiness').mockResolvedValue(
      answerOf(businessRoutes, 'GET /u1/api/business', { success: true, business: null }),
    );
    const apply = vi.spyOn(wholesaleApi, 'apply').mockImplementation(async (body) =>
      answerOf(businessRoutes, 'POST /u1/api/business', {
        success: true,
        message: 'Thank you: your business account will be reviewed shortly',
        business: {
          _id: '00000000-0000-4000-8000-000000000001',
          status: 'pending',
          legalname: body.legalname,
          tradename: body.tradename ?? '',
          gstin: body.gstin,
          address: body.address,
          city: body.city,
          state: body.state,
          pincode: body.pincode,
          note: '',
          reason: '',
          pricegroup: null,
          credit: null,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        },
      }),
    );
    renderCard();
    await userEvent.type(await screen.findByLabelText('Legal name'), 'Sharma Gems Pvt Ltd');
    await userEvent.selectOptions(screen.getByLabelText('State'), 'Punjab');
    await userEvent.type(screen.getByLabelText('GSTIN'), gstin('27').toLowerCase());
    expect(screen.getByText(GSTIN_STATE_MISMATCH)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Apply for a business account' }));
    expect(apply).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('GSTIN'));
    await userEvent.type(screen.getByLabelText('GSTIN'), gstin('03'));
    await userEvent.type(screen.getByLabelText('Address'), '12 Ghumar Mandi');
    await userEvent.type(screen.getByLabelText('City'), 'Ludhiana');
    await userEvent.type(screen.getByLabelText('PIN code'), '141001');
    await userEvent.click(screen.getByRole('button', { name: 'Apply for a business account' }));
    await waitFor(() => expect(apply).toHaveBeenCalledTimes(1));
    expect(apply.mock.calls[0]?.[0]).toMatchObject({ gstin: gstin('03'), state: 'Punjab', legalname: 'Sharma Gems Pvt Ltd' });
    expect(await screen.findByTestId('business-status')).toHaveTextContent('waiting for approval');
    expect(screen.queryByRole('button', { name: 'Apply for a business account' })).toBeNull();
  });
});
