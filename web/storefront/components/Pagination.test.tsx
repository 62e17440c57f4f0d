import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Pagination, pageWindow } from './Pagination';

afterEach(cleanup);

function Where() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  return (
    <p data-testid="where">
      {pathname} {type}
    </p>
  );
}

function renderAt(currentPage: number, totalPages: number) {
  return render(
    <MemoryRouter initialEntries={['/start', `/rings-page-${currentPage}`]} initialIndex={1}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <Pagination currentPage={currentPage} totalPages={totalPages} hrefFor={(p) => `/rings-page-${p}`} />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const pageItems = () =>
  Array.from(screen.getByRole('navigation', { name: 'Pagination' }).querySelectorAll('li'), (li) => li.textContent);

describe('pageWindow', () => {
  it('keeps a window of 5 inside 1..total', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(99, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

describe('Pagination', () => {
  it('shows nothing for a single page', () => {
    renderAt(1, 1);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('on the first page: Previous disabled, pages 1–5, an ellipsis, the last page, Next', () => {
    renderAt(1, 10);
    expect(pageItems()).toEqual(['Previous', '1', '2', '3', '4', '5', '…', '10', 'Next']);
    expect(screen.getByText('Previous')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('1')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/rings-page-2');
    expect(screen.getByRole('link', { name: 'Page 10' })).toHaveAttribute('href', '/rings-page-10');
  });

  it('in the middle: first page, ellipsis, a window around the current page, ellipsis, last page', () => {
    renderAt(6, 10);
    expect(pageItems()).toEqual(['Previous', '1', '…', '4', '5', '6', '7', '8', '…', '10', 'Next']);
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/rings-page-5');
  });

  it('on the last page: Next disabled and no trailing ellipsis', () => {
    renderAt(10, 10);
    expect(pageItems()).toEqual(['Previous', '1', '…', '6', '7', '8', '9', '10', 'Next']);
    expect(screen.getByText('Next')).toHaveAttribute('aria-disabled', 'true');
  });

  it('no ellipsis when the window touches the first page', () => {
    renderAt(4, 7);
    expect(pageItems()).toEqual(['Previous', '1', '2', '3', '4', '5', '6', '7', 'Next']);
  });

  it('moving to another page replaces the history entry', async () => {
    renderAt(1, 10);
    await userEvent.click(screen.getByRole('link', { name: 'Page 3' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/rings-page-3 REPLACE');
  });
});
