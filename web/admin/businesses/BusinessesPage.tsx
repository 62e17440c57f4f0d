import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { CREDIT_DAYS } from '../../../contract/wholesale';
import { type AdminBusiness, type BusinessStatus, wholesaleApi } from '../../api/wholesale';
import { StatementCard } from '../../storefront/account/StatementCard';
import { Button, Input, Select } from '../../ui/form';
import { errorText, formatDateTime } from '../format';
import { DataTable } from '../ui/DataTable';
import { Modal } from '../ui/Modal';
import { notice } from '../ui/Notice';
import { LoadError, PageHeader } from '../ui/Page';
import { WindowPagination } from '../ui/Pagination';

const STATUS_LABEL: Record<BusinessStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  suspended: 'Suspended',
};
const STATUS_CLASS: Record<BusinessStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-800',
  rejected: 'bg-red-100 text-red-800',
  suspended: 'bg-gray-200 text-gray-800',
};
const STATUSES = Object.keys(STATUS_LABEL) as BusinessStatus[];

/** The review of one business: its status (with a reason for the buyer) and credit terms. */
function ReviewForm({ business, onDone }: { business: AdminBusiness; onDone: () => void }) {
  const [status, setStatus] = useState<BusinessStatus>(business.status === 'pending' ? 'approved' : business.status);
  const [reason, setReason] = useState(business.reason);
  const [creditdays, setCreditDays] = useState(business.credit?.days ?? 0);
  const [pricegroupId, setPriceGroupId] = useState(business.pricegroup?._id ?? '');
  const groups = useQuery({ queryKey: ['admin', 'price-groups'], queryFn: wholesaleApi.priceGroups });
  const [creditlimit, setCreditLimit] = useState(String(business.credit?.limit ?? 0));
  const [busy, setBusy] = useState(false);
  const needsReason = status === 'rejected' || status === 'suspended';

  async function save(e: FormEvent) {
    e.preventDefault();
    if (needsReason && !reason.trim()) {
      notice.error('Give the buyer a reason');
      return;
    }
    setBusy(true);
    try {
      const res = await wholesaleApi.updateBusiness(business._id, {
        status,
        reason: needsReason ? reason.trim() : '',
        creditdays,
        creditlimit: Number(creditlimit) || 0,
        pricegroupId: pricegroupId || null,
      });
      notice.success(res.message);
      onDone();
    } catch (err) {
      notice.error(errorText(err, 'The business could not be updated', 'Network error. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} className="space-y-4" aria-label={`Review ${business.legalname}`}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-500">Legal name</dt>
        <dd>{business.legalname}</dd>
        <dt className="text-gray-500">GSTIN</dt>
        <dd className="font-mono">{business.gstin}</dd>
        <dt className="text-gray-500">Address</dt>
        <dd>
          {business.address}, {business.city}, {business.state} {business.pincode}
        </dd>
        <dt className="text-gray-500">Buyer</dt>
        <dd>
          {business.user.fullname} · {business.user.mobileno}
        </dd>
        {business.note ? (
          <>
            <dt className="text-gray-500">Note</dt>
            <dd>{business.note}</dd>
          </>
        ) : null}
      </dl>
      <div>
        <label htmlFor="business-review-status" className="mb-1 block text-sm font-medium text-gray-700">
          Status
        </label>
        <Select id="business-review-status" value={status} onChange={(e) => setStatus(e.target.value as BusinessStatus)}>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </Select>
      </div>
      {needsReason ? (
        <div>
          <label htmlFor="business-review-reason" className="mb-1 block text-sm font-medium text-gray-700">
            Reason (the buyer is told)
          </label>
          <Input id="business-review-reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
        </div>
      ) : null}
      <div>
        <label htmlFor="business-review-pricegroup" className="mb-1 block text-sm font-medium text-gray-700">
          Price group
        </label>
        <Select id="business-review-pricegroup" value={pricegroupId} onChange={(e) => setPriceGroupId(e.target.value)}>
          <option value="">None (retail prices)</option>
          {(groups.data?.pricegroups ?? []).map((g) => (
            <option key={g._id} value={g._id}>
              {g.name} ({g.percentoff}% off)
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="business-review-creditdays" className="mb-1 block text-sm font-medium text-gray-700">
            Credit days
          </label>
          <Select id="business-review-creditdays" value={creditdays} onChange={(e) => setCreditDays(Number(e.target.value))}>
            {CREDIT_DAYS.map((d) => (
              <option key={d} value={d}>
                {d === 0 ? 'No credit' : `${d} days`}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor="business-review-creditlimit" className="mb-1 block text-sm font-medium text-gray-700">
            Credit limit (₹)
          </label>
          <Input
            id="business-review-creditlimit"
            type="number"
            min={0}
            step={0.01}
            inputMode="decimal"
            value={creditlimit}
            onChange={(e) => setCreditLimit(e.target.value)}
          />
        </div>
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
}

/** Business accounts: applications to approve or reject, and approved ones to suspend, with credit terms. */
export default function BusinessesPage() {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<BusinessStatus | ''>('pending');
  const [open, setOpen] = useState<AdminBusiness | null>(null);
  const [statementOf, setStatementOf] = useState<AdminBusiness | null>(null);
  const query = useQuery({
    queryKey: ['admin', 'businesses', page, status],
    queryFn: () => wholesaleApi.businesses(page, status || undefined),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const rows = query.data?.businesses ?? [];
  const pagination = query.data?.pagination;

  return (
    <div>
      <PageHeader title="Businesses" subtitle="Trade buyers: approve, reject or suspend them, and set their credit terms." />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <label htmlFor="businesses-status" className="text-sm font-medium text-gray-700">
          Status
        </label>
        <select
          id="businesses-status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as BusinessStatus | '');
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
      <LoadError query={query}>The businesses could not be loaded.</LoadError>
      <DataTable
        caption="Businesses"
        loading={query.isPending}
        rows={rows}
        rowKey={(b) => b._id}
        empty={status ? `No ${STATUS_LABEL[status].toLowerCase()} businesses.` : 'No businesses yet.'}
        columns={[
          { header: 'Applied', cell: (b) => <time dateTime={b.createdAt}>{formatDateTime(b.createdAt)}</time> },
          {
            header: 'Business',
            cell: (b) => (
              <span>
                <span className="font-medium">{b.tradename || b.legalname}</span>
                <span className="block font-mono text-xs text-gray-500">{b.gstin}</span>
              </span>
            ),
          },
          { header: 'Buyer', cell: (b) => `${b.user.fullname} · ${b.user.mobileno}` },
          {
            header: 'Status',
            cell: (b) => (
              <span
                data-testid="business-status"
                className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASS[b.status]}`}
              >
                {STATUS_LABEL[b.status]}
              </span>
            ),
          },
          { header: 'Credit', cell: (b) => (b.credit ? `${b.credit.days} days` : '—') },
        ]}
        actions={(b) => (
          <span className="flex flex-wrap justify-end gap-2">
            {b.status !== 'pending' ? (
              <Button
                variant="secondary"
                onClick={() => setStatementOf(b)}
                aria-label={`Statement of ${b.tradename || b.legalname}`}
              >
                Statement
              </Button>
            ) : null}
            <Button variant="secondary" onClick={() => setOpen(b)} aria-label={`Review ${b.tradename || b.legalname}`}>
              Review
            </Button>
          </span>
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
      {statementOf ? (
        <Modal
          open
          onOpenChange={(o) => !o && setStatementOf(null)}
          title={`${statementOf.tradename || statementOf.legalname} · ${statementOf.gstin}`}
          size="lg"
          testId="business-statement"
        >
          <StatementCard businessId={statementOf._id} />
        </Modal>
      ) : null}
      {open ? (
        <Modal open onOpenChange={(o) => !o && setOpen(null)} title={open.tradename || open.legalname} size="lg">
          <ReviewForm
            business={open}
            onDone={() => {
              setOpen(null);
              void qc.invalidateQueries({ queryKey: ['admin', 'businesses'] });
            }}
          />
        </Modal>
      ) : null}
    </div>
  );
}
