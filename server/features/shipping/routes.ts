import { shippingZoneRoutes } from '../../../contract/shipping-zones.js';
import { routePlugin } from '../../http/routes.js';
import { userOf } from '../../http/session.js';
import * as service from './service.js';

/** Shipping zones (/a1/api) and the rates for the shopper's cart (/o1/api): docs/worldwide.md. */
export default routePlugin(shippingZoneRoutes, (app) => ({
  'GET /a1/api/shipping/zones': async () => ({ success: true, zones: await service.listZones(app.db) }),

  'PUT /a1/api/admin/shipping/zones': async (request) => ({
    success: true,
    zones: await service.replaceZones(app.db, request.body),
  }),

  'GET /o1/api/shipping-rates': async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const rates = await service.ratesForCart(app.db, userOf(request).id, request.query, app.clock(), app.buyNowPaise);
    return { success: true, rates };
  },
}));
