import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateUserBody,
  EditDetailsBody,
  EditDetailsResponse,
  EditUserBody,
  MessageResponse,
  SigninBody,
  SigninResponse,
  SignupBody,
  UserCountResponse,
  UserResponse,
  UsersResponse,
} from '../../../contract/auth.js';
import { errorResponses, IdParams } from '../../../contract/common.js';
import { AppError, unauthorized } from '../../http/errors.js';
import {
  ADMIN,
  clearSessionCookie,
  createSession,
  deleteSessionByToken,
  requireAdmin,
  requireUser,
  SESSION_COOKIE,
  SIGNED_IN,
  setSessionCookie,
  userOf,
} from '../../http/session.js';
import * as service from './service.js';

const tags = ['Auth and users'];
const INVALID = 'Invalid mobile number or password';
const numberKey = (mobileno: string) => `signin:number:${mobileno}`;

const routes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.authLimits;
  const tooMany = (reply: FastifyReply, windowMs: number, message: string) => {
    reply.header('retry-after', String(Math.ceil(windowMs / 1000)));
    return new AppError(429, message);
  };

  // Answers about accounts and sessions are never kept by a browser or a shared cache.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.post(
    '/signup',
    {
      schema: {
        tags,
        summary: 'Create a shopper account',
        body: SignupBody,
        description:
          'Limited per client address (SIGNUP_LIMIT an hour, counting every well-formed attempt, taken numbers too): 429 beyond it.',
        response: { 201: MessageResponse, ...errorResponses(400, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      if (limits.signupsPerAddress > 0) {
        const attempts = await app.rateLimits.hit(`signup:address:${request.ip}`, limits.signupWindowMs);
        if (attempts > limits.signupsPerAddress) {
          throw tooMany(reply, limits.signupWindowMs, 'Too many sign-ups from this address. Please try again in an hour.');
        }
      }
      await service.createUser(app.db, { ...request.body, role: 'USER' });
      return reply.status(201).send({ success: true, message: 'Account created successfully. Please sign in.' });
    },
  );

  app.post(
    '/signin',
    {
      schema: {
        tags,
        summary: 'Sign in; sets the session cookie',
        body: SigninBody,
        response: { 200: SigninResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { mobileno, password } = request.body;
      const byNumberKey = numberKey(mobileno);
      const addressKey = `signin:address:${request.ip}`;
      const [byNumber, byAddress] = await Promise.all([app.rateLimits.peek(byNumberKey), app.rateLimits.peek(addressKey)]);
      if (byNumber >= limits.perNumber || byAddress >= limits.perAddress) {
        throw tooMany(reply, limits.windowMs, 'Too many sign-in attempts. Please wait 15 minutes and try again.');
      }
      const user = await service.authenticate(app.db, mobileno, password);
      if (!user) {
        await Promise.all([app.rateLimits.hit(byNumberKey, limits.windowMs), app.rateLimits.hit(addressKey, limits.windowMs)]);
        throw unauthorized(INVALID);
      }
      await app.rateLimits.reset(byNumberKey);
      const session = await createSession(app.db, user.id);
      setSessionCookie(request, reply, session.token, session.expiresAt);
      return { success: true, message: 'Signed in successfully', user: service.toUser(user) };
    },
  );

  app.post(
    '/signout',
    { schema: { tags, summary: 'Sign out; deletes the session', response: { 200: MessageResponse } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await deleteSessionByToken(app.db, token);
      clearSessionCookie(request, reply);
      return { success: true, message: 'Signed out successfully' };
    },
  );

  app.get(
    '/checkuser',
    {
      preValidation: requireUser,
      schema: { tags, summary: 'The signed-in user', ...SIGNED_IN, response: { 200: UserResponse, ...errorResponses(401) } },
    },
    async (request) => ({ success: true, user: service.toUser(userOf(request)) }),
  );

  app.patch(
    '/editdetails',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Change your own name or password (password needs currentPassword)',
        description:
          'A wrong currentPassword is a 400 on that field, and counts as a failed sign-in of your number (429 after 5 in 15 minutes). ' +
          'A new password ends your other sessions.',
        ...SIGNED_IN,
        body: EditDetailsBody,
        response: { 200: EditDetailsResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const me = userOf(request);
      const key = numberKey(me.mobileno);
      if (request.body.password !== undefined && (await app.rateLimits.peek(key)) >= limits.perNumber) {
        throw tooMany(reply, limits.windowMs, 'Too many wrong passwords. Please wait 15 minutes and try again.');
      }
      const row = await service.editOwnDetails(app.db, me.id, me.sessionId, request.body).catch(async (err: unknown) => {
        if (err instanceof service.WrongCurrentPassword) await app.rateLimits.hit(key, limits.windowMs);
        throw err;
      });
      return { success: true, message: 'Details updated successfully', user: service.toUser(row) };
    },
  );

  app.get(
    '/allusers',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Every user, newest first',
        ...ADMIN,
        response: { 200: UsersResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true, users: (await service.listUsers(app.db)).map(service.toUser) }),
  );

  app.post(
    '/createuser',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Create a user with a role',
        ...ADMIN,
        body: CreateUserBody,
        response: { 201: MessageResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      await service.createUser(app.db, request.body);
      return reply.status(201).send({ success: true, message: 'User created successfully' });
    },
  );

  app.put(
    '/edituser/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Edit a user (blank password keeps the current one)',
        ...ADMIN,
        params: IdParams,
        body: EditUserBody,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const me = userOf(request);
      await service.adminEditUser(app.db, { id: me.id, sessionId: me.sessionId }, request.params.id, request.body);
      return { success: true, message: 'User updated successfully' };
    },
  );

  app.delete(
    '/deleteuser/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Delete a user (never yourself or the last ADMIN)',
        ...ADMIN,
        params: IdParams,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await service.adminDeleteUser(app.db, userOf(request).id, request.params.id);
      return { success: true, message: 'User deleted successfully' };
    },
  );

  app.get(
    '/usercount',
    {
      preValidation: requireAdmin,
      schema: { tags, summary: 'Number of users', ...ADMIN, response: { 200: UserCountResponse, ...errorResponses(401, 403) } },
    },
    async () => ({ success: true, totalUsers: await service.countUsers(app.db) }),
  );
};

export default routes;
