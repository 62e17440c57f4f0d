import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { businesses, priceGroups } from '../../db/schema.js';
import { salePaise } from '../../domain/sale-price.js';

/**
 * The one place a buyer's unit price is decided (docs/wholesale.md, "Trade prices"). Cart lines, checkout (and so
 * the order placed from it) and `/my-prices` all ask `buyerPricing` for the buyer and price each line with it.
 *
 * - Retail (a visitor, a user without a business, a business pending, rejected or suspended, or a product whose
 *   category the group does not cover): the list price less the running sale, if any.
 * - An approved business with a price group covering the product's category: the list price less the best
 *   of the group's percentage, the best tier whose `minquantity` ≤ the line's quantity, and the running sale —
 *   the best for the buyer, never stacked — rounded half up to the paisa.
 */

/** A line to price: the product's list price, the running sale's percentage (null when none), its category and how many. */
type PricedInput = { listPaise: number; salePercent: number | string | null; categoryId: string | null; quantity: number };

type Group = { id: string; percentoff: number; tiers: { minquantity: number; percentoff: number }[]; categoryIds: string[] };

export type BuyerPricing = {
  /** The approved business's group, or null for a retail buyer. */
  group: Group | null;
  /** The unit price in paise for a line of `quantity`. */
  unitPaise: (line: PricedInput) => number;
  /** The percentage off list a line of `quantity` gets (0 when none). */
  percentOff: (line: PricedInput) => number;
};

export const covers = (group: Group, categoryId: string | null) =>
  group.categoryIds.length === 0 || (categoryId !== null && group.categoryIds.includes(categoryId));

function pricingOf(group: Group | null): BuyerPricing {
  const percentOff = (line: PricedInput) => {
    const sale = line.salePercent === null ? 0 : Number(line.salePercent);
    if (!group || !covers(group, line.categoryId)) return sale;
    const tier = group.tiers.filter((t) => t.minquantity <= line.quantity).reduce((best, t) => Math.max(best, t.percentoff), 0);
    return Math.max(sale, group.percentoff, tier);
  };
  return {
    group,
    percentOff,
    unitPaise: (line) => {
      const percent = percentOff(line);
      return percent > 0 ? salePaise(line.listPaise, percent) : line.listPaise;
    },
  };
}

/** Retail pricing: the list price less a running sale. */
const RETAIL: BuyerPricing = pricingOf(null);

/** The approved business's price group of a user: at most one row. */
const groupOf = (db: DbOrTx, userId: string | ReturnType<typeof sql.placeholder>) =>
  db
    .select({
      id: priceGroups.id,
      percentoff: priceGroups.percentoff,
      tiers: priceGroups.tiers,
      categoryIds: priceGroups.categoryIds,
    })
    .from(businesses)
    .innerJoin(priceGroups, eq(priceGroups.id, businesses.priceGroupId))
    .where(and(eq(businesses.userId, userId), eq(businesses.status, 'approved')))
    .limit(1);

/** How `userId` (undefined for a visitor) buys now: with their approved business's price group, or at retail. */
export async function buyerPricing(db: DbOrTx, userId: string | undefined): Promise<BuyerPricing> {
  if (!userId) return RETAIL;
  const [row] = await groupOf(db, userId);
  return row ? pricingOf(row) : RETAIL;
}

type KeptGroup = { execute(values: { userId: string }): Promise<Group[]> };
const keptGroups = new WeakMap<object, KeptGroup>();

/**
 * `buyerPricing` outside a transaction, from a statement built once per database (`/my-prices` asks it on every
 * product page a business opens): the same answer, read fresh each time.
 */
export async function buyerPricingNow(db: Db, userId: string | undefined): Promise<BuyerPricing> {
  if (!userId) return RETAIL;
  let kept = keptGroups.get(db);
  if (!kept) {
    kept = groupOf(db, sql.placeholder('userId')).prepare('buyer_price_group') as unknown as KeptGroup;
    keptGroups.set(db, kept);
  }
  const [row] = await kept.execute({ userId });
  return row ? pricingOf(row) : RETAIL;
}

/** Whether `userId` is an approved business now (trade terms: coupons refused, the trade minimum order). */
export async function isTradeBuyer(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(businesses)
    .where(and(eq(businesses.userId, userId), eq(businesses.status, 'approved')))
    .limit(1);
  return row !== undefined;
}
