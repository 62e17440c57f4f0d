import { and, eq, gt, sql } from 'drizzle-orm';
import { formatPaise } from '../../../contract/money.js';
import type { Config } from '../../config.js';
import { execRows, type Tx } from '../../db/client.js';
import { checkouts } from '../../db/schema.js';
import { Conflict, TooMany } from '../../domain/errors.js';
import { releaseCheckout } from './holds.js';

/**
 * What a shopper may keep off the shelf without paying. Stock held by a checkout is unavailable to
 * everyone else, so holds are bounded:
 * - per account and per client address, in units and in value, at once (HOLD_MAX_*);
 * - in time: a new checkout while one is pending keeps the old hold's expiry (starting again does not
 *   renew it), and an account whose holds ran out unpaid HOLD_LAPSES times within HOLD_COOLDOWN_MINUTES
 *   waits until the oldest of them leaves that window.
 * The caps apply to one checkout's total too, so a single ₹20 lakh necklace goes through with the defaults.
 */
type HoldLimits = Config['holdLimits'];

/** Below this, a hold is at its end: starting again gives a fresh hold, counted as one that ran out. */
const RENEW_AT_END_MS = 2 * 60_000;

const rupees = (paise: number) => formatPaise(paise, 'auto');

/** A refused checkout with a moment to come back: 429 with Retry-After. */
class HoldCooldownError extends TooMany {
  constructor(message: string, retryAfterSeconds: number) {
    super(message, retryAfterSeconds);
  }
}

const clockTime = (d: Date) =>
  d.toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit', hour12: true, timeZone: 'Asia/Kolkata' });

/** Refuses a checkout when the account let too many holds run out unpaid recently. */
async function checkCooldown(tx: Tx, limits: HoldLimits, userId: string, now: Date) {
  if (limits.cooldownMinutes === 0) return;
  const since = new Date(now.getTime() - limits.cooldownMinutes * 60_000);
  const rows = await tx
    .select({ at: checkouts.holdLapsedAt })
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), gt(checkouts.holdLapsedAt, since)))
    .orderBy(sql`${checkouts.holdLapsedAt} desc`)
    .limit(limits.lapses);
  if (rows.length < limits.lapses) return;
  const oldest = rows[rows.length - 1]?.at as Date;
  const until = new Date(oldest.getTime() + limits.cooldownMinutes * 60_000);
  throw new HoldCooldownError(
    `Your last ${limits.lapses} checkouts ran out without payment, so items cannot be held for you again until ${clockTime(until)}.`,
    Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)),
  );
}

/** Refuses a checkout of more than one account may hold at once. */
export function checkAccountCaps(limits: HoldLimits, units: number, amountPaise: number) {
  if (units > limits.unitsPerAccount) {
    throw new Conflict(
      `At most ${limits.unitsPerAccount} items can be held in one checkout. Please lower the quantities in your cart.`,
    );
  }
  if (amountPaise > limits.paisePerAccount) {
    throw new Conflict(
      `Orders above ${rupees(limits.paisePerAccount)} cannot be paid online. Please lower your cart or contact us to place it.`,
    );
  }
}

/**
 * Refuses a checkout that makes what all pending checkouts from one client address hold exceed the caps. Called
 * last in the checkout's transaction, with the new checkout and its holds already written (so they are counted):
 * it takes the address's lock first, so concurrent checkouts from many accounts behind one address cannot all pass
 * the check together — each sees every checkout committed before it took the lock. Taken last, the lock is held
 * only for this one statement and the commit, however many checkouts come from one address (a carrier's shared
 * address, say); it is the last lock the transaction takes and nothing is waited for while it is held, so it
 * cannot deadlock with the product rows the checkout locked before it.
 */
export async function checkAddressHolds(tx: Tx, limits: HoldLimits, address: string) {
  // The lock and the count in one statement (migration 0389_hold_address_totals): the count is read after the lock
  // is granted.
  const res = await execRows<{ units: string | number | null; paise: string | number | null }>(
    tx,
    sql`select units, paise from hold_address_totals(${address})`,
  );
  const heldUnits = Number(res.rows[0]?.units ?? 0);
  const heldPaise = Number(res.rows[0]?.paise ?? 0);
  if (heldUnits > limits.unitsPerAddress || heldPaise > limits.paisePerAddress) {
    throw new Conflict('Too many items are waiting for payment from your network right now. Please try again in a few minutes.');
  }
}

/**
 * Ends the account's pending checkouts for a new one and decides the new hold's expiry: the earliest of
 * theirs (starting again never renews a hold). A hold at its very end (under two minutes left, or past)
 * gives a fresh one, counted as a hold that ran out. Then the cool-down is checked; a refusal rolls the whole
 * transaction back, leaving the old checkout as it was. The address caps are checked last (`checkAddressHolds`).
 */
export async function beginHold(
  tx: Tx,
  limits: HoldLimits,
  a: {
    userId: string;
    pending: (typeof checkouts.$inferSelect)[];
    now: number;
    holdMs: number;
  },
): Promise<Date> {
  let keep: Date | undefined;
  for (const c of a.pending) {
    const atEnd = c.holdExpiresAt.getTime() - a.now < RENEW_AT_END_MS;
    await releaseCheckout(tx, c.id, 'expired', atEnd ? { lapsedAt: new Date(a.now) } : {});
    if (!atEnd && (!keep || c.holdExpiresAt < keep)) keep = c.holdExpiresAt;
  }
  await checkCooldown(tx, limits, a.userId, new Date(a.now));
  return keep ?? new Date(a.now + a.holdMs);
}
