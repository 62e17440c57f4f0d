import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { countOf, nounFor } from '../../ui/plural';

/** Up to `size` consecutive page numbers around the current page. @forTests the page numbers shown are unit-tested. */
export function pageWindow(current: number, total: number, size = 5): number[] {
  if (total <= 0) return [];
  const half = Math.floor(size / 2);
  let start = Math.max(1, current - half);
  const end = Math.min(total, start + size - 1);
  start = Math.max(1, end - size + 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/**
 * Pages current ±radius, with the first and last page and '…' where pages are skipped.
 * @forTests the page numbers shown are unit-tested.
 */
export function pagesWithEllipses(current: number, total: number, radius = 2): (number | 'ellipsis-start' | 'ellipsis-end')[] {
  if (total <= 0) return [];
  const from = Math.max(1, current - radius);
  const to = Math.min(total, current + radius);
  const out: (number | 'ellipsis-start' | 'ellipsis-end')[] = [];
  if (from > 1) {
    out.push(1);
    if (from > 2) out.push('ellipsis-start');
  }
  for (let p = from; p <= to; p++) out.push(p);
  if (to < total) {
    if (to < total - 1) out.push('ellipsis-end');
    out.push(total);
  }
  return out;
}

/** 'Showing X to Y of Z entries' with the real page size. @forTests the "Showing x to y" figures are unit-tested. */
export function entriesRange(page: number, pageSize: number, total: number) {
  if (total === 0) return 'Showing 0 to 0 of 0 entries';
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `Showing ${from} to ${to} of ${countOf(total, 'entry', 'entries')}`;
}

const pageBtn =
  'inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-md border px-3 text-sm focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-40';
const idle = 'border-gray-300 bg-white text-gray-700 hover:bg-gray-50';
const active = 'border-brand-700 bg-brand-700 font-semibold text-white';

/** The button of page `p`, marked when it is the current `page`. */
function PageNumber({ p, page, onPage }: { p: number; page: number; onPage: (page: number) => void }) {
  return (
    <button
      type="button"
      className={`${pageBtn} ${p === page ? active : idle}`}
      aria-current={p === page ? 'page' : undefined}
      aria-label={`Page ${p}`}
      onClick={() => onPage(p)}
    >
      {p}
    </button>
  );
}

/** Subcategories and products: Previous, up to 5 page numbers, Next, and the entries range; only when there is more than one page. */
export function WindowPagination({
  page,
  totalPages,
  pageSize,
  totalItems,
  onPage,
}: {
  page: number;
  totalPages: number;
  pageSize: number;
  totalItems: number;
  onPage: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-gray-600">{entriesRange(page, pageSize, totalItems)}</p>
      <div className="flex flex-wrap items-center gap-1">
        <button type="button" className={`${pageBtn} ${idle}`} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        {pageWindow(page, totalPages).map((p) => (
          <PageNumber key={p} p={p} page={page} onPage={onPage} />
        ))}
        <button type="button" className={`${pageBtn} ${idle}`} disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}

/** Orders: first, previous, numbered pages (current ±2) with ellipses, next, last, and 'Page X of Y (Z total orders)'. */
export function OrdersPagination({
  page,
  totalPages,
  totalOrders,
  onPage,
}: {
  page: number;
  totalPages: number;
  totalOrders: number;
  onPage: (page: number) => void;
}) {
  if (totalPages < 1) return null;
  const arrows = (
    [
      ['First page', ChevronsLeft, 1, page <= 1],
      ['Previous page', ChevronLeft, page - 1, page <= 1],
      ['Next page', ChevronRight, page + 1, page >= totalPages],
      ['Last page', ChevronsRight, totalPages, page >= totalPages],
    ] as const
  ).map(([label, Icon, target, disabled]) => (
    <button
      key={label}
      type="button"
      className={`${pageBtn} ${idle} px-2`}
      disabled={disabled}
      onClick={() => onPage(target)}
      aria-label={label}
    >
      <Icon aria-hidden className="size-4" />
    </button>
  ));
  return (
    <nav aria-label="Pagination" className="mt-6 flex flex-col items-center gap-3">
      <div className="flex flex-wrap items-center justify-center gap-1">
        {arrows.slice(0, 2)}
        {pagesWithEllipses(page, totalPages).map((p) =>
          typeof p === 'number' ? (
            <PageNumber key={p} p={p} page={page} onPage={onPage} />
          ) : (
            <span key={p} aria-hidden className="px-1 text-gray-500">
              …
            </span>
          ),
        )}
        {arrows.slice(2)}
      </div>
      <p className="text-sm text-gray-600">
        Page {page} of {totalPages} ({totalOrders} total {nounFor(totalOrders, 'order')})
      </p>
    </nav>
  );
}

/**
 * After deleting a row: the page to show next (the previous one when the page just lost its last row).
 * @forTests the page kept after a delete is unit-tested.
 */
export const pageAfterDelete = (page: number, rowsOnPage: number) => (rowsOnPage <= 1 && page > 1 ? page - 1 : page);

/** The page a paged list shows; `deleted` steps back a page when a delete took the page's last row. */
export function usePage() {
  const [page, setPage] = useState(1);
  return {
    page,
    setPage,
    deleted: (rowsOnPage: number) => {
      const next = pageAfterDelete(page, rowsOnPage);
      if (next !== page) setPage(next);
    },
  };
}

/**
 * The pages of a paged list once its totals have loaded (see WindowPagination). A page past the end (rows deleted by
 * someone else meanwhile) falls back to the last page.
 */
export function ListPagination({
  paging: { page, setPage },
  totals,
  totalItems,
  pageSize,
}: {
  paging: ReturnType<typeof usePage>;
  totals: { currentPage: number; totalPages: number } | undefined;
  totalItems: number | undefined;
  pageSize: number;
}) {
  useEffect(() => {
    if (totals && totals.totalPages >= 1 && page > totals.totalPages) setPage(totals.totalPages);
  }, [totals, page, setPage]);
  if (!totals) return null;
  return (
    <WindowPagination
      page={totals.currentPage}
      totalPages={totals.totalPages}
      totalItems={totalItems ?? 0}
      pageSize={pageSize}
      onPage={setPage}
    />
  );
}
