import { z } from 'zod';
import { EINVOICE_STATUSES } from './einvoice.js';

/**
 * The delivery statuses an admin may set freely with PATCH /admin/update, in the order the back-office lists them.
 * This is the one list of delivery statuses: every other list of them is made from it.
 */
export const SETTABLE_DELIVERY_STATUSES = ['pending', 'confirmed', 'shipped', 'delivered', 'returned'] as const;
/** Every delivery status an order can have: `cancelled` comes only from the cancel rows (the database checks the same list). */
export const DELIVERY_STATUSES = [...SETTABLE_DELIVERY_STATUSES, 'cancelled'] as const;
export const PAYMENT_STATUSES = ['Paid', 'Pending', 'Failed', 'Refunded', 'Partially refunded', 'Due', 'Partially paid'] as const;
/**
 * Why an order needs the merchant: `stock_unavailable` (paid after the hold expired and the stock was gone:
 * refunded), `amount_mismatch` (the payment was not for the order's amount: never Paid, refunded),
 * `shipping_missing` (placed without shipping details), `coupon_unavailable` (paid after the checkout's hold ended,
 * when its coupon was used up: refunded), `quote_already_ordered` (a second payment for a quote that had already
 * made its order: refunded).
 */
export const ORDER_FLAGS = [
  'stock_unavailable',
  'amount_mismatch',
  'shipping_missing',
  'coupon_unavailable',
  'quote_already_ordered',
] as const;
/** The latest refund's status, `none` without refunds. */
export const REFUND_SUMMARIES = ['none', 'pending', 'processed', 'failed'] as const;
export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received'] as const;
export const ORDER_ACTORS = ['customer', 'admin', 'system'] as const;
export const ORDER_EVENT_TYPES = [
  'placed',
  'paid',
  'confirmed',
  'shipped',
  'delivered',
  'status',
  'cancelled',
  'refund_requested',
  'refund_processed',
  'refund_failed',
  'return_requested',
  'return_approved',
  'return_rejected',
  'return_received',
  'flagged',
  'note',
  'production',
] as const;

export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** The statuses before the parcel leaves: the order can still be cancelled (and is waiting to be shipped). */
export const NOT_SHIPPED_STATUSES = ['pending', 'confirmed'] as const satisfies readonly DeliveryStatus[];
/** The statuses in which a shipment can be recorded (or its details corrected while shipped). */
export const SHIPPABLE_STATUSES = [...NOT_SHIPPED_STATUSES, 'shipped'] as const satisfies readonly DeliveryStatus[];
/** The delivery status as an order's `status` names it: the same list, capitalised. */
export const DELIVERY_STATUS_NAMES = DELIVERY_STATUSES.map((s) => `${s[0]?.toUpperCase() ?? ''}${s.slice(1)}`) as unknown as {
  [K in keyof typeof DELIVERY_STATUSES]: Capitalize<(typeof DELIVERY_STATUSES)[K] & string>;
};
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type OrderFlag = (typeof ORDER_FLAGS)[number];
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export type OrderActor = (typeof ORDER_ACTORS)[number];
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/** A shopper may cancel within this long of placing, while the order is not shipped. */
export const CANCEL_WINDOW_MS = 24 * 3600_000;
/** A shopper may ask to return within this long of delivery. */
export const RETURN_WINDOW_MS = 10 * 24 * 3600_000;

export const OrderEvent = z.object({
  at: z.string(),
  type: z.enum(ORDER_EVENT_TYPES),
  actor: z.enum(ORDER_ACTORS),
  note: z.string(),
});
const Shipment = z.object({
  carrier: z.string(),
  trackingnumber: z.string(),
  trackingurl: z.string(),
  shippedAt: z.string(),
  /** The back-office's only: the CSB-V shipping bill of a parcel abroad ("" until recorded). */
  portcode: z.string().optional(),
  shippingbill: z.string().optional(),
  shippingbilldate: z.string().optional(),
});
const Refund = z.object({
  _id: z.string(),
  /** Rupees. */
  amount: z.number(),
  /** The currency it goes back in (the payment's) and the amount in it, in major units (rupees for INR). */
  currency: z.string().optional(),
  currencyamount: z.number().optional(),
  status: z.enum(REFUND_STATUSES),
  reason: z.string(),
  createdAt: z.string(),
  /** Money received outside the shop paid back outside it: how (neft, rtgs, imps, upi, cheque, cash) and its reference. */
  method: z.string().nullable().optional(),
  reference: z.string().optional(),
  /**
   * The payment it goes back to (a Razorpay payment id); absent for money paid back outside the shop. A credit order
   * paid online in several payments has a refund larger than one payment split into one refund per payment.
   */
  paymentid: z.string().optional(),
});
const ReturnRequest = z.object({
  _id: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason: z.string(),
  createdAt: z.string(),
});
const Invoice = z.object({
  number: z.string(),
  url: z.string(),
  /** The IRN, acknowledgement number and date (ISO) the IRP gave the invoice; null until registered. */
  irn: z.string().nullable(),
  ackno: z.string().nullable(),
  ackdate: z.string().nullable(),
  einvoicestatus: z.enum(EINVOICE_STATUSES),
});

/** What every Order answer gains with the lifecycle. */
export const orderLifecycleFields = {
  events: z.array(OrderEvent),
  shipment: Shipment.nullable(),
  refunds: z.array(Refund),
  /** Rupees refunded (processed refunds only). */
  refundedamount: z.number(),
  discountamount: z.number(),
  couponcode: z.string(),
  invoice: Invoice.nullable(),
  /** The receipt voucher of an advance: an order paid before its made-to-order piece is made (null otherwise). */
  receipt: z.object({ number: z.string(), url: z.string() }).nullable(),
  /**
   * Every voucher of the order's advances, in the order issued: a receipt voucher for each advance received before
   * the invoice (the payment of an order with a made-to-order piece; each payment on a credit order with one) and a
   * refund voucher for each advance paid back before it (a piece cancelled). `amount` in rupees, `date` ISO.
   */
  vouchers: z.array(
    z.object({
      kind: z.enum(['receipt', 'refund']),
      number: z.string(),
      url: z.string(),
      amount: z.number(),
      date: z.string(),
    }),
  ),
  cancellable: z.boolean(),
  returnable: z.boolean(),
  returnrequest: ReturnRequest.nullable(),
};
