/**
 * The order's states and what may happen from each: pure functions (no database, no HTTP). The service
 * loads an order's state under a row lock, asks `decide` whether an action is allowed and what it does to
 * money and stock, and writes exactly those effects and events in the same transaction.
 */
import {
  CANCEL_WINDOW_MS,
  type DeliveryStatus,
  NOT_SHIPPED_STATUSES,
  type OrderActor,
  type OrderEventType,
  type OrderFlag,
  type PaymentStatus,
  RETURN_WINDOW_MS,
  type RefundStatus,
  type ReturnStatus,
  type SETTABLE_DELIVERY_STATUSES,
  SHIPPABLE_STATUSES,
} from '../../../../contract/lifecycle.js';
import { formatPaise } from '../../../../contract/money.js';
import { PRODUCTION_STAGE_NAMES, PRODUCTION_STAGES, type ProductionStage, stageIndex } from '../../../../contract/production.js';
import { type PaidBack, paidBackWords } from '../../../domain/paid-back.js';

type LineState = {
  id: string;
  quantity: number;
  restocked: number;
  productId: string | null;
  /** A made-to-order piece's production stage; null (or absent) for ready stock. */
  stage?: ProductionStage | null;
  /** A piece's design, named in its production events. */
  piece?: string;
};

export type OrderState = {
  deliverystatus: DeliveryStatus;
  paymentstatus: PaymentStatus;
  flag: OrderFlag | null;
  createdAt: Date;
  deliveredAt: Date | null;
  /** What the payment brought in, paise (a credit order: every payment received, in the shop or outside it). */
  paidPaise: number;
  /** Of `paidPaise`, what was received outside the shop (a credit order's recorded payments); absent: none. */
  offlinePaise?: number;
  /** Whether the order's units left the shelf (they can only come back if they did). */
  stockTaken: boolean;
  /** `offline`: money received outside the shop, paid back outside it. */
  refunds: { amountPaise: number; status: RefundStatus; offline?: boolean }[];
  returnStatus: ReturnStatus | null;
  lines: LineState[];
};

/** An order's state from its row (or any object with the order's columns), refunds, return request and lines. */
export function orderState(
  order: Omit<OrderState, 'refunds' | 'returnStatus' | 'lines' | 'offlinePaise'>,
  refunds: readonly { amountPaise: number; status: RefundStatus; method?: string | null }[],
  returnRequest: { status: ReturnStatus } | null,
  lines: readonly (Omit<LineState, 'stage' | 'piece'> & {
    /** A made-to-order piece's setting (its design named) and production stage, as the order line keeps them. */
    setting?: { designName: string } | null;
    productionStage?: ProductionStage | null;
  })[],
  /** Paise received outside the shop for the order (its recorded payments). */
  offlinePaise?: number,
): OrderState {
  return {
    deliverystatus: order.deliverystatus,
    paymentstatus: order.paymentstatus,
    flag: order.flag,
    createdAt: order.createdAt,
    deliveredAt: order.deliveredAt,
    paidPaise: order.paidPaise,
    stockTaken: order.stockTaken,
    ...(offlinePaise ? { offlinePaise } : {}),
    refunds: refunds.map((r) => ({ amountPaise: r.amountPaise, status: r.status, ...(r.method ? { offline: true } : {}) })),
    returnStatus: returnRequest?.status ?? null,
    lines: lines.map((l) => ({
      id: l.id,
      quantity: l.quantity,
      restocked: l.restocked,
      productId: l.productId,
      // A piece is in production from the start: designing until the merchant moves it on.
      stage: l.setting ? (l.productionStage ?? 'designing') : null,
      piece: l.setting?.designName ?? '',
    })),
  };
}

type EventDraft = { type: OrderEventType; note: string };
type RestockDraft = { lineId: string; quantity: number };

/** What an allowed action does. The service applies it as a whole or not at all. */
export type Effects = {
  deliverystatus?: DeliveryStatus;
  /** Units put back on sale, per order line. */
  restock: RestockDraft[];
  /** A refund to start, paise (0: none). */
  refundPaise: number;
  /** With `refundPaise`: money paid back outside the shop, processed as recorded (never sent to the payment service). */
  paidBack?: PaidBack;
  returnStatus?: ReturnStatus;
  /** A piece moved forward in production (and its HUID, once given). */
  production?: { lineId: string; stage: ProductionStage; huid: string | null };
  events: EventDraft[];
};

