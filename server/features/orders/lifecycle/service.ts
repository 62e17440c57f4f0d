/**
 * The order lifecycle's actions: each loads the order under a row lock, asks the state module, writes the
 * effects and their events in one transaction, then (after the commit) sends a refund it started.
 */
import { eq, sql } from 'drizzle-orm';
import { rupeesToPaise } from '../../../../contract/common.js';
import { NAME_HOW_PAID_BACK } from '../../../../contract/credit.js';
import type { SETTABLE_DELIVERY_STATUSES } from '../../../../contract/lifecycle.js';
import type { ProductionStage } from '../../../../contract/production.js';
import { HUID_MESSAGE } from '../../../../contract/production.js';
import type { Tx } from '../../../db/client.js';
import { orders, returnRequests } from '../../../db/schema.js';
import { Conflict, InvalidInput, NotFound, PaymentServiceFailed, Unavailable } from '../../../domain/errors.js';
import type { PaymentContext } from '../../../domain/payment-context.js';
import { GatewayError } from '../../../domain/payment-provider.js';
import { issueInvoice } from '../../gst/invoices.js';
import { lifecycleMessages } from '../../outbox/orders.js';
import { type Action, decide, refundableOfflinePaise, refundablePaise, rupees } from './state.js';
import { applyEffects, loadOrderState, type SubmitOutcome, submitRefund, type Who } from './store.js';

type Loaded = NonNullable<Awaited<ReturnType<typeof loadOrderState>>>;

type ActResult = {
  orderId: string;
  refund: SubmitOutcome | null;
  /** Paise received outside the shop still to be paid back (after a cancel or a return, which do not pay it back). */
  leftOutsidePaise: number;
};

/**
 * Runs one action on one order. `ownerId`: the shopper's own orders only (another's is a 404 like an
 * unknown id). `extra` writes what belongs to the action beyond the common effects (a shipment, a return
 * request), in the same transaction.
 */
async function act(
  ctx: PaymentContext,
  orderId: string,
  action: Action,
  who: Who,
  opts: {
    ownerId?: string;
    refundReason?: string;
    extra?: (tx: Tx, loaded: Loaded) => Promise<void>;
    /** Checks of the action's own input against the loaded order, before the state is asked (a 400 or 404). */
    before?: (loaded: Loaded) => void;
    /** What follows from the action once its effects are written, in the same transaction. */
    after?: (tx: Tx, loaded: Loaded) => Promise<void>;
  } = {},
): Promise<ActResult> {
  const now = new Date();
  let leftOutsidePaise = 0;
  const refundIds = await ctx.db.transaction(async (tx) => {
    const loaded = await loadOrderState(tx, orderId, { lock: true });
    if (!loaded || (opts.ownerId !== undefined && loaded.row.userId !== opts.ownerId)) throw new NotFound('Order not found');
    opts.before?.(loaded);
    const decision = decide(loaded.state, action, now);
    if (!decision.ok) throw new Conflict(decision.reason);
    if (opts.extra) await opts.extra(tx, loaded);
    const made = await applyEffects(tx, loaded, decision.effects, who, ctx.orderReactions, {
      refundReason: opts.refundReason,
      now,
    });
    if (!decision.effects.paidBack) leftOutsidePaise = refundableOfflinePaise(loaded.state);
    if (opts.after) await opts.after(tx, loaded);
    await lifecycleMessages(tx, orderId, decision.effects);
    return made.map((r) => ({ id: r.id, amountPaise: r.amountPaise }));
  });
  // One refund, or one per payment when a credit order's online payments share it: each sent on its own.
  const outcomes: (SubmitOutcome & { amountPaise: number })[] = [];
  for (const r of refundIds) outcomes.push({ ...(await submitRefund(ctx, r.id)), amountPaise: r.amountPaise });
  return { orderId, refund: combinedOutcome(outcomes), leftOutsidePaise };
}

/**
 * What the refunds one action started came to, as one: refused when any part was refused (`sentPaise` says how much of
 * it went back all the same), waiting when any part waits for the payment service, processed when every part is.
 */
