import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { madeToOrderRoutes } from '../../../contract/made-to-order';
import { ApiError } from '../../api/client';
import { type Design, madeToOrderApi } from '../../api/made-to-order';
import { answerOf } from '../../test/answers';
import { Notices } from '../ui/Notice';
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
      <Notices />
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

  it('shows an edited design’s pictures, removes the one chosen and adds the files picked, as the server answers', async () => {
    const a = '/uploads/aa/1280.webp';
    const b = '/uploads/bb/1280.webp';
    const c = '/uploads/cc/1280.webp';
    vi.spyOn(madeToOrderApi.designs, 'list').mockResolvedValue(listed([{ ...RING, images: [a, b] }]));
    const remove = vi.spyOn(madeToOrderApi.designs, 'removeImage').mockResolvedValue(
      answerOf(madeToOrderRoutes, 'DELETE /p1/api/admin/designs/:id/images', {
        success: true,
        design: { ...RING, images: [b] },
      }),
    );
    const add = vi.spyOn(madeToOrderApi.designs, 'addImages').mockResolvedValue(
      answerOf(madeToOrderRoutes, 'POST /p1/api/admin/designs/:id/images', {
        success: true,
        design: { ...RING, images: [b, c] },
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click((await screen.findAllByRole('button', { name: 'Edit Solitaire ring' }))[0] as HTMLElement);
    const pictures = screen.getByRole('list', { name: 'Pictures of the design' });
    expect(
      within(pictures)
        .getAllByRole('img')
        .map((i) => i.getAttribute('src')),
    ).toEqual(['/uploads/aa/320.webp', '/uploads/bb/320.webp']);

    await user.click(screen.getByRole('button', { name: 'Remove view 1' }));
    expect(remove).toHaveBeenCalledWith(RING._id, a);
    await waitFor(() => expect(within(pictures).getAllByRole('img')).toHaveLength(1));
    expect(within(pictures).getByRole('img').getAttribute('src')).toBe('/uploads/bb/320.webp');

    const file = new File([new Uint8Array([1, 2, 3])], 'side.jpg', { type: 'image/jpeg' });
    const text = new File(['notes'], 'notes.txt', { type: 'text/plain' });
    await user.upload(screen.getByLabelText('Design pictures'), [file, text]);
    await waitFor(() => expect(add).toHaveBeenCalledTimes(1));
    expect(add).toHaveBeenCalledWith(RING._id, [file]);
    await waitFor(() => expect(within(pictures).getAllByRole('img')).toHaveLength(2));
    expect(within(pictures).getAllByRole('img')[1]?.getAttribute('alt')).toBe('Solitaire ring, view 2');
  });

  it('shows the server’s refusal of a picture and keeps the pictures as they were', async () => {
    const a = '/uploads/aa/1280.webp';
    vi.spyOn(madeToOrderApi.designs, 'list').mockResolvedValue(listed([{ ...RING, images: [a] }]));
    vi.spyOn(madeToOrderApi.designs, 'addImages').mockRejectedValue(
      new ApiError('Unsupported', 415, { success: false, message: '"x.png" is not a JPEG, PNG, WebP or AVIF image' }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click((await screen.findAllByRole('button', { name: 'Edit Solitaire ring' }))[0] as HTMLElement);
    await user.upload(screen.getByLabelText('Design pictures'), new File([new Uint8Array([1])], 'x.png', { type: 'image/png' }));
    expect(await screen.findByText('"x.png" is not a JPEG, PNG, WebP or AVIF image')).toBeInTheDocument();
    // the notice covers the dialog (its content is hidden from the accessibility tree meanwhile)
    expect(screen.getAllByAltText(/^Solitaire ring, view/).map((i) => i.getAttribute('src'))).toEqual(['/uploads/aa/320.webp']);
  });

  it('asks a new design to be saved before its pictures are added', async () => {
    vi.spyOn(madeToOrderApi.designs, 'list').mockResolvedValue(listed([]));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Design' }));
    expect(screen.getByText('Pictures are added once the design is saved (Edit).')).toBeInTheDocument();
    expect(screen.queryByLabelText('Design pictures')).toBeNull();
  });
});