export type Action =
  | { type: 'cancel'; actor: 'customer' | 'admin'; reason?: string }
  | {
      type: 'refund';
      amountPaise: number;
      reason: string;
      restock: RestockDraft[];
      /** Money received outside the shop paid back outside it: how, and its reference. */
      paidBack?: PaidBack;
    }
  | { type: 'return_request'; reason: string }
  | { type: 'return_decide'; status: 'approved' | 'rejected'; note?: string }
  | { type: 'return_receive'; refund: boolean; note?: string }
  | { type: 'ship'; carrier: string; trackingnumber: string }
  | { type: 'set_status'; to: (typeof SETTABLE_DELIVERY_STATUSES)[number] }
  | { type: 'note'; note: string }
  | { type: 'production'; lineId: string; stage: ProductionStage; huid: string | null; note?: string };

type Decision = { ok: true; effects: Effects } | { ok: false; reason: string };

const refuse = (reason: string): Decision => ({ ok: false, reason });
const allow = (effects: Partial<Effects> & { events: EventDraft[] }): Decision => ({
  ok: true,
  effects: { restock: [], refundPaise: 0, ...effects },
});

export const rupees = (paise: number) => formatPaise(paise, 2);

/** Money already refunded (processed) and money on its way back (pending), paise. */
function refundTotals(state: Pick<OrderState, 'refunds'>) {
  let processed = 0;
  let pending = 0;
  for (const r of state.refunds) {
    if (r.status === 'processed') processed += r.amountPaise;
    else if (r.status === 'pending') pending += r.amountPaise;
  }
  return { processed, pending };
}

/** What may still be refunded: what was paid less processed and pending refunds (failed ones free their amount). */
export function refundablePaise(state: Pick<OrderState, 'refunds' | 'paidPaise'>) {
  const { processed, pending } = refundTotals(state);
  return Math.max(0, state.paidPaise - processed - pending);
}

/**
 * Of what may still be refunded, the money received outside the shop and not yet paid back (it goes back outside the
 * shop, never through the payment service); the rest was paid through the shop.
 */
export function refundableOfflinePaise(state: Pick<OrderState, 'refunds' | 'paidPaise' | 'offlinePaise'>) {
  const given = state.refunds.filter((r) => r.offline && r.status !== 'failed').reduce((s, r) => s + r.amountPaise, 0);
  return Math.min(refundablePaise(state), Math.max(0, (state.offlinePaise ?? 0) - given));
}

/** What may still be refunded through the payment service. */
function refundableOnlinePaise(state: Pick<OrderState, 'refunds' | 'paidPaise' | 'offlinePaise'>) {
  return refundablePaise(state) - refundableOfflinePaise(state);
}

/** Units of each line that can still come back on sale. */
export function restockableUnits(state: Pick<OrderState, 'lines' | 'stockTaken'>): RestockDraft[] {
  if (!state.stockTaken) return [];
  return state.lines
    .filter((l) => l.productId && l.quantity > l.restocked)
    .map((l) => ({ lineId: l.id, quantity: l.quantity - l.restocked }));
}

/**
 * The payment status after refunds: Refunded once processed refunds reach what was paid, Partially
 * refunded once some did; otherwise the status the payment gave (Paid stays Paid while a refund is pending).
 */
export function paymentStatusAfterRefunds(state: Pick<OrderState, 'refunds' | 'paidPaise' | 'paymentstatus'>): PaymentStatus {
  // A credit order still owing stays so: what it owes counts against the business's credit until it is paid.
  if (state.paymentstatus === 'Due' || state.paymentstatus === 'Partially paid') return state.paymentstatus;
  const { processed } = refundTotals(state);
  if (state.paidPaise > 0 && processed >= state.paidPaise) return 'Refunded';
  if (processed > 0) return state.paymentstatus === 'Refunded' ? 'Refunded' : 'Partially refunded';
  return state.paymentstatus === 'Partially refunded' || state.paymentstatus === 'Refunded' ? 'Paid' : state.paymentstatus;
}

