import type { OrderEventType } from '../../contract/lifecycle';

const EVENT_LABEL: Record<OrderEventType, string> = {
  placed: 'Order placed',
  paid: 'Payment received',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  status: 'Status changed',
  cancelled: 'Cancelled',
  refund_requested: 'Refund started',
  refund_processed: 'Refund processed',
  refund_failed: 'Refund failed',
  return_requested: 'Return requested',
  return_approved: 'Return approved',
  return_rejected: 'Return rejected',
  return_received: 'Return received',
  flagged: 'Needs attention',
  note: 'Private note',
  production: 'Made to order',
};

const ACTOR: Record<string, string> = { customer: 'You', admin: 'Ratna Gems', system: 'Ratna Gems' };

type TimelineEvent = { at: string; type: OrderEventType; actor: string; note: string; by?: string | null };

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** An order's timeline, oldest first. `admin`: who acted (customer, an admin's name, or the system). */
export function OrderTimeline({ events, admin = false }: { events: TimelineEvent[]; admin?: boolean }) {
  if (events.length === 0) return null;
  return (
    <ol className="relative space-y-3 border-l border-gray-200 pl-4" aria-label="Order timeline" data-testid="order-timeline">
      {events.map((e, i) => (
        <li key={`${e.at}-${i}`} className="relative text-sm" data-testid="timeline-event" data-type={e.type}>
          <span
            aria-hidden
            className={`absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full ${e.type === 'note' ? 'bg-amber-400' : e.type.startsWith('refund') ? 'bg-green-500' : 'bg-brand-600'}`}
          />
          <p className="font-medium text-gray-900">
            {EVENT_LABEL[e.type] ?? e.type}
            <span className="ml-2 text-xs font-normal text-gray-500">
              <time dateTime={e.at}>{when(e.at)}</time>
              {admin
                ? ` · ${e.by ?? (e.actor === 'customer' ? 'Customer' : e.actor === 'admin' ? 'Admin' : 'System')}`
                : ` · ${ACTOR[e.actor] ?? ''}`}
            </span>
          </p>
          {e.note ? <p className="wrap-anywhere text-gray-700">{e.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
