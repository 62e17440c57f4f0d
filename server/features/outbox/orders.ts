import { and, eq, inArray, lte } from 'drizzle-orm';
import { addressLine } from '../../../contract/address-rules.js';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { type CheckoutLine, orders as ordersTable, products } from '../../db/schema.js';
import { settingsRow } from '../../domain/shop-settings.js';
import { enqueue, type MerchantContacts, merchantMessages, type NewMessage, notifyUser, userMessages } from './outbox.js';

/**
 * The order messages. Each is called inside the transaction that changes the order, so the message is
 * written exactly when the change commits.
 */
type OrderRow = typeof ordersTable.$inferSelect;

/** The reference customers and staff read in messages: the order's number, as every screen shows it. */
const orderNo = (order: Pick<OrderRow, 'number'>) => order.number;

/** "+91 98765 43210" → "9876543210"; anything that is not an Indian mobile number → undefined. */
function tenDigits(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  const ten = digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits.replace(/^0/, '');
  return /^\d{10}$/.test(ten) ? ten : undefined;
}

/**
 * Where the merchant is told: MERCHANT_EMAIL / MERCHANT_PHONE when set (a dedicated orders inbox), else the
 * shop settings' support e-mail and phone.
 */
export async function merchantContacts(tx: DbOrTx, config: Config): Promise<MerchantContacts> {
  const settings = await settingsRow(tx);
  return {
    email: config.notify.merchantEmail ?? (settings.supportemail.trim().toLowerCase() || undefined),
    phone: config.notify.merchantPhone ?? tenDigits(settings.supportphone),
  };
}

/**
 * A placement wrote an order: the customer is told it is placed and paid (with the invoice by e-mail, when
 * there is one); the merchant of the new order, of a flagged payment, and of products now low in stock.
 */
export async function orderPlacedMessages(tx: DbOrTx, config: Config, order: OrderRow, lines: CheckoutLine[]) {
  const made = await prepareOrderPlacedMessages(tx, config, order, lines);
  await enqueue(tx, made(orderNo(order)));
}

/**
 * `orderPlacedMessages` in two steps: everything the messages need is read now, and the function returned makes
 * them with the order's number. A placement that numbers its order in its last statement reads them before and
 * writes them in that statement (server/features/payments/placement.ts).
 */
export async function prepareOrderPlacedMessages(
  tx: DbOrTx,
  config: Config,
  order: OrderRow,
  lines: CheckoutLine[],
): Promise<(orderNo: string) => NewMessage[]> {
  const total = order.totalPaise / 100;
  const items = lines.map((l) => ({ name: l.productname, quantity: l.quantity, price: (l.pricePaise * l.quantity) / 100 }));
  const flagged =
    order.flag === 'stock_unavailable' || order.flag === 'quote_already_ordered' || order.flag === 'amount_mismatch';
  // The data of each message, given the order's number.
  const made: ((no: string) => NewMessage[])[] = [];
  if ((order.paymentstatus === 'Paid' || order.paymentstatus === 'Due') && !flagged) {
    const data = {
      orderId: order.id,
      total,
      items,
      fullname: order.shippinginfo.fullname,
      shipto: addressLine(order.shippinginfo),
      ...(order.shipping
        ? {
            shipping: {
              name: order.shipping.name,
              price: order.shipping.amountPaise / 100,
              mindays: order.shipping.mindays,
              maxdays: order.shipping.maxdays,
            },
          }
        : {}),
    };
    // The account's channels are read now; each message is given the order's number when written.
    const toUser = await userMessages(tx, order.userId, 'order_placed', data, { dedupeKey: `order_placed:${order.id}` });
    made.push((no) => toUser.map((m) => ({ ...m, data: withOrderNo(data, no) })));
  }
  const merchant = await merchantContacts(tx, config);
  made.push((no) =>
    merchantMessages(
      merchant,
      'merchant_new_order',
      {
        orderId: order.id,
        orderNo: no,
        total,
        items,
        customer: order.shippinginfo.fullname,
        shipto: addressLine(order.shippinginfo),
      },
      `merchant_new_order:${order.id}`,
    ),
  );
  if (order.flag && order.flag !== 'shipping_missing') {
    const flag = order.flag;
    made.push((no) =>
      merchantMessages(
        merchant,
        'merchant_flagged_payment',
        { orderId: order.id, orderNo: no, total, flag },
        `merchant_flagged_payment:${order.id}`,
      ),
    );
  }
  const ids = [...new Set(lines.map((l) => l.productId))];
  if (ids.length) {
    const low = await tx
      .select({ id: products.id, name: products.name, stock: products.stock })
      .from(products)
      .where(and(inArray(products.id, ids), lte(products.stock, config.notify.lowStockThreshold)));
    for (const p of low) {
      // One warning per product and stock level, however many orders reach it.
      made.push(() =>
        merchantMessages(
          merchant,
          'merchant_low_stock',
          { productId: p.id, productname: p.name, stock: p.stock },
          `merchant_low_stock:${p.id}:${p.stock}`,
        ),
      );
    }
  }
  return (no) => made.flatMap((m) => m(no));
}

