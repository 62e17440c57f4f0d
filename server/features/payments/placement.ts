import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { minorToPaise } from '../../../contract/currencies.js';
import type { OrderFlag } from '../../../contract/lifecycle.js';
import type { ShippingInfo } from '../../../contract/orders.js';
import type { Tx } from '../../db/client.js';
import { cartItems, checkouts, orderItems, orders, users } from '../../db/schema.js';
import type { SettleResult } from '../../domain/due-payments.js';
import { InvalidInput, NotFound } from '../../domain/errors.js';
import type { PaymentContext } from '../../domain/payment-context.js';
import type { PaymentProvider, ProviderPayment } from '../../domain/payment-provider.js';
import { chargedAmount } from '../currencies/service.js';
import { composeInvoice, issueReceiptVoucher, numberPlacement, unnumbered } from '../gst/invoices.js';
import { placementEvents } from '../orders/lifecycle/state.js';
import { insertRefund, submitRefund, syncRefundSummary, writeEvents } from '../orders/lifecycle/store.js';
import { prepareOrderPlacedMessages } from '../outbox/orders.js';
import { enqueueInsert } from '../outbox/outbox.js';
import { couponUseAvailable, orderCouponColumns } from '../promotions/service.js';
import { markQuoteOrdered, quoteStanding } from '../wholesale/quotes.js';
import { shippingCountry } from './checkout.js';
import { holdsOf, productsExisting, returnHolds, sellHolds, takeStock, unitsByProduct } from './holds.js';
import { checkoutTooOld, PRICE_CHANGED_NOTE, pricesStillHold, shippingStillHolds, TOO_OLD_NOTE } from './price-check.js';

type PlaceSource = 'verify' | 'webhook' | 'reconciler';
/** `priceChanged`: paid after the checkout ran out, when a price had changed or the checkout was too old (recorded and refunded). */
type PlaceResult = { orderId: string; created: boolean; priceChanged?: boolean; quoteClosed?: boolean };

const QUOTE_CLOSED_NOTE =
  'Paid for a quote that was no longer open (declined, or past its validity): not placed; the payment is refunded in full.';

/** The payment cannot make an order (unknown, another order's, not completed): nothing is placed. */
export class PaymentRejectedError extends InvalidInput {
  constructor(reason: string) {
    super(`Payment verification failed: ${reason}`);
  }
}

type CheckoutRow = typeof checkouts.$inferSelect;
type Verdict =
  | { kind: 'paid'; payment: ProviderPayment }
  /** Not for the order's amount: never Paid. Captured → refunded; authorized → never captured. */
  | { kind: 'amount_mismatch'; payment: ProviderPayment };

/**
 * Trusts no browser: fetches the payment from the provider and checks it is for this checkout's
 * provider order, in INR, for the checkout's amount, and completed. An authorized payment of the right
 * amount is captured for exactly that amount first.
 */
export async function confirmPayment(provider: PaymentProvider, checkout: CheckoutRow, paymentId: string): Promise<Verdict> {
  let payment = await provider.fetchPayment(paymentId);
  if (!payment) throw new PaymentRejectedError('the payment was not found');
  if (payment.orderId !== checkout.providerOrderId) throw new PaymentRejectedError('the payment is for another order');
  if (payment.status === 'created' || payment.status === 'failed') {
    throw new PaymentRejectedError('the payment was not completed');
  }
  if (payment.status === 'refunded') throw new PaymentRejectedError('the payment was refunded');
  const amountOk = payment.amount === chargedAmount(checkout) && payment.currency === checkout.currency;
  if (!amountOk) return { kind: 'amount_mismatch', payment };
  if (payment.status === 'authorized') {
    try {
      payment = await provider.capture(payment.id, chargedAmount(checkout), checkout.currency);
    } catch (err) {
      // Another route may have captured it a moment ago: a second capture is refused. Look again.
      const again = await provider.fetchPayment(paymentId);
      if (again?.status !== 'captured') throw err;
      payment = again;
    }
    if (payment.status !== 'captured') throw new PaymentRejectedError('the payment could not be captured');
  }
  return { kind: 'paid', payment };
}

