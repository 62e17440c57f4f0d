import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ListPagination, usePage } from './Pagination';

afterEach(cleanup);

/** A paged list of `total` rows, 5 a page, whose totals say what the server would. */
function List({ total }: { total: number }) {
  const paging = usePage();
  const totalPages = Math.ceil(total / 5);
  const onThisPage = Math.max(0, Math.min(5, total - (paging.page - 1) * 5));
  return (
    <div>
      <p data-testid="page">{paging.page}</p>
      <button type="button" onClick={() => paging.deleted(onThisPage)}>
        Delete one
      </button>
      <ListPagination paging={paging} totals={{ currentPage: paging.page, totalPages }} totalItems={total} pageSize={5} />
    </div>
  );
}

describe('a paged back-office list', () => {
  it('shows nothing until the totals have loaded', () => {
    render(
      <ListPagination
        paging={{ page: 1, setPage: () => {}, deleted: () => {} }}
        totals={undefined}
        totalItems={undefined}
        pageSize={5}
      />,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('moves between pages, and falls back to the last page when rows went elsewhere', async () => {
    const { rerender } = render(<List total={14} />);
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByTestId('page')).toHaveTextContent('3');
    expect(screen.getByText('Showing 11 to 14 of 14 entries')).toBeInTheDocument();
    rerender(<List total={8} />);
    expect(await screen.findByText('Showing 6 to 8 of 8 entries')).toBeInTheDocument();
    expect(screen.getByTestId('page')).toHaveTextContent('2');
  });

  it('steps back a page when a delete took the last row of its page, and stays otherwise', async () => {
    const { rerender } = render(<List total={11} />);
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete one' }));
    expect(screen.getByTestId('page')).toHaveTextContent('2');
    rerender(<List total={10} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete one' }));
    expect(screen.getByTestId('page')).toHaveTextContent('2');
  });
});
