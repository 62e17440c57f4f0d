import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddressBody,
  AddressesResponse,
  AddressParams,
  AddressPatchBody,
  OutboxQuery,
  OutboxResponse,
} from '../../../contract/accounts.js';
import { ForgotPasswordBody, MessageResponse, ResetPasswordBody } from '../../../contract/auth.js';
import { errorResponses, IdParams } from '../../../contract/common.js';
import { AppError } from '../../http/errors.js';
import { ADMIN, requireAdmin, requireUser, SIGNED_IN, userOf } from '../../http/session.js';
import { installOutboxWorker } from '../outbox/worker.js';
import * as service from './service.js';

const tags = ['Accounts and notifications'];
export const FORGOT_MESSAGE = 'If an account uses this number, a 6-digit code is on its way by SMS. It is valid for 10 minutes.';

/** Limits of the password reset: codes asked for, per number and per client address; codes tried, per address. */
export const RESET_LIMITS = {
  codesPerNumber: 3,
  codesPerAddress: 10,
  codeWindowMs: 60 * 60_000,
  triesPerAddress: 30,
  tryWindowMs: 15 * 60_000,
};

const routes: FastifyPluginAsyncZod = async (app) => {
  installOutboxWorker(app);
  const tooMany = (reply: FastifyReply, windowMs: number, message: string) => {
    reply.header('retry-after', String(Math.ceil(windowMs / 1000)));
    return new AppError(429, message);
  };
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.post(
    '/forgot-password',
    {
      schema: {
        tags,
        summary: 'Send a 6-digit password reset code by SMS',
        description:
          'Always the same answer, whether an account uses the number or not. A new code voids the previous one. ' +
          `Limited to ${RESET_LIMITS.codesPerNumber} an hour per number and ${RESET_LIMITS.codesPerAddress} per client address (429), counted alike for numbers without an account.`,
        body: ForgotPasswordBody,
        response: { 200: MessageResponse, ...errorResponses(400, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const { mobileno } = request.body;
      const [byNumber, byAddress] = await Promise.all([
        app.rateLimits.hit(`forgot:number:${mobileno}`, RESET_LIMITS.codeWindowMs),
        app.rateLimits.hit(`forgot:address:${request.ip}`, RESET_LIMITS.codeWindowMs),
      ]);
      if (byNumber > RESET_LIMITS.codesPerNumber || byAddress > RESET_LIMITS.codesPerAddress) {
        throw tooMany(reply, RESET_LIMITS.codeWindowMs, 'Too many codes asked for. Please try again in an hour.');
      }
      const code = await service.startPasswordReset(app.db, mobileno);
      if (code && app.config.env === 'development') {
        request.log.info({ mobileno, code }, 'password reset code (development only)');
      }
      return { success: true, message: FORGOT_MESSAGE };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with the code sent by SMS',
        description:
          'A wrong, used, expired or voided code is a 400; five wrong codes void it. Every session of the user ends; it does not sign in.',
        body: ResetPasswordBody,
        response: { 200: MessageResponse, ...errorResponses(400, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const tries = await app.rateLimits.hit(`reset:address:${request.ip}`, RESET_LIMITS.tryWindowMs);
      if (tries > RESET_LIMITS.triesPerAddress) {
        throw tooMany(reply, RESET_LIMITS.tryWindowMs, 'Too many attempts. Please wait 15 minutes and try again.');
      }
      await service.finishPasswordReset(app.db, request.body);
      return { success: true, message: 'Your password has been changed. Please sign in with the new password.' };
    },
  );

  app.post(
    '/signout-others',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Sign out of every other device',
        ...SIGNED_IN,
        response: { 200: MessageResponse, ...errorResponses(401) },
      },
    },
    async (request) => {
      const me = userOf(request);
      await service.signOutOthers(app.db, me.id, me.sessionId);
      return { success: true, message: 'Signed out of every other device' };
    },
  );

  app.get(
    '/addresses',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Your saved addresses (the default first)',
        ...SIGNED_IN,
        response: { 200: AddressesResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({ success: true, addresses: await service.listAddresses(app.db, userOf(request).id) }),
  );

  app.post(
    '/addresses',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Save an address',
        description: `The first address is the default; isdefault moves the default here. At most ${service.MAX_ADDRESSES} (409).`,
        ...SIGNED_IN,
        body: AddressBody,
        response: { 201: AddressesResponse, ...errorResponses(400, 401, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const { addresses } = await service.addAddress(app.db, userOf(request).id, request.body);
      return reply.status(201).send({ success: true, addresses });
    },
  );

  app.patch(
    '/addresses/:id',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Change a saved address (the fields given)',
        description: "Another user's address is a 404 like an unknown one.",
        ...SIGNED_IN,
        params: AddressParams,
        body: AddressPatchBody,
        response: { 200: AddressesResponse, ...errorResponses(400, 401, 404, 413, 415) },
      },
    },
    async (request) => ({
      success: true,
      addresses: await service.editAddress(app.db, userOf(request).id, request.params.id, request.body),
    }),
  );

  app.delete(
    '/addresses/:id',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Delete a saved address',
        description: 'Deleting the default makes the oldest remaining address the default.',
        ...SIGNED_IN,
        params: AddressParams,
        response: { 200: AddressesResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      success: true,
      addresses: await service.deleteAddress(app.db, userOf(request).id, request.params.id),
    }),
  );

  app.get(
    '/admin/outbox',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Messages to customers and the merchant, newest first (20 a page)',
        ...ADMIN,
        querystring: OutboxQuery,
        response: { 200: OutboxResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true, ...(await service.listOutbox(app.db, request.query.page, request.query.status)) }),
  );

  app.post(
    '/admin/outbox/:id/retry',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Try a failed message again',
        description: 'Only a failed message (409 otherwise); it is due at once and has another day to succeed.',
        ...ADMIN,
        params: IdParams,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await service.retryOutbox(app.db, request.params.id);
      return { success: true, message: 'The message will be sent again shortly' };
    },
  );
};

export default routes;
