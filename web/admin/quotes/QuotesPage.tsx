import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type AdminQuote, type QuoteStatus, quoteLineName, wholesaleApi } from '../../api/wholesale';
import { Button, Input, Textarea } from '../../ui/form';
import { errorText, formatDateTime, formatINR, indiaInputValue, instantFromIndiaInput } from '../format';
import { DataTable } from '../ui/DataTable';
import { Modal } from '../ui/Modal';
import { notice } from '../ui/Notice';
import { LoadError, PageHeader } from '../ui/Page';
import { WindowPagination } from '../ui/Pagination';

const STATUS_LABEL: Record<QuoteStatus, string> = {
  requested: 'Requested',
  quoted: 'Quoted',
  declined: 'Declined',
  ordered: 'Ordered',
  expired: 'Expired',
};
const STATUS_CLASS: Record<QuoteStatus, string> = {
  requested: 'bg-amber-100 text-amber-900',
  quoted: 'bg-blue-100 text-blue-800',
  declined: 'bg-red-100 text-red-800',
  ordered: 'bg-green-100 text-green-800',
  expired: 'bg-gray-200 text-gray-800',
};
const STATUSES = Object.keys(STATUS_LABEL) as QuoteStatus[];
const isStatus = (v: string | null): v is QuoteStatus => v !== null && (STATUSES as string[]).includes(v);
const DAY = 86_400_000;

/** The lot's value at the prices given (or the list prices while unpriced). */
const lotTotal = (q: AdminQuote) => q.lines.reduce((sum, l) => sum + (l.price ?? l.listprice) * l.quantity, 0);

