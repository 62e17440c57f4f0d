import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { adminApi, type GstReport } from '../../api/admin';
import { errorText, formatINR } from '../format';
import { buttonClass } from '../ui/Button';
import { inputClass } from '../ui/Field';
import { LoadError, PageHeader } from '../ui/Page';

/** The month it is now in India, YYYY-MM. */
export function currentMonthInIndia(now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' }).formatToParts(
    now,
  );
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

const monthName = (ym: string) =>
  new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${ym}-01T00:00:00Z`));

type Col<T> = { header: string; cell: (row: T) => ReactNode; money?: boolean };

/** One section of the return: a table that scrolls inside itself on a narrow screen, or a line saying it is empty. */
function Section<T>({
  id,
  title,
  note,
  rows,
  columns,
}: {
  id: string;
  title: string;
  note: string;
  rows: T[];
  columns: Col<T>[];
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
      data-testid={`section-${id}`}
    >
      <h2 id={id} className="text-base font-semibold text-gray-900">
        {title} <span className="text-sm font-normal text-gray-500">({rows.length})</span>
      </h2>
      <p className="mb-3 text-xs text-gray-500">{note}</p>
      {rows.length === 0 ? (
        <p className="text-sm text-gray-600">Nothing this month.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full divide-y divide-gray-200 text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="bg-gray-50 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase">
              <tr>
                {columns.map((c) => (
                  <th key={c.header} scope="col" className={`px-3 py-2 whitespace-nowrap ${c.money ? 'text-right' : ''}`}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {rows.map((row, i) => (
                <tr key={i}>
                  {columns.map((c) => (
                    <td key={c.header} className={`px-3 py-2 whitespace-nowrap ${c.money ? 'text-right tabular-nums' : ''}`}>
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

type Taxes = { taxablevalue: number; igst: number; cgst: number; sgst: number };
function taxColumns<T extends Taxes>(): Col<T>[] {
  return [
    { header: 'Taxable value', cell: (r) => formatINR(r.taxablevalue), money: true },
    { header: 'IGST', cell: (r) => formatINR(r.igst), money: true },
    { header: 'CGST', cell: (r) => formatINR(r.cgst), money: true },
    { header: 'SGST', cell: (r) => formatINR(r.sgst), money: true },
  ];
}

function Report({ report }: { report: GstReport }) {
  return (
    <div className="space-y-4">
      <Section
        id="b2b"
        title="B2B invoices"
        note="Sales to registered buyers, by the buyer’s GSTIN."
        rows={report.b2b}
        columns={[
          { header: 'Buyer GSTIN', cell: (r) => <span className="font-mono">{r.gstin}</span> },
          { header: 'Invoice', cell: (r) => r.invoice },
          { header: 'Date', cell: (r) => r.date },
          { header: 'Value', cell: (r) => formatINR(r.value), money: true },
          { header: 'Place of supply', cell: (r) => r.pos },
          ...taxColumns<GstReport['b2b'][number]>(),
        ]}
      />
      <Section
        id="b2cl"
        title="B2C large"
        note="Inter-state invoices to consumers above ₹1,00,000."
        rows={report.b2cl}
        columns={[
          { header: 'Invoice', cell: (r) => r.invoice },
          { header: 'Date', cell: (r) => r.date },
          { header: 'Value', cell: (r) => formatINR(r.value), money: true },
          { header: 'Place of supply', cell: (r) => r.pos },
          ...taxColumns<GstReport['b2cl'][number]>(),
        ]}
      />
      <Section
        id="b2cs"
        title="B2C small"
        note="Other sales to consumers, by place of supply and rate, net of their credit notes."
        rows={report.b2cs}
        columns={[
          { header: 'Place of supply', cell: (r) => r.pos },
          { header: 'Rate', cell: (r) => `${r.rate}%`, money: true },
          ...taxColumns<GstReport['b2cs'][number]>(),
        ]}
      />
      <Section
        id="hsn"
        title="HSN summary"
        note="By HSN code, net of credit notes."
        rows={report.hsn}
        columns={[
          { header: 'HSN', cell: (r) => r.hsn },
          { header: 'Quantity', cell: (r) => r.quantity, money: true },
          ...taxColumns<GstReport['hsn'][number]>(),
        ]}
      />
      <Section
        id="creditnotes"
        title="Credit notes"
        note="Credit notes to registered buyers."
        rows={report.creditnotes}
        columns={[
          { header: 'Buyer GSTIN', cell: (r) => <span className="font-mono">{r.gstin}</span> },
          { header: 'Note', cell: (r) => r.note },
          { header: 'Date', cell: (r) => r.date },
          { header: 'Invoice', cell: (r) => r.invoice },
          { header: 'Value', cell: (r) => formatINR(r.value), money: true },
          ...taxColumns<GstReport['creditnotes'][number]>(),
        ]}
      />
    </div>
  );
}

/** GSTR-1 for a month: the sections of the return on screen, and the same as JSON or CSV files. */
export default function ReportsPage() {
  const id = useId();
  const [month, setMonth] = useState(currentMonthInIndia);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const query = useQuery({
    queryKey: ['admin', 'gst-report', month],
    queryFn: () => adminApi.gst.report(month),
    enabled: valid,
    placeholderData: keepPreviousData,
  });
  const report = query.data;
  return (
    <div>
      <PageHeader
        title="Reports"
        subtitle="GSTR-1 for a month (India time): the sections of the return, ready to file."
        actions={
          valid ? (
            <>
              <a href={adminApi.gst.reportUrl(month, 'json')} download className={buttonClass('secondary')}>
                <Download aria-hidden className="size-4" /> Download JSON
              </a>
              <a href={adminApi.gst.reportUrl(month, 'csv')} download className={buttonClass('secondary')}>
                <Download aria-hidden className="size-4" /> Download CSV
              </a>
            </>
          ) : null
        }
      />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-month`} className="mb-1 block text-sm font-medium text-gray-800">
            Month
          </label>
          <input
            id={`${id}-month`}
            type="month"
            className={inputClass}
            value={month}
            max={currentMonthInIndia()}
            onChange={(e) => setMonth(e.target.value)}
            aria-invalid={valid ? undefined : true}
          />
        </div>
        {valid ? (
          <p className="pb-2 text-sm text-gray-600" aria-live="polite">
            {report?.month === month ? `GSTR-1 for ${monthName(month)}` : 'Loading…'}
          </p>
        ) : (
          <p className="pb-2 text-sm text-red-600">Choose a month</p>
        )}
      </div>
      <LoadError query={query}>{errorText(query.error, 'Failed to fetch the report')}</LoadError>
      {report ? (
        <div aria-busy={query.isFetching} className={query.isPlaceholderData ? 'opacity-60' : ''}>
          <Report report={report} />
        </div>
      ) : query.isPending && valid ? (
        <div
          role="status"
          aria-busy="true"
          aria-label="Loading the report"
          className="h-64 animate-pulse rounded-xl bg-gray-100"
        />
      ) : null}
    </div>
  );
}
