import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { RESET_LIMITS } from '../../../contract/accounts.js';
import { authRoutes } from '../../../contract/auth.js';
import { users } from '../../db/schema.js';
import { NotSignedIn, TooMany } from '../../domain/errors.js';
import { countAttempt } from '../../http/rate-limit.js';
import { routePlugin } from '../../http/routes.js';
import {
  clearSessionCookie,
  createSession,
  deleteSessionByToken,
  SESSION_COOKIE,
  setSessionCookie,
  userOf,
} from '../../http/session.js';
import { mergeGuestCartAtSignIn } from '../cart/guest.js';
import { businessOf } from '../wholesale/businesses.js';
import { checkSigninCode, startSigninCode } from './codes.js';
import * as service from './service.js';

const INVALID = 'Invalid mobile number or password';
const BAD_CODE = 'This code is wrong or has expired. Please ask for a new one.';
const NEEDS_NAME = 'Welcome! Tell us your name to create your account.';
/** @forTests the tests check that the answer is the same whether an account uses the number or not */
export const CODE_SENT = 'A 6-digit code is on its way by SMS. It is valid for 10 minutes.';
const numberKey = (mobileno: string) => `signin:number:${mobileno}`;

export default routePlugin(authRoutes, (app) => {
  const limits = app.authLimits;

  // Answers about accounts and sessions are never kept by a browser or a shared cache.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  return {
    'POST /u1/api/signup': async (request, reply) => {
      if (limits.signupsPerAddress > 0) {
        const attempts = await app.rateLimits.hit(`signup:address:${request.ip}`, limits.signupWindowMs);
        if (attempts > limits.signupsPerAddress) {
          throw new TooMany(
            'Too many sign-ups from this address. Please try again in an hour.',
            Math.ceil(limits.signupWindowMs / 1000),
          );
        }
      }
      const user = await service.createUser(app.db, { ...request.body, role: 'USER' });
      // Signed in at once, the visitor's cart joining the new account's, so the shopper carries on where they were.
      const session = await createSession(app.db, user.id);
      setSessionCookie(request, reply, session.token, session.expiresAt);
      await mergeGuestCartAtSignIn(app.db, request, reply, user.id, app.clock());
      return {
        success: true,
        message: 'You have successfully signed up!',
        user: { ...service.toUser(user), business: await businessOf(app.db, user.id) },
      };
    },

    'POST /u1/api/signin-code': async (request) => {
      const { mobileno } = request.body;
      await countAttempt(
        app.rateLimits,
        RESET_LIMITS.codeWindowMs,
        [
          [`signin-code:number:${mobileno}`, RESET_LIMITS.codesPerNumber],
          [`signin-code:address:${request.ip}`, RESET_LIMITS.codesPerAddress],
        ],
        'Too many codes asked for. Please try again in an hour.',
      );
      const code = await startSigninCode(app.db, mobileno);
      if (app.config.env === 'development') request.log.info({ mobileno, code }, 'sign-in code (development only)');
      return { success: true, message: CODE_SENT };
    },

    'POST /u1/api/signin': async (request, reply) => {
      const { mobileno, password, code, fullname } = request.body;
      const byNumberKey = numberKey(mobileno);
      const addressKey = `signin:address:${request.ip}`;
      // Every attempt is counted before the password or code is checked (one atomic increment each), so concurrent
      // guesses cannot all pass a check made before any of them failed. A success takes its count back.
      const [byNumber, byAddress] = await Promise.all([
        app.rateLimits.hit(byNumberKey, limits.windowMs),
        app.rateLimits.hit(addressKey, limits.windowMs),
      ]);
      if (byNumber > limits.perNumber || byAddress > limits.perAddress) {
        // not tried: the counters keep only attempts whose password was checked
        await Promise.all([app.rateLimits.undo(byNumberKey), app.rateLimits.undo(addressKey)]);
        throw new TooMany('Too many sign-in attempts. Please wait 15 minutes and try again.', Math.ceil(limits.windowMs / 1000));
      }
      let user: Awaited<ReturnType<typeof service.authenticate>>;
      if (code) {
        // Sign-in by the code sent by SMS; a number with no account is asked for a name first (the code stays good).
        const [known] = await app.db.select().from(users).where(eq(users.mobileno, mobileno)).limit(1);
        if (!known && !fullname) {
          if (!(await checkSigninCode(app.db, mobileno, code, false))) throw new NotSignedIn(BAD_CODE);
          await Promise.all([app.rateLimits.undo(byNumberKey), app.rateLimits.undo(addressKey)]);
          return reply.status(404).send({ success: false as const, message: NEEDS_NAME, needsname: true as const });
        }
        if (!(await checkSigninCode(app.db, mobileno, code, true))) throw new NotSignedIn(BAD_CODE);
        user =
          known ??
          (await service.createUser(app.db, {
            fullname: fullname as string,
            mobileno,
            // never told to anyone: the account signs in by code until its owner sets a password
            password: crypto.randomBytes(32).toString('base64url'),
            role: 'USER',
          }));
      } else {
        user = await service.authenticate(app.db, mobileno, password ?? '');
      }
      if (!user) throw new NotSignedIn(INVALID);
      await Promise.all([app.rateLimits.reset(byNumberKey), app.rateLimits.undo(addressKey)]);
      const session = await createSession(app.db, user.id);
      setSessionCookie(request, reply, session.token, session.expiresAt);
      await mergeGuestCartAtSignIn(app.db, request, reply, user.id, app.clock());
      return {
        success: true,
        message: 'Signed in successfully',
        user: { ...service.toUser(user), business: await businessOf(app.db, user.id) },
      };
    },

    'POST /u1/api/signout': async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await deleteSessionByToken(app.db, token);
      clearSessionCookie(request, reply);
      return { success: true, message: 'Signed out successfully' };
    },

    'GET /u1/api/checkuser': async (request) => {
      const me = userOf(request);
      return { success: true, user: { ...service.toUser(me), business: await businessOf(app.db, me.id) } };
    },

    'PATCH /u1/api/editdetails': async (request) => {
      const me = userOf(request);
      // A new e-mail address is checked against every account's (409 when taken): each one tried counts, before
      // it is looked up, so the check cannot be used to find whose address is whose.
      const newEmail = request.body.email;
      if (newEmail !== undefined && newEmail.toLowerCase() !== (me.email ?? '').toLowerCase()) {
        await countAttempt(
          app.rateLimits,
          limits.emailWindowMs,
          [
            [`email:user:${me.id}`, limits.emailChangesPerAccount],
            [`email:address:${request.ip}`, limits.emailChangesPerAddress],
          ],
          'Too many e-mail address changes. Please try again in an hour.',
        );
      }
      const key = numberKey(me.mobileno);
      const checksPassword = request.body.password !== undefined;
      // counted before the current password is checked, as sign-in does; taken back unless it was wrong
      if (checksPassword && (await app.rateLimits.hit(key, limits.windowMs)) > limits.perNumber) {
        await app.rateLimits.undo(key);
        throw new TooMany('Too many wrong passwords. Please wait 15 minutes and try again.', Math.ceil(limits.windowMs / 1000));
      }
      const row = await service.editOwnDetails(app.db, me.id, me.sessionId, request.body).catch(async (err: unknown) => {
        if (checksPassword && !(err instanceof service.WrongCurrentPassword)) await app.rateLimits.undo(key);
        throw err;
      });
      if (checksPassword) await app.rateLimits.undo(key);
      return { success: true, message: 'Details updated successfully', user: service.toUser(row) };
    },

    'GET /u1/api/allusers': async () => ({ success: true, users: (await service.listUsers(app.db)).map(service.toUser) }),

    'POST /u1/api/createuser': async (request) => {
      await service.createUser(app.db, request.body);
      return { success: true, message: 'User created successfully' };
    },

    'PUT /u1/api/edituser/:id': async (request) => {
      const me = userOf(request);
      await service.adminEditUser(app.db, { id: me.id, sessionId: me.sessionId }, request.params.id, request.body);
      return { success: true, message: 'User updated successfully' };
    },

    'DELETE /u1/api/deleteuser/:id': async (request) => {
      await service.adminDeleteUser(app.db, userOf(request).id, request.params.id);
      return { success: true, message: 'User deleted successfully' };
    },

    'GET /u1/api/usercount': async () => ({ success: true, totalUsers: await service.countUsers(app.db) }),
  };
});
