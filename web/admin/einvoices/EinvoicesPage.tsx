import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type Einvoice, type EinvoiceFilter, einvoiceApi } from '../../api/einvoices';
import { Button } from '../../ui/form';
import { errorText } from '../format';
import { DataTable } from '../ui/DataTable';
import { notice } from '../ui/Notice';
import { LoadError, PageHeader } from '../ui/Page';

const STATUS_LABEL: Record<Einvoice['einvoicestatus'], string> = {
  notrequired: 'Not required',
  pending: 'Pending',
  registered: 'Registered',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
const STATUS_CLASS: Record<Einvoice['einvoicestatus'], string> = {
  notrequired: 'bg-gray-100 text-gray-700',
  pending: 'bg-amber-100 text-amber-900',
  registered: 'bg-green-100 text-green-800',
  failed: 'bg-red-100 text-red-800',
  cancelled: 'bg-gray-100 text-gray-700',
};
/** An IRN the IRP did not cancel within its 24 hours of an order cancelled in time: it stands, nothing to retry. */
const CANCEL_FAILED = 'Cancellation failed';
const FILTERS: EinvoiceFilter[] = ['pending', 'registered', 'failed', 'cancelled'];
const KIND_LABEL: Record<Einvoice['kind'], string> = { INV: 'Invoice', CRN: 'Credit note' };

/**
 * Invoices and credit notes registered with the IRP (e-invoices): their IRN, what failed, and Retry; an IRN whose
 * cancellation failed (the IRP's 24 hours over) is shown as such with its reason, without Retry.
 */
export default function EinvoicesPage() {
  const qc = useQueryClient();
  const [params] = useSearchParams();
  // The dashboard's to-do list links here with ?status=failed.
  const [status, setStatus] = useState<EinvoiceFilter | ''>(() => {
    const asked = params.get('status');
    return asked && (FILTERS as string[]).includes(asked) ? (asked as EinvoiceFilter) : '';
  });
  const [retrying, setRetrying] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['admin', 'einvoices', status] as const,
    queryFn: () => einvoiceApi.list(status || undefined),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const rows = query.data?.einvoices ?? [];

  async function retry(e: Einvoice) {
    setRetrying(e.number);
    try {
      const res = await einvoiceApi.retry(e.number);
      if (res.einvoice.einvoicestatus === 'registered') notice.success(res.message);
      else notice.error(res.einvoice.error ? `${res.message}: ${res.einvoice.error}` : res.message);
      await qc.invalidateQueries({ queryKey: ['admin', 'einvoices'] });
    } catch (err) {
      notice.error(errorText(err, 'The e-invoice could not be retried', 'Network error. Please try again.'));
    } finally {
      setRetrying(null);
    }
  }

  return (
    <div>
      <PageHeader
        title="E-invoices"
        subtitle="Invoices and credit notes for buyers with a GSTIN, and exports, registered with the IRP."
        actions={
          <Button variant="secondary" onClick={() => query.refetch()} disabled={query.isFetching}>
            <RotateCw aria-hidden className={`size-4 ${query.isFetching ? 'animate-spin' : ''}`} /> Refresh
          </Button>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <label htmlFor="einvoice-status" className="text-sm font-medium text-gray-700">
          Status
        </label>
        <select
          id="einvoice-status"
          value={status}
          onChange={(e) => setStatus(e.target.value as EinvoiceFilter | '')}
          className="rounded-md border border-gray-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
        >
          <option value="">All</option>
          {FILTERS.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </select>
      </div>
      <LoadError query={query}>The e-invoices could not be loaded.</LoadError>
      <DataTable
        caption="E-invoices"
        loading={query.isPending}
        rows={rows}
        rowKey={(e) => `${e.kind}:${e.number}`}
        empty={status ? `No ${STATUS_LABEL[status].toLowerCase()} e-invoices.` : 'No e-invoices yet.'}
        columns={[
          { header: 'Number', cell: (e) => <span className="font-medium tabular-nums">{e.number}</span> },
          { header: 'Document', cell: (e) => KIND_LABEL[e.kind] },
          {
            header: 'Order',
            cell: (e) => (
              <Link to={`/dashboard/orders/${e.orderId}`} className="text-brand-700 underline-offset-2 hover:underline">
                View order
              </Link>
            ),
          },
          {
            header: 'Status',
            cell: (e) => (
              <span
                data-testid="einvoice-status"
                className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASS[e.cancelfailed ? 'failed' : e.einvoicestatus]}`}
              >
                {e.cancelfailed ? CANCEL_FAILED : STATUS_LABEL[e.einvoicestatus]}
              </span>
            ),
          },
          {
            header: 'IRN',
            cell: (e) =>
              e.irn ? (
                <span className="block max-w-[14rem] font-mono text-xs break-all">{e.irn}</span>
              ) : (
                <span className="text-gray-400">—</span>
              ),
          },
          {
            header: 'Error',
            cell: (e) =>
              e.error ? (
                <span className="block max-w-xs text-xs wrap-anywhere text-gray-700" data-testid="einvoice-error">
                  {e.error}
                </span>
              ) : (
                <span className="text-gray-400">—</span>
              ),
          },
        ]}
        actions={(e) =>
          e.einvoicestatus === 'failed' ? (
            <Button
              variant="secondary"
              onClick={() => retry(e)}
              disabled={retrying !== null}
              aria-label={`Retry ${KIND_LABEL[e.kind].toLowerCase()} ${e.number}`}
            >
              {retrying === e.number ? 'Retrying...' : 'Retry'}
            </Button>
          ) : null
        }
      />
    </div>
  );
}
