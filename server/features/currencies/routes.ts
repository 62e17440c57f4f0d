import { currencyRoutes } from '../../../contract/currencies.js';
import { routePlugin } from '../../http/routes.js';
import * as service from './service.js';

/** /a1/api currencies: the public list with rates, and the merchant's screen (docs/worldwide.md). */
export default routePlugin(currencyRoutes, (app) => ({
  'GET /a1/api/currencies': async (_request, reply) => {
    // The same for everyone; a rate changes at most a few times a day, so a browser may keep it a few minutes.
    reply.header('cache-control', 'public, max-age=300');
    return { success: true, ...(await service.listCurrencies(app.db)) };
  },

  'GET /a1/api/admin/currencies': async () => ({
    success: true,
    ...(await service.listCurrencies(app.db)),
    refresh: await service.refreshState(app.db, Boolean(app.config.fxRatesUrl)),
  }),

  'PUT /a1/api/admin/currencies': async (request) => {
    await service.replaceCurrencies(app.db, request.body, app.clock());
    return {
      success: true,
      ...(await service.listCurrencies(app.db)),
      refresh: await service.refreshState(app.db, Boolean(app.config.fxRatesUrl)),
    };
  },
}));
