import crypto from 'node:crypto';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { execRows } from '../../db/client.js';
import { outbox, users } from '../../db/schema.js';

export type OutboxChannel = 'email' | 'sms' | 'whatsapp';
export type OutboxRow = typeof outbox.$inferSelect;

export type NewMessage = {
  channel: OutboxChannel;
  /** An e-mail address or a 10-digit mobile number. */
  to: string;
  template: string;
  language?: 'en' | 'hi';
  data?: Record<string, unknown>;
  /** A second message with the same key is not written (e.g. one low-stock warning per product and level). */
  dedupeKey?: string;
};

/**
 * Writes messages to the outbox. Call it with the transaction of the change that causes them: the message
 * exists exactly when the change does (a rolled-back order tells no one). Nothing is sent here.
 */
export async function enqueue(tx: DbOrTx, messages: NewMessage | NewMessage[]) {
  await outboxInsert(tx, Array.isArray(messages) ? messages : [messages]);
}

/**
 * `enqueue` as an insert to run inside a larger statement (null when there is nothing to write), each message's
 * `orderNo`, where its data has one, given by the SQL expression `orderNo`: the placement writes its messages in
 * the statement that numbers the order (server/features/gst/invoices.ts, `numberPlacement`).
 */
export function enqueueInsert(tx: DbOrTx, messages: NewMessage[], orderNo: SQL) {
  return outboxInsert(tx, messages, orderNo);
}

/** The insert of the messages that have a recipient (null when none has), with `orderNo` as in `enqueueInsert`. */
function outboxInsert(tx: DbOrTx, messages: NewMessage[], orderNo?: SQL) {
  const list = messages.filter((m) => m.to.trim() !== '');
  if (list.length === 0) return null;
  return tx
    .insert(outbox)
    .values(
      list.map((m) => ({
        channel: m.channel,
        recipient: m.to.trim(),
        template: m.template,
        language: m.language ?? 'en',
        data:
          orderNo && m.data && 'orderNo' in m.data
            ? sql`jsonb_set(${JSON.stringify(m.data)}::jsonb, '{orderNo}', to_jsonb(${orderNo}))`
            : (m.data ?? {}),
        dedupeKey: m.dedupeKey ?? null,
      })),
    )
    .onConflictDoNothing();
}

/**
 * Tells a customer on every channel the account has: e-mail when it has an address, SMS and WhatsApp to
 * its mobile number, in the account's language. A deleted or erased account is told nothing. A marketing
 * message (`marketing: true`: offers, review invitations — anything not about the user's own order or
 * account) goes only to a user who agreed to marketing and has not withdrawn it.
 */
export async function notifyUser(
  tx: DbOrTx,
  userId: string | null,
  template: string,
  data: Record<string, unknown>,
  opts: { channels?: OutboxChannel[]; dedupeKey?: string; marketing?: boolean } = {},
) {
  await enqueue(tx, await userMessages(tx, userId, template, data, opts));
}