function combinedOutcome(parts: (SubmitOutcome & { amountPaise: number })[]): SubmitOutcome | null {
  const [first] = parts;
  if (!first) return null;
  if (parts.length === 1) return { status: first.status, ...(first.error ? { error: first.error } : {}) };
  const sentPaise = parts
    .filter((p) => p.status === 'processed' || p.status === 'pending')
    .reduce((a, p) => a + p.amountPaise, 0);
  const failed = parts.find((p) => p.status === 'failed');
  if (failed) return { status: 'failed', ...(failed.error ? { error: failed.error } : {}), sentPaise };
  const waiting = parts.find((p) => p.status === 'retry');
  if (waiting) return { status: 'retry', ...(waiting.error ? { error: waiting.error } : {}), sentPaise };
  return { status: parts.every((p) => p.status === 'processed') ? 'processed' : 'pending' };
}

/** What a started refund came to, in words for the answer; and what is left to pay back outside the shop. */
export function refundWords(refund: SubmitOutcome | null, leftOutsidePaise = 0) {
  const outside =
    leftOutsidePaise > 0
      ? ` ${rupees(leftOutsidePaise)} received outside the shop is to be paid back outside it: record it with Refund (method and reference).`
      : '';
  return refundOutcomeWords(refund) + outside;
}

function refundOutcomeWords(refund: SubmitOutcome | null) {
  if (!refund) return '';
  if (refund.status === 'processed') return ' The refund has been processed.';
  if (refund.status === 'pending') return ' The refund has been started.';
  if (refund.status === 'failed') return ' The payment service refused the refund; it can be tried again.';
  return ' The refund will be sent as soon as the payment service answers.';
}

export async function cancelOrder(ctx: PaymentContext, orderId: string, who: Who & { userId: string }, reason?: string) {
  const actor = who.actor === 'admin' ? 'admin' : 'customer';
  return act(ctx, orderId, { type: 'cancel', actor, reason }, who, {
    ownerId: actor === 'customer' ? who.userId : undefined,
    refundReason: reason?.trim() ? `Order cancelled: ${reason.trim()}` : 'Order cancelled',
  });
}

export async function requestReturn(ctx: PaymentContext, orderId: string, userId: string, reason: string) {
  return act(
    ctx,
    orderId,
    { type: 'return_request', reason },
    { actor: 'customer', userId },
    {
      ownerId: userId,
      extra: async (tx) => {
        await tx.insert(returnRequests).values({ orderId, reason: reason.trim(), status: 'requested' });
      },
    },
  );
}

/**
 * An admin's refund of `amount` rupees. A refusal by the payment service (the refund is recorded as failed)
 * or an outage (it stays pending and is sent again) is an error answer; the refund is recorded either way.
 */
export async function refundOrder(
  ctx: PaymentContext,
  orderId: string,
  adminId: string,
  input: {
    amount: number;
    reason: string;
    restock?: { lineId: string; quantity: number }[];
    method?: string | undefined;
    reference?: string | undefined;
  },
) {
  const paidBack = input.method ? { method: input.method, reference: input.reference?.trim() ?? '' } : undefined;
  const result = await act(
    ctx,
    orderId,
    {
      type: 'refund',
      amountPaise: rupeesToPaise(input.amount),
      reason: input.reason,
      restock: input.restock ?? [],
      ...(paidBack ? { paidBack } : {}),
    },
    { actor: 'admin', userId: adminId },
    {
      refundReason: input.reason.trim(),
      // Money received only outside the shop cannot go back through the payment service: the form must say how.
      before: (loaded) => {
        const offline = refundableOfflinePaise(loaded.state);
        if (!paidBack && offline > 0 && refundablePaise(loaded.state) === offline) {
          throw new InvalidInput(NAME_HOW_PAID_BACK, [{ path: 'method', message: NAME_HOW_PAID_BACK }]);
        }
      },
    },
  );
  const out = result.refund;
  if (out?.status === 'failed') {
    const sent = out.sentPaise ? ` (${rupees(out.sentPaise)} of it went back to the order's other payments)` : '';
    throw new GatewayError(`The payment service refused the refund${sent}: ${out.error?.message ?? 'no reason given'}`);
  }
  if (out?.status === 'retry') {
    const message = 'The payment service did not answer. The refund is recorded as pending and will be sent again automatically.';
    throw out.error instanceof Unavailable ? new Unavailable(message) : new PaymentServiceFailed(message);
  }
  return result;
}

