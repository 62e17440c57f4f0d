import type { FastifyInstance } from 'fastify';
import {
  type Attachment,
  type Channel,
  emailChannel,
  NotConfigured,
  type OutgoingMessage,
  SendError,
  smsChannel,
  whatsappChannel,
} from './channels.js';
import { claimDue, type OutboxChannel, type OutboxRow, settle } from './outbox.js';
import { render } from './templates.js';

const OUTBOX_POLL_MS = 5_000;

type WorkerOptions = {
  /** The worker's clock (tests inject one to step through backoff without waiting). */
  now?: () => Date;
  random?: () => number;
  /** Messages claimed per round. */
  batch?: number;
};

/**
 * Files to attach to an e-mail (the invoice PDF of an order e-mail), by template; none for a template no source
 * knows. The shop's sources are listed once, in `server/wiring.ts`, and carried by the app (`app.messageAttachments`).
 */
export type AttachmentSource = (app: FastifyInstance, row: OutboxRow) => Promise<Attachment[]>;

const channelsByApp = new WeakMap<FastifyInstance, Partial<Record<OutboxChannel, Channel | null>>>();

function channelOf(app: FastifyInstance, name: OutboxChannel): Channel | null {
  let cache = channelsByApp.get(app);
  if (!cache) {
    cache = {};
    channelsByApp.set(app, cache);
  }
  if (cache[name] !== undefined) return cache[name] ?? null;
  const n = app.config.notify;
  let channel: Channel | null = null;
  if (name === 'email' && n.email) channel = emailChannel(n.email, new URL(app.config.publicUrl).hostname || 'localhost');
  if (name === 'sms' && n.sms) channel = smsChannel(n.sms);
  if (name === 'whatsapp' && n.whatsapp) channel = whatsappChannel(n.whatsapp);
  cache[name] = channel;
  return channel;
}

const MISSING: Record<OutboxChannel, string> = {
  email: 'E-mail is not set up (SMTP_URL)',
  sms: 'SMS is not set up (MSG91_AUTHKEY)',
  whatsapp: 'WhatsApp is not set up (WHATSAPP_TOKEN, WHATSAPP_PHONE_ID)',
};

async function deliver(app: FastifyInstance, row: OutboxRow) {
  const channel = channelOf(app, row.channel);
  if (!channel) return { kind: 'skipped' as const, reason: MISSING[row.channel] };
  const message: OutgoingMessage = {
    id: row.id,
    to: row.recipient,
    template: row.template,
    language: row.language,
    rendered: render(row.template, row.language, row.data, app.config.publicUrl),
  };
  try {
    if (row.channel === 'email') {
      const files: Attachment[] = [];
      for (const source of app.messageAttachments) files.push(...(await source(app, row)));
      if (files.length) message.attachments = files;
    }
    await channel.send(message);
    return { kind: 'sent' as const };
  } catch (err) {
    if (err instanceof NotConfigured) return { kind: 'skipped' as const, reason: err.message };
    if (err instanceof SendError) return { kind: 'failed' as const, error: err.message, permanent: err.permanent };
    return { kind: 'failed' as const, error: (err as Error).message ?? String(err), permanent: false };
  }
}

// Each message is sent once: a message is only sent by the worker whose claim (token + lease) holds it, and
// claims are taken with FOR UPDATE SKIP LOCKED, so two servers never hold the same message. A server that
// dies after claiming and before sending leaves a lease that ends; the message is then due again and sent
// by whoever claims it next (it was never sent, so this is its only send). The one window left is a crash
// after the provider accepted a message and before "sent" is written (a few milliseconds): that message
// goes out a second time. E-mails carry the outbox id as their Message-ID, so such a repeat is the same
// mail to the receiving side; SMS and WhatsApp have no such key.
/**
 * One round of the worker: claims due messages and sends each (once: see above). Returns how many were claimed.
 * @forTests tests run the worker one pass at a time with their own clock instead of waiting for its timer
 */
export async function processOutbox(app: FastifyInstance, opts: WorkerOptions = {}): Promise<number> {
  const now = opts.now ?? (() => new Date());
  const rows = await claimDue(app.db, now(), opts.batch ?? 10);
  for (const row of rows) {
    const outcome = await deliver(app, row);
    if (outcome.kind === 'failed') {
      app.log.warn({ outboxId: row.id, channel: row.channel, error: outcome.error }, 'message not sent');
    }
    await settle(app.db, row, outcome, now(), opts.random);
  }
  return rows.length;
}

/** Closes the channels' connections (the SMTP pool). */
function closeChannels(app: FastifyInstance) {
  const cache = channelsByApp.get(app);
  if (!cache) return;
  for (const c of Object.values(cache)) c?.close?.();
  channelsByApp.delete(app);
}

/**
 * The outbox worker of this server: every few seconds, rounds until nothing is due. Started with the other
 * background jobs (only when `app.jobsEnabled`); stopped, waiting for the round in progress, on close.
 */
export function installOutboxWorker(app: FastifyInstance, everyMs = OUTBOX_POLL_MS) {
  app.addHook('onClose', async () => closeChannels(app));
  if (!app.jobsEnabled) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let closing = false;
  const tick = () => {
    if (running || closing) return;
    running = (async () => {
      while (!closing && (await processOutbox(app)) > 0) {
        // keep going while messages are due
      }
    })()
      .catch((err) => app.log.error({ err, job: 'outbox' }, 'background job failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, everyMs);
    timer.unref();
    tick();
  });
  app.addHook('preClose', async () => {
    closing = true;
    if (timer) clearInterval(timer);
    await running;
  });
}
