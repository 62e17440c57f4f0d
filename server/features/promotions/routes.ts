import { promotionRoutes } from '../../../contract/promotions.js';
import type { DbOrTx } from '../../db/client.js';
import { countAttempt } from '../../http/rate-limit.js';
import { routePlugin } from '../../http/routes.js';
import { userOf } from '../../http/session.js';
import * as service from './service.js';

/** A kind of promotion the back-office keeps (sales, coupons): its reads and writes, each at `at`. */
type Kept<T, B, P> = {
  list: (db: DbOrTx, at: Date) => Promise<T[]>;
  create: (db: DbOrTx, body: B, at: Date) => Promise<T>;
  update: (db: DbOrTx, id: string, patch: P, at: Date) => Promise<T>;
  remove: (db: DbOrTx, id: string) => Promise<unknown>;
};
/** The answers: the list under `<key>s`, a created or updated one under `key`. */
type Listed<K extends string, T> = { success: boolean } & Record<`${K}s`, T[]>;
type Written<K extends string, T> = { success: boolean; message: string } & Record<K, T>;
const written = <K extends string, T>(key: K, message: string, value: T) =>
  ({ success: true, message, [key]: value }) as Written<K, T>;

/**
 * Sales, coupons and the cart's coupon check. Writes under /p1/api go through the catalogue prefix, so the
 * listings and pages each server remembers are forgotten at once (server/app.ts).
 */
export default routePlugin(promotionRoutes, (app) => {
  /**
   * The back-office's four routes of one kind: the list answers under `<key>s`, a created or updated one
   * under `key`, each write with "<Noun> created / updated / deleted".
   */
  const backOffice = <K extends string, T, B, P>(key: K, noun: string, kept: Kept<T, B, P>) => ({
    list: async () => ({ success: true, [`${key}s`]: await kept.list(app.db, app.clock()) }) as Listed<K, T>,
    create: async (request: { body: B }) => written(key, `${noun} created`, await kept.create(app.db, request.body, app.clock())),
    update: async (request: { params: { id: string }; body: P }) =>
      written(key, `${noun} updated`, await kept.update(app.db, request.params.id, request.body, app.clock())),
    remove: async (request: { params: { id: string } }) => {
      await kept.remove(app.db, request.params.id);
      return { success: true, message: `${noun} deleted` };
    },
  });
  const sales = backOffice('sale', 'Sale', {
    list: service.adminListSales,
    create: service.createSale,
    update: service.updateSale,
    remove: service.deleteSale,
  });
  const coupons = backOffice('coupon', 'Coupon', {
    list: service.adminListCoupons,
    create: service.createCoupon,
    update: service.updateCoupon,
    remove: service.deleteCoupon,
  });
  return {
    'GET /p1/api/sales': async () => ({ success: true, sales: await service.runningSales(app.db, app.clock()) }),
    'GET /p1/api/admin/sales': sales.list,
    'POST /p1/api/admin/sales': sales.create,
    'PATCH /p1/api/admin/sales/:id': sales.update,
    'DELETE /p1/api/admin/sales/:id': sales.remove,
    'GET /p1/api/admin/coupons': coupons.list,
    'POST /p1/api/admin/coupons': coupons.create,
    'PATCH /p1/api/admin/coupons/:id': coupons.update,
    'DELETE /p1/api/admin/coupons/:id': coupons.remove,
    'POST /c2/api/coupon': async (request) => {
      const userId = userOf(request).id;
      // Every code tried counts, before it is looked up, so concurrent guesses cannot overrun the limit.
      const { perAccount, perAddress, windowMs } = app.couponLimits;
      await countAttempt(
        app.rateLimits,
        windowMs,
        [
          [`coupon:user:${userId}`, perAccount],
          [`coupon:address:${request.ip}`, perAddress],
        ],
        'Too many coupon codes tried. Please try again later',
      );
      return service.checkCoupon(
        app.db,
        userId,
        request.body.code,
        app.clock(),
        request.body.items,
        request.body.buynow && (await app.buyNowPaise(app.db, userId, request.body.buynow, app.clock())),
      );
    },
  };
});
