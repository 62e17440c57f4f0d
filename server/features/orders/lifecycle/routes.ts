import type { FastifyPluginAsync } from 'fastify';
import { orderActionRoutes } from '../../../../contract/order-actions.js';
import type { AdminOrder, Order } from '../../../../contract/orders.js';
import { PRODUCTION_STAGE_NAMES } from '../../../../contract/production.js';
import type { Db } from '../../../db/client.js';
import { registerRoutes } from '../../../http/routes.js';
import { userOf } from '../../../http/session.js';
import * as service from './service.js';

/**
 * The order each action answers with, as the back-office and as its shopper see it: the orders feature's views,
 * handed in by server/wiring.ts (the orders feature shows the lifecycle's timeline, so lifecycle does not import it).
 */
export type OrderViews = {
  admin: (db: Db, id: string) => Promise<AdminOrder>;
  shopper: (db: Db, id: string) => Promise<Order>;
};

const routes: FastifyPluginAsync<{ orderViews: OrderViews }> = async (app, { orderViews }) => {
  const adminView = (id: string) => orderViews.admin(app.db, id);
  const shopperView = (id: string) => orderViews.shopper(app.db, id);
  registerRoutes(app, orderActionRoutes, {
    'POST /o1/api/cancel/:id': async (request) => {
      const me = userOf(request);
      const done = await service.cancelOrder(app, request.params.id, { actor: 'customer', userId: me.id }, request.body?.reason);
      return {
        success: true,
        message: `Your order has been cancelled.${service.refundWords(done.refund)}`,
        order: await shopperView(done.orderId),
      };
    },

    'POST /o1/api/returns/:id': async (request) => {
      const me = userOf(request);
      const done = await service.requestReturn(app, request.params.id, me.id, request.body.reason);
      return {
        success: true,
        message: 'Your return request has been sent. We will get back to you shortly.',
        order: await shopperView(done.orderId),
      };
    },

    'GET /o1/api/admin/orders/:id': async (request) => ({ success: true, order: await adminView(request.params.id) }),

    'POST /o1/api/admin/cancel/:id': async (request) => {
      const me = userOf(request);
      const done = await service.cancelOrder(app, request.params.id, { actor: 'admin', userId: me.id }, request.body?.reason);
      return {
        success: true,
        message: `Order cancelled; its stock is back on sale.${service.refundWords(done.refund, done.leftOutsidePaise)}`,
        order: await adminView(done.orderId),
      };
    },

    'POST /o1/api/admin/refund/:id': async (request) => {
      const me = userOf(request);
      const done = await service.refundOrder(app, request.params.id, me.id, request.body);
      return {
        success: true,
        message: done.refund?.status === 'processed' ? 'Refund processed' : 'Refund started',
        order: await adminView(done.orderId),
      };
    },

    'PATCH /o1/api/admin/shipment/:id': async (request) => {
      const me = userOf(request);
      const done = await service.recordShipment(app, request.params.id, me.id, request.body);
      return { success: true, message: 'Shipment recorded', order: await adminView(done.orderId) };
    },

    'PATCH /o1/api/admin/returns/:id': async (request) => {
      const me = userOf(request);
      const done = await service.decideReturn(app, request.params.id, me.id, request.body);
      const words = {
        approved: 'Return approved',
        rejected: 'Return rejected',
        received: 'Return received; the units are back on sale.',
      };
      return {
        success: true,
        message: `${words[request.body.status]}${service.refundWords(done.refund, request.body.status === 'received' ? done.leftOutsidePaise : 0)}`,
        order: await adminView(done.orderId),
      };
    },

    'PATCH /o1/api/admin/production/:orderId/:lineId': async (request) => {
      const me = userOf(request);
      const { orderId, lineId } = request.params;
      const done = await service.moveProduction(app, orderId, lineId, me.id, request.body);
      const stage = request.body.stage;
      return {
        success: true,
        message:
          stage === 'ready'
            ? 'The piece is ready; the buyer has been told'
            : `The piece is now at ${PRODUCTION_STAGE_NAMES[stage].toLowerCase()}`,
        order: await adminView(done.orderId),
      };
    },

    'POST /o1/api/admin/note/:id': async (request) => {
      const me = userOf(request);
      const done = await service.addNote(app, request.params.id, me.id, request.body.note);
      return { success: true, order: await adminView(done.orderId) };
    },
  });
};

export default routes;