/**
 * What a payment brought in, in paise: its amount when in rupees; the checkout's rupee total when it paid exactly
 * the checkout's charge in another currency; otherwise (a payment not for the order, refunded whole) its amount
 * converted back at the checkout's rate, or — in a currency the checkout never asked for — the checkout's total as
 * the rupee figure its whole refund is recorded at.
 */
function paymentPaise(payment: ProviderPayment, checkout: CheckoutRow): number {
  if (payment.currency === 'INR') return payment.amount;
  if (payment.currency === checkout.currency && payment.amount === chargedAmount(checkout)) return checkout.amountPaise;
  if (payment.currency === checkout.currency && checkout.fxRate) {
    return Math.max(1, minorToPaise(payment.amount, checkout.fxRate, payment.currency));
  }
  return checkout.amountPaise;
}

async function lockedOrderOf(tx: Tx, checkoutId: string) {
  const [row] = await tx.select().from(orders).where(eq(orders.checkoutId, checkoutId)).limit(1);
  return row ?? null;
}

/** Removes what was bought from the shopper's cart: matching lines lose the bought quantity. */
export async function removeBoughtFromCart(tx: Tx, userId: string, lines: CheckoutRow['lines']) {
  for (const l of lines) {
    const match = and(
      eq(cartItems.userId, userId),
      eq(cartItems.productId, l.productId),
      eq(cartItems.colour, l.colour),
      eq(cartItems.size, l.size),
      eq(cartItems.piece, l.piece ?? ''),
    );
    await tx.delete(cartItems).where(and(match, lte(cartItems.quantity, l.quantity)));
    await tx
      .update(cartItems)
      .set({ quantity: sql`${cartItems.quantity} - ${l.quantity}`, updatedAt: new Date() })
      .where(and(match, gt(cartItems.quantity, l.quantity)));
  }
}

async function fallbackShipping(tx: Tx, userId: string | null): Promise<ShippingInfo> {
  const [u] = userId
    ? await tx.select({ fullname: users.fullname, mobileno: users.mobileno }).from(users).where(eq(users.id, userId))
    : [];
  return { fullname: u?.fullname ?? '', mobileno: u?.mobileno ?? '', address: '', city: '', pincode: '' };
}

/**
 * The one placement every route ends in (the browser's verify call, webhooks, the reconciler).
 * Idempotent: keyed by the provider order id (unique on orders.razorpay_order_id and checkout_id);
 * a repeat returns the first order with created = false. In one transaction, under a lock on the
 * checkout: holds become a sale (or, after expiry, the stock is taken again if it is still there),
 * the order and its line snapshots are written, the bought lines leave the cart, the checkout is
 * placed. A payment that cannot be fulfilled (stock gone, wrong amount) is still recorded, flagged
 * for the merchant and refunded — never dropped, never Paid for goods the shop cannot send.
 */
