import { Readable } from 'node:stream';
import { csvRow, dashboardRoutes, SHOP_TIME_ZONE } from '../../../contract/dashboard.js';
import { routePlugin } from '../../http/routes.js';
import * as service from './service.js';

export default routePlugin(dashboardRoutes, (app) => ({
  'GET /o1/api/admin/stats': async () => {
    const [revenue, awaitingShipment, todo, credit] = await Promise.all([
      service.revenueStats(app.db),
      service.awaitingShipmentCount(app.db),
      service.todoCounts(app.db, app.clock()),
      service.creditOwed(app.db, app.clock()),
    ]);
    return { success: true, timeZone: SHOP_TIME_ZONE, ...revenue, awaitingShipment, todo, credit };
  },

  'GET /o1/api/admin/low-stock': async (request) => ({ success: true, ...(await service.lowStock(app.db, request.query.limit)) }),

  'GET /o1/api/admin/awaiting-shipment': async (request) => ({
    success: true,
    ...(await service.awaitingShipment(app.db, request.query.limit)),
  }),

  'GET /o1/api/admin/orders/export.csv': async (request, reply) => {
    const filters = request.query;
    const stamp = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(new Date());
    // The filters were checked by the route's schema (the JSON list's), and the first batch is read before
    // any byte is sent: a failing query is still an ordinary error answer (500), never an empty CSV.
    const rows = service.exportOrders(app.db, filters);
    const first = await rows.next();
    // A failure after that (the database lost mid-export) cannot change the 200 that may already be on its
    // way: the connection is cut, without the chunked ending, so the download fails in the browser instead
    // of looking complete. (Left to the framework, a compressed stream failing before its first flush
    // would be a broken error answer with the gzip header on plain text.)
    async function* lines() {
      try {
        yield `\uFEFF${csvRow(service.CSV_HEADER)}`;
        if (first.done) return;
        yield csvRow(first.value);
        for await (const row of rows) yield csvRow(row);
      } catch (err) {
        request.log.error({ err }, 'orders export failed part-way: connection cut');
        reply.raw.destroy();
      }
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="orders-${stamp}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(lines()));
  },
}));
