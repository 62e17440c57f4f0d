/**
 * Who reacts to what, for the whole shop, in one place. A feature that records an event (the order lifecycle
 * marking a refund processed) or sends a message (the outbox) runs the reactions listed here, which the app
 * carries (`app.orderReactions`, `app.messageAttachments`, set in `app.ts`); a feature never signs itself up when
 * it is imported. To make a feature react to an event, add its function to the event's list. A feature's piece
 * another needs without importing it (which would close a circle between features) is handed over here too.
 */
import type { BuyNowPaise } from './domain/buy-now.js';
import type { DuePayments } from './domain/due-payments.js';
import type { OrderReactions } from './domain/order-events.js';
import { settleDue } from './features/credit/pay-due.js';
import { settleLinkPayment } from './features/credit/reminders.js';
import { issueAdvanceRefundVoucher, issueRefundCreditNote, orderInvoiceAttachment } from './features/gst/documents.js';
import type { OrderViews } from './features/orders/lifecycle/routes.js';
import { forShopper, orderView } from './features/orders/service.js';
import { refundProcessedMessage } from './features/outbox/orders.js';
import type { AttachmentSource } from './features/outbox/worker.js';
import { buyNowPaise as pricedBuyNow } from './features/payments/buy-now.js';
import { checkoutAnswer, startCheckout } from './features/payments/checkout.js';
import { countCheckoutStarted } from './features/payments/checkout-count.js';
import type { AcceptQuote } from './features/wholesale/routes.js';

/** The reactions to each order event, run in this order inside the transaction that records the event. */
export const orderReactions: OrderReactions = {
  // The customer hears of the refund, and its credit note is issued (or, for an advance paid back before the order's
  // invoice, its refund voucher), in the transaction that marks it processed.
  refundProcessed: [refundProcessedMessage, issueRefundCreditNote, issueAdvanceRefundVoucher],
};

/** The files attached to outgoing e-mails: the order's invoice PDF on the order-placed e-mail. */
export const messageAttachments: readonly AttachmentSource[] = [orderInvoiceAttachment];

/** Buy Now's item priced as its checkout prices it, for the coupon check and the shipping rates. */
export const buyNowPaise: BuyNowPaise = pricedBuyNow;

/** A business paying its quote (POST /o1/api/quotes/:id/accept): the card checkout of exactly the quote's lines. */
export const acceptQuote: AcceptQuote = async (app, userId, clientAddress, quoteId, body) => {
  await countCheckoutStarted(app, userId, clientAddress);
  const { checkout, providerOrderId } = await startCheckout(app, userId, body.shippinginfo, {
    clientAddress,
    shippingrate: body.shippingrate || undefined,
    quoteId,
  });
  return checkoutAnswer(app.paymentProvider, checkout, providerOrderId);
};

/** The order as the back-office and as its shopper see it, which every order action answers with. */
export const orderViews: OrderViews = {
  admin: (db, id) => orderView(db, id, { withUser: true }),
  shopper: async (db, id) => forShopper(await orderView(db, id, { withUser: false })),
};

/**
 * A payment of what is due on a credit order, from the checkout's reports (browser, webhook, reconciler) or through a
 * due reminder's payment link: counted by the credit feature, which itself uses the payment feature's checkout.
 */
export const duePayments: DuePayments = { settle: settleDue, settleLink: settleLinkPayment };
