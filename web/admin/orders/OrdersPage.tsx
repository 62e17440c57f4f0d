import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, SlidersHorizontal } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_RATTI_IN_CARATS } from '../../../contract/gems';
import { SETTABLE_DELIVERY_STATUSES } from '../../../contract/lifecycle';
import { OVERDUE, RETURN_REQUESTED, UNSHIPPED } from '../../../contract/orders';
import { type AdminOrderFilters, adminApi, type Order, type OrderPage } from '../../api/admin';
import { Button, buttonClass, Field, Input, Select } from '../../ui/form';
import { countOf } from '../../ui/plural';
import { errorText } from '../format';
import { useConfirm } from '../ui/Confirm';
import { Modal } from '../ui/Modal';
import { notice } from '../ui/Notice';
import { LoadError, PageHeader } from '../ui/Page';
import { OrdersPagination } from '../ui/Pagination';
import { OrderCard } from './OrderCard';

export type Filters = { search: string; status: string; startDate: string; endDate: string };
export const EMPTY_FILTERS: Filters = { search: '', status: '', startDate: '', endDate: '' };
export const FILTER_DEBOUNCE_MS = 300;
/** Long enough to be read after looking back from the select. */

/** The value after it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** What is sent: the search trimmed and only when not empty; blank filters left out. */
export function toQuery(f: Filters): AdminOrderFilters {
  const q: AdminOrderFilters = {};
  const search = f.search.trim();
  if (search) q.search = search;
  if (f.status) q.status = f.status as AdminOrderFilters['status'];
  if (f.startDate) q.startDate = f.startDate;
  if (f.endDate) q.endDate = f.endDate;
  return q;
}

const activeCount = (f: Filters) => [f.search.trim(), f.status, f.startDate, f.endDate].filter(Boolean).length;

function FilterFields({ value, onChange, idPrefix }: { value: Filters; onChange: (f: Filters) => void; idPrefix: string }) {
  const set = (k: keyof Filters) => (e: { target: { value: string } }) => onChange({ ...value, [k]: e.target.value });
  return (
    <>
      <Field id={`${idPrefix}-search`} label="Search">
        <Input
          id={`${idPrefix}-search`}
          type="search"
          placeholder="Name, mobile, e-mail, order, invoice or payment no."
          value={value.search}
          onChange={set('search')}
        />
      </Field>
      <Field id={`${idPrefix}-status`} label="Status">
        <Select id={`${idPrefix}-status`} value={value.status} onChange={set('status')}>
          <option value="">All statuses</option>
          {SETTABLE_DELIVERY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s.charAt(0).toUpperCase() + s.slice(1)}
            </option>
          ))}
          <option value={RETURN_REQUESTED}>Return requested</option>
          <option value={UNSHIPPED}>Not shipped for 2 days</option>
          <option value={OVERDUE}>Credit overdue</option>
        </Select>
      </Field>
      <Field id={`${idPrefix}-start`} label="Start date">
        <Input
          id={`${idPrefix}-start`}
          type="date"
          value={value.startDate}
          onChange={set('startDate')}
          max={value.endDate || undefined}
        />
      </Field>
      <Field id={`${idPrefix}-end`} label="End date">
        <Input
          id={`${idPrefix}-end`}
          type="date"
          value={value.endDate}
          onChange={set('endDate')}
          min={value.startDate || undefined}
        />
      </Field>
    </>
  );
}

