import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { categoryRoutes } from '../../../contract/categories';
import { adminApi, type Category } from '../../api/admin';
import { answerOf } from '../../test/answers';
import { Notices } from '../ui/Notice';
import CategoriesPage from './CategoriesPage';

const now = '2025-03-10T06:30:00.000Z';
const cat = (id: string, name: string): Category => ({ _id: id, categoryname: name, createdAt: now, updatedAt: now });
/** An answer of GET /c1/api/all, checked against the contract. */
const listed = (answer: { success: boolean; data: Category[] }) => answerOf(categoryRoutes, 'GET /c1/api/all', answer);

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <Notices />
      <MemoryRouter>
        <CategoriesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('categories screen', () => {
  it('lists categories with their dates in India format', async () => {
    vi.spyOn(adminApi.categories, 'all').mockResolvedValue(listed({ success: true, data: [cat('c-1', 'Gemstones')] }));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Categories' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Category Name', 'Created At', 'Updated At', 'Actions']);
    // 06:30 UTC is 12:00 noon in India.
    expect(within(table).getAllByText('10 Mar 2025, 12:00 pm')).toHaveLength(2);
  });

  it('shows the empty text, and asks for a name before creating', async () => {
    vi.spyOn(adminApi.categories, 'all').mockResolvedValue(listed({ success: true, data: [] }));
    const create = vi.spyOn(adminApi.categories, 'create');
    renderPage();
    expect(
      await screen.findByText('No categories found. Click "Add Category" to create your first category.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Category' }));
    await userEvent.type(screen.getByLabelText(/Category Name/), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a category name')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('asks before deleting, then deletes and reloads the list', async () => {
    const all = vi
      .spyOn(adminApi.categories, 'all')
      .mockResolvedValueOnce(listed({ success: true, data: [cat('c-1', 'Gemstones')] }))
      .mockResolvedValue(listed({ success: true, data: [] }));
    const remove = vi
      .spyOn(adminApi.categories, 'remove')
      .mockResolvedValue(answerOf(categoryRoutes, 'DELETE /c1/api/delete/:id', { success: true, message: 'deleted' }));
    renderPage();
    await userEvent.click(
      within(await screen.findByRole('table', { name: 'Categories' })).getByRole('button', { name: 'Delete Gemstones' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure?')).toBeInTheDocument();
    expect(within(dialog).getByText("You won't be able to revert this!")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('c-1'));
    expect(await screen.findByText('Category has been deleted.')).toBeInTheDocument();
    await waitFor(() => expect(all).toHaveBeenCalledTimes(2));
  });
});
