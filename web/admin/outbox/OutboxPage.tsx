import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { accountApi, type OutboxMessage, type OutboxStatus } from '../../api/account';
import { Button } from '../../ui/form';
import { errorText, formatDateTime } from '../format';
import { DataTable } from '../ui/DataTable';
import { notice } from '../ui/Notice';
import { LoadError, PageHeader } from '../ui/Page';
import { WindowPagination } from '../ui/Pagination';

const CHANNELS: Record<OutboxMessage['channel'], string> = { email: 'E-mail', sms: 'SMS', whatsapp: 'WhatsApp' };
const STATUS_LABEL: Record<OutboxStatus, string> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Skipped',
};
const STATUS_CLASS: Record<OutboxStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  sent: 'bg-green-100 text-green-800',
  failed: 'bg-red-100 text-red-800',
  skipped: 'bg-gray-100 text-gray-700',
};
/** What each message is, in words. */
const TEMPLATE_LABEL: Record<string, string> = {
  order_placed: 'Order placed',
  order_shipped: 'Order shipped',
  order_delivered: 'Order delivered',
  order_cancelled: 'Order cancelled',
  refund_processed: 'Refund processed',
  return_updated: 'Return update',
  password_code: 'Password code',
  business_updated: 'Business account update',
  merchant_new_order: 'New order (to the shop)',
  merchant_flagged_payment: 'Flagged payment (to the shop)',
  merchant_low_stock: 'Low stock (to the shop)',
  grievance_received: 'Grievance received',
  grievance_updated: 'Grievance reply',
  merchant_grievance: 'New grievance (to the shop)',
  quote_answered: 'Quote answered',
  merchant_quote_requested: 'Quote requested (to the shop)',
};

/** Messages to customers and the shop: what was sent, what waits, what failed (with Retry). */
export default function OutboxPage() {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [params] = useSearchParams();
  // The dashboard's to-do list links here with ?status=failed.
  const [status, setStatus] = useState<OutboxStatus | ''>(() => {
    const asked = params.get('status');
    return asked && asked in STATUS_LABEL ? (asked as OutboxStatus) : '';
  });
  const [retrying, setRetrying] = useState<string | null>(null);
  const key = ['admin', 'outbox', page, status] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: () => accountApi.outbox(page, status || undefined),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const messages = query.data?.messages ?? [];
  const pagination = query.data?.pagination;

  async function retry(m: OutboxMessage) {
    setRetrying(m._id);
    try {
      const res = await accountApi.retryOutbox(m._id);
      notice.success(res.message);
      await qc.invalidateQueries({ queryKey: ['admin', 'outbox'] });
    } catch (err) {
      notice.error(errorText(err, 'The message could not be retried', 'Network error. Please try again.'));
    } finally {
      setRetrying(null);
    }
  }

  return (
    <div>
      <PageHeader
        title="Outbox"
        subtitle="E-mails, SMS and WhatsApp messages to customers and the shop."
        actions={
          <Button variant="secondary" onClick={() => query.refetch()} disabled={query.isFetching}>
            <RotateCw aria-hidden className={`size-4 ${query.isFetching ? 'animate-spin' : ''}`} /> Refresh
          </Button>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <label htmlFor="outbox-status" className="text-sm font-medium text-gray-700">
          Status
        </label>
        <select
          id="outbox-status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as OutboxStatus | '');
            setPage(1);
          }}
          className="rounded-md border border-gray-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
        >
          <option value="">All</option>
          {(Object.keys(STATUS_LABEL) as OutboxStatus[]).map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </select>
        {pagination ? (
          <span className="text-sm text-gray-600" data-testid="outbox-total">
            {pagination.totalItems} {pagination.totalItems === 1 ? 'message' : 'messages'}
          </span>
        ) : null}
      </div>
      <LoadError query={query}>The messages could not be loaded.</LoadError>
      <DataTable
        caption="Messages"
        loading={query.isPending}
        rows={messages}
        rowKey={(m) => m._id}
        empty={status ? `No ${STATUS_LABEL[status].toLowerCase()} messages.` : 'No messages yet.'}
        columns={[
          { header: 'Time', cell: (m) => <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time> },
          { header: 'Channel', cell: (m) => CHANNELS[m.channel] },
          { header: 'Recipient', cell: (m) => <span className="break-all">{m.to}</span> },
          { header: 'Message', cell: (m) => TEMPLATE_LABEL[m.template] ?? m.template },
          {
            header: 'Status',
            cell: (m) => (
              <span
                data-testid="outbox-status"
                className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASS[m.status]}`}
              >
                {STATUS_LABEL[m.status]}
              </span>
            ),
          },
          { header: 'Attempts', cell: (m) => <span className="tabular-nums">{m.attempts}</span>, className: 'text-right' },
          {
            header: 'Last error',
            cell: (m) =>
              m.lasterror ? (
                <span className="block max-w-xs text-xs wrap-anywhere text-gray-700" data-testid="outbox-error">
                  {m.lasterror}
                </span>
              ) : (
                <span className="text-gray-400">—</span>
              ),
          },
          {
            header: 'Sent',
            cell: (m) =>
              m.sentAt ? (
                <time dateTime={m.sentAt}>{formatDateTime(m.sentAt)}</time>
              ) : m.nextAttemptAt ? (
                <span className="text-xs text-gray-600">Next try {formatDateTime(m.nextAttemptAt)}</span>
              ) : (
                <span className="text-gray-400">—</span>
              ),
          },
        ]}
        actions={(m) =>
          m.status === 'failed' && m.template !== 'password_code' ? (
            <Button
              variant="secondary"
              onClick={() => retry(m)}
              disabled={retrying !== null}
              aria-label={`Retry ${CHANNELS[m.channel]} ${TEMPLATE_LABEL[m.template] ?? m.template} to ${m.to}`}
            >
              {retrying === m._id ? 'Retrying...' : 'Retry'}
            </Button>
          ) : null
        }
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
    </div>
  );
}
