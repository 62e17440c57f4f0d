import { orderRoutes } from '../../../contract/order-routes.js';
import { cacheKey } from '../../http/answer-cache.js';
import { routePlugin } from '../../http/routes.js';
import { userOf } from '../../http/session.js';
import { setDeliveryStatus } from './lifecycle/service.js';
import * as service from './service.js';

export default routePlugin(orderRoutes, (app) => ({
  'GET /o1/api/my-orders': async (request) => ({ success: true, orders: await service.myOrders(app.db, userOf(request).id) }),

  // The same for every administrator: kept by the server (already serialised) until an order, its lines,
  // events, refunds, invoices, customers or products change, or a return window on the page closes.
  'GET /o1/api/admin/orders': async (request, reply) => {
    const body = await app.orderLists.get(cacheKey(request.url), async () => {
      const { answer, validUntil } = await service.adminOrdersUntil(app.db, request.query);
      const value = Buffer.from(JSON.stringify({ success: true, ...answer }));
      return { value, bytes: value.length + 200, validUntil };
    });
    return reply.type('application/json; charset=utf-8').send(body);
  },

  'PATCH /o1/api/admin/update/:id': async (request) => {
    await setDeliveryStatus(app, request.params.id, userOf(request).id, request.body.deliverystatus);
    return {
      success: true,
      message: 'Order status updated',
      order: await service.orderView(app.db, request.params.id, { withUser: true }),
    };
  },

  'GET /o1/api/admin/count': async () => ({ success: true, count: await service.countOrders(app.db) }),
}));
