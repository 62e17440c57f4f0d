import { orderRoutes } from '../../../contract/order-routes.js';
import { routePlugin } from '../../http/routes.js';
import { userOf } from '../../http/session.js';
import { setDeliveryStatus } from '../lifecycle/service.js';
import * as service from './service.js';

export default routePlugin(orderRoutes, (app) => ({
  'GET /o1/api/my-orders': async (request) => ({ success: true, orders: await service.myOrders(app.db, userOf(request).id) }),

  'GET /o1/api/admin/orders': async (request) => ({ success: true, ...(await service.adminOrders(app.db, request.query)) }),

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
