import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type AdminTicket, trustApi } from '../../api/trust';
import { Button, Field, Select, Textarea } from '../../ui/form';
import { errorText, formatDateTime } from '../format';
import { notice } from '../ui/Notice';
import { LoadError, PageHeader } from '../ui/Page';

/** One ticket: the complaint, its deadlines, the replies so far, and the officer's reply form. */
function TicketCard({ ticket, onSaved }: { ticket: AdminTicket; onSaved: () => void }) {
  const [reply, setReply] = useState('');
  const [resolve, setResolve] = useState(ticket.status === 'resolved');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const id = `reply-${ticket._id}`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!reply.trim()) {
      setError('Write a reply');
      return;
    }
    setBusy(true);
    setError('');
    try {
      await trustApi.reply(ticket._id, { reply, status: resolve ? 'resolved' : 'open' });
      setReply('');
      notice.success('Reply sent to the complainant');
      onSaved();
    } catch (err) {
      setError(errorText(err, 'The reply could not be sent'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li
      className={`rounded-xl border bg-white p-4 shadow-sm ${ticket.overdue ? 'border-red-300' : 'border-gray-200'}`}
      data-testid="grievance"
      aria-label={`Grievance ${ticket.number}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-gray-900 tabular-nums">{ticket.number}</span>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${
            ticket.status === 'resolved' ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900'
          }`}
        >
          {ticket.status === 'resolved' ? 'Resolved' : 'Open'}
        </span>
        {ticket.overdue ? (
          <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">Overdue</span>
        ) : null}
        <span className="ml-auto text-xs text-gray-500">Filed {formatDateTime(ticket.createdAt)}</span>
      </div>
      <h2 className="mt-2 font-medium text-gray-900">{ticket.subject}</h2>
      <p className="mt-1 whitespace-pre-line text-sm text-gray-700">{ticket.message}</p>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-xs text-gray-600 sm:grid-cols-2">
        <div>
          <dt className="inline font-medium">Complainant: </dt>
          <dd className="inline">
            {[ticket.complainant.name, ticket.complainant.mobileno, ticket.complainant.email].filter(Boolean).join(' · ') ||
              'Erased account'}
          </dd>
        </div>
        {ticket.order ? (
          <div>
            <dt className="inline font-medium">Order: </dt>
            <dd className="inline">{ticket.order.number}</dd>
          </div>
        ) : null}
        <div>
          <dt className="inline font-medium">Acknowledge by: </dt>
          <dd className="inline">
            {formatDateTime(ticket.acknowledgeby)}
            {ticket.acknowledgedAt ? ` (replied ${formatDateTime(ticket.acknowledgedAt)})` : ''}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">Resolve by: </dt>
          <dd className="inline">
            {formatDateTime(ticket.resolveby)}
            {ticket.resolvedAt ? ` (resolved ${formatDateTime(ticket.resolvedAt)})` : ''}
          </dd>
        </div>
      </dl>
      {ticket.replies.length > 0 ? (
        <ol className="mt-3 space-y-2 border-l-2 border-brand-100 pl-3">
          {ticket.replies.map((r) => (
            <li key={r.createdAt} className="text-sm text-gray-800">
              <span className="block text-xs text-gray-500">{formatDateTime(r.createdAt)}</span>
              {r.body}
            </li>
          ))}
        </ol>
      ) : null}
      <form onSubmit={submit} noValidate className="mt-3 space-y-2">
        <Field id={id} label="Reply to the complainant" error={error}>
          <Textarea id={id} rows={3} value={reply} onChange={(e) => setReply(e.target.value)} error={error} maxLength={5000} />
        </Field>
        <div className="flex flex-wrap items-center gap-4">
          <label className="flex items-center gap-2 text-sm text-gray-800">
            <input type="checkbox" checked={resolve} onChange={(e) => setResolve(e.target.checked)} className="size-4" />
            Resolved
          </label>
          <Button type="submit" disabled={busy}>
            {busy ? 'Sending…' : 'Send reply'}
          </Button>
        </div>
      </form>
    </li>
  );
}

/** The grievance officer's tickets: overdue ones first, each with the officer's replies. */
export default function GrievancesPage() {
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const [status, setStatus] = useState<'' | 'open' | 'resolved'>('');
  const [overdue, setOverdue] = useState(params.get('overdue') === 'true');
  const key = ['admin', 'grievances', status, overdue] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: () => trustApi.adminList({ ...(status ? { status } : {}), ...(overdue ? { overdue: 'true' as const } : {}) }),
  });
  const tickets = query.data?.tickets;
  return (
    <div>
      <PageHeader
        title="Grievances"
        subtitle="Acknowledge each complaint within 48 hours and resolve it within one month; overdue ones come first."
      />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <Field id="grievance-status" label="Status">
          <Select id="grievance-status" value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
            <option value="">All</option>
            <option value="open">Open</option>
            <option value="resolved">Resolved</option>
          </Select>
        </Field>
        <label className="flex items-center gap-2 pb-2 text-sm text-gray-800">
          <input type="checkbox" checked={overdue} onChange={(e) => setOverdue(e.target.checked)} className="size-4" />
          Overdue only
        </label>
      </div>
      <LoadError query={query}>{errorText(query.error, 'Failed to fetch the grievances')}</LoadError>
      {query.isPending ? (
        <div
          role="status"
          aria-busy="true"
          aria-label="Loading grievances"
          className="h-40 animate-pulse rounded-xl bg-gray-100"
        />
      ) : tickets && tickets.length === 0 ? (
        <p className="text-sm text-gray-600">{overdue ? 'No grievance is overdue.' : 'No grievances.'}</p>
      ) : (
        <ul className="space-y-4">
          {tickets?.map((t) => (
            <TicketCard key={t._id} ticket={t} onSaved={() => void qc.invalidateQueries({ queryKey: ['admin', 'grievances'] })} />
          ))}
        </ul>
      )}
    </div>
  );
}
