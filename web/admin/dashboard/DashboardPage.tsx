import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, FolderTree, IndianRupee, ListTodo, Package, ShoppingBag, Tags, Truck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { adminApi } from '../../api/admin';
import { countOf } from '../../ui/plural';
import { formatDateTime, formatINR } from '../format';
import { NoGstinWarning } from '../settings/NoGstinWarning';
import { ErrorBanner, PageHeader } from '../ui/Page';
import { RevenueChart } from './RevenueChart';

function CountCard({ label, to, icon, load }: { label: string; to: string; icon: ReactNode; load: () => Promise<number> }) {
  const q = useQuery({ queryKey: ['admin', 'count', label], queryFn: load });
  return (
    <Link
      to={to}
      className="group flex items-center gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm transition hover:border-brand-500/40 hover:shadow focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      data-testid={`count-${label.toLowerCase()}`}
    >
      <span className="hidden size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 sm:flex">
        {icon}
      </span>
      <span className="min-w-0">
        <span className="block truncate text-sm text-gray-600">{label}</span>
        {q.isPending ? (
          <span
            role="status"
            className="mt-1 block h-7 w-14 animate-pulse rounded bg-gray-100"
            aria-label={`Loading ${label.toLowerCase()}`}
          />
        ) : (
          <span className="block text-2xl font-semibold text-gray-900" data-testid="count-value">
            {q.isError ? '—' : (q.data ?? 0).toLocaleString('en-IN')}
          </span>
        )}
      </span>
    </Link>
  );
}

/** The counts at the top, each leading to its list. */
const COUNTS = [
  { label: 'Categories', path: 'category', Icon: FolderTree, load: async () => (await adminApi.counts.categories()).count },
  { label: 'Subcategories', path: 'subcategory', Icon: Tags, load: async () => (await adminApi.counts.subcategories()).count },
  { label: 'Products', path: 'products', Icon: Package, load: async () => (await adminApi.counts.products()).totalProducts },
  { label: 'Users', path: 'users', Icon: Users, load: async () => (await adminApi.counts.users()).totalUsers },
  { label: 'Orders', path: 'orders', Icon: ShoppingBag, load: async () => (await adminApi.counts.orders()).count },
];

function PeriodCard({ label, revenue, paidOrders }: { label: string; revenue?: number; paidOrders?: number }) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm" data-testid={`period-${label}`}>
      <p className="flex items-center gap-2 text-sm text-gray-600">
        <IndianRupee aria-hidden className="size-4 text-gold-500" /> Revenue · {label}
      </p>
      {revenue === undefined ? (
        <div className="mt-2 h-8 w-32 animate-pulse rounded bg-gray-100" />
      ) : (
        <>
          <p className="mt-1 text-2xl font-semibold text-gray-900" data-testid="period-revenue">
            {formatINR(revenue)}
          </p>
          <p className="text-sm text-gray-600" data-testid="period-orders">
            {paidOrders} paid order{paidOrders === 1 ? '' : 's'}
          </p>
        </>
      )}
    </div>
  );
}

function Panel({ title, icon, children, action }: { title: string; icon: ReactNode; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="min-w-0 rounded-xl border border-gray-200 bg-white shadow-sm" aria-label={title}>
      <div className="flex items-center justify-between gap-2 border-b border-gray-100 px-4 py-3">
        <h2 className="flex items-center gap-2 font-semibold text-gray-900">
          {icon}
          {title}
        </h2>
        {action}
      </div>
      <div className="p-4">{children}</div>
    </section>
  );
}

const STATUS_BADGE: Record<string, string> = {
  pending: 'bg-yellow-100 text-yellow-800',
  confirmed: 'bg-blue-100 text-blue-800',
};

