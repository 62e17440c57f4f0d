import { GRIEVANCE_LIMITS, trustRoutes } from '../../../contract/trust.js';
import { countAttempt } from '../../http/rate-limit.js';
import { routePlugin } from '../../http/routes.js';
import { currentUser, userOf } from '../../http/session.js';
import { eraseAccount, exportData } from './data.js';
import { adminGrievances, fileGrievance, myGrievances, replyToGrievance } from './grievances.js';

/** Tries of the password that confirms erasing an account, per account, in 15 minutes. */
const ERASE_TRIES = { perUser: 5, windowMs: 15 * 60_000 };

export default routePlugin(trustRoutes, (app) => {
  // Grievances and a user's data are never kept by a browser or a shared cache.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  return {
    'POST /u1/api/grievances': async (request) => {
      const me = await currentUser(request);
      await countAttempt(
        app.rateLimits,
        GRIEVANCE_LIMITS.windowMs,
        [
          [`grievance:address:${request.ip}`, GRIEVANCE_LIMITS.perAddress],
          ...(me ? ([[`grievance:user:${me.id}`, GRIEVANCE_LIMITS.perUser]] as const) : []),
        ],
        'Too many grievances sent. Please try again in an hour.',
      );
      return { success: true, ticket: await fileGrievance(app.db, me, request.body, app.clock()) };
    },

    'GET /u1/api/grievances': async (request) => ({
      success: true,
      tickets: await myGrievances(app.db, userOf(request).id, app.clock()),
    }),

    'GET /u1/api/admin/grievances': async (request) => ({
      success: true,
      tickets: await adminGrievances(app.db, request.query, app.clock()),
    }),

    'PATCH /u1/api/admin/grievances/:id': async (request) => ({
      success: true,
      ticket: await replyToGrievance(app.db, request.params.id, request.body, app.clock()),
    }),

    'GET /u1/api/me/export': async (request, reply) => {
      const now = app.clock();
      reply.header('content-disposition', `attachment; filename="my-data-${now.toISOString().slice(0, 10)}.json"`);
      return { success: true, ...(await exportData(app.db, userOf(request).id, now)) };
    },

    'POST /u1/api/me/delete': async (request) => {
      const me = userOf(request);
      await countAttempt(
        app.rateLimits,
        ERASE_TRIES.windowMs,
        [[`erase:user:${me.id}`, ERASE_TRIES.perUser]],
        'Too many attempts. Please wait 15 minutes and try again.',
      );
      await eraseAccount(app.db, me.id, request.body.password, app.clock());
      return { success: true, message: 'Your account has been deleted.' };
    },
  };
});
