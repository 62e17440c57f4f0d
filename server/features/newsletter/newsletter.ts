import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { NEWSLETTER_CONSENT } from '../../../contract/newsletter.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { newsletterSubscribers } from '../../db/schema.js';
import { NotFound } from '../../domain/errors.js';
import { enqueue } from '../outbox/outbox.js';

/** A waiting address asking again this soon is not sent another e-mail (nobody's inbox is flooded through the form). */
const RESEND_AFTER_MS = 10 * 60_000;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const newToken = () => crypto.randomBytes(32).toString('base64url');

/**
 * Signs an address up with the visitor's consent: a new address, or one still waiting, is (re)sent a confirmation
 * e-mail with a fresh link; an address already subscribed is left as it is. The caller answers the same in every case.
 */
export async function subscribe(db: Db, email: string, now: Date) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).for('update');
    if (row?.status === 'subscribed') return;
    if (row && now.getTime() - row.consentAt.getTime() < RESEND_AFTER_MS) return;
    const token = newToken();
    const fields = { tokenHash: hashToken(token), consentText: NEWSLETTER_CONSENT, consentAt: now, updatedAt: now };
    if (row) {
      await tx.update(newsletterSubscribers).set(fields).where(eq(newsletterSubscribers.id, row.id));
    } else {
      const added = await tx
        .insert(newsletterSubscribers)
        .values({ email, status: 'pending', ...fields })
        .onConflictDoNothing()
        .returning({ id: newsletterSubscribers.id });
      // another sign-up of the same address at the same moment won: it sends the e-mail
      if (added.length === 0) return;
    }
    await enqueue(tx, { channel: 'email', to: email, template: 'newsletter_confirm', data: { token } });
  });
}

async function byToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) throw new NotFound('This link is not valid or has expired');
  return row;
}

/** Confirms the address the link was sent to; confirming again changes nothing. */
export async function confirm(db: Db, token: string, now: Date) {
  const row = await byToken(db, token);
  if (row.status === 'unsubscribed') throw new NotFound('This link is not valid or has expired');
  if (row.status === 'pending') {
    await db
      .update(newsletterSubscribers)
      .set({ status: 'subscribed', confirmedAt: now, updatedAt: now })
      .where(and(eq(newsletterSubscribers.id, row.id), eq(newsletterSubscribers.status, 'pending')));
  }
}

/** Takes the address off the list and forgets it; the link keeps answering that it is unsubscribed. */
export async function unsubscribe(db: Db, token: string, now: Date) {
  const row = await byToken(db, token);
  if (row.status === 'unsubscribed') return;
  await db
    .update(newsletterSubscribers)
    .set({ status: 'unsubscribed', email: null, unsubscribedAt: now, updatedAt: now })
    .where(eq(newsletterSubscribers.id, row.id));
}

/** The subscription of an e-mail address, for its owner's data export. */
export async function subscriptionOf(db: DbOrTx, email: string) {
  if (!email) return null;
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email.toLowerCase()))
    .limit(1);
  return row
    ? {
        email: row.email ?? '',
        status: row.status,
        consent: row.consentText,
        consentAt: row.consentAt.toISOString(),
        confirmedAt: row.confirmedAt?.toISOString() ?? null,
      }
    : null;
}

/** Removes an e-mail address from the newsletter altogether (the account holding it is erased). */
export async function forgetSubscriber(tx: DbOrTx, email: string) {
  if (!email) return;
  await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email.toLowerCase()));
}