/** The to-do list's rows: what each count is and the list it links to. */
const TODO = [
  { key: 'returns', label: 'Returns waiting', to: '/dashboard/orders?status=return-requested' },
  { key: 'unshipped', label: 'Paid orders not shipped for 2 days', to: '/dashboard/orders?status=unshipped' },
  { key: 'failedmessages', label: 'Failed messages', to: '/dashboard/outbox?status=failed' },
  { key: 'overduegrievances', label: 'Overdue grievances', to: '/dashboard/grievances?overdue=true' },
  { key: 'overdueorders', label: 'Credit orders overdue', to: '/dashboard/orders?status=overdue' },
  { key: 'quotes', label: 'Quotes waiting for a price', to: '/dashboard/quotes?status=requested' },
  { key: 'failedeinvoices', label: 'Failed e-invoices', to: '/dashboard/einvoices?status=failed' },
] as const;

/** What business buyers owe on credit, shown only when something is owed. */
function CreditOwed({ credit }: { credit: { due: number; overdue: number } }) {
  if (credit.due <= 0) return null;
  return (
    <section
      aria-labelledby="credit-heading"
      className="mt-6 rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
      data-testid="credit-owed"
    >
      <h2 id="credit-heading" className="mb-2 flex items-center gap-2 font-semibold text-gray-900">
        <IndianRupee aria-hidden className="size-4 text-gold-500" /> Owed on credit
      </h2>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-gray-600">Due</dt>
          <dd className="text-xl font-semibold text-gray-900 tabular-nums">{formatINR(credit.due)}</dd>
        </div>
        <div>
          <dt className="text-gray-600">Overdue</dt>
          <dd className={`text-xl font-semibold tabular-nums ${credit.overdue > 0 ? 'text-red-700' : 'text-gray-900'}`}>
            {formatINR(credit.overdue)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function TodoList({ todo }: { todo: Record<(typeof TODO)[number]['key'], number> }) {
  const waiting = TODO.filter((t) => todo[t.key] > 0);
  return (
    <section aria-labelledby="todo-heading" className="mt-6 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id="todo-heading" className="mb-2 flex items-center gap-2 font-semibold text-gray-900">
        <ListTodo aria-hidden className="size-4 text-brand-700" /> To do
      </h2>
      {waiting.length === 0 ? (
        <p className="text-sm text-gray-600">Nothing is waiting for you.</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-4" data-testid="todo">
          {waiting.map((t) => (
            <li key={t.key}>
              <Link
                to={t.to}
                className="flex items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 hover:border-amber-400 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
              >
                <span>{t.label}</span>
                <span className="rounded-full bg-amber-600 px-2 py-0.5 text-xs font-semibold text-white tabular-nums">
                  {todo[t.key]}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function DashboardPage() {
  const stats = useQuery({ queryKey: ['admin', 'stats'], queryFn: adminApi.dashboard.stats });
  const lowStock = useQuery({ queryKey: ['admin', 'low-stock'], queryFn: () => adminApi.dashboard.lowStock(10) });
  const awaiting = useQuery({ queryKey: ['admin', 'awaiting'], queryFn: () => adminApi.dashboard.awaitingShipment(8) });
  const periods = stats.data?.periods;

  return (
    <div>
      <PageHeader title="Dashboard" subtitle="Figures in India time (IST)." />
      <NoGstinWarning link />

      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
        {COUNTS.map(({ label, path, Icon, load }) => (
          <CountCard
            key={label}
            label={label}
            to={`/dashboard/${path}`}
            icon={<Icon aria-hidden className="size-5" />}
            load={load}
          />
        ))}
      </div>

      {stats.isError ? <ErrorBanner>Failed to load the revenue figures.</ErrorBanner> : null}

      {stats.data ? <TodoList todo={stats.data.todo} /> : null}
      {stats.data ? <CreditOwed credit={stats.data.credit} /> : null}

      <div className="mt-6 grid gap-3 sm:grid-cols-3">
        <PeriodCard label="Today" revenue={periods?.today.revenue} paidOrders={periods?.today.paidOrders} />
        <PeriodCard label="Last 7 days" revenue={periods?.last7Days.revenue} paidOrders={periods?.last7Days.paidOrders} />
        <PeriodCard label="Last 30 days" revenue={periods?.last30Days.revenue} paidOrders={periods?.last30Days.paidOrders} />
      </div>

      <div className="mt-6">
        <Panel title="Daily revenue, last 30 days" icon={<IndianRupee aria-hidden className="size-4 text-gold-500" />}>
          {stats.data ? (
            <RevenueChart days={stats.data.daily} />
          ) : (
            <div className="aspect-[72/26] w-full animate-pulse rounded bg-gray-100" />
          )}
        </Panel>
      </div>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Panel
          title="Low stock (2 or fewer)"
          icon={<AlertTriangle aria-hidden className="size-4 text-amber-500" />}
          action={lowStock.data ? <span className="text-sm text-gray-600">{countOf(lowStock.data.count, 'product')}</span> : null}
        >
          {lowStock.isPending ? (
            <div className="h-24 animate-pulse rounded bg-gray-100" />
          ) : lowStock.isError ? (
            <p className="text-sm text-red-700">Failed to load low-stock products.</p>
          ) : lowStock.data.products.length === 0 ? (
            <p className="text-sm text-gray-600">Every product has more than 2 in stock.</p>
          ) : (
            <ul className="divide-y divide-gray-100" data-testid="low-stock">
              {lowStock.data.products.map((p) => (
                <li key={p._id} className="flex items-center gap-3 py-2">
                  {p.productimage ? (
                    <img
                      src={p.productimage}
                      alt=""
                      width={40}
                      height={40}
                      loading="lazy"
                      className="size-10 rounded object-cover"
                    />
                  ) : (
                    <span className="size-10 rounded bg-gray-100" />
                  )}
                  <span className="min-w-0 flex-1">
                    <Link
                      to={`/dashboard/products?search=${encodeURIComponent(p.productname)}`}
                      className="block truncate font-medium text-gray-900 hover:underline"
                    >
                      {p.productname}
                    </Link>
                    <span className="block truncate text-xs text-gray-500">
                      {p.category.categoryname} / {p.subcategory.subcategoryname}
                      {p.isActive ? '' : ' · Inactive'}
                    </span>
                  </span>
                  <span
                    className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${
                      p.stockquantity === 0 ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-800'
                    }`}
                  >
                    {p.stockquantity === 0 ? 'Out of stock' : `${p.stockquantity} in stock`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>

        <Panel
          title="Awaiting shipment"
          icon={<Truck aria-hidden className="size-4 text-blue-600" />}
          action={
            awaiting.data ? (
              <Link to="/dashboard/orders" className="text-sm text-brand-700 hover:underline">
                {countOf(awaiting.data.count, 'order')}
              </Link>
            ) : null
          }
        >
          {awaiting.isPending ? (
            <div className="h-24 animate-pulse rounded bg-gray-100" />
          ) : awaiting.isError ? (
            <p className="text-sm text-red-700">Failed to load orders awaiting shipment.</p>
          ) : awaiting.data.orders.length === 0 ? (
            <p className="text-sm text-gray-600">No orders are waiting to be shipped.</p>
          ) : (
            <ul className="divide-y divide-gray-100" data-testid="awaiting-shipment">
              {awaiting.data.orders.map((o) => (
                <li key={o._id} className="flex items-center gap-3 py-2 text-sm">
                  <span className="min-w-0 flex-1">
                    <Link
                      to={`/dashboard/orders?search=${encodeURIComponent(o.number)}`}
                      className="block truncate font-medium text-gray-900 hover:underline"
                    >
                      {o.shippinginfo.fullname || 'Customer'} · {o.shippinginfo.city}
                    </Link>
                    <span className="block text-xs text-gray-500">
                      {o.number} · {formatDateTime(o.createdAt)} · {o.items} item{o.items === 1 ? '' : 's'}
                    </span>
                  </span>
                  <span className="shrink-0 font-medium">{formatINR(o.totalamount)}</span>
                  <span
                    className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium uppercase ${STATUS_BADGE[o.deliverystatus] ?? ''}`}
                  >
                    {o.deliverystatus}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </div>
  );
}
