import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { RouteRequestParts, RouteReturn } from '../../../contract/route.js';
import { businessRoutes, priceGroupRoutes, quoteRoutes } from '../../../contract/wholesale.js';
import { registerRoutes } from '../../http/routes.js';
import { userOf } from '../../http/session.js';
import * as businesses from './businesses.js';
import * as groups from './price-groups.js';
import * as quotes from './quotes.js';

type AcceptRoute = (typeof quoteRoutes.routes)['POST /o1/api/quotes/:id/accept'];

/**
 * A business paying its quote: a card checkout of exactly the quote's lines. The checkout is the payments
 * feature's, handed in by server/wiring.ts (payments reads quotes, so wholesale does not import payments).
 */
export type AcceptQuote = (
  app: FastifyInstance,
  userId: string,
  clientAddress: string,
  quoteId: string,
  body: RouteRequestParts<AcceptRoute>['Body'],
) => Promise<RouteReturn<AcceptRoute>>;

/**
 * Business accounts, price groups and a buyer's own prices: every answer is the caller's own (or the back-office's),
 * never kept by a browser or a shared cache; none of these routes is in the catalogue answer cache.
 */
const routes: FastifyPluginAsync<{ acceptQuote: AcceptQuote }> = async (app, { acceptQuote }) => {
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

  registerRoutes(app, priceGroupRoutes, {
    'GET /p1/api/admin/price-groups': async () => ({ success: true, pricegroups: await groups.listGroups(app.db) }),
    'GET /p1/api/admin/price-groups/:id': async (request) => ({
      success: true,
      pricegroup: await groups.getGroup(app.db, request.params.id),
    }),
    'POST /p1/api/admin/price-groups': async (request) => ({
      success: true,
      message: 'Price group created',
      pricegroup: await groups.createGroup(app.db, request.body),
    }),
    'PATCH /p1/api/admin/price-groups/:id': async (request) => ({
      success: true,
      message: 'Price group updated',
      pricegroup: await groups.updateGroup(app.db, request.params.id, request.body),
    }),
    'DELETE /p1/api/admin/price-groups/:id': async (request) => {
      await groups.deleteGroup(app.db, request.params.id);
      return { success: true, message: 'Price group deleted' };
    },
    'GET /p1/api/my-prices': async (request) => ({
      success: true,
      prices: await groups.myPrices(app.db, request.sessionUser?.id, request.query.ids, app.clock()),
    }),
  });

  registerRoutes(app, quoteRoutes, {
    'POST /o1/api/quotes': async (request, reply) =>
      reply.status(201).send({
        success: true,
        message: 'Thank you: we will price your quote shortly',
        quote: await quotes.requestQuote(app.db, app.config, userOf(request).id, request.body, app.clock()),
      }),
    'GET /o1/api/quotes': async (request) => ({
      success: true,
      quotes: await quotes.ownQuotes(app.db, userOf(request).id, app.clock()),
    }),
    'GET /o1/api/admin/quotes': async (request) => ({
      success: true,
      ...(await quotes.adminQuotes(app.db, request.query.page, request.query.status, app.clock())),
    }),
    'PATCH /o1/api/admin/quotes/:id': async (request) => {
      const quote = await quotes.answerQuote(app.db, request.params.id, request.body, app.clock());
      return { success: true, message: quote.status === 'declined' ? 'Quote declined' : 'Quote sent', quote };
    },
    'POST /o1/api/quotes/:id/accept': async (request) =>
      acceptQuote(app, userOf(request).id, request.ip, request.params.id, request.body),
  });
};

export default routes;
