import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { subcategoryRoutes } from '../../../contract/subcategories';
import { adminApi, type Subcategory, type SubcategoryPage } from '../../api/admin';
import { answerOf } from '../../test/answers';
import { subcategoryOf } from '../../test/fixtures';
import { Notices } from '../ui/Notice';
import SubcategoriesPage from './SubcategoriesPage';

const now = '2025-03-10T06:30:00.000Z';
const sub = (i: number, category: Subcategory['category'] = { _id: 'c-gems', categoryname: 'Gemstones' }): Subcategory =>
  subcategoryOf({
    _id: `s-${i}`,
    subcategoryname: `Stone ${i}`,
    category,
    createdAt: now,
    updatedAt: now,
  });

/** A store of `total` subcategories served 10 a page, like the server (a page past the end is empty). */
function serve(total: number) {
  let items = Array.from({ length: total }, (_, i) => sub(i + 1));
  const list = vi.spyOn(adminApi.subcategories, 'list').mockImplementation(async (page: number): Promise<SubcategoryPage> => {
    const totalPages = Math.ceil(items.length / 10);
    return answerOf(subcategoryRoutes, 'GET /s2/api/all', {
      success: true,
      data: items.slice((page - 1) * 10, page * 10),
      pagination: { currentPage: page, totalPages, totalItems: items.length, limit: 10 },
    });
  });
  const remove = vi.spyOn(adminApi.subcategories, 'remove').mockImplementation(async (id: string) => {
    items = items.filter((s) => s._id !== id);
    return answerOf(subcategoryRoutes, 'DELETE /s2/api/delete/:id', { success: true, message: 'Subcategory deleted' });
  });
  return { list, remove, drop: (n: number) => (items = items.slice(n)) };
}

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <Notices />
      <MemoryRouter>
        <SubcategoriesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('subcategories screen', () => {
  it('shows the columns, N/A for a missing category and the entries range only when there are several pages', async () => {
    vi.spyOn(adminApi.subcategories, 'list').mockResolvedValue(
      answerOf(subcategoryRoutes, 'GET /s2/api/all', {
        success: true,
        data: [sub(1), sub(2, null)],
        pagination: { currentPage: 1, totalPages: 1, totalItems: 2, limit: 10 },
      }),
    );
    renderPage();
    const table = await screen.findByRole('table', { name: 'Subcategories' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Subcategory Name', 'Category', 'Created Date', 'Actions']);
    expect(within(table).getByText('N/A')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Subcategories' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add Subcategory/ })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('shows the empty text when there are none', async () => {
    serve(0);
    renderPage();
    expect(await screen.findByText('No subcategories found. Click "Add Subcategory" to create one.')).toBeInTheDocument();
  });

  it('asks before deleting and moves to the previous page when the last row of page 2 is deleted', async () => {
    const { list, remove } = serve(11);
    renderPage();
    await screen.findByText('Showing 1 to 10 of 11 entries');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    const table = await screen.findByRole('table', { name: 'Subcategories' });
    await within(table).findByText('Stone 11');
    expect(screen.getByText('Showing 11 to 11 of 11 entries')).toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: 'Delete Stone 11' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure?')).toBeInTheDocument();
    expect(within(dialog).getByText("You won't be able to revert this!")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));

    await waitFor(() => expect(remove).toHaveBeenCalledWith('s-11'));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(1));
    expect(await within(table).findByText('Stone 1')).toBeInTheDocument();
    expect(screen.queryByText('No subcategories found. Click "Add Subcategory" to create one.')).toBeNull();
  });

  it('does nothing when the admin cancels the confirmation', async () => {
    const { remove } = serve(3);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Subcategories' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Delete Stone 2' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(remove).not.toHaveBeenCalled();
  });

  it('falls back to the last page when the page shown no longer exists', async () => {
    const { list, drop } = serve(22);
    renderPage();
    await screen.findByText('Showing 1 to 10 of 22 entries');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    const table = await screen.findByRole('table', { name: 'Subcategories' });
    await within(table).findByText('Stone 22');
    // Meanwhile another admin removes three subcategories of page 1, so after this delete only 2 pages are left.
    drop(3);
    await userEvent.click(within(table).getByRole('button', { name: 'Delete Stone 22' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('Showing 11 to 18 of 18 entries')).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith(2);
    await userEvent.click(within(screen.getByTestId('notice')).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('adds a subcategory with the name menus show and the menu to place it in', async () => {
    serve(1);
    vi.spyOn(adminApi.subcategories, 'categories').mockResolvedValue(
      answerOf(subcategoryRoutes, 'GET /s2/api/categories', {
        success: true,
        data: [{ _id: 'c-gems', categoryname: 'Gemstones', createdAt: now, updatedAt: now }],
      }),
    );
    const create = vi.spyOn(adminApi.subcategories, 'create').mockResolvedValue(
      answerOf(subcategoryRoutes, 'POST /s2/api/create', {
        success: true,
        message: 'The subcategory has been added successfully.',
        data: subcategoryOf({ ...sub(9), subcategoryname: 'Catseye', displayname: "Cat's Eye" }),
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /Add Subcategory/ }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(await within(dialog).findByLabelText(/Category/), 'Gemstones');
    await user.type(within(dialog).getByLabelText(/Subcategory Name/), 'Catseye');
    await user.type(within(dialog).getByLabelText('Display Name'), "Cat's Eye");
    await user.selectOptions(within(dialog).getByLabelText('Add to Menu'), 'Vedic Stones');
    await user.click(within(dialog).getByRole('button', { name: /Save|Add|Create/ }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({
        subcategoryname: 'Catseye',
        category: 'c-gems',
        displayname: "Cat's Eye",
        menu: 'vedic',
      }),
    );
  });
});