export default function OrdersPage() {
  const qc = useQueryClient();
  const [params] = useSearchParams();
  // The dashboard links here with ?search= (an order) or ?status= (a to-do list's count).
  const [filters, setFilters] = useState<Filters>({
    ...EMPTY_FILTERS,
    search: params.get('search') ?? '',
    status: params.get('status') ?? '',
  });
  const [sheetOpen, setSheetOpen] = useState(false);
  const [draft, setDraft] = useState<Filters>(filters);
  const [paging, setPaging] = useState<{ key: string; page: number }>({ key: '', page: 1 });
  const [updating, setUpdating] = useState<string | null>(null);
  const { confirm, element: confirmElement } = useConfirm();

  // Filter changes settle for 300 ms before a request; any settled change goes back to page 1.
  const settled = useDebounced(filters, FILTER_DEBOUNCE_MS);
  const query = useMemo(() => toQuery(settled), [settled]);
  const queryKey = useMemo(() => ['admin', 'orders', query] as const, [query]);
  const filterKey = JSON.stringify(query);
  const page = paging.key === filterKey ? paging.page : 1;
  const setPage = (p: number) => setPaging({ key: filterKey, page: p });

  // The shop's ratti setting: the cards work out each stone's ratti from its carat weight with it.
  const settings = useQuery({ queryKey: ['admin', 'settings'], queryFn: adminApi.settings.get });
  const rattiInCarats = settings.data?.settings.rattiincarats ?? DEFAULT_RATTI_IN_CARATS;
  const list = useQuery({
    queryKey: [...queryKey, page],
    queryFn: async () => {
      try {
        return await adminApi.orders.list(query, page);
      } catch (err) {
        console.error('Failed to load orders', err);
        throw err;
      }
    },
    placeholderData: keepPreviousData,
  });
  // A failed fetch empties the list.
  const orders = list.isError ? [] : (list.data?.orders ?? []);
  const pagination = list.isError ? undefined : list.data?.pagination;
  const filtered = activeCount(settled) > 0;

  async function changeDelivery(order: Order, deliverystatus: Order['deliverystatus']) {
    if (deliverystatus === order.deliverystatus) return;
    // Delivered with no shipment recorded skips the lifecycle (no courier, no tracking for the customer): asked first.
    if (deliverystatus === 'delivered' && !order.shipment) {
      const ok = await confirm({
        title: 'Mark as delivered without a shipment?',
        text: 'No courier or tracking number is recorded for this order, so the customer never had a tracking link. Record the shipment on the order’s page first, or mark it delivered anyway.',
        confirmLabel: 'Yes, mark delivered',
      });
      if (!ok) return;
    }
    setUpdating(order._id);
    try {
      const res = await adminApi.orders.updateDelivery(order._id, deliverystatus);
      // Applied locally only once the server agreed.
      const updated = res.order;
      qc.setQueryData([...queryKey, page], (old: OrderPage | undefined) =>
        old
          ? {
              ...old,
              orders: old.orders.map((o) =>
                o._id === order._id
                  ? (updated ?? {
                      ...o,
                      deliverystatus,
                      status: (deliverystatus.charAt(0).toUpperCase() + deliverystatus.slice(1)) as Order['status'],
                    })
                  : o,
              ),
            }
          : old,
      );
      void qc.invalidateQueries({ queryKey: ['admin', 'awaiting'] });
      void qc.invalidateQueries({ queryKey: ['admin', 'stats'] });
      notice.success(`Delivery status updated to ${deliverystatus}`);
    } catch (err) {
      console.error('Failed to update delivery status', err);
      // The select shows the status the server still has; the notice says why it did not change.
      notice.error(
        errorText(err, 'The delivery status could not be changed.', 'The delivery status could not be changed: no connection.'),
      );
    } finally {
      setUpdating(null);
    }
  }

  const openSheet = () => {
    setDraft(filters);
    setSheetOpen(true);
  };

  return (
    <div>
      {confirmElement}
      <PageHeader
        title="Orders Management"
        subtitle={
          <span data-testid="orders-summary">
            Showing {orders.length} of {countOf(pagination?.totalOrders ?? 0, 'order')}
            {filtered ? ' (filtered)' : ''}
          </span>
        }
        actions={
          <a href={adminApi.orders.exportUrl(query)} download className={buttonClass('secondary')} data-testid="export-csv">
            <Download aria-hidden className="size-4" /> Export CSV
          </a>
        }
      />

      {/* Desktop and tablet: filters apply as you type (debounced). */}
      <div className="mb-5 hidden items-end gap-3 rounded-xl border border-gray-200 bg-white p-4 md:grid md:grid-cols-[2fr_1fr_1fr_1fr_auto]">
        <FilterFields value={filters} onChange={setFilters} idPrefix="of" />
        <Button variant="secondary" onClick={() => setFilters(EMPTY_FILTERS)} disabled={activeCount(filters) === 0}>
          Clear
        </Button>
      </div>

      {/* Phone: a bottom sheet. */}
      <div className="mb-4 md:hidden">
        <Button variant="secondary" onClick={openSheet} className="w-full">
          <SlidersHorizontal aria-hidden className="size-4" /> Filters
          {activeCount(filters) ? (
            <span className="rounded-full bg-brand-700 px-2 text-xs text-white" data-testid="filter-count">
              {activeCount(filters)}
            </span>
          ) : null}
        </Button>
      </div>
      <Modal
        open={sheetOpen}
        onOpenChange={setSheetOpen}
        title="Filter Options"
        variant="sheet"
        testId="filter-sheet"
        footer={
          <div className="grid w-full grid-cols-2 gap-2">
            <Button
              variant="secondary"
              onClick={() => {
                setDraft(EMPTY_FILTERS);
                setFilters(EMPTY_FILTERS);
                setSheetOpen(false);
              }}
            >
              Clear All
            </Button>
            <Button
              onClick={() => {
                setFilters(draft);
                setSheetOpen(false);
              }}
            >
              Apply Filters
            </Button>
          </div>
        }
      >
        <div className="space-y-4">
          <FilterFields value={draft} onChange={setDraft} idPrefix="sheet" />
        </div>
      </Modal>

      <LoadError query={list}>Could not load the orders.</LoadError>

      {list.isPending ? (
        <div role="status" className="space-y-4" aria-busy="true" aria-label="Loading orders">
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} className="h-48 animate-pulse rounded-xl bg-gray-100" />
          ))}
        </div>
      ) : orders.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 px-4 py-12 text-center text-gray-600">No orders found</p>
      ) : (
        <div className={`space-y-4 ${list.isFetching ? 'opacity-70' : ''}`}>
          {orders.map((o) => (
            <OrderCard
              key={o._id}
              order={o}
              busy={updating === o._id}
              onDeliveryChange={(s) => changeDelivery(o, s)}
              rattiInCarats={rattiInCarats}
            />
          ))}
        </div>
      )}

      {pagination && pagination.totalPages > 0 ? (
        <OrdersPagination
          page={pagination.currentPage}
          totalPages={pagination.totalPages}
          totalOrders={pagination.totalOrders}
          onPage={(p) => {
            setPage(p);
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
      ) : null}
      <p className="sr-only" aria-live="polite">
        {list.isFetching ? 'Loading orders' : ''}
      </p>
    </div>
  );
}
