import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes, RESET_LIMITS } from '../../../contract/accounts.js';
import { TooMany } from '../../domain/errors.js';
import { countAttempt } from '../../http/rate-limit.js';
import { registerRoutes } from '../../http/routes.js';
import { userOf } from '../../http/session.js';
import * as service from './service.js';

/** @forTests the tests check that the answer is the same whether an account uses the number or not */
export const FORGOT_MESSAGE = 'If an account uses this number, a 6-digit code is on its way by SMS. It is valid for 10 minutes.';

const routes: FastifyPluginAsync = async (app) => {
  // Answers about accounts are never kept by a browser or a shared cache.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  registerRoutes(app, accountRoutes, {
    'POST /u1/api/forgot-password': async (request) => {
      const { mobileno } = request.body;
      await countAttempt(
        app.rateLimits,
        RESET_LIMITS.codeWindowMs,
        [
          [`forgot:number:${mobileno}`, RESET_LIMITS.codesPerNumber],
          [`forgot:address:${request.ip}`, RESET_LIMITS.codesPerAddress],
        ],
        'Too many codes asked for. Please try again in an hour.',
      );
      const code = await service.startPasswordReset(app.db, mobileno);
      if (code && app.config.env === 'development') {
        request.log.info({ mobileno, code }, 'password reset code (development only)');
      }
      return { success: true, message: FORGOT_MESSAGE };
    },

    'POST /u1/api/reset-password': async (request) => {
      const tries = await app.rateLimits.hit(`reset:address:${request.ip}`, RESET_LIMITS.tryWindowMs);
      if (tries > RESET_LIMITS.triesPerAddress) {
        throw new TooMany('Too many attempts. Please wait 15 minutes and try again.', Math.ceil(RESET_LIMITS.tryWindowMs / 1000));
      }
      await service.finishPasswordReset(app.db, request.body);
      return { success: true, message: 'Your password has been changed. Please sign in with the new password.' };
    },

    'POST /u1/api/signout-others': async (request) => {
      const me = userOf(request);
      await service.signOutOthers(app.db, me.id, me.sessionId);
      return { success: true, message: 'Signed out of every other device' };
    },

    'GET /u1/api/addresses': async (request) => ({
      success: true,
      addresses: await service.listAddresses(app.db, userOf(request).id),
    }),

    'POST /u1/api/addresses': async (request) => ({
      success: true,
      addresses: (await service.addAddress(app.db, userOf(request).id, request.body)).addresses,
    }),

    'PATCH /u1/api/addresses/:id': async (request) => ({
      success: true,
      addresses: await service.editAddress(app.db, userOf(request).id, request.params.id, request.body),
    }),

    'DELETE /u1/api/addresses/:id': async (request) => ({
      success: true,
      addresses: await service.deleteAddress(app.db, userOf(request).id, request.params.id),
    }),

    'GET /u1/api/admin/outbox': async (request) => ({
      success: true,
      ...(await service.listOutbox(app.db, request.query.page, request.query.status)),
    }),

    'POST /u1/api/admin/outbox/:id/retry': async (request) => {
      await service.retryOutbox(app.db, request.params.id);
      return { success: true, message: 'The message will be sent again shortly' };
    },
  });
};

export default routes;
