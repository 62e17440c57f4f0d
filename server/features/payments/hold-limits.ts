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
 * Refuses a checkout that would take what all pending checkouts from one client address hold above the
 * caps. The caller holds the address's lock (lockAddress), so concurrent checkouts from many accounts behind
 * one address cannot all pass the check together.
 */
async function checkAddressCaps(tx: Tx, limits: HoldLimits, address: string, units: number, amountPaise: number) {
  const res = await execRows<{ units: string | number | null; paise: string | number | null }>(
    tx,
    sql`select coalesce(sum((select coalesce(sum(h.quantity), 0) from stock_holds h where h.checkout_id = c.id)), 0) as units,
               coalesce(sum(c.amount_paise), 0) as paise
          from checkouts c
         where c.status = 'pending' and c.client_address = ${address}`,
  );
  const heldUnits = Number(res.rows[0]?.units ?? 0);
  const heldPaise = Number(res.rows[0]?.paise ?? 0);
  if (heldUnits + units > limits.unitsPerAddress || heldPaise + amountPaise > limits.paisePerAddress) {
    throw new Conflict('Too many items are waiting for payment from your network right now. Please try again in a few minutes.');
  }
}

/**
 * Ends the account's pending checkouts for a new one and decides the new hold's expiry: the earliest of
 * theirs (starting again never renews a hold). A hold at its very end (under two minutes left, or past)
 * gives a fresh one, counted as a hold that ran out. Then the cool-down and the address caps are checked;
 * a refusal rolls the whole transaction back, leaving the old checkout as it was.
 */
export async function beginHold(
  tx: Tx,
  limits: HoldLimits,
  a: {
    userId: string;
    clientAddress: string | undefined;
    pending: (typeof checkouts.$inferSelect)[];
    units: { quantity: number }[];
    amountPaise: number;
    now: number;
    holdMs: number;
  },
): Promise<Date> {
  // Before any product row is touched, so this lock and the row locks are always taken in the same order.
  if (a.clientAddress) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`hold-address:${a.clientAddress}`}))`);
  let keep: Date | undefined;
  for (const c of a.pending) {
    const atEnd = c.holdExpiresAt.getTime() - a.now < RENEW_AT_END_MS;
    await releaseCheckout(tx, c.id, 'expired', atEnd ? { lapsedAt: new Date(a.now) } : {});
    if (!atEnd && (!keep || c.holdExpiresAt < keep)) keep = c.holdExpiresAt;
  }
  await checkCooldown(tx, limits, a.userId, new Date(a.now));
  if (a.clientAddress) {
    const units = a.units.reduce((n, u) => n + u.quantity, 0);
    await checkAddressCaps(tx, limits, a.clientAddress, units, a.amountPaise);
  }
  return keep ?? new Date(a.now + a.holdMs);
}