/** The messages `notifyUser` writes, made but not written (none for a user told nothing). */
export async function userMessages(
  tx: DbOrTx,
  userId: string | null,
  template: string,
  data: Record<string, unknown>,
  opts: { channels?: OutboxChannel[]; dedupeKey?: string; marketing?: boolean } = {},
): Promise<NewMessage[]> {
  if (!userId) return [];
  const [u] = await tx
    .select({
      email: users.email,
      mobileno: users.mobileno,
      language: users.language,
      marketing: users.marketing,
      erasedAt: users.erasedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!u || u.erasedAt) return [];
  if (opts.marketing && !u.marketing) return [];
  const channels = opts.channels ?? ['email', 'sms', 'whatsapp'];
  return channels.map((channel) => ({
    channel,
    to: channel === 'email' ? u.email : u.mobileno,
    template,
    language: u.language,
    data,
    dedupeKey: opts.dedupeKey ? `${opts.dedupeKey}:${channel}` : undefined,
  }));
}

export type MerchantContacts = { email?: string; phone?: string };

/** Tells the merchant by e-mail and SMS (the shop's support e-mail and phone). */
export async function notifyMerchant(
  tx: DbOrTx,
  contacts: MerchantContacts,
  template: string,
  data: Record<string, unknown>,
  dedupeKey?: string,
) {
  await enqueue(tx, merchantMessages(contacts, template, data, dedupeKey));
}

/** The messages `notifyMerchant` writes, made but not written. */
export function merchantMessages(
  contacts: MerchantContacts,
  template: string,
  data: Record<string, unknown>,
  dedupeKey?: string,
): NewMessage[] {
  return [
    { channel: 'email', to: contacts.email ?? '', template, data, dedupeKey: dedupeKey && `${dedupeKey}:email` },
    { channel: 'sms', to: contacts.phone ?? '', template, data, dedupeKey: dedupeKey && `${dedupeKey}:sms` },
  ];
}

// ---------------------------------------------------------------- claiming and settling (the worker's steps)

/** How long a claim is exclusive. Far longer than a send may take (every channel times out in 20 s). */
export const LEASE_MS = 5 * 60_000;
/** A message still failing this long after it was written (or retried by the merchant) is given up (failed). */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 60 * 60_000;

/**
 * Delay before try number `attempts + 1`: exponential (30 s, 1 min, 2 min … up to an hour) with "equal
 * jitter" (between half and all of it), so messages that failed together do not all come back together.
 */
export function backoffMs(attempts: number, random: () => number = Math.random) {
  const full = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(full / 2 + (full / 2) * random());
}

/**
 * Claims up to `limit` due messages for one worker: in one statement, rows that are pending and due are
 * locked with FOR UPDATE SKIP LOCKED (another worker claiming at the same moment takes other rows, never
 * waits for these), given this claim's token and a lease, and made not due until the lease ends. The claim
 * commits at once, so no transaction stays open while a provider is called.
 */
export async function claimDue(db: Db, now: Date, limit = 10): Promise<OutboxRow[]> {
  const token = crypto.randomUUID();
  const until = new Date(now.getTime() + LEASE_MS);
  const res = await execRows<{ id: string }>(
    db,
    sql`update outbox set lease_token = ${token}, lease_until = ${until}, next_attempt_at = ${until},
          attempts = attempts + 1, updated_at = ${now}
        where id in (
          select id from outbox
          where status = 'pending' and next_attempt_at <= ${now}
          order by next_attempt_at, created_at
          limit ${limit}
          for update skip locked)
        returning id`,
  );
  const ids = res.rows.map((r) => r.id);
  if (ids.length === 0) return [];
  return db
    .select()
    .from(outbox)
    .where(and(inArray(outbox.id, ids), eq(outbox.leaseToken, token)));
}

type Outcome = { kind: 'sent' } | { kind: 'skipped'; reason: string } | { kind: 'failed'; error: string; permanent: boolean };

/**
 * Records what became of a claimed message. Only the claim that holds the lease may settle it (the row's
 * token must still be ours), so a worker that stalled past its lease cannot overwrite what another did.
 * Returns false when the claim was lost.
 */
export async function settle(
  db: Db,
  row: OutboxRow,
  outcome: Outcome,
  now: Date,
  random: () => number = Math.random,
): Promise<boolean> {
  const mine = and(eq(outbox.id, row.id), eq(outbox.leaseToken, row.leaseToken ?? '00000000-0000-0000-0000-000000000000'));
  const release = { leaseToken: null, leaseUntil: null, updatedAt: now };
  // The password code and the newsletter's confirm link are not kept once the message is done with.
  const data = row.template === 'password_code' || row.template === 'newsletter_confirm' ? {} : row.data;
  let patch: Partial<OutboxRow>;
  if (outcome.kind === 'sent') {
    patch = { ...release, status: 'sent', sentAt: now, lastError: '', data };
  } else if (outcome.kind === 'skipped') {
    patch = { ...release, status: 'skipped', lastError: outcome.reason.slice(0, 500), data };
  } else {
    const tooOld = now.getTime() >= row.giveUpAt.getTime();
    patch =
      outcome.permanent || tooOld
        ? { ...release, status: 'failed', lastError: outcome.error.slice(0, 500), data }
        : {
            ...release,
            lastError: outcome.error.slice(0, 500),
            nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts, random)),
          };
  }
  const res = await db.update(outbox).set(patch).where(mine).returning({ id: outbox.id });
  return res.length === 1;
}

/** The merchant asks for a failed message to be tried again: it is due at once, with a fresh day to succeed. */
export async function retryMessage(db: Db, id: string, now = new Date()) {
  const res = await db
    .update(outbox)
    .set({
      status: 'pending',
      nextAttemptAt: now,
      giveUpAt: new Date(now.getTime() + GIVE_UP_AFTER_MS),
      updatedAt: now,
      leaseToken: null,
      leaseUntil: null,
    })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'failed'), sql`${outbox.template} <> 'password_code'`))
    .returning({ id: outbox.id });
  return res.length === 1;
}