export async function placeOrder(
  ctx: PaymentContext,
  providerOrderId: string,
  paymentId: string,
  source: PlaceSource,
  opts: { shippinginfo?: ShippingInfo } = {},
): Promise<PlaceResult> {
  const provider = ctx.paymentProvider;
  const [checkout] = await ctx.db.select().from(checkouts).where(eq(checkouts.providerOrderId, providerOrderId)).limit(1);
  if (!checkout) throw new NotFound('Checkout not found');

  const [existing] = await ctx.db.select().from(orders).where(eq(orders.checkoutId, checkout.id)).limit(1);
  if (existing) {
    await afterRepeat(ctx, provider, checkout, existing, paymentId, opts.shippinginfo);
    return { orderId: existing.id, created: false };
  }

  const verdict = await confirmPayment(provider, checkout, paymentId);

  const result = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(checkouts).where(eq(checkouts.id, checkout.id)).for('update');
    if (!locked) throw new NotFound('Checkout not found');
    const already = await lockedOrderOf(tx, locked.id);
    if (already) return { order: already, created: false };

    const units = unitsByProduct(locked.lines);
    const at = ctx.clock();
    let secured = false;
    let priceChanged = false;
    // A checkout started too long ago is never placed, whatever still holds.
    const tooOld = verdict.kind === 'paid' && checkoutTooOld(locked.createdAt, at, ctx.config.latePaymentMaxMinutes);
    // A checkout whose hold has run out (expired, replaced, or pending past its end) is placed only at what
    // the shop would charge now: the same list and sale prices, the same shipping, and its coupon still given.
    const late = locked.status !== 'pending' || locked.holdExpiresAt <= at;
    // A coupon's use: the checkout's own reservation, or one still free (and still offered) for a payment that came late.
    const couponOk = verdict.kind !== 'paid' || tooOld || (await couponUseAvailable(tx, locked, at));
    // A quote makes at most one order, and a late payment only while the quote is still valid.
    const quote =
      verdict.kind === 'paid' && !tooOld && locked.quoteId !== null ? await quoteStanding(tx, locked.quoteId, at, late) : 'open';
    const quoteClosed = quote !== 'open';
    if (verdict.kind === 'paid' && couponOk && !tooOld && !quoteClosed) {
      // A quote's lines are at its quoted prices, not the shop's (quoteStanding checked it is still valid).
      priceChanged =
        late &&
        !(
          (locked.quoteId !== null || (await pricesStillHold(tx, locked.lines, at, locked.userId))) &&
          (await shippingStillHolds(tx, locked))
        );
      if (locked.status === 'pending') {
        const holds = await holdsOf(tx, locked.id);
        const held = new Map(holds.map((h) => [h.productId, h.quantity]));
        if (!priceChanged && units.every((u) => held.get(u.productId) === u.quantity)) {
          await sellHolds(tx, locked.id, holds);
          secured = true;
        } else {
          await returnHolds(tx, locked.id); // a price moved, or a product was deleted while held: nothing is sold
        }
      } else {
        // The hold expired (or was replaced) before the payment came: sell only if the prices still hold
        // and the stock is still there.
        secured = !priceChanged && (await takeStock(tx, units, { sell: true })) === null;
      }
    } else if (locked.status === 'pending') {
      await returnHolds(tx, locked.id);
    }

    const shippingGiven = shippingToKeep(locked.shippinginfo ?? undefined, opts.shippinginfo) ?? null;
    const shippinginfo = shippingGiven ?? (await fallbackShipping(tx, locked.userId));
    const captured = verdict.payment.status === 'captured';
    let paymentstatus: 'Paid' | 'Pending' | 'Failed';
    let flag: OrderFlag | null;
    let refundStatus: 'none' | 'pending';
    if (verdict.kind === 'paid' && secured) {
      paymentstatus = 'Paid';
      flag = shippingGiven ? null : 'shipping_missing';
      refundStatus = 'none';
    } else if (verdict.kind === 'paid') {
      paymentstatus = 'Paid'; // the money came in; the refund below turns it into Refunded
      // A price that changed is refunded like stock that is gone (the same flag: do not ship, refunded);
      // the order's timeline says which. A coupon used up meanwhile, and a second payment for a quote that
      // already made its order, have their own flags.
      flag = quote === 'ordered' ? 'quote_already_ordered' : couponOk ? 'stock_unavailable' : 'coupon_unavailable';
      refundStatus = 'pending';
    } else {
      paymentstatus = captured ? 'Pending' : 'Failed';
      flag = 'amount_mismatch';
      refundStatus = captured ? 'pending' : 'none';
    }

    const [order] = await tx
      .insert(orders)
      .values({
        // numbered last, just before the transaction commits (numberOrder below)
        number: unnumbered(locked.id),
        userId: locked.userId,
        checkoutId: locked.id,
        razorpayOrderId: providerOrderId,
        razorpayPaymentId: verdict.payment.id,
        totalPaise: locked.amountPaise,
        paymentstatus,
        flag,
        refundStatus,
        shippinginfo,
        shipping: locked.shipping,
        shippingPaise: locked.shippingPaise,
        paidPaise: captured ? paymentPaise(verdict.payment, locked) : 0,
        currency: locked.currency,
        currencyAmount: locked.currencyAmount,
        fxRate: locked.fxRate,
        stockTaken: secured,
        quoteId: locked.quoteId,
        ...(await orderCouponColumns(tx, locked, verdict.kind === 'paid' && secured)),
      })
      .returning();
    if (!order) throw new Error('order insert returned nothing');
    const live = await productsExisting(
      tx,
      units.map((u) => u.productId),
    );
    await tx.insert(orderItems).values(
      locked.lines.map((l, position) => ({
        orderId: order.id,
        productId: live.has(l.productId) ? l.productId : null,
        productname: l.productname,
        unitPricePaise: l.pricePaise,
        listPricePaise: l.listPricePaise ?? l.pricePaise,
        productimage: l.image,
        quantity: l.quantity,
        size: l.size,
        colour: l.colour,
        setting: l.setting ?? null,
        position,
      })),
    );
    // A quote's order, and Buy Now's item bought straight from the product page, leave the cart as it is; the quote
    // is ordered and names it.
    if (secured && locked.userId && !locked.quoteId && !locked.buyNow) {
      await removeBoughtFromCart(tx, locked.userId, locked.lines);
    }
    if (secured && locked.quoteId) await markQuoteOrdered(tx, locked.quoteId, order.id);
    await tx.update(checkouts).set({ status: 'placed', updatedAt: new Date() }).where(eq(checkouts.id, locked.id));
    // An unfulfillable payment is refunded in full (the whole payment, once: keyed by the order id).
    const refundPaise = refundStatus === 'pending' ? paymentPaise(verdict.payment, locked) : 0;
    const refund =
      refundPaise > 0
        ? await insertRefund(tx, {
            orderId: order.id,
            amountPaise: refundPaise,
            ...(verdict.payment.currency === 'INR'
              ? {}
              : { currency: verdict.payment.currency, currencyAmount: verdict.payment.amount }),
            reason:
              flag === 'amount_mismatch'
                ? 'Payment not for the order total'
                : flag === 'quote_already_ordered'
                  ? 'Paid again for a quote already ordered'
                  : quoteClosed
                    ? 'Paid for a quote no longer open'
                    : 'Paid after the stock was gone',
            who: { actor: 'system' },
            wholePayment: true,
            idempotencyKey: `refund-${order.id}`,
          })
        : null;
    if (refund) await syncRefundSummary(tx, order.id);
    await writeEvents(
      tx,
      order.id,
      placementEvents({ source, paymentId: verdict.payment.id, paid: paymentstatus === 'Paid', flag, refundPaise }),
    );
    if (priceChanged) await writeEvents(tx, order.id, [{ type: 'note', actor: 'system', note: PRICE_CHANGED_NOTE }]);
    if (tooOld) await writeEvents(tx, order.id, [{ type: 'note', actor: 'system', note: TOO_OLD_NOTE }]);
    if (quote === 'closed') await writeEvents(tx, order.id, [{ type: 'note', actor: 'system', note: QUOTE_CLOSED_NOTE }]);

    // Last, the numbers. The tax invoice is issued with the payment, numbered in this transaction (GST); an order
    // with a made-to-order piece is paid in advance: the payment gets a receipt voucher now, and the invoice,
    // adjusting it, is issued when every piece is ready (docs/made-to-order.md). Everything that does not need a
    // number is written above and everything the invoice and the messages need is read here; then one statement
    // takes the counter rows and writes the order's number, the invoice and the messages, and the transaction
    // commits: every other placement waits for those rows only that long (numberPlacement,
    // server/features/gst/invoices.ts).
    const madeToOrder = locked.lines.some((l) => l.setting);
    const invoiced = paymentstatus === 'Paid' && secured;
    const invoice = invoiced && !madeToOrder ? await composeInvoice(tx, order.id) : null;
    const messages = await prepareOrderPlacedMessages(tx, ctx.config, order, locked.lines);
    const numbered = await numberPlacement(tx, order.id, invoice, (orderNo) =>
      // each message's orderNo is the number the statement gives the order
      enqueueInsert(tx, messages(''), orderNo),
    );
    order.number = numbered.number;
    if (invoiced && madeToOrder) await issueReceiptVoucher(tx, order.id);
    return { order, created: true, refundId: refund?.id ?? null, priceChanged: priceChanged || tooOld, quoteClosed };
  });

  if (!result.created) {
    await afterRepeat(ctx, provider, checkout, result.order, paymentId, opts.shippinginfo);
    return { orderId: result.order.id, created: false };
  }
  ctx.log.info(
    { orderId: result.order.id, providerOrderId, paymentId, source, flag: result.order.flag },
    result.order.flag ? 'order recorded and flagged' : 'order placed',
  );
  if ('refundId' in result && result.refundId) await submitRefund(ctx, result.refundId);
  return {
    orderId: result.order.id,
    created: true,
    priceChanged: 'priceChanged' in result && result.priceChanged,
    quoteClosed: 'quoteClosed' in result && result.quoteClosed,
  };
}