/** A payment that made a real sale: paid, for the right amount, with the stock secured. */
function isSale(state: OrderState) {
  return (
    (state.paymentstatus === 'Paid' || state.paymentstatus === 'Partially refunded') &&
    state.flag !== 'stock_unavailable' &&
    state.flag !== 'quote_already_ordered' &&
    state.flag !== 'amount_mismatch'
  );
}

const NOT_SHIPPED: readonly DeliveryStatus[] = NOT_SHIPPED_STATUSES;

const PIECES_NOT_READY = 'This order’s made-to-order pieces are not ready yet: it ships once every piece is ready';
const piecesNotReady = (state: Pick<OrderState, 'lines'>) => state.lines.some((l) => l.stage && l.stage !== 'ready');

/**
 * Whether this actor may cancel now (a shopper: within 24 hours of placing, and before any made-to-order piece of it
 * is being cast; both: not shipped, a real sale).
 */
export function canCancel(state: OrderState, actor: 'customer' | 'admin', now: Date): Decision {
  if (state.deliverystatus === 'cancelled') return refuse('This order is already cancelled');
  if (actor === 'customer' && state.lines.some((l) => l.stage && stageIndex(l.stage) >= stageIndex('casting'))) {
    return refuse('A made-to-order piece can be cancelled only before casting begins');
  }
  if (!NOT_SHIPPED.includes(state.deliverystatus)) {
    return refuse('This order has already been shipped and can no longer be cancelled');
  }
  if (!isSale(state)) return refuse('This order has no payment to cancel; it is being refunded');
  if (actor === 'customer' && refundableOfflinePaise(state) > 0) {
    return refuse('This order was paid outside the shop: please contact us to cancel it');
  }
  if (actor === 'customer' && now.getTime() - state.createdAt.getTime() > CANCEL_WINDOW_MS) {
    return refuse('Orders can be cancelled within 24 hours of placing them');
  }
  return allow({ events: [] });
}

/** Whether the shopper may ask to return now: delivered, within 10 days, once. */
export function canRequestReturn(state: OrderState, now: Date): Decision {
  if (state.returnStatus) return refuse('A return has already been requested for this order');
  if (state.lines.some((l) => l.stage)) {
    return refuse('A made-to-order piece is returned only if defective: please write to us and we will make it right');
  }
  if (state.deliverystatus !== 'delivered') return refuse('Only delivered orders can be returned');
  const since = state.deliveredAt ?? null;
  if (!since || now.getTime() - since.getTime() > RETURN_WINDOW_MS) {
    return refuse('Returns can be requested within 10 days of delivery');
  }
  return allow({ events: [] });
}

/** Whether the order can be shipped (or its shipment details corrected while shipped). */
function canShip(state: OrderState): Decision {
  if (state.deliverystatus === 'cancelled') return refuse('This order is cancelled');
  if (!isSale(state)) return refuse('Only a paid order can be shipped');
  if (!(SHIPPABLE_STATUSES as readonly DeliveryStatus[]).includes(state.deliverystatus)) {
    return refuse(`This order is already ${state.deliverystatus}`);
  }
  if (piecesNotReady(state)) return refuse(PIECES_NOT_READY);
  return allow({ events: [] });
}

/** A piece moved forward: one `production` event per stage passed, each naming its stage. */
function moveProduction(state: OrderState, action: Extract<Action, { type: 'production' }>): Decision {
  if (state.deliverystatus === 'cancelled') return refuse('This order is cancelled');
  const line = state.lines.find((l) => l.id === action.lineId);
  if (!line?.stage) return refuse('This line is ready stock, not a made-to-order piece');
  const from = stageIndex(line.stage);
  const to = stageIndex(action.stage);
  if (to <= from) {
    return refuse(`A piece moves forward only: it is already at ${PRODUCTION_STAGE_NAMES[line.stage].toLowerCase()}`);
  }
  const note = action.note?.trim() ?? '';
  const events = PRODUCTION_STAGES.slice(from + 1, to + 1).map((stage) => ({
    type: 'production' as const,
    note: [
      `${line.piece ? `${line.piece}: ` : ''}${PRODUCTION_STAGE_NAMES[stage]}`,
      stage === action.stage && action.huid ? `HUID ${action.huid}` : '',
      stage === action.stage ? note : '',
    ]
      .filter(Boolean)
      .join(' — '),
  }));
  return allow({ production: { lineId: line.id, stage: action.stage, huid: action.huid }, events });
}

