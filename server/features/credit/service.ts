// Credit orders: an approved business with credit terms buys now and pays by the due date. The credit limit holds
// under concurrency: every credit order and every payment of a business runs under a lock on its business row.
import { and, eq, sql, sum } from 'drizzle-orm';
import { rupeesToPaise } from '../../../contract/common.js';
import { CASH_LIMIT_MESSAGE, CASH_LIMIT_RUPEES, type RecordPaymentBody } from '../../../contract/credit.js';
import type { ShippingInfo } from '../../../contract/orders.js';
import type { Db, Tx } from '../../db/client.js';
import { businesses, checkouts, orderItems, orderPayments, orders, products } from '../../db/schema.js';
import type { BuyNowInput } from '../../domain/buy-now.js';
import { creditPosition, OWING } from '../../domain/credit-position.js';
import { Conflict, Forbidden, InvalidInput, NotFound } from '../../domain/errors.js';
import type { PaymentContext } from '../../domain/payment-context.js';
import { indiaDate } from '../../domain/tax.js';
import { issueInvoice, issuePaymentReceiptVoucher } from '../gst/invoices.js';
import { syncRefundSummary, writeEvents } from '../orders/lifecycle/store.js';
import { orderPlacedMessages } from '../outbox/orders.js';
import { buyNowStockMessage } from '../payments/buy-now.js';
import { buyNowSnapshot, cartSnapshot, shippingCountry } from '../payments/checkout.js';
import { takeStock, unitsByProduct } from '../payments/holds.js';
import { removeBoughtFromCart } from '../payments/placement.js';
import { chooseRate, quoteRates } from '../shipping/service.js';
import { markQuoteOrdered, quoteSnapshot } from '../wholesale/quotes.js';

/** @forTests tests match the refusal word for word */
export const NO_CREDIT = 'Your business has no credit terms';
/** @forTests tests match the refusal word for word */
export const OVERDUE = 'An order of your business is overdue: please pay it before buying on credit again';
/** @forTests tests match the refusal word for word */
export const OVER_LIMIT = 'This order would take your business past its credit limit';
/** @forTests tests match the refusal word for word */
export const OVERPAID = 'That is more than is due on this order';

