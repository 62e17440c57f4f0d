import { asc, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { type CheckoutLine, products } from '../../db/schema.js';

export const PRICE_CHANGED_NOTE =
  'Paid after its checkout ran out, when a price had changed since: not sold at the old price; the payment is refunded in full.';

/**
 * Whether a checkout's prices still hold: every product it bought is still for sale at the price the
 * shopper paid. A payment for a checkout that is no longer pending (its hold ran out, or it was replaced)
 * is placed only then; otherwise it is recorded, flagged and refunded like one whose stock is gone (the
 * order's timeline notes the price). A pending checkout's prices were fixed when its stock was held.
 */
export async function pricesStillHold(tx: Tx, lines: CheckoutLine[]) {
  const ids = [...new Set(lines.map((l) => l.productId))];
  if (ids.length === 0) return true;
  const rows = await tx
    .select({ id: products.id, pricePaise: products.pricePaise, isActive: products.isActive })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id)) // locked in id order, as takeStock does: no deadlocks
    .for('update');
  const now = new Map(rows.map((r) => [r.id, r]));
  return lines.every((l) => {
    const p = now.get(l.productId);
    // a product gone or off sale is a stock question (takeStock refuses it), not a price one
    // the list price: a line bought in a sale keeps its list price beside the sale price it paid
    return p === undefined || !p.isActive || p.pricePaise === (l.listPricePaise ?? l.pricePaise);
  });
}
