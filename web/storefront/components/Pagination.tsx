import { Link } from 'react-router';

/**
 * The page numbers shown around the current page: a window of `size` pages, kept inside 1..total.
 * @forTests the page numbers shown are unit-tested.
 */
export function pageWindow(current: number, total: number, size = 5): number[] {
  if (total < 1) return [];
  const page = Math.min(Math.max(1, current), total);
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), total - size + 1));
  const end = Math.min(total, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

const base =
  'flex h-10 min-w-10 items-center justify-center rounded-md border px-3 text-sm font-medium focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none';
const idle = `${base} border-gray-300 bg-white text-gray-800 hover:bg-gray-50`;
const current = `${base} border-brand-700 bg-brand-700 text-white`;
const disabled = `${base} cursor-not-allowed border-gray-200 bg-gray-50 text-gray-500`;

/**
 * Previous, first page, ellipsis, a window of 5 pages, ellipsis, last page, Next. Links replace the history
 * entry, so Back leaves the listing rather than stepping through its pages.
 */
export function Pagination({
  currentPage,
  totalPages,
  hrefFor,
}: {
  currentPage: number;
  totalPages: number;
  hrefFor: (page: number) => string;
}) {
  if (totalPages <= 1) return null;
  const pages = pageWindow(currentPage, totalPages);
  const first = pages[0] ?? 1;
  const last = pages[pages.length - 1] ?? totalPages;
  const link = (page: number, label: string, aria?: string) => (
    <Link to={hrefFor(page)} replace className={idle} aria-label={aria}>
      {label}
    </Link>
  );
  const ellipsis = (key: string) => (
    <li key={key} aria-hidden="true" className="flex h-10 items-end px-1 text-gray-500">
      …
    </li>
  );

  return (
    <nav aria-label="Pagination" className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {currentPage > 1 ? (
            link(currentPage - 1, 'Previous', 'Previous page')
          ) : (
            <span className={disabled} aria-disabled="true">
              Previous
            </span>
          )}
        </li>
        {first > 1 && <li>{link(1, '1', 'Page 1')}</li>}
        {first > 2 && ellipsis('start')}
        {pages.map((p) => (
          <li key={p}>
            {p === currentPage ? (
              <span className={current} aria-current="page">
                {p}
              </span>
            ) : (
              link(p, String(p), `Page ${p}`)
            )}
          </li>
        ))}
        {last < totalPages - 1 && ellipsis('end')}
        {last < totalPages && <li>{link(totalPages, String(totalPages), `Page ${totalPages}`)}</li>}
        <li>
          {currentPage < totalPages ? (
            link(currentPage + 1, 'Next', 'Next page')
          ) : (
            <span className={disabled} aria-disabled="true">
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
