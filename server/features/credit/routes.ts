import { creditRoutes } from '../../../contract/credit.js';
import { routePlugin } from '../../http/routes.js';
import { userOf } from '../../http/session.js';
import { forShopper, orderView } from '../orders/service.js';
import { placeCreditOrder, recordPayment } from './service.js';

/** Credit orders of a business and the payments the merchant receives for them (docs/credit.md). */
export default routePlugin(creditRoutes, (app) => ({
  'POST /o1/api/credit-order': async (request, reply) => {
    const orderId = await placeCreditOrder(app, userOf(request).id, request.body);
    const order = forShopper(await orderView(app.db, orderId, { withUser: false }));
    return reply.status(201).send({ success: true, message: 'Order placed on credit', order });
  },
  'POST /o1/api/admin/payments/:id': async (request, reply) => {
    await recordPayment(app.db, request.params.id, request.body);
    const order = await orderView(app.db, request.params.id, { withUser: true });
    return reply.status(201).send({ success: true, message: 'Payment recorded', order });
  },
}));
