import type { FastifyInstance } from 'fastify';
import { HOUSEKEEPING_EVERY_MS, purgeExpired } from '../../http/housekeeping.js';
import { reconcilePending } from './reconciler.js';
import { sweepExpiredHolds } from './sweep.js';

/**
 * Background jobs of the checkout: the hold sweep and the payment reconciler (intervals in server/jobs.ts). Started when the app is
 * ready, only when `app.jobsEnabled`; stopped (waiting for a run in progress) when it closes. Runs never
 * overlap within one server; across servers they are safe because every step is conditional.
 */
export function installPaymentJobs(app: FastifyInstance, every_: { sweepEveryMs: number; reconcileEveryMs: number }) {
  if (!app.jobsEnabled) return;
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let closing = false;

  const every = (ms: number, name: string, job: () => Promise<unknown>) => {
    let busy = false;
    const tick = () => {
      if (busy || closing) return;
      busy = true;
      const run = job()
        .catch((err) => app.log.error({ err, job: name }, 'background job failed'))
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    };
    const timer = setInterval(tick, ms);
    timer.unref();
    timers.push(timer);
    return tick;
  };

  app.addHook('onReady', async () => {
    const sweep = every(every_.sweepEveryMs, 'hold sweep', () => sweepExpiredHolds(app.db));
    every(every_.reconcileEveryMs, 'payment reconciler', () => reconcilePending(app));
    every(HOUSEKEEPING_EVERY_MS, 'expired sessions and rate limits purge', () => purgeExpired(app.db));
    sweep(); // holds that expired while the server was down go back on the shelf at once
  });
  app.addHook('onClose', async () => {
    closing = true;
    for (const t of timers) clearInterval(t);
    await Promise.allSettled([...running]);
  });
}
