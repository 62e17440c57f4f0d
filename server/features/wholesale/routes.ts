import type { FastifyPluginAsync } from 'fastify';
import { businessRoutes } from '../../../contract/wholesale.js';
import { registerRoutes } from '../../http/routes.js';
import { userOf } from '../../http/session.js';
import * as businesses from './businesses.js';

/** Business accounts and trade prices: every answer is the caller's own, never kept by a browser or a shared cache. */
const routes: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });

  registerRoutes(app, businessRoutes, {
    'POST /u1/api/business': async (request) => ({
      success: true,
      message: 'Thank you: your business account will be reviewed shortly',
      business: await businesses.applyForBusiness(app.db, userOf(request).id, request.body),
    }),
    'GET /u1/api/business': async (request) => ({
      success: true,
      business: await businesses.businessOf(app.db, userOf(request).id),
    }),
    'GET /u1/api/admin/businesses': async (request) => ({
      success: true,
      ...(await businesses.listBusinesses(app.db, request.query.page, request.query.status)),
    }),
    'PATCH /u1/api/admin/businesses/:id': async (request) => ({
      success: true,
      message: 'Business updated',
      business: await businesses.updateBusiness(app.db, request.params.id, request.body),
    }),
  });
};

export default routes;
