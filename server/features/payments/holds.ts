import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { checkouts, products, stockHolds } from '../../db/schema.js';

/** Units per product, sorted by product id: rows are always locked in the same order, so no deadlocks. */
export function unitsByProduct(lines: { productId: string; quantity: number }[]) {
  const map = new Map<string, number>();
  for (const l of lines) map.set(l.productId, (map.get(l.productId) ?? 0) + l.quantity);
  return [...map.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([productId, quantity]) => ({ productId, quantity }));
}

/**
 * Takes `quantity` units of each product out of the available stock, all or nothing, with conditional
 * updates (never read-then-write). Returns the product that could not be taken, or null when all were.
 * With `sell`, the units go straight to `sold` (a sale, not a hold). On failure, what was taken is put back.
 */
export async function takeStock(
  tx: DbOrTx,
  units: { productId: string; quantity: number }[],
  opts: { sell?: boolean } = {},
): Promise<{ productId: string; quantity: number } | null> {
  const taken: { productId: string; quantity: number }[] = [];
  for (const u of units) {
    const rows = await tx
      .update(products)
      .set({
        stock: sql`${products.stock} - ${u.quantity}`,
        ...(opts.sell ? { sold: sql`${products.sold} + ${u.quantity}` } : {}),
      })
      .where(and(eq(products.id, u.productId), gte(products.stock, u.quantity), eq(products.isActive, true)))
      .returning({ id: products.id });
    if (rows.length === 0) {
      await putBack(tx, taken, opts);
      return u;
    }
    taken.push(u);
  }
  return null;
}

async function putBack(tx: DbOrTx, units: { productId: string; quantity: number }[], opts: { sell?: boolean } = {}) {
  for (const u of units) {
    await tx
      .update(products)
      .set({
        stock: sql`${products.stock} + ${u.quantity}`,
        ...(opts.sell ? { sold: sql`greatest(${products.sold} - ${u.quantity}, 0)` } : {}),
      })
      .where(eq(products.id, u.productId));
  }
}

export async function holdsOf(tx: DbOrTx, checkoutId: string) {
  return tx
    .select({ productId: stockHolds.productId, quantity: stockHolds.quantity })
    .from(stockHolds)
    .where(eq(stockHolds.checkoutId, checkoutId))
    .orderBy(asc(stockHolds.productId));
}

/** Gives a checkout's held units back to the shelf and deletes its holds. */
export async function returnHolds(tx: DbOrTx, checkoutId: string) {
  const holds = await holdsOf(tx, checkoutId);
  await putBack(tx, holds);
  if (holds.length) await tx.delete(stockHolds).where(eq(stockHolds.checkoutId, checkoutId));
}

/** Turns a checkout's holds into a sale: units already out of `stock` are counted in `sold`. */
export async function sellHolds(tx: DbOrTx, checkoutId: string, holds: { productId: string; quantity: number }[]) {
  for (const h of holds) {
    await tx
      .update(products)
      .set({ sold: sql`${products.sold} + ${h.quantity}` })
      .where(eq(products.id, h.productId));
  }
  await tx.delete(stockHolds).where(eq(stockHolds.checkoutId, checkoutId));
}

/**
 * Ends a pending checkout (expired, replaced or failed) and returns its stock. `lapsedAt`: its hold ran out
 * unpaid (counted for the cool-down of server/features/payments/hold-limits.ts). Conditional on the
 * checkout still being pending, so it never undoes a placement that won the race. Returns whether it did.
 */
export async function releaseCheckout(
  tx: DbOrTx,
  checkoutId: string,
  status: 'expired' | 'failed',
  opts: { lapsedAt?: Date } = {},
) {
  const rows = await tx
    .update(checkouts)
    .set({ status, updatedAt: new Date(), ...(opts.lapsedAt ? { holdLapsedAt: opts.lapsedAt } : {}) })
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, 'pending')))
    .returning({ id: checkouts.id });
  if (rows.length === 0) return false;
  await returnHolds(tx, checkoutId);
  return true;
}

export async function productsExisting(tx: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids));
  return new Set(rows.map((r) => r.id));
}