/** What `action` does from `state`, or why it is refused (the route answers 409 and changes nothing). */
export function decide(state: OrderState, action: Action, now: Date): Decision {
  switch (action.type) {
    case 'cancel': {
      const can = canCancel(state, action.actor, now);
      if (!can.ok) return can;
      // Money received outside the shop is paid back outside it, by the merchant's refund naming how.
      const refundPaise = refundableOnlinePaise(state);
      const reason = action.reason?.trim() ?? '';
      const events: EventDraft[] = [{ type: 'cancelled', note: reason }];
      if (refundPaise > 0) events.push({ type: 'refund_requested', note: `${rupees(refundPaise)} — order cancelled` });
      return allow({ deliverystatus: 'cancelled', restock: restockableUnits(state), refundPaise, events });
    }
    case 'refund': {
      if (!Number.isInteger(action.amountPaise) || action.amountPaise <= 0) return refuse('The amount must be above zero');
      const left = refundablePaise(state);
      if (left <= 0) return refuse('Nothing is left to refund on this order');
      if (action.amountPaise > left) return refuse(`At most ${rupees(left)} can be refunded on this order`);
      const offline = refundableOfflinePaise(state);
      if (action.paidBack) {
        if (offline <= 0) return refuse('Nothing received outside the shop is left to pay back on this order');
        if (action.amountPaise > offline) {
          return refuse(`At most ${rupees(offline)} received outside the shop can be paid back on this order`);
        }
      } else if (action.amountPaise > left - offline) {
        return refuse(
          `At most ${rupees(left - offline)} can be refunded through the payment service; ${rupees(offline)} received outside the shop is paid back outside it (method and reference)`,
        );
      }
      const restock = mergeRestock(action.restock);
      if (restock.length && !state.stockTaken) return refuse('This order’s units never left the shelf');
      for (const r of restock) {
        const line = state.lines.find((l) => l.id === r.lineId);
        if (!line) return refuse('A line to restock is not part of this order');
        if (!line.productId) return refuse(`${'The product of a line'} no longer exists and cannot be restocked`);
        if (r.quantity > line.quantity - line.restocked) {
          return refuse(`At most ${line.quantity - line.restocked} unit(s) of that line can be put back on sale`);
        }
      }
      const reason = action.reason.trim() ? ` — ${action.reason.trim()}` : '';
      if (action.paidBack) {
        const note = `${rupees(action.amountPaise)} paid back by ${paidBackWords(action.paidBack)}${reason}`;
        return allow({
          restock,
          refundPaise: action.amountPaise,
          paidBack: action.paidBack,
          events: [{ type: 'refund_processed', note }],
        });
      }
      const note = `${rupees(action.amountPaise)}${reason}`;
      return allow({ restock, refundPaise: action.amountPaise, events: [{ type: 'refund_requested', note }] });
    }
    case 'return_request': {
      const can = canRequestReturn(state, now);
      if (!can.ok) return can;
      return allow({ returnStatus: 'requested', events: [{ type: 'return_requested', note: action.reason.trim() }] });
    }
    case 'return_decide': {
      if (state.returnStatus !== 'requested') {
        return refuse(state.returnStatus ? `The return is already ${state.returnStatus}` : 'No return was requested');
      }
      return allow({
        returnStatus: action.status,
        events: [{ type: action.status === 'approved' ? 'return_approved' : 'return_rejected', note: action.note?.trim() ?? '' }],
      });
    }
    case 'return_receive': {
      if (state.returnStatus !== 'approved') {
        return refuse(state.returnStatus ? `The return is ${state.returnStatus}, not approved` : 'No return was requested');
      }
      const refundPaise = action.refund ? refundableOnlinePaise(state) : 0;
      const events: EventDraft[] = [{ type: 'return_received', note: action.note?.trim() ?? '' }];
      if (refundPaise > 0) events.push({ type: 'refund_requested', note: `${rupees(refundPaise)} — return received` });
      return allow({
        deliverystatus: 'returned',
        returnStatus: 'received',
        restock: restockableUnits(state),
        refundPaise,
        events,
      });
    }
    case 'ship': {
      const can = canShip(state);
      if (!can.ok) return can;
      return allow({
        deliverystatus: 'shipped',
        events: [{ type: 'shipped', note: `${action.carrier.trim()} ${action.trackingnumber.trim()}`.trim() }],
      });
    }
    case 'set_status': {
      if (state.deliverystatus === 'cancelled') return refuse('A cancelled order’s status cannot be changed');
      if (action.to === state.deliverystatus) return allow({ events: [] });
      if ((action.to === 'shipped' || action.to === 'delivered') && piecesNotReady(state)) return refuse(PIECES_NOT_READY);
      return allow({
        deliverystatus: action.to,
        events: [{ type: 'status', note: `${state.deliverystatus} → ${action.to}` }],
      });
    }
    case 'note': {
      const note = action.note.trim();
      if (!note) return refuse('The note is empty');
      return allow({ events: [{ type: 'note', note }] });
    }
    case 'production':
      return moveProduction(state, action);
  }
}

