import { promotionRoutes } from '../../../contract/promotions.js';
import { routePlugin } from '../../http/routes.js';
import { userOf } from '../../http/session.js';
import * as service from './service.js';

/**
 * Sales, coupons and the cart's coupon check. Writes under /p1/api go through the catalogue prefix, so the
 * listings and pages each server remembers are forgotten at once (server/app.ts).
 */
export default routePlugin(promotionRoutes, (app) => ({
  'GET /p1/api/sales': async () => ({ success: true, sales: await service.runningSales(app.db, app.clock()) }),

  'GET /p1/api/admin/sales': async () => ({ success: true, sales: await service.adminListSales(app.db, app.clock()) }),

  'POST /p1/api/admin/sales': async (request) => ({
    success: true,
    message: 'Sale created',
    sale: await service.createSale(app.db, request.body, app.clock()),
  }),

  'PATCH /p1/api/admin/sales/:id': async (request) => ({
    success: true,
    message: 'Sale updated',
    sale: await service.updateSale(app.db, request.params.id, request.body, app.clock()),
  }),

  'DELETE /p1/api/admin/sales/:id': async (request) => {
    await service.deleteSale(app.db, request.params.id);
    return { success: true, message: 'Sale deleted' };
  },

  'GET /p1/api/admin/coupons': async () => ({ success: true, coupons: await service.adminListCoupons(app.db, app.clock()) }),

  'POST /p1/api/admin/coupons': async (request) => ({
    success: true,
    message: 'Coupon created',
    coupon: await service.createCoupon(app.db, request.body, app.clock()),
  }),

  'PATCH /p1/api/admin/coupons/:id': async (request) => ({
    success: true,
    message: 'Coupon updated',
    coupon: await service.updateCoupon(app.db, request.params.id, request.body, app.clock()),
  }),

  'DELETE /p1/api/admin/coupons/:id': async (request) => {
    await service.deleteCoupon(app.db, request.params.id);
    return { success: true, message: 'Coupon deleted' };
  },

  'POST /c2/api/coupon': async (request) =>
    service.checkCoupon(app.db, userOf(request).id, request.body.code, app.clock(), request.body.items),
}));