/** The order_placed data with the order's number where the message has always carried it (after `orderId`). */
const withOrderNo = ({ orderId, ...rest }: { orderId: string } & Record<string, unknown>, no: string) => ({
  orderId,
  orderNo: no,
  ...rest,
});

/** Messages the order lifecycle sends the customer (shipped, delivered, cancelled, refunds, returns). */
async function orderUpdateMessage(
  tx: DbOrTx,
  order: Pick<OrderRow, 'id' | 'userId' | 'number'>,
  template: 'order_shipped' | 'order_delivered' | 'order_cancelled' | 'refund_processed' | 'return_updated' | 'piece_ready',
  data: Record<string, unknown> = {},
  dedupeKey?: string,
) {
  await notifyUser(tx, order.userId, template, { orderId: order.id, orderNo: orderNo(order), ...data }, { dedupeKey });
}

/**
 * The customer's messages for what an order action did (called by the lifecycle in the action's transaction,
 * after its effects are written): shipped (with the tracking link), delivered, cancelled, return updates, a
 * made-to-order piece ready.
 */
export async function lifecycleMessages(
  tx: DbOrTx,
  orderId: string,
  effects: {
    deliverystatus?: string | null;
    events: { type: string; note?: string }[];
    production?: { lineId: string; stage: string };
  },
) {
  const [order] = await tx.select().from(ordersTable).where(eq(ordersTable.id, orderId));
  if (!order) return;
  const types = new Set(effects.events.map((e) => e.type));
  const noteOf = (type: string) => effects.events.find((e) => e.type === type)?.note ?? '';
  if (types.has('shipped') || (types.has('status') && effects.deliverystatus === 'shipped')) {
    await orderUpdateMessage(tx, order, 'order_shipped', {
      carrier: order.shipmentCarrier,
      trackingnumber: order.shipmentTrackingNumber,
      trackingurl: order.shipmentTrackingUrl,
    });
  }
  if (types.has('status') && effects.deliverystatus === 'delivered') {
    await orderUpdateMessage(tx, order, 'order_delivered');
    // An invitation to review is a marketing message: only to a buyer who agreed to them, once per order.
    await notifyUser(
      tx,
      order.userId,
      'review_invite',
      { orderId: order.id, orderNo: orderNo(order) },
      { marketing: true, dedupeKey: `review_invite:${order.id}` },
    );
  }
  if (types.has('cancelled')) await orderUpdateMessage(tx, order, 'order_cancelled', { reason: noteOf('cancelled') });
  // A made-to-order piece became ready: hallmarked where it is gold, it ships once every piece of the order is ready.
  if (effects.production?.stage === 'ready') {
    await orderUpdateMessage(tx, order, 'piece_ready', {}, `piece_ready:${effects.production.lineId}`);
  }
  for (const [type, status] of [
    ['return_requested', 'requested'],
    ['return_approved', 'approved'],
    ['return_rejected', 'rejected'],
    ['return_received', 'received'],
  ] as const) {
    if (types.has(type)) {
      await orderUpdateMessage(tx, order, 'return_updated', { status, note: type === 'return_requested' ? '' : noteOf(type) });
    }
  }
}

/** A refund became processed (registered with the lifecycle's refund hook): the customer is told the amount. */
export async function refundProcessedMessage(
  tx: DbOrTx,
  settled: { refund: { id: string; amountPaise: number }; order: Pick<OrderRow, 'id' | 'userId' | 'number'> },
) {
  await orderUpdateMessage(
    tx,
    settled.order,
    'refund_processed',
    { amount: settled.refund.amountPaise / 100 },
    `refund_processed:${settled.refund.id}`,
  );
}
