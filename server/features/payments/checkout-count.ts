import type { FastifyInstance } from 'fastify';
import { countAttempt } from '../../http/rate-limit.js';

/**
 * Counts a checkout started — the cart's, a quote accepted, a due amount paid — per account and per client address,
 * before any work: each one asks the payment provider for an order (and most hold stock), so a loop of them cannot
 * bury the shop's real ones. Past either limit: 429 with Retry-After.
 */
export async function countCheckoutStarted(app: FastifyInstance, userId: string, clientAddress: string) {
  const { perAccount, perAddress, windowMs } = app.config.checkoutLimits;
  await countAttempt(
    app.rateLimits,
    windowMs,
    [
      [`checkout:user:${userId}`, perAccount],
      [`checkout:address:${clientAddress}`, perAddress],
    ],
    'Too many checkouts started. Please wait a few minutes and try again.',
  );
}
