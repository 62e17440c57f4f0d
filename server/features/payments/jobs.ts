import type { PaymentContext } from '../../domain/payment-context.js';
import { HOUSEKEEPING_EVERY_MS, purgeExpired } from '../../http/housekeeping.js';
import { reconcilePending } from './reconciler.js';
import { purgeOldCheckouts, sweepExpiredHolds } from './sweep.js';

/** A background job: its name (in the log when a run fails), how often it runs, and one run. */
export type Job = {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  atStart?: boolean;
  /** A notification channel that runs the job at once: a NOTIFY sent by the transaction that gave it work. */
  wakeOn?: string;
};

/**
 * Background jobs of the checkout: the hold sweep (also once at start: holds that expired while the server was
 * down go back on the shelf at once), the payment reconciler, the purge of expired sessions and rate limits, and
 * the purge of checkouts that ended unpaid more than CHECKOUT_RETENTION_DAYS ago.
 * Every step of each is conditional, so they are safe to run in several servers at once.
 */
export function paymentJobs(ctx: PaymentContext, every: { sweepEveryMs: number; reconcileEveryMs: number }): Job[] {
  return [
    { name: 'hold sweep', everyMs: every.sweepEveryMs, run: () => sweepExpiredHolds(ctx.db), atStart: true },
    { name: 'payment reconciler', everyMs: every.reconcileEveryMs, run: () => reconcilePending(ctx) },
    { name: 'expired sessions and rate limits purge', everyMs: HOUSEKEEPING_EVERY_MS, run: () => purgeExpired(ctx.db) },
    {
      name: 'old unpaid checkouts purge',
      everyMs: HOUSEKEEPING_EVERY_MS,
      run: () => purgeOldCheckouts(ctx.db, ctx.config.checkoutRetentionDays),
    },
  ];
}