export async function recordShipment(
  ctx: PaymentContext,
  orderId: string,
  adminId: string,
  input: {
    carrier: string;
    trackingnumber: string;
    trackingurl?: string | undefined;
    portcode?: string | undefined;
    shippingbill?: string | undefined;
    shippingbilldate?: string | undefined;
  },
) {
  // A detail not sent stays as it was; "" clears it.
  const kept = (v: string | undefined) => (v === undefined ? undefined : v || null);
  return act(
    ctx,
    orderId,
    { type: 'ship', carrier: input.carrier, trackingnumber: input.trackingnumber },
    { actor: 'admin', userId: adminId },
    {
      extra: async (tx) => {
        await tx
          .update(orders)
          .set({
            shipmentCarrier: input.carrier.trim(),
            shipmentTrackingNumber: input.trackingnumber.trim(),
            shipmentTrackingUrl: input.trackingurl?.trim() ?? '',
            shipmentPortCode: kept(input.portcode),
            shipmentBillNumber: kept(input.shippingbill),
            shipmentBillDate: kept(input.shippingbilldate),
            shippedAt: sql`coalesce(${orders.shippedAt}, now())`,
            updatedAt: new Date(),
          })
          .where(eq(orders.id, orderId));
      },
    },
  );
}

export async function decideReturn(
  ctx: PaymentContext,
  orderId: string,
  adminId: string,
  input: { status: 'approved' | 'rejected' | 'received'; note?: string | undefined; refund?: boolean | undefined },
) {
  const who = { actor: 'admin' as const, userId: adminId };
  if (input.status === 'received') {
    return act(ctx, orderId, { type: 'return_receive', refund: input.refund ?? false, note: input.note }, who, {
      refundReason: 'Return received',
      extra: async (tx, loaded) => {
        if (loaded.returnRequest && input.note?.trim()) {
          await tx.update(returnRequests).set({ note: input.note.trim() }).where(eq(returnRequests.id, loaded.returnRequest.id));
        }
      },
    });
  }
  return act(ctx, orderId, { type: 'return_decide', status: input.status, note: input.note }, who, {
    extra: async (tx, loaded) => {
      if (loaded.returnRequest && input.note?.trim()) {
        await tx.update(returnRequests).set({ note: input.note.trim() }).where(eq(returnRequests.id, loaded.returnRequest.id));
      }
    },
  });
}

export async function addNote(ctx: PaymentContext, orderId: string, adminId: string, note: string) {
  return act(ctx, orderId, { type: 'note', note }, { actor: 'admin', userId: adminId });
}

/** PATCH /admin/update: any of the five statuses from any other (not from cancelled), recorded as a `status` event. */
export async function setDeliveryStatus(
  ctx: PaymentContext,
  orderId: string,
  adminId: string | null,
  to: (typeof SETTABLE_DELIVERY_STATUSES)[number],
) {
  return act(ctx, orderId, { type: 'set_status', to }, { actor: 'admin', userId: adminId });
}

/**
 * Moves a made-to-order piece forward in production (forward only; each stage passed is a `production` event). Gold
 * cannot be ready without its HUID, given now or at hallmarking (400); the buyer is told when the piece is ready.
 */
export async function moveProduction(
  ctx: PaymentContext,
  orderId: string,
  lineId: string,
  adminId: string,
  input: { stage: ProductionStage; huid?: string | undefined; note?: string | undefined },
) {
  const huid = input.huid?.trim() ? input.huid.trim().toUpperCase() : null;
  return act(
    ctx,
    orderId,
    { type: 'production', lineId, stage: input.stage, huid, note: input.note },
    { actor: 'admin', userId: adminId },
    {
      before: (loaded) => {
        const line = loaded.lines.find((l) => l.id === lineId);
        if (!line) throw new NotFound('Order line not found');
        const gold = line.setting?.metal.startsWith('gold-') ?? false;
        if (gold && input.stage === 'ready' && !huid && !line.huid) {
          throw new InvalidInput('A gold piece needs its HUID before it is ready', [{ path: 'huid', message: HUID_MESSAGE }]);
        }
      },
      // The last piece ready: the order's tax invoice is issued now, its pieces with their HUIDs — a paid order's, and a
      // credit order's whatever is paid of it yet (sold on credit, it is invoiced when supplied).
      after: async (tx, loaded) => {
        if (input.stage !== 'ready') return;
        if (loaded.row.paymentstatus !== 'Paid' && loaded.row.dueDate === null) return;
        const others = loaded.state.lines.filter((l) => l.id !== lineId && l.stage && l.stage !== 'ready');
        if (others.length === 0) await issueInvoice(tx, orderId);
      },
    },
  );
}