/**
 * Every report of a payment (the browser's, the webhook's, the reconciler's) for a provider order: a checkout paying
 * what is due on a credit order is settled by the credit feature (`ctx.duePayments`), any other is placed as an order.
 */
export async function settlePayment(
  ctx: PaymentContext,
  providerOrderId: string,
  paymentId: string,
  source: PlaceSource,
): Promise<SettleResult> {
  const [checkout] = await ctx.db.select().from(checkouts).where(eq(checkouts.providerOrderId, providerOrderId)).limit(1);
  if (checkout?.paysOrderId) return ctx.duePayments.settle(ctx, checkout, paymentId, source);
  return placeOrder(ctx, providerOrderId, paymentId, source);
}

/**
 * A payment reported again for an order that exists. The same payment: nothing to do (shipping details
 * the order lacked are filled in). Another captured payment of the same order (paid twice): refunded.
 */
async function afterRepeat(
  ctx: PaymentContext,
  provider: PaymentProvider,
  checkout: CheckoutRow,
  order: typeof orders.$inferSelect,
  paymentId: string,
  shippinginfo: ShippingInfo | undefined,
) {
  if (order.razorpayPaymentId === paymentId) {
    const given = shippingToKeep(checkout.shippinginfo ?? undefined, shippinginfo);
    if (given && given !== checkout.shippinginfo && order.flag === 'shipping_missing') {
      await ctx.db
        .update(orders)
        .set({ shippinginfo: given, flag: null, updatedAt: new Date() })
        .where(and(eq(orders.id, order.id), eq(orders.flag, 'shipping_missing')));
    }
    return;
  }
  const payment = await provider.fetchPayment(paymentId);
  if (!payment || payment.orderId !== checkout.providerOrderId || payment.status !== 'captured') return;
  const refund = await provider.refund(payment.id, `dup-${payment.id}`);
  ctx.log.warn({ orderId: order.id, paymentId, refundId: refund.id }, 'second payment for a placed order refunded');
}

/**
 * The address an order ships to: the one given with the payment, unless it lies in another country than the one
 * whose shipping rate the checkout charged (India when the checkout named none); then the checkout's own address,
 * or none at all (the order is placed flagged for its shipping details) rather than a parcel sent abroad at another
 * country's rate.
 */
function shippingToKeep(atCheckout: ShippingInfo | undefined, withPayment: ShippingInfo | undefined) {
  if (!withPayment) return atCheckout;
  return shippingCountry(withPayment) === shippingCountry(atCheckout) ? withPayment : atCheckout;
}
