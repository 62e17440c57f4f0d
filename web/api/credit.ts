import type { creditRoutes } from '../../contract/credit';
import type { ShippingInfo } from '../../contract/orders';
import { queryString, type RouteBody, routeCaller } from './client';
import type { BuyNowItem } from './orders';

const credit = routeCaller<typeof creditRoutes>();

/** What the merchant enters for a payment received outside the shop. */
type RecordPayment = RouteBody<typeof creditRoutes, 'POST /o1/api/admin/payments/:id'>;

/** Credit trading (docs/credit.md): orders placed on credit, paying what is due, payments received, statements. */
export const creditApi = {
  /** Places the cart (or Buy Now's item, the cart left alone) as an order on credit: Due, with its due date. */
  placeOrder: (shippinginfo: ShippingInfo, buynow?: BuyNowItem, shippingrate?: string, quoteId?: string) =>
    credit('POST /o1/api/credit-order', {
      body: {
        shippinginfo,
        ...(buynow ? { buynow } : {}),
        ...(shippingrate ? { shippingrate } : {}),
        ...(quoteId ? { quoteId } : {}),
      },
    }),
  /** Opens a payment for what is still due on the buyer's own credit order (answers as razorpay-order does). */
  payDue: (id: string) => credit('POST /o1/api/pay-due/:id', { params: { id }, body: {} }),
  /** The back-office records a payment received outside the shop (bank transfer, UPI, cheque, cash). */
  recordPayment: (id: string, body: RecordPayment) => credit('POST /o1/api/admin/payments/:id', { params: { id }, body }),
  /** The business's statement of account for a period (India days, both included). */
  statement: (from: string, to: string) => credit('GET /u1/api/business/statement', { query: { from, to, format: 'json' } }),
  /** Where the same statement is downloaded as a PDF. */
  statementPdfUrl: (from: string, to: string) => `/u1/api/business/statement${queryString({ from, to, format: 'pdf' })}`,
  /** The back-office's view of a business's statement: the same answer its buyer gets. */
  businessStatement: (id: string, from: string, to: string) =>
    credit('GET /u1/api/admin/businesses/:id/statement', { params: { id }, query: { from, to, format: 'json' } }),
  /** Where the back-office downloads a business's statement as a PDF. */
  businessStatementPdfUrl: (id: string, from: string, to: string) =>
    `/u1/api/admin/businesses/${encodeURIComponent(id)}/statement${queryString({ from, to, format: 'pdf' })}`,
};
