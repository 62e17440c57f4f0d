import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { adminApi, type GstReport } from '../../api/admin';
import { buttonClass, Input } from '../../ui/form';
import { errorText, formatINR } from '../format';
import { Table } from '../ui/DataTable';
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

type Row = Record<string, string | number>;
type KeysOf<T> = T extends unknown ? keyof T : never;
type Column = KeysOf<GstReport[Section][number]>;
type Section = 'b2b' | 'b2cl' | 'exp' | 'b2cs' | 'hsn' | 'creditnotes' | 'receiptvouchers' | 'refundvouchers';

const HEADERS: Record<Column, string> = {
  gstin: 'Buyer GSTIN',
  invoice: 'Invoice',
  note: 'Note',
  date: 'Date',
  value: 'Value',
  pos: 'Place of supply',
  rate: 'Rate',
  hsn: 'HSN',
  quantity: 'Quantity',
  taxablevalue: 'Taxable value',
  igst: 'IGST',
  cgst: 'CGST',
  sgst: 'SGST',
  type: 'Type',
  currency: 'Currency',
  portcode: 'Port code',
  shippingbill: 'Shipping bill',
  shippingbilldate: 'Shipping bill date',
  voucher: 'Voucher',
  receipt: 'Receipt voucher',
};
/** Amounts in rupees; these and the other numbers stand right-aligned. */
const RUPEES = new Set(['value', 'taxablevalue', 'igst', 'cgst', 'sgst']);
const NUMBERS = new Set([...RUPEES, 'rate', 'quantity']);
const TAXES = ['taxablevalue', 'igst', 'cgst', 'sgst'] as const;

const cell = (column: string, row: Row) => {
  const v = row[column];
  if (column === 'gstin') return <span className="font-mono">{v}</span>;
  if (column === 'rate') return `${v}%`;
  return RUPEES.has(column) ? formatINR(Number(v)) : v;
};

/** The sections of the return, in order, with the columns of each. */
const SECTIONS: { id: Section; title: string; note: string; columns: readonly Column[] }[] = [
  {
    id: 'b2b',
    title: 'B2B invoices',
    note: 'Sales to registered buyers, by the buyer’s GSTIN.',
    columns: ['gstin', 'invoice', 'date', 'value', 'pos', ...TAXES],
  },
  {
    id: 'b2cl',
    title: 'B2C large',
    note: 'Inter-state invoices to consumers above ₹1,00,000.',
    columns: ['invoice', 'date', 'value', 'pos', ...TAXES],
  },
  {
    id: 'exp',
    title: 'Exports',
    note: 'Goods shipped abroad: WOPAY under the Letter of Undertaking, WPAY with IGST paid.',
    columns: [
      'type',
      'invoice',
      'date',
      'value',
      'currency',
      'portcode',
      'shippingbill',
      'shippingbilldate',
      'taxablevalue',
      'igst',
    ],
  },
  {
    id: 'b2cs',
    title: 'B2C small',
    note: 'Other sales to consumers, by place of supply and rate, net of their credit notes.',
    columns: ['pos', 'rate', ...TAXES],
  },
  { id: 'hsn', title: 'HSN summary', note: 'By HSN code, net of credit notes.', columns: ['hsn', 'quantity', ...TAXES] },
  {
    id: 'creditnotes',
    title: 'Credit notes',
    note: 'Credit notes to registered buyers (B2B) and against exports (EXP).',
    columns: ['type', 'gstin', 'note', 'date', 'invoice', 'value', ...TAXES],
  },
  {
    id: 'receiptvouchers',
    title: 'Receipt vouchers',
    note: 'Advances received before a made-to-order piece’s invoice, with the tax of what they pay for (due with the invoice).',
    columns: ['voucher', 'date', 'gstin', 'value', 'pos', ...TAXES],
  },
  {
    id: 'refundvouchers',
    title: 'Refund vouchers',
    note: 'Advances paid back before the invoice, against their receipt vouchers.',
    columns: ['voucher', 'date', 'receipt', 'gstin', 'value', 'pos', ...TAXES],
  },
];

/** One section of the return: a table that scrolls inside itself on a narrow screen, or a line saying it is empty. */
function ReportSection({
  id,
  title,
  note,
  rows,
  columns,
}: {
  id: string;
  title: string;
  note: string;
  rows: Row[];
  columns: readonly Column[];
}) {
  const align = (c: Column) => (NUMBERS.has(c) ? 'text-right' : '');
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
          <Table
            caption={title}
            headers={columns.map((c) => (
              <th key={c} scope="col" className={`px-3 py-2 whitespace-nowrap ${align(c)}`}>
                {HEADERS[c]}
              </th>
            ))}
          >
            <tbody className="divide-y divide-gray-100">
              {rows.map((row, i) => (
                <tr key={i}>
                  {columns.map((c) => (
                    <td key={c} className={`px-3 py-2 whitespace-nowrap ${NUMBERS.has(c) ? 'text-right tabular-nums' : ''}`}>
                      {cell(c, row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </section>
  );
}

function Report({ report }: { report: GstReport }) {
  return (
    <div className="space-y-4">
      {SECTIONS.map((section) => (
        <ReportSection key={section.id} {...section} rows={report[section.id]} />
      ))}
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
              <a href={adminApi.gst.reportUrl(month, 'portal')} download className={buttonClass('secondary')}>
                <Download aria-hidden className="size-4" /> Download for the GST portal
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
          <Input
            id={`${id}-month`}
            type="month"
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
