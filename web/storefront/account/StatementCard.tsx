import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { User } from '../../api/auth';
import { ApiError } from '../../api/client';
import { creditApi } from '../../api/credit';
import { formatRupees } from '../../cart/format';
import { Input } from '../../ui/form';
import { formatDay } from '../orders/format';

const ENTRY_NAMES = { invoice: 'Invoice', payment: 'Payment', creditnote: 'Credit note', refund: 'Refund' } as const;

/** Today in India (YYYY-MM-DD). */
const indiaToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
/** The first day of India's financial year (1 April) that `day` falls in. */
const financialYearStart = (day: string) => {
  const year = Number(day.slice(0, 4));
  return `${day.slice(5) >= '04-01' ? year : year - 1}-04-01`;
};

/** A business account's own: approved, or given credit terms. */
export const hasStatement = (user: User) => user.business?.status === 'approved' || Boolean(user.business?.credit);

/** A balance in words: owed to the shop, or in the business's favour (the buyer reads "your"). */
const balanceText = (rupees: number, merchant: boolean) =>
  rupees < 0
    ? `${formatRupees(-rupees)} in ${merchant ? 'the business’s' : 'your'} favour`
    : `${formatRupees(rupees)}${rupees > 0 ? ' owed' : ''}`;

/**
 * "Statement of account" on the account page: the business's invoices, payments, credit notes and refunds for a period
 * (this financial year to start) with the running balance, the opening and closing balance, and the same as a PDF.
 * With `businessId`, the back-office's view of that business's statement (the Businesses screen): the same answer.
 */
export function StatementCard({ businessId }: { businessId?: string } = {}) {
  const today = indiaToday();
  const [from, setFrom] = useState(() => financialYearStart(today));
  const [to, setTo] = useState(today);
  const [period, setPeriod] = useState({ from, to });
  const [problem, setProblem] = useState('');
  const query = useQuery({
    queryKey: ['business', 'statement', businessId ?? 'mine', period.from, period.to],
    queryFn: () =>
      businessId ? creditApi.businessStatement(businessId, period.from, period.to) : creditApi.statement(period.from, period.to),
    retry: false,
  });

  function show(e: FormEvent) {
    e.preventDefault();
    if (!from || !to) return setProblem('Choose both days');
    if (from > to) return setProblem('The first day must not be after the last');
    setProblem('');
    setPeriod({ from, to });
  }

  const s = query.data;
  const refused = query.error instanceof ApiError && query.error.status !== 0 ? query.error.message : '';
  return (
    <section aria-labelledby="statement-title" className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="statement-title" className="mb-4 text-lg font-semibold text-gray-900">
        Statement of account
      </h2>
      <form onSubmit={show} className="flex flex-wrap items-end gap-3" noValidate aria-label="Statement period">
        <label className="text-sm font-medium text-gray-800">
          From
          <Input type="date" density="roomy" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="text-sm font-medium text-gray-800">
          To
          <Input type="date" density="roomy" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
        </label>
        <button
          type="submit"
          className="rounded-md border border-brand-700 px-4 py-2.5 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          Show
        </button>
        <a
          href={
            businessId
              ? creditApi.businessStatementPdfUrl(businessId, period.from, period.to)
              : creditApi.statementPdfUrl(period.from, period.to)
          }
          download
          className="py-2.5 text-sm font-medium text-blue-700 underline"
          data-testid="statement-pdf"
        >
          Download PDF
        </a>
      </form>
      {problem ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      {query.isPending ? (
        <p role="status" className="mt-4 text-sm text-gray-600">
          Loading the statement…
        </p>
      ) : query.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-700" data-testid="statement-error">
          {refused || 'The statement could not be loaded. Try again.'}
        </p>
      ) : s ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full min-w-[36rem] text-sm" data-testid="statement">
            <caption className="sr-only">
              Statement from {formatDay(s.from)} to {formatDay(s.to)}
            </caption>
            <thead>
              <tr className="border-b border-gray-200 text-left text-gray-600">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Date
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Entry
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Number
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Debit
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Credit
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              <tr data-testid="statement-opening">
                <td className="py-2 pr-3">{formatDay(s.from)}</td>
                <td className="py-2 pr-3 font-medium" colSpan={4}>
                  Opening balance
                </td>
                <td className="py-2 text-right tabular-nums">{formatRupees(s.opening)}</td>
              </tr>
              {s.lines.map((l, i) => (
                <tr key={`${l.date}-${l.type}-${l.number}-${i}`} data-testid="statement-line">
                  <td className="py-2 pr-3 whitespace-nowrap">{formatDay(l.date)}</td>
                  <td className="py-2 pr-3">{ENTRY_NAMES[l.type]}</td>
                  <td className="py-2 pr-3 wrap-anywhere">{l.number}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{l.debit ? formatRupees(l.debit) : ''}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{l.credit ? formatRupees(l.credit) : ''}</td>
                  <td className="py-2 text-right tabular-nums">{formatRupees(l.balance)}</td>
                </tr>
              ))}
              {s.lines.length === 0 ? (
                <tr>
                  <td colSpan={6} className="py-3 text-center text-gray-600">
                    Nothing in this period.
                  </td>
                </tr>
              ) : null}
              <tr data-testid="statement-closing" className="font-semibold">
                <td className="py-2 pr-3">{formatDay(s.to)}</td>
                <td className="py-2 pr-3" colSpan={4}>
                  Closing balance
                </td>
                <td className="py-2 text-right tabular-nums">{formatRupees(s.closing)}</td>
              </tr>
            </tbody>
          </table>
          <p className="mt-2 text-sm text-gray-700" data-testid="statement-summary">
            Balance on {formatDay(s.to)}: {balanceText(s.closing, Boolean(businessId))}
          </p>
        </div>
      ) : null}
    </section>
  );
}
