import type { FastifyReply } from 'fastify';
import { paiseToRupees } from '../../../contract/common.js';
import { creditRoutes } from '../../../contract/credit.js';
import { settingsRow } from '../../domain/shop-settings.js';
import { routePlugin } from '../../http/routes.js';
import { userOf } from '../../http/session.js';
import { forShopper, orderView } from '../orders/service.js';
import { countCheckoutStarted } from '../payments/checkout-count.js';
import { startDuePayment } from './pay-due.js';
import { placeCreditOrder, recordPayment } from './service.js';
import { businessUserId, statement, statementPdf } from './statement.js';

/** Credit orders of a business and the payments the merchant receives for them (docs/credit.md). */
export default routePlugin(creditRoutes, (app) => {
  /** A business's statement as JSON or its PDF: the buyer's own, or any for the merchant, answered alike. */
  const answerStatement = async (
    reply: FastifyReply,
    userId: string,
    query: { from: string; to: string; format: 'json' | 'pdf' },
  ) => {
    const s = await statement(app.db, userId, query.from, query.to);
    reply.header('cache-control', 'private, no-store');
    if (query.format !== 'pdf') return { success: true, ...s };
    const shop = await settingsRow(app.db);
    const doc = await statementPdf(app.db, userId, { shopname: shop.shopname, address: shop.address }, s);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${doc.fileName}"`).send(doc.pdf);
  };
  return {
    'GET /u1/api/business/statement': async (request, reply) => answerStatement(reply, userOf(request).id, request.query),
    'GET /u1/api/admin/businesses/:id/statement': async (request, reply) =>
      answerStatement(reply, await businessUserId(app.db, request.params.id), request.query),
    'POST /o1/api/credit-order': async (request, reply) => {
      const orderId = await placeCreditOrder(app, userOf(request).id, request.body);
      const order = forShopper(await orderView(app.db, orderId, { withUser: false }));
      return reply.status(201).send({ success: true, message: 'Order placed on credit', order });
    },
    'POST /o1/api/pay-due/:id': async (request) => {
      const userId = userOf(request).id;
      await countCheckoutStarted(app, userId, request.ip);
      const { checkout, providerOrderId } = await startDuePayment(app, userId, request.params.id);
      return {
        success: true,
        razorpayOrder: { id: providerOrderId, amount: checkout.amountPaise, currency: 'INR' as const },
        provider: app.paymentProvider.name,
        key: app.paymentProvider.keyId,
        totalamount: paiseToRupees(checkout.amountPaise),
        holdExpiresAt: checkout.holdExpiresAt.toISOString(),
      };
    },
    'POST /o1/api/admin/payments/:id': async (request, reply) => {
      await recordPayment(app.db, request.params.id, request.body);
      const order = await orderView(app.db, request.params.id, { withUser: true });
      return reply.status(201).send({ success: true, message: 'Payment recorded', order });
    },
  };
});
