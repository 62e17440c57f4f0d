import { madeToOrderRoutes } from '../../../contract/made-to-order.js';
import { routePlugin } from '../../http/routes.js';
import { readProductUpload } from '../products/upload.js';
import * as service from './service.js';

/** /a1/api metal rates, /p1/api designs and the price of a stone set in one. */
export default routePlugin(madeToOrderRoutes, (app) => {
  const logMediaError = (err: unknown) => app.log.error({ err }, 'could not delete design pictures');
  return {
    'GET /a1/api/metal-rates': async (_request, reply) => {
      // A rate stops being current with time alone, so the answer is not kept anywhere for long.
      reply.header('cache-control', 'no-cache');
      return { success: true, rates: await service.listMetalRates(app.db, app.clock()) };
    },

    'PUT /a1/api/admin/metal-rates': async (request) => {
      const now = app.clock();
      await service.setMetalRates(app.db, request.body.rates, now);
      return { success: true, rates: await service.listMetalRates(app.db, now) };
    },

    'GET /p1/api/designs': async (request) => ({
      success: true,
      designs: await service.listDesigns(app.db, { activeOnly: true, kind: request.query.kind }),
    }),

    'GET /p1/api/admin/designs': async () => ({
      success: true,
      designs: await service.listDesigns(app.db, { activeOnly: false }),
    }),

    'POST /p1/api/admin/designs': async (request, reply) => {
      const design = await service.createDesign(app.db, request.body);
      return reply.status(201).send({ success: true, design });
    },

    'PATCH /p1/api/admin/designs/:id': async (request) => ({
      success: true,
      design: await service.updateDesign(app.db, request.params.id, request.body),
    }),

    'DELETE /p1/api/admin/designs/:id': async (request) => {
      await service.deleteDesign(app.db, app.media, request.params.id, logMediaError);
      return { success: true, message: 'Design deleted' };
    },

    'POST /p1/api/admin/designs/:id/images': async (request) => {
      const upload = await readProductUpload(request, app.media, { imagesOnly: true, owner: 'design' });
      return { success: true, design: await service.addDesignImages(app.db, request.params.id, upload) };
    },

    'DELETE /p1/api/admin/designs/:id/images': async (request) => ({
      success: true,
      design: await service.removeDesignImage(app.db, app.media, request.params.id, request.body.url, logMediaError),
    }),

    'GET /p1/api/made-to-order/price': async (request, reply) => {
      // Priced at this moment's metal rate and sale: never kept by a shared cache.
      reply.header('cache-control', 'no-store');
      return { success: true, ...(await service.priceOf(app.db, request.query, app.clock())) };
    },
  };
});
