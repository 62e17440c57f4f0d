import { z } from 'zod';
import { IdParams } from './common.js';
import { paidBackFields, paidBackRule } from './credit.js';
import { RETURN_STATUSES } from './lifecycle.js';
import { AdminOrder, Order, unitCount } from './orders.js';
import { HUID_MESSAGE, HUID_PATTERN, PRODUCTION_STAGES } from './production.js';
import { byId, routeTable } from './route.js';

/** Requests and answers of the order lifecycle rows (docs/orders.md). */

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `At most ${max} characters` })
    .optional();

const CancelBody = z.object({ reason: optionalText(500) }).nullish();

const RETURN_REASON_MESSAGE = 'Tell us why, in at least 5 characters';
const ReturnRequestBody = z.object({
  reason: z
    .string({ message: RETURN_REASON_MESSAGE })
    .trim()
    .min(5, { message: RETURN_REASON_MESSAGE })
    .max(1000, { message: 'At most 1000 characters' }),
});

const REFUND_AMOUNT_MESSAGE = 'Enter an amount above zero, in rupees with at most 2 decimals';
const RefundBody = z
  .object({
    amount: z
      .number({ message: REFUND_AMOUNT_MESSAGE })
      .min(0.01, { message: REFUND_AMOUNT_MESSAGE })
      .max(100_000_000, { message: REFUND_AMOUNT_MESSAGE })
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { message: REFUND_AMOUNT_MESSAGE }),
    reason: z
      .string({ message: 'Give a reason for the refund' })
      .trim()
      .min(1, { message: 'Give a reason for the refund' })
      .max(500, { message: 'At most 500 characters' }),
    restock: z
      .array(
        z.object({
          lineId: z.uuid({ message: 'Invalid line id' }),
          quantity: unitCount.max(1000),
        }),
      )
      .max(100)
      .optional(),
    /** Money received outside the shop is paid back outside it: how, and its reference (docs/credit.md). */
    ...paidBackFields,
  })
  .superRefine(paidBackRule);

const TRACKING_URL_MESSAGE = 'The tracking link must be an https:// address';
const ShipmentBody = z.object({
  carrier: z
    .string({ message: 'Enter the carrier' })
    .trim()
    .min(1, { message: 'Enter the carrier' })
    .max(100, { message: 'At most 100 characters' }),
  trackingnumber: z
    .string({ message: 'Enter the tracking number' })
    .trim()
    .min(1, { message: 'Enter the tracking number' })
    .max(100, { message: 'At most 100 characters' }),
  trackingurl: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
    z
      .url({ protocol: /^https$/, message: TRACKING_URL_MESSAGE })
      .max(500, { message: 'At most 500 characters' })
      .optional(),
  ),
  // The courier's CSB-V details of a parcel shipped abroad, reported in GSTR-1's exports; "" clears one.
  portcode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z0-9]{6})?$/, { message: 'The port code is 6 letters and digits, such as INDEL4' })
    .optional(),
  shippingbill: z
    .string()
    .trim()
    .regex(/^([0-9]{1,7})?$/, { message: 'The shipping bill number is up to 7 digits' })
    .optional(),
  shippingbilldate: z
    .string()
    .trim()
    .refine((v) => v === '' || z.iso.date().safeParse(v).success, {
      message: 'The shipping bill date must be a date (YYYY-MM-DD)',
    })
    .optional(),
});

const ReturnDecisionBody = z.object({
  status: z.enum(RETURN_STATUSES.filter((s) => s !== 'requested') as ['approved', 'rejected', 'received'], {
    message: 'status must be one of approved, rejected, received',
  }),
  note: optionalText(1000),
  refund: z.boolean().optional(),
});

const NoteBody = z.object({
  note: z
    .string({ message: 'Write the note' })
    .trim()
    .min(1, { message: 'Write the note' })
    .max(2000, { message: 'At most 2000 characters' }),
});

const ProductionParams = z.object({
  orderId: z.uuid({ message: 'Invalid order id' }),
  lineId: z.uuid({ message: 'Invalid line id' }),
});
const ProductionBody = z.object({
  stage: z.enum(PRODUCTION_STAGES, { message: `stage must be one of ${PRODUCTION_STAGES.join(', ')}` }),
  note: optionalText(500),
  huid: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || HUID_PATTERN.test(v), { message: HUID_MESSAGE })
    .optional(),
});

