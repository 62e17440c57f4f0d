import type { ReactNode } from 'react';

type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
};

/** A back-office table: its caption for screen readers, its header row (`headers`, the th cells), then its body. */
export function Table({ caption, headers, children }: { caption: string; headers: ReactNode; children: ReactNode }) {
  return (
    <table className="min-w-full divide-y divide-gray-200 text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-gray-50 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase">
        <tr>{headers}</tr>
      </thead>
      {children}
    </table>
  );
}

/**
 * A table from 768 px up; on a phone each row becomes a card listing "Header: value", with the actions
 * at the bottom. One component for every admin list.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  actions,
  loading,
  empty,
  caption,
  skeletonRows = 5,
}: {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  actions?: (row: T) => ReactNode;
  loading?: boolean;
  empty: ReactNode;
  caption: string;
  skeletonRows?: number;
}) {
  if (loading) {
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label={`Loading ${caption.toLowerCase()}`}
        className="space-y-2"
        data-testid="table-skeleton"
      >
        {Array.from({ length: skeletonRows }, (_, i) => (
          <div key={i} className="h-12 animate-pulse rounded-md bg-gray-100" />
        ))}
      </div>
    );
  }
  if (rows.length === 0) {
    return <p className="rounded-lg border border-dashed border-gray-300 px-4 py-10 text-center text-gray-600">{empty}</p>;
  }
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-gray-200 md:block">
        <Table
          caption={caption}
          headers={
            <>
              {columns.map((c) => (
                <th key={c.header} scope="col" className={`px-4 py-3 ${c.className ?? ''}`}>
                  {c.header}
                </th>
              ))}
              {actions ? (
                <th scope="col" className="px-4 py-3 text-right">
                  Actions
                </th>
              ) : null}
            </>
          }
        >
          <tbody className="divide-y divide-gray-100 bg-white">
            {rows.map((row) => (
              <tr key={rowKey(row)} className="hover:bg-gray-50/60">
                {columns.map((c) => (
                  <td key={c.header} className={`px-4 py-3 align-middle ${c.className ?? ''}`}>
                    {c.cell(row)}
                  </td>
                ))}
                {actions ? (
                  <td className="px-4 py-2 text-right whitespace-nowrap">
                    <div className="inline-flex items-center gap-1">{actions(row)}</div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <ul className="space-y-3 md:hidden" aria-label={caption}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
            <dl className="space-y-1.5 text-sm">
              {columns.map((c) => (
                <div key={c.header} className="flex items-start justify-between gap-3">
                  <dt className="shrink-0 text-gray-500">{c.header}</dt>
                  <dd className="min-w-0 text-right font-medium wrap-anywhere text-gray-900">{c.cell(row)}</dd>
                </div>
              ))}
            </dl>
            {actions ? <div className="mt-3 flex justify-end gap-1 border-t border-gray-100 pt-2">{actions(row)}</div> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
