import { z } from 'zod';
import { Id, IdParams, rupeesField } from './common.js';
import {
  BuyNowItem,
  CheckoutItems,
  OrderResponse,
  oneWayToBuy,
  RazorpayOrderResponse,
  ShippingInfoInput,
  ShippingRateChoice,
} from './orders.js';
import { byId, routeTable } from './route.js';

// ---------------------------------------------------------------- credit orders and payments received (docs/credit.md)
/** POST /o1/api/credit-order: the cart (or Buy Now lines) to the shipping address, paid later. */
const CreditOrderBody = z
  .object({
    shippinginfo: ShippingInfoInput,
    /** Buy Now: only these cart lines (as for POST /o1/api/razorpay-order); the whole cart when absent. */
    items: CheckoutItems.optional(),
    /** Buy Now's item straight from the product page (as for POST /o1/api/razorpay-order); the cart is left alone. */
    buynow: BuyNowItem.optional(),
    shippingrate: ShippingRateChoice.optional(),
    /** A quoted lot instead of the cart (POST /o1/api/quotes): its lines at the quoted prices; it becomes `ordered`. */
    quoteId: Id.optional(),
  })
  .superRefine(oneWayToBuy);

/** How money moves outside the shop: received for a credit order, or paid back by a refund. */
const PAYMENT_METHODS = ['neft', 'rtgs', 'imps', 'upi', 'cheque', 'cash'] as const;
const METHOD_MESSAGE = 'Method must be one of neft, rtgs, imps, upi, cheque, cash';
/** A refund of money received outside the shop that does not say how it is paid back (400 on `method`). */
export const NAME_HOW_PAID_BACK = 'This order was paid outside the shop: say how the money is paid back (method and reference)';

/**
 * The admin's refund of money received outside the shop names how it is paid back outside it (docs/credit.md):
 * the method and its reference (the transfer's UTR, the UPI reference, the cheque number; cash needs none).
 */
export const paidBackFields = {
  method: z.enum(PAYMENT_METHODS, { message: METHOD_MESSAGE }).optional(),
  reference: z.string().trim().max(100, { message: 'Reference must be at most 100 characters' }).optional(),
};
/** A reference is needed for every method but cash; none without a method. */
export const paidBackRule = (b: { method?: string | undefined; reference?: string | undefined }, ctx: z.RefinementCtx) => {
  if (b.method && b.method !== 'cash' && !b.reference) {
    ctx.addIssue({
      code: 'custom',
      path: ['reference'],
      message: 'Give the reference of the payment back (UTR, UPI reference or cheque number)',
    });
  }
  if (!b.method && b.reference) ctx.addIssue({ code: 'custom', path: ['method'], message: METHOD_MESSAGE });
};
/** Cash from one buyer in one day must stay under ₹2,00,000 (Income-tax Act s.269ST). */
export const CASH_LIMIT_RUPEES = 200_000;
export const CASH_LIMIT_MESSAGE = 'Cash of ₹2,00,000 or more from one buyer in a day cannot be accepted (Income-tax Act s.269ST)';

/** POST /o1/api/admin/payments/:id: a payment received outside the shop. */
export const RecordPaymentBody = z.object({
  amount: rupeesField('Amount', 0.01),
  method: z.enum(PAYMENT_METHODS, { message: METHOD_MESSAGE }),
  reference: z.string().trim().max(100, { message: 'Reference must be at most 100 characters' }).default(''),
  receivedon: z.iso.date({ message: 'Received on must be a date (YYYY-MM-DD)' }),
});
export type RecordPaymentBody = z.output<typeof RecordPaymentBody>;

/** POST /o1/api/pay-due/:id: pay what is still due on a credit order (rupees only for now). */
const PayDueBody = z
  .object({
    currency: z.literal('INR', { message: 'What is due is paid in INR' }).optional(),
  })
  .nullish();

/** GET /u1/api/business/statement: a period of the business's account (India days, both included). */
const StatementQuery = z
  .object({
    from: z.iso.date({ message: 'from must be a date (YYYY-MM-DD)' }),
    to: z.iso.date({ message: 'to must be a date (YYYY-MM-DD)' }),
    format: z.enum(['json', 'pdf'], { message: 'format is json or pdf' }).default('json'),
  })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['to'] });
/** @forTests the statement tests read the answer through this schema */
export const StatementResponse = z.object({
  success: z.boolean(),
  from: z.string(),
  to: z.string(),
  /** Rupees owed before `from` (positive: owed to the shop). */
  opening: z.number(),
  closing: z.number(),
  lines: z.array(
    z.object({
      date: z.string(),
      type: z.enum(['invoice', 'payment', 'creditnote', 'refund']),
      number: z.string(),
      debit: z.number(),
      credit: z.number(),
      balance: z.number(),
    }),
  ),
});

export const creditRoutes = routeTable('Credit', {
  'GET /u1/api/business/statement': {
    guard: 'user',
    summary: 'The business’s statement of account for a period: invoices, payments, credit notes, refunds; JSON or PDF',
    description:
      'Its credit orders’ invoices are debits, payments received (online or outside the shop) and credit notes are ' +
      'credits, a refund paid back is a debit; each line carries the running balance, with the balance before `from` ' +
      '(opening) and after `to` (closing). Rupees. A user without a business account → 403.',
    query: StatementQuery,
    responses: { 200: StatementResponse },
    produces: ['application/json', 'application/pdf'],
    errors: [400],
  },
  'GET /u1/api/admin/businesses/:id/statement': {
    guard: 'admin',
    summary: 'A business’s statement of account for the merchant: the same lines, balances and PDF its buyer sees',
    description:
      'The answer of GET /u1/api/business/statement for the business with this id (from the Businesses screen). ' +
      'An unknown business → 404.',
    query: StatementQuery,
    ...byId(IdParams, { 200: StatementResponse }),
    produces: ['application/json', 'application/pdf'],
  },
  'POST /o1/api/pay-due/:id': {
    guard: 'user',
    summary: 'Open a payment for what is still due on the buyer’s own credit order',
    description:
      'Answers as POST /o1/api/razorpay-order does, for the amount still due (no stock is held). The payment is ' +
      'reported through verify-and-place (no shippinginfo needed), the webhook or the reconciler, and is counted once: ' +
      'the order becomes Partially paid or Paid, never a new order. Another buyer’s order → 404; nothing due → 409.',
    body: PayDueBody,
    ...byId(IdParams, { 200: RazorpayOrderResponse }, 409, 413, 415, 429, 502, 503),
  },
  'POST /o1/api/credit-order': {
    guard: 'user',
    summary: 'Place the cart as an order on credit (a business with credit terms only)',
    description:
      'The order is placed Due with its due date (today, India, + the business’s credit days): the stock is sold and ' +
      'the invoice issued at once. 403 for anyone without credit terms; 409 when what is owed plus this order passes ' +
      'the credit limit, when an order is overdue, or a line is out of stock.',
    body: CreditOrderBody,
    responses: { 201: OrderResponse },
    errors: [400, 409, 413, 415],
  },
  'POST /o1/api/admin/payments/:id': {
    guard: 'admin',
    summary: 'Record a payment received outside the shop for a credit order',
    description:
      'Partially paid until what is due is covered, then Paid. More than is due → 409; cash of ₹2,00,000 or more from ' +
      'one buyer in a day → 400 (Income-tax Act s.269ST).',
    body: RecordPaymentBody,
    ...byId(IdParams, { 201: OrderResponse }, 409, 413, 415),
  },
});
