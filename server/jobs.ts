import type { FastifyInstance } from 'fastify';
import { sendDueReminders } from './features/credit/reminders.js';
import { refreshFxRates } from './features/currencies/service.js';
import { EINVOICE_QUEUED } from './features/einvoice/queue.js';
import { runEinvoices } from './features/einvoice/service.js';
import { refreshMetalRates } from './features/made-to-order/rates-refresh.js';
import { installOutboxWorker } from './features/outbox/worker.js';
import { type Job, paymentJobs } from './features/payments/jobs.js';
import { scheduleMediaSweep } from './media/sweep.js';

/**
 * How often each background job runs. Every server runs them all (when the app's `jobs` option is on): each
 * is idempotent and safe to run in several servers at once, and a run never overlaps the previous one.
 */
const JOB_INTERVALS = {
  /** Unpaid stock holds past their expiry go back on the shelf (also once at start). */
  holdSweepMs: 30_000,
  /** Pending checkouts, and for a day expired ones, are checked with Razorpay. */
  reconcilerMs: 60_000,
  /** Uploaded media that no product or order refers to is removed (first run a few minutes after start). */
  mediaSweepMs: 6 * 60 * 60 * 1000,
  /** Messages due in the outbox are sent (also once at start). */
  outboxMs: 5_000,
  /** The day's metal rates are fetched from METAL_RATES_URL, when set (also once at start). */
  metalRatesMs: 24 * 60 * 60 * 1000,
  /** Reminders of what is due on credit orders (each sent once; also once at start). */
  dueRemindersMs: 60 * 60 * 1000,
  /** The currencies' rates are fetched from FX_RATES_URL, when set (also once at start). */
  fxRatesMs: 24 * 60 * 60 * 1000,
  /**
   * Invoices and credit notes due to be registered with the IRP, and IRNs to cancel (also once at start, and at once
   * when a document is queued: EINVOICE_QUEUED).
   */
  einvoicesMs: 30_000,
} as const;

/**
 * Runs jobs every so often once the app is ready, only when `app.jobsEnabled`; on close they stop, waiting for a
 * run in progress. Runs of one job never overlap within one server. A job with `wakeOn` also runs as soon as its
 * channel is notified (one LISTEN connection of its own on PostgreSQL); woken during a run, it runs once more after.
 */
function runJobs(app: FastifyInstance, jobs: Job[]) {
  if (!app.jobsEnabled) return;
  const timers: NodeJS.Timeout[] = [];
  const listeners: (() => Promise<void>)[] = [];
  const running = new Set<Promise<unknown>>();
  let closing = false;

  const every = ({ name, everyMs, run }: Job) => {
    let busy = false;
    let again = false;
    const tick = () => {
      if (busy || closing) return;
      busy = true;
      const current = run()
        .catch((err) => app.log.error({ err, job: name }, 'background job failed'))
        .finally(() => {
          busy = false;
          running.delete(current);
          if (again) {
            again = false;
            tick();
          }
        });
      running.add(current);
    };
    const wake = () => {
      if (busy) again = true;
      else tick();
    };
    const timer = setInterval(tick, everyMs);
    timer.unref();
    timers.push(timer);
    return { tick, wake };
  };

  app.addHook('onReady', async () => {
    for (const job of jobs) {
      const { tick, wake } = every(job);
      if (job.atStart) tick();
      if (job.wakeOn) {
        let heard = false;
        // Listening again after a lost connection: what was announced meanwhile is looked for at once.
        const onReset = (listening: boolean) => {
          if (listening && heard) wake();
          if (listening) heard = true;
        };
        listeners.push(await app.database.listen(job.wakeOn, wake, onReset));
      }
    }
  });
  app.addHook('onClose', async () => {
    closing = true;
    for (const t of timers) clearInterval(t);
    await Promise.allSettled(listeners.map((stop) => stop()));
    await Promise.allSettled([...running]);
  });
}

/** Starts every background job of this server when the app is ready; each stops, finishing its run, on close. */
export function installJobs(app: FastifyInstance) {
  const metalRates: Job[] = app.config.metalRatesUrl
    ? [{ name: 'metal rates', everyMs: JOB_INTERVALS.metalRatesMs, run: () => refreshMetalRates(app), atStart: true }]
    : [];
  const fxRates: Job[] = app.config.fxRatesUrl
    ? [{ name: 'currency rates', everyMs: JOB_INTERVALS.fxRatesMs, run: () => refreshFxRates(app), atStart: true }]
    : [];
  runJobs(app, [
    ...paymentJobs(app, { sweepEveryMs: JOB_INTERVALS.holdSweepMs, reconcileEveryMs: JOB_INTERVALS.reconcilerMs }),
    ...metalRates,
    ...fxRates,
    { name: 'due reminders', everyMs: JOB_INTERVALS.dueRemindersMs, run: () => sendDueReminders(app), atStart: true },
    {
      name: 'e-invoices',
      everyMs: JOB_INTERVALS.einvoicesMs,
      run: () => runEinvoices(app),
      atStart: true,
      wakeOn: EINVOICE_QUEUED,
    },
  ]);
  scheduleMediaSweep(app, { everyMs: JOB_INTERVALS.mediaSweepMs });
  installOutboxWorker(app, JOB_INTERVALS.outboxMs);
}
