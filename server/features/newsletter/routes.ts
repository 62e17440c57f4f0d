import { NEWSLETTER_LIMITS, NEWSLETTER_SENT, newsletterRoutes } from '../../../contract/newsletter.js';
import { countAttempt } from '../../http/rate-limit.js';
import { routePlugin } from '../../http/routes.js';
import { confirm, subscribe, unsubscribe } from './newsletter.js';

export default routePlugin(newsletterRoutes, (app) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  return {
    'POST /u1/api/newsletter': async (request) => {
      await countAttempt(
        app.rateLimits,
        NEWSLETTER_LIMITS.windowMs,
        [[`newsletter:address:${request.ip}`, NEWSLETTER_LIMITS.perAddress]],
        'Too many sign-ups sent. Please try again in an hour.',
      );
      await subscribe(app.db, request.body.email, app.clock());
      return { success: true, message: NEWSLETTER_SENT };
    },

    'POST /u1/api/newsletter/confirm': async (request) => {
      await confirm(app.db, request.body.token, app.clock());
      return { success: true, message: 'Subscription confirmed' };
    },

    'POST /u1/api/newsletter/unsubscribe': async (request) => {
      await unsubscribe(app.db, request.body.token, app.clock());
      return { success: true, message: 'You are unsubscribed' };
    },
  };
});