/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const ShopperOrderActionResponse = z.object({ success: z.boolean(), message: z.string(), order: Order });
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const AdminOrderActionResponse = z.object({ success: z.boolean(), message: z.string(), order: AdminOrder });
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const AdminOrderDetailResponse = z.object({ success: z.boolean(), order: AdminOrder });
const AdminNoteResponse = z.object({ success: z.boolean(), order: AdminOrder });

export const orderActionRoutes = routeTable('Order lifecycle', {
  'POST /o1/api/cancel/:id': {
    guard: 'user',
    summary: 'Cancel your order (within 24 hours, before shipping): stock back on sale, full refund started',
    body: CancelBody,
    ...byId(IdParams, { 200: ShopperOrderActionResponse }, 409, 415),
  },
  'POST /o1/api/returns/:id': {
    guard: 'user',
    summary: 'Ask to return a delivered order (within 10 days of delivery, once)',
    body: ReturnRequestBody,
    ...byId(IdParams, { 201: ShopperOrderActionResponse }, 409, 415),
  },
  'GET /o1/api/admin/orders/:id': {
    guard: 'admin',
    summary: 'One order with its customer, refunds and the whole timeline (private notes included)',
    ...byId(IdParams, { 200: AdminOrderDetailResponse }),
  },
  'POST /o1/api/admin/cancel/:id': {
    guard: 'admin',
    summary: 'Cancel an order that is not shipped: stock back on sale, what is left of the payment refunded',
    body: CancelBody,
    ...byId(IdParams, { 200: AdminOrderActionResponse }, 409, 415),
  },
  'POST /o1/api/admin/refund/:id': {
    guard: 'admin',
    summary: 'Refund part or all of what is left of the payment (rupees), optionally putting chosen units back on sale',
    description:
      'The amount may not exceed what was paid less processed and pending refunds (409). Sent to Razorpay with an ' +
      'idempotency key per refund (or processed at once by the sandbox). 502 when the payment service refuses it ' +
      '(the refund is recorded as failed), 502/503 when it cannot be reached (the refund stays pending and is sent again). ' +
      'Money received outside the shop (a credit order’s recorded payments) is paid back outside it: the refund names ' +
      '`method` and `reference`, is processed at once and never goes to Razorpay; at most what was received outside ' +
      'the shop less what was paid back (409). Without `method`, only money paid through the shop is refunded: an ' +
      'order paid wholly outside it → 400 on `method`. A credit order paid online in several payments has a refund ' +
      'larger than one payment split into one refund per payment (newest first, each within what is left of it; ' +
      '`paymentid` on each); a 502 for a refused part says how much went back to the other payments.',
    body: RefundBody,
    ...byId(IdParams, { 201: AdminOrderActionResponse }, 409, 415, 502, 503),
  },
  'PATCH /o1/api/admin/shipment/:id': {
    guard: 'admin',
    summary:
      'Record the carrier, tracking number and link (and, for a parcel abroad, its shipping bill and port code); a paid order that is not cancelled becomes shipped',
    body: ShipmentBody,
    ...byId(IdParams, { 200: AdminOrderActionResponse }, 409, 415),
  },
  'PATCH /o1/api/admin/returns/:id': {
    guard: 'admin',
    summary:
      'Approve or reject a return request, or mark an approved return received (units back on sale once; with refund, what is left is refunded)',
    body: ReturnDecisionBody,
    ...byId(IdParams, { 200: AdminOrderActionResponse }, 409, 415),
  },
  'PATCH /o1/api/admin/production/:orderId/:lineId': {
    guard: 'admin',
    summary: 'Move a made-to-order piece forward in production (designing → casting → setting → polishing → hallmarking → ready)',
    description:
      'Forward only, one stage or more (backwards or the same stage → 409); each stage passed is a `production` event. ' +
      'Gold cannot reach ready without its 6-character HUID (400). The buyer is told when the piece is ready.',
    body: ProductionBody,
    params: ProductionParams,
    responses: { 200: AdminOrderActionResponse },
    errors: [400, 404, 409, 415],
  },
  'POST /o1/api/admin/note/:id': {
    guard: 'admin',
    summary: 'Add a private note to the order’s timeline (never shown to the shopper)',
    body: NoteBody,
    ...byId(IdParams, { 201: AdminNoteResponse }, 415),
  },
});
