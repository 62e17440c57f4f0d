import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { madeToOrderRoutes } from '../../../contract/made-to-order';
import { type Design, madeToOrderApi } from '../../api/made-to-order';
import { answerOf } from '../../test/answers';
import DesignsPage from './DesignsPage';

const RING: Design = {
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'Solitaire ring',
  kind: 'ring',
  images: [],
  metals: [{ metal: 'gold-22k', grams: 3.8 }],
  gramspersize: 0.12,
  making: { type: 'percent', value: 12 },
  shapes: ['Oval', 'Cushion'],
  mincarat: 1,
  maxcarat: 8,
  days: 10,
  active: true,
};
const listed = (designs: Design[]) => answerOf(madeToOrderRoutes, 'GET /p1/api/admin/designs', { success: true, designs });

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <DesignsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('designs screen', () => {
  it('lists each design with its metals, making charge and the stones that fit', async () => {
    vi.spyOn(madeToOrderApi.designs, 'list').mockResolvedValue(listed([RING]));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Designs' });
    const row = within(table).getByText('Solitaire ring').closest('tr') as HTMLElement;
    expect(within(row).getByText('22 karat gold (916) 3.8 g')).toBeInTheDocument();
    expect(within(row).getByText('12% of metal')).toBeInTheDocument();
    expect(within(row).getByText('Oval, Cushion · 1–8 ct')).toBeInTheDocument();
  });

  it('checks the form before sending, then creates the design with only the metals given', async () => {
    vi.spyOn(madeToOrderApi.designs, 'list').mockResolvedValue(listed([]));
    const create = vi
      .spyOn(madeToOrderApi.designs, 'create')
      .mockResolvedValue(answerOf(madeToOrderRoutes, 'POST /p1/api/admin/designs', { success: true, design: RING }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Design' }));
    await user.type(screen.getByLabelText(/^Name/), 'Classic pendant');
    await user.selectOptions(screen.getByLabelText('Kind'), 'pendant');
    await user.type(screen.getByLabelText(/^Making \(%\)/), '12');
    await user.type(screen.getByLabelText(/Stone shapes that fit/), 'Oval, Pear, Oval');
    await user.type(screen.getByLabelText(/Smallest stone/), '2');
    await user.type(screen.getByLabelText(/Largest stone/), '1');
    await user.type(screen.getByLabelText(/Making time/), '7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give the grams of at least one metal')).toBeInTheDocument();
    expect(screen.getByText('The smallest stone must not be larger than the largest')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Sterling silver (925)'), '3');
    await user.clear(screen.getByLabelText(/Largest stone/));
    await user.type(screen.getByLabelText(/Largest stone/), '10');
    await user.selectOptions(screen.getByLabelText('Making charge'), 'pergram');
    await user.clear(screen.getByLabelText(/^Making \(₹ per gram\)/));
    await user.type(screen.getByLabelText(/^Making \(₹ per gram\)/), '850');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create).toHaveBeenCalledWith({
      name: 'Classic pendant',
      kind: 'pendant',
      metals: [{ metal: 'silver-925', grams: 3 }],
      gramspersize: 0,
      making: { type: 'pergram', value: 850 },
      shapes: ['Oval', 'Pear'],
      mincarat: 2,
      maxcarat: 10,
      days: 7,
      active: true,
    });
  });
});