/** The same line twice adds up; zero quantities are dropped. */
function mergeRestock(lines: RestockDraft[]): RestockDraft[] {
  const by = new Map<string, number>();
  for (const l of lines) if (l.quantity > 0) by.set(l.lineId, (by.get(l.lineId) ?? 0) + l.quantity);
  return [...by.entries()].map(([lineId, quantity]) => ({ lineId, quantity }));
}

/** The events a placement writes, from what the placement decided. */
export function placementEvents(input: {
  source: 'verify' | 'webhook' | 'reconciler';
  paymentId: string;
  paid: boolean;
  flag: OrderFlag | null;
  refundPaise: number;
}): { type: OrderEventType; actor: OrderActor; note: string }[] {
  const via = input.source === 'verify' ? 'checkout' : input.source === 'webhook' ? 'Razorpay webhook' : 'payment check';
  const out: { type: OrderEventType; actor: OrderActor; note: string }[] = [
    { type: 'placed', actor: input.source === 'verify' ? 'customer' : 'system', note: `Placed through the ${via}` },
  ];
  if (input.paid) out.push({ type: 'paid', actor: 'system', note: `Payment ${input.paymentId}` });
  if (input.flag) out.push({ type: 'flagged', actor: 'system', note: FLAG_NOTES[input.flag] });
  if (input.refundPaise > 0) {
    out.push({
      type: 'refund_requested',
      actor: 'system',
      note: `${rupees(input.refundPaise)} — ${REFUND_REASONS[input.flag ?? 'stock_unavailable']}`,
    });
  }
  return out;
}

const FLAG_NOTES: Record<OrderFlag, string> = {
  stock_unavailable: 'Paid after the stock was gone: do not ship, the payment is refunded',
  amount_mismatch: 'The payment was not for the order total: do not ship, it is refunded',
  shipping_missing: 'Placed without shipping details',
  coupon_unavailable: 'Paid after its checkout ended, when its coupon was used up: do not ship, the payment is refunded',
  quote_already_ordered: 'Paid again for a quote already ordered: do not ship, the payment is refunded',
};
const REFUND_REASONS: Record<OrderFlag, string> = {
  stock_unavailable: 'paid after the stock was gone',
  amount_mismatch: 'payment not for the order total',
  shipping_missing: 'refund',
  coupon_unavailable: 'paid after the coupon was used up',
  quote_already_ordered: 'paid again for a quote already ordered',
};

/** The order's refund status word: pending while any refund is, else the latest refund's status, or none. */
export function refundSummary(refunds: { status: RefundStatus; createdAt: Date }[]): 'none' | RefundStatus {
  if (refunds.some((r) => r.status === 'pending')) return 'pending';
  let latest: { status: RefundStatus; createdAt: Date } | undefined;
  for (const r of refunds) if (!latest || r.createdAt >= latest.createdAt) latest = r;
  return latest?.status ?? 'none';
}
