import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entriesRange, OrdersPagination, pageAfterDelete, pagesWithEllipses, pageWindow, WindowPagination } from './Pagination';

afterEach(cleanup);

describe('page arithmetic', () => {
  it('shows at most 5 consecutive page numbers around the current page', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 9)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(9, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('lists current ±2 with first, last and ellipses for orders', () => {
    expect(pagesWithEllipses(1, 1)).toEqual([1]);
    expect(pagesWithEllipses(1, 10)).toEqual([1, 2, 3, 'ellipsis-end', 10]);
    expect(pagesWithEllipses(6, 10)).toEqual([1, 'ellipsis-start', 4, 5, 6, 7, 8, 'ellipsis-end', 10]);
    expect(pagesWithEllipses(4, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pagesWithEllipses(10, 10)).toEqual([1, 'ellipsis-start', 8, 9, 10]);
  });

  it('computes "Showing X to Y of Z entries" with the real page size', () => {
    expect(entriesRange(1, 6, 14)).toBe('Showing 1 to 6 of 14 entries');
    expect(entriesRange(3, 6, 14)).toBe('Showing 13 to 14 of 14 entries');
    expect(entriesRange(2, 10, 25)).toBe('Showing 11 to 20 of 25 entries');
  });

  it('moves to the previous page only when the last row of a page above 1 is deleted', () => {
    expect(pageAfterDelete(3, 1)).toBe(2);
    expect(pageAfterDelete(3, 2)).toBe(3);
    expect(pageAfterDelete(1, 1)).toBe(1);
  });
});

describe('pagination controls', () => {
  it('hides the window pagination on a single page and shows the range otherwise', async () => {
    const onPage = vi.fn();
    const { rerender } = render(<WindowPagination page={1} totalPages={1} pageSize={6} totalItems={4} onPage={onPage} />);
    expect(screen.queryByRole('navigation')).toBeNull();
    rerender(<WindowPagination page={2} totalPages={3} pageSize={6} totalItems={14} onPage={onPage} />);
    expect(screen.getByText('Showing 7 to 12 of 14 entries')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenLastCalledWith(3);
  });

  it('shows "Page X of Y (Z total orders)" with first and last buttons', async () => {
    const onPage = vi.fn();
    render(<OrdersPagination page={1} totalPages={7} totalOrders={64} onPage={onPage} />);
    expect(screen.getByText('Page 1 of 7 (64 total orders)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onPage).toHaveBeenLastCalledWith(7);
  });
});
