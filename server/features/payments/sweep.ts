import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { type Db, execRows } from '../../db/client.js';
import { checkouts } from '../../db/schema.js';
import { releaseCheckout } from './holds.js';

/**
 * Releases the stock of every pending checkout whose hold has expired and marks it expired. Each
 * checkout is released in its own transaction, conditionally (a placement that got there first wins).
 * Returns how many were released.
 */
export async function sweepExpiredHolds(db: Db, now = new Date()): Promise<number> {
  let released = 0;
  for (;;) {
    const due = await db
      .select({ id: checkouts.id })
      .from(checkouts)
      .where(and(eq(checkouts.status, 'pending'), lt(checkouts.holdExpiresAt, now)))
      .orderBy(asc(checkouts.holdExpiresAt))
      .limit(200);
    for (const c of due) {
      if (await db.transaction((tx) => releaseCheckout(tx, c.id, 'expired', { lapsedAt: now }))) released++;
    }
    if (due.length < 200) return released;
  }
}

/** Expired and failed checkouts are deleted this many at a time (one statement each). */
const PURGE_BATCH = 1000;

/**
 * Deletes checkouts that ended unpaid (expired, replaced or failed) more than `retentionDays` ago, so abandoned
 * checkouts do not pile up. Never one an order refers to (placed, or a late payment recorded and refunded), one
 * with a sandbox payment, or one still holding stock; the retention is longer than every window a checkout is
 * still read in (the reconciler's day, the late-payment bound, the hold cool-down). Returns how many went.
 */
export async function purgeOldCheckouts(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 3600_000).toISOString();
  let purged = 0;
  for (;;) {
    const { rows } = await execRows<{ id: string }>(
      db,
      sql`delete from checkouts where id in (
            select c.id from checkouts c
            where c.status in ('expired', 'failed') and c.hold_expires_at < ${cutoff}::timestamptz
              and c.updated_at < ${cutoff}::timestamptz and c.created_at < ${cutoff}::timestamptz
              and (c.hold_lapsed_at is null or c.hold_lapsed_at < ${cutoff}::timestamptz)
              and not exists (select 1 from orders o where o.checkout_id = c.id or o.razorpay_order_id = c.provider_order_id)
              and not exists (select 1 from sandbox_payments p where p.order_id = c.provider_order_id)
              and not exists (select 1 from stock_holds h where h.checkout_id = c.id)
            limit ${PURGE_BATCH})
          returning id`,
    );
    purged += rows.length;
    if (rows.length < PURGE_BATCH) return purged;
  }
}