/** A day (YYYY-MM-DD) plus a number of days. */
const addDays = (ymd: string, days: number) =>
  new Date(Date.parse(`${ymd}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The business row of a buyer, locked: credit orders and payments of one business take their turn. */
async function lockedBusiness(tx: Tx, userId: string) {
  const [b] = await tx.select().from(businesses).where(eq(businesses.userId, userId)).for('update');
  return b ?? null;
}

/**
 * POST /o1/api/credit-order. One transaction: lock the business, check its terms, what it owes and whether anything
 * is overdue; the cart at the shop's prices (the same snapshot the card checkout makes) plus the shipping rate; sell
 * the stock; write a placed checkout (its id stands where a payment order would be), the order `Due` with its due
 * date, the lines, the invoice; empty the bought lines from the cart; the messages.
 */
export async function placeCreditOrder(
  ctx: PaymentContext,
  userId: string,
  input: {
    shippinginfo: ShippingInfo;
    shippingrate?: string | undefined;
    items?: { cartItemId: string; quantity: number }[] | undefined;
    /** Buy Now's item straight from the product page: the cart is neither read nor changed. */
    buynow?: BuyNowInput | undefined;
    /** A quoted lot instead of the cart: its lines at the quoted prices; the quote becomes `ordered` at once. */
    quoteId?: string | undefined;
  },
) {
  const at = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const business = await lockedBusiness(tx, userId);
    if (business?.status !== 'approved' || business.creditDays <= 0) throw new Forbidden(NO_CREDIT);
    const position = await creditPosition(tx, userId, at);
    if (position.overdue) throw new Conflict(OVERDUE);

    const { snapshot, linesPaise } = input.quoteId
      ? await quoteSnapshot(tx, userId, input.quoteId, at)
      : input.buynow
        ? await buyNowSnapshot(tx, userId, at, input.buynow)
        : await cartSnapshot(tx, userId, at, input.items);
    const country = shippingCountry(input.shippinginfo);
    const { rateId: _rateId, ...shipping } = chooseRate(await quoteRates(tx, country, linesPaise), country, input.shippingrate);
    const amountPaise = linesPaise + shipping.amountPaise;
    if (position.outstandingPaise + amountPaise > Number(business.creditLimitPaise)) throw new Conflict(OVER_LIMIT);

    const units = unitsByProduct(snapshot);
    const short = await takeStock(tx, units, { sell: true });
    if (short) {
      const line = snapshot.find((l) => l.productId === short.productId);
      const [p] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, short.productId));
      const name = line?.productname ?? 'An item';
      if (input.quoteId) throw new Conflict(`"${name}" is out of stock: this quote cannot be ordered now`);
      if (input.buynow) throw new Conflict(buyNowStockMessage(name, p?.stock ?? 0));
      throw new Conflict(
        (p?.stock ?? 0) === 0
          ? `"${name}" is out of stock. Please remove it from your cart.`
          : `Only ${p?.stock} of "${name}" left in stock. Please lower the quantity in your cart.`,
      );
    }

    const checkoutId = crypto.randomUUID();
    const reference = `credit_${checkoutId.replaceAll('-', '')}`;
    await tx.insert(checkouts).values({
      id: checkoutId,
      userId,
      provider: ctx.paymentProvider.name,
      providerOrderId: reference,
      amountPaise,
      currency: 'INR',
      status: 'placed',
      lines: snapshot,
      shippinginfo: input.shippinginfo,
      shipping,
      shippingPaise: shipping.amountPaise,
      holdExpiresAt: at,
      quoteId: input.quoteId ?? null,
      buyNow: input.buynow !== undefined && !input.quoteId,
    });
    const dueDate = addDays(indiaDate(at), business.creditDays);
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        checkoutId,
        razorpayOrderId: reference,
        razorpayPaymentId: '',
        totalPaise: amountPaise,
        paymentstatus: 'Due',
        shippinginfo: input.shippinginfo,
        shipping,
        shippingPaise: shipping.amountPaise,
        paidPaise: 0,
        stockTaken: true,
        dueDate,
        amountDuePaise: amountPaise,
        quoteId: input.quoteId ?? null,
      })
      .returning();
    if (!order) throw new Error('order insert returned nothing');
    await tx.insert(orderItems).values(
      snapshot.map((l, position) => ({
        orderId: order.id,
        productId: l.productId,
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
    // Sold on credit, the order is invoiced now; one with a made-to-order piece is invoiced when its last piece is
    // ready, the piece's line naming its HUID (docs/made-to-order.md), as a paid one is.
    if (!snapshot.some((l) => l.setting)) await issueInvoice(tx, order.id, at);
    if (input.quoteId) await markQuoteOrdered(tx, input.quoteId, order.id);
    // Buy Now's item bought straight from the product page leaves the cart as it is.
    else if (!input.buynow) await removeBoughtFromCart(tx, userId, snapshot);
    await orderPlacedMessages(tx, ctx.config, order, snapshot);
    await writeEvents(tx, order.id, [{ type: 'placed', actor: 'customer', note: `Placed on credit, due ${dueDate}` }]);
    return order.id;
  });
}

/**
 * POST /o1/api/admin/payments/:id: a payment received outside the shop. Under the lock of the buyer's business (so
 * two cash payments of one day are counted together) and of the order: never more than is due; cash from one buyer
 * in one day stays under ₹2,00,000 (s.269ST). Partially paid until covered, then Paid.
 */
export async function recordPayment(db: Db, orderId: string, body: RecordPaymentBody) {
  const amountPaise = rupeesToPaise(body.amount);
  return db.transaction(async (tx) => {
    const [peek] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
    if (!peek) throw new NotFound('Order not found');
    if (peek.userId) await lockedBusiness(tx, peek.userId);
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new NotFound('Order not found');
    if (!(OWING as readonly string[]).includes(order.paymentstatus) || order.amountDuePaise <= 0) {
      throw new Conflict('Nothing is due on this order');
    }
    if (amountPaise > order.amountDuePaise) throw new Conflict(OVERPAID);
    if (body.method === 'cash' && order.userId) {
      const [cash] = await tx
        .select({ total: sum(orderPayments.amountPaise) })
        .from(orderPayments)
        .where(
          and(
            eq(orderPayments.userId, order.userId),
            eq(orderPayments.receivedOn, body.receivedon),
            eq(orderPayments.method, 'cash'),
          ),
        );
      if (Number(cash?.total ?? 0) + amountPaise >= rupeesToPaise(CASH_LIMIT_RUPEES)) {
        throw new InvalidInput(CASH_LIMIT_MESSAGE, [{ path: 'amount', message: CASH_LIMIT_MESSAGE }]);
      }
    }
    const [payment] = await tx
      .insert(orderPayments)
      .values({
        orderId,
        userId: order.userId,
        amountPaise,
        method: body.method,
        reference: body.reference,
        receivedOn: body.receivedon,
      })
      .returning({ id: orderPayments.id });
    // Received before the order's made-to-order piece is ready (and invoiced): an advance, acknowledged by a voucher.
    if (payment) await issuePaymentReceiptVoucher(tx, { id: payment.id, orderId, amountPaise });
    const left = order.amountDuePaise - amountPaise;
    await tx
      .update(orders)
      .set({
        amountDuePaise: left,
        paidPaise: sql`${orders.paidPaise} + ${amountPaise}`,
        paymentstatus: left === 0 ? 'Paid' : 'Partially paid',
        updatedAt: new Date(),
      })
      .where(eq(orders.id, orderId));
    // Paid at last after a refund: the status says what was refunded (Partially refunded).
    await syncRefundSummary(tx, orderId);
    await writeEvents(tx, orderId, [
      {
        type: left === 0 ? 'paid' : 'note',
        actor: 'admin',
        note: `${body.method.toUpperCase()} ₹${body.amount} received ${body.receivedon}${body.reference ? ` (${body.reference})` : ''}`,
      },
    ]);
  });
}