/** The merchant's answer: a unit price for every line and a validity, or a decline with a note for the buyer. */
function AnswerForm({ quote, onDone }: { quote: AdminQuote; onDone: () => void }) {
  const [prices, setPrices] = useState<Record<string, string>>(() =>
    Object.fromEntries(quote.lines.map((l) => [l._id, String(l.price ?? l.listprice)])),
  );
  const [validuntil, setValidUntil] = useState(() => indiaInputValue(quote.validuntil ?? new Date(Date.now() + 7 * DAY)));
  const [note, setNote] = useState(quote.merchantnote);
  const [busy, setBusy] = useState(false);
  const open = quote.status === 'requested' || quote.status === 'quoted';

  async function send(body: Parameters<typeof wholesaleApi.answerQuote>[1]) {
    setBusy(true);
    try {
      const res = await wholesaleApi.answerQuote(quote._id, body);
      notice.success(res.message);
      onDone();
    } catch (err) {
      notice.error(errorText(err, 'The quote could not be saved', 'Network error. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  function price(e: FormEvent) {
    e.preventDefault();
    const until = instantFromIndiaInput(validuntil);
    if (!until) {
      notice.error('Choose until when the quote is valid');
      return;
    }
    void send({
      lines: quote.lines.map((l) => ({ lineId: l._id, price: Number(prices[l._id]) || 0 })),
      validuntil: until,
      ...(note.trim() ? { note: note.trim() } : {}),
    });
  }

  function decline() {
    if (!note.trim()) {
      notice.error('Give the buyer a note saying why');
      return;
    }
    void send({ status: 'declined', note: note.trim() });
  }

  const total = quote.lines.reduce((sum, l) => sum + (Number(prices[l._id]) || 0) * l.quantity, 0);
  return (
    <form onSubmit={price} className="space-y-4" aria-label={`Answer ${quote.number}`}>
      <p className="text-sm text-gray-600">
        {quote.user ? `${quote.user.fullname} · ${quote.user.mobileno}` : 'Account deleted'} · asked{' '}
        {formatDateTime(quote.createdAt)}
      </p>
      {quote.note ? <p className="rounded bg-gray-50 p-2 text-sm">“{quote.note}”</p> : null}
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-gray-500">
            <th className="py-1">Product</th>
            <th className="py-1 text-right">Qty</th>
            <th className="py-1 text-right">List price</th>
            <th className="py-1 text-right">Unit price (₹)</th>
          </tr>
        </thead>
        <tbody>
          {quote.lines.map((l) => (
            <tr key={l._id}>
              <td className="py-1">{quoteLineName(l)}</td>
              <td className="py-1 text-right tabular-nums">{l.quantity}</td>
              <td className="py-1 text-right tabular-nums">{formatINR(l.listprice)}</td>
              <td className="py-1 text-right">
                <Input
                  aria-label={`Unit price of ${quoteLineName(l)}`}
                  type="number"
                  min={0.01}
                  step={0.01}
                  inputMode="decimal"
                  value={prices[l._id] ?? ''}
                  disabled={!open}
                  onChange={(e) => setPrices((p) => ({ ...p, [l._id]: e.target.value }))}
                  className="w-32 text-right"
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-right text-sm">
        Lot total:{' '}
        <span className="font-semibold tabular-nums" data-testid="quote-total">
          {formatINR(total)}
        </span>
      </p>
      <div>
        <label htmlFor="quote-validuntil" className="mb-1 block text-sm font-medium text-gray-700">
          Valid until (India time, at most 30 days ahead)
        </label>
        <Input
          id="quote-validuntil"
          type="datetime-local"
          value={validuntil}
          disabled={!open}
          onChange={(e) => setValidUntil(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="quote-note" className="mb-1 block text-sm font-medium text-gray-700">
          Note to the buyer (needed to decline)
        </label>
        <Textarea id="quote-note" value={note} maxLength={1000} disabled={!open} onChange={(e) => setNote(e.target.value)} />
      </div>
      {open ? (
        <div className="flex gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Send quote'}
          </Button>
          <Button type="button" variant="secondary" disabled={busy} onClick={decline}>
            Decline
          </Button>
        </div>
      ) : (
        <p className="text-sm text-gray-600">
          This quote is {STATUS_LABEL[quote.status].toLowerCase()}: it can no longer be answered.
        </p>
      )}
    </form>
  );
}

/** Quotes: requests for a price on a lot, to price with a validity or decline with a note. */
export default function QuotesPage() {
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const first = params.get('status');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<QuoteStatus | ''>(isStatus(first) ? first : '');
  const [open, setOpen] = useState<AdminQuote | null>(null);
  const query = useQuery({
    queryKey: ['admin', 'quotes', page, status],
    queryFn: () => wholesaleApi.adminQuotes(page, status || undefined),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const rows = query.data?.quotes ?? [];
  const pagination = query.data?.pagination;

  return (
    <div>
      <PageHeader
        title="Quotes"
        subtitle="Business buyers ask for a price on a lot: price each line with a validity, or decline."
      />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <label htmlFor="quotes-status" className="text-sm font-medium text-gray-700">
          Status
        </label>
        <select
          id="quotes-status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as QuoteStatus | '');
            setPage(1);
          }}
          className="rounded-md border border-gray-300 bg-white px-3 py-2 text-sm"
        >
          <option value="">All</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </select>
      </div>
      <LoadError query={query}>The quotes could not be loaded.</LoadError>
      <DataTable
        caption="Quotes"
        loading={query.isPending}
        rows={rows}
        rowKey={(q) => q._id}
        empty={status ? `No ${STATUS_LABEL[status].toLowerCase()} quotes.` : 'No quotes yet.'}
        columns={[
          { header: 'Number', cell: (q) => <span className="font-mono text-xs">{q.number}</span> },
          { header: 'Asked', cell: (q) => <time dateTime={q.createdAt}>{formatDateTime(q.createdAt)}</time> },
          { header: 'Buyer', cell: (q) => (q.user ? `${q.user.fullname} · ${q.user.mobileno}` : '—') },
          { header: 'Lines', cell: (q) => q.lines.length },
          { header: 'Value', cell: (q) => formatINR(lotTotal(q)) },
          {
            header: 'Status',
            cell: (q) => (
              <span
                data-testid="quote-status"
                className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASS[q.status]}`}
              >
                {STATUS_LABEL[q.status]}
              </span>
            ),
          },
          { header: 'Valid until', cell: (q) => (q.validuntil ? formatDateTime(q.validuntil) : '—') },
        ]}
        actions={(q) => (
          <Button variant="secondary" onClick={() => setOpen(q)} aria-label={`Open ${q.number}`}>
            {q.status === 'requested' ? 'Price' : 'Open'}
          </Button>
        )}
      />
      {pagination ? (
        <WindowPagination
          page={pagination.currentPage}
          totalPages={pagination.totalPages}
          pageSize={pagination.limit}
          totalItems={pagination.totalItems}
          onPage={setPage}
        />
      ) : null}
      {open ? (
        <Modal open onOpenChange={(o) => !o && setOpen(null)} title={`Quote ${open.number}`} size="lg">
          <AnswerForm
            quote={open}
            onDone={() => {
              setOpen(null);
              void qc.invalidateQueries({ queryKey: ['admin', 'quotes'] });
            }}
          />
        </Modal>
      ) : null}
    </div>
  );
}
