import { sql } from 'drizzle-orm';
import { NEWSLETTER_PENDING_DAYS } from '../../contract/newsletter.js';
import type { Db } from '../db/client.js';

/**
 * Live sessions one user may have; signing in once more ends the oldest.
 * @forTests the tests sign in one time more than this to see the oldest session end
 */
export const MAX_SESSIONS_PER_USER = 10;
/** How often each server purges what has expired (several servers doing it at once is harmless). */
export const HOUSEKEEPING_EVERY_MS = 10 * 60_000;

/** Ends a user's oldest sessions beyond MAX_SESSIONS_PER_USER. */
export async function capSessions(db: Db, userId: string) {
  await db.execute(sql`delete from sessions where user_id = ${userId} and id not in (
    select id from sessions where user_id = ${userId} order by created_at desc, id limit ${MAX_SESSIONS_PER_USER})`);
}

/**
 * Deletes expired sessions, guest carts and rate-limit counters whose window has ended: tables that would otherwise only
 * grow; and forgets newsletter addresses not confirmed within NEWSLETTER_PENDING_DAYS of their latest sign-up.
 */
export async function purgeExpired(db: Db, now = new Date()) {
  await db.execute(sql`delete from sessions where expires_at < ${now}`);
  await db.execute(sql`delete from rate_limits where reset_at < ${now}`);
  await db.execute(sql`delete from guest_carts where expires_at < ${now}`);
  const unconfirmed = new Date(now.getTime() - NEWSLETTER_PENDING_DAYS * 24 * 60 * 60_000);
  await db.execute(sql`delete from newsletter_subscribers where status = 'pending' and consent_at < ${unconfirmed}`);
}
