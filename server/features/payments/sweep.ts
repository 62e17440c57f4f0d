import { and, asc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
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
