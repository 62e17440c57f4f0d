import { z } from 'zod';
import { MessageResponse } from './common.js';
import { routeTable } from './route.js';

/** Sign-ups per client address in an hour (a form anyone may send). */
export const NEWSLETTER_LIMITS = { perAddress: 5, windowMs: 60 * 60_000 };
/** Days an address waits for its owner to confirm it before it is forgotten. */
export const NEWSLETTER_PENDING_DAYS = 7;

/** The words of the newsletter's consent box, stored with each sign-up as what the visitor agreed to. */
export const NEWSLETTER_CONSENT = 'Send me new arrivals and offers by e-mail. I can unsubscribe at any time.';

/** What a sign-up is answered, whatever became of it: the answer never tells whether an address is already on the list. */
export const NEWSLETTER_SENT =
  'Thank you. Please check your inbox: we have sent a link to confirm your subscription. Nothing is sent to you until you confirm.';

const SubscribeBody = z.object({
  email: z
    .string({ message: 'E-mail is required' })
    .trim()
    .toLowerCase()
    .min(1, { message: 'E-mail is required', abort: true })
    .max(254, { message: 'Enter a valid e-mail address', abort: true })
    .refine((v) => /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(v), { message: 'Enter a valid e-mail address' }),
  /** The visitor ticked the box themselves: never assumed. */
  consent: z.literal(true, { message: 'Please tick the box to agree to receive our e-mails' }),
});

const TokenBody = z.object({
  token: z
    .string({ message: 'The link is incomplete' })
    .trim()
    .min(1, { message: 'The link is incomplete' })
    .max(200, { message: 'The link is not valid' }),
});

export const newsletterRoutes = routeTable('Newsletter', {
  'POST /u1/api/newsletter': {
    guard: 'public',
    summary: 'Subscribe an e-mail address to the newsletter, with the visitor’s consent; a link to confirm is e-mailed',
    description:
      'consent must be true (the visitor ticked the box). Answers 202 with the same message whether the address is new, ' +
      'waiting for confirmation or already subscribed. A confirmation e-mail with a confirm link and an unsubscribe link is ' +
      `sent to a new or waiting address; an address not confirmed within ${NEWSLETTER_PENDING_DAYS} days is forgotten. ` +
      `Limited to ${NEWSLETTER_LIMITS.perAddress} an hour per client address (429).`,
    body: SubscribeBody,
    responses: { 202: MessageResponse },
    errors: [400, 413, 415, 429],
  },
  'POST /u1/api/newsletter/confirm': {
    guard: 'public',
    summary: 'Confirm a subscription with the token from the confirmation e-mail (safe to repeat)',
    description: 'An unknown token, or that of an address that unsubscribed, is a 404.',
    body: TokenBody,
    responses: { 200: MessageResponse },
    errors: [400, 404, 413, 415],
  },
  'POST /u1/api/newsletter/unsubscribe': {
    guard: 'public',
    summary: 'Unsubscribe with the token from any newsletter e-mail (safe to repeat); the address is forgotten',
    description: 'An unknown token is a 404.',
    body: TokenBody,
    responses: { 200: MessageResponse },
    errors: [400, 404, 413, 415],
  },
});
