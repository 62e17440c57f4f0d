import { Readable } from 'node:stream';
import { csvRow, dashboardRoutes, SHOP_TIME_ZONE } from '../../../contract/dashboard.js';
import { routePlugin } from '../../http/routes.js';
import * as service from './service.js';

export default routePlugin(dashboardRoutes, (app) => ({
  'GET /o1/api/admin/stats': async () => {
    const [revenue, awaitingShipment] = await Promise.all([service.revenueStats(app.db), service.awaitingShipmentCount(app.db)]);
    return { success: true, timeZone: SHOP_TIME_ZONE, ...revenue, awaitingShipment };
  },

  'GET /o1/api/admin/low-stock': async (request) => ({ success: true, ...(await service.lowStock(app.db, request.query.limit)) }),

  'GET /o1/api/admin/awaiting-shipment': async (request) => ({
    success: true,
    ...(await service.awaitingShipment(app.db, request.query.limit)),
  }),

  'GET /o1/api/admin/orders/export.csv': async (request, reply) => {
    const filters = request.query;
    const stamp = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(new Date());
    async function* lines() {
      yield `\uFEFF${csvRow(service.CSV_HEADER)}`;
      for await (const row of service.exportOrders(app.db, filters)) yield csvRow(row);
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="orders-${stamp}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(lines()));
  },
}));
