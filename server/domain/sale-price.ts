import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Product } from '../../contract/catalogue.js';
import { paiseToRupees } from '../../contract/common.js';
import { products } from '../db/schema.js';

/**
 * Sale prices in SQL, so listings sort and filter on the price a shopper pays.
 *
 * For each product row (the outer query's "products"), a lateral subquery finds the running sale with the
 * largest percentage that covers it (its category, its subcategory or its id): several sales never stack.
 * A sale runs from `starts_at` (inclusive) to `ends_at` (exclusive). `at` is the instant to price at: a
 * value, or a placeholder of a prepared statement (listings keep their statements), so every answer is
 * priced at the moment it is made.
 */
export function saleJoin(at: SQL | Placeholder | Date): SQL {
  const instant = at instanceof Date ? sql`${at.toISOString()}::timestamptz` : sql`${at}::timestamptz`;
  return sql`lateral (select s.id, s.name, s.percentoff, s.ends_at from sales s
      where s.starts_at <= ${instant} and s.ends_at > ${instant}
        and (s.category_id = "products"."category_id" or s.subcategory_id = "products"."subcategory_id"
             or "products"."id" = any(s.product_ids))
      order by s.percentoff desc, s.ends_at desc, s.id limit 1) as "sale"`;
}

/** The sale columns a product select adds when it joins `saleJoin`. */
export const saleColumns = {
  saleId: sql<string | null>`"sale"."id"`.as('sale_id'),
  saleName: sql<string | null>`"sale"."name"`.as('sale_name'),
  salePercent: sql<number | null>`"sale"."percentoff"`.as('sale_percent'),
  saleEndsAt: sql<string | Date | null>`"sale"."ends_at"`.as('sale_ends_at'),
};

/**
 * list × (1 − percent/100), rounded half up to the paisa (integers, exact).
 * @forTests unit-tested with prices whose rounding matters
 */
export function salePaise(listPaise: number, percent: number): number {
  return Math.floor((listPaise * (100 - percent) + 50) / 100);
}

/** The same in SQL: the price a shopper pays for the product row, with `saleJoin` joined. */
export const payPaiseSql = sql<number>`(case when "sale"."percentoff" is null then ${products.pricePaise}
  else (${products.pricePaise} * (100 - "sale"."percentoff") + 50) / 100 end)`;

type SaleFields = {
  saleId?: string | null;
  saleName?: string | null;
  salePercent?: number | string | null;
  saleEndsAt?: string | Date | null;
};

/** `saleprice` and `sale` of a Product answer (both null when no sale runs for it). */
export function saleOf(listPaise: number, row: SaleFields): Pick<Product, 'saleprice' | 'sale'> {
  if (row.salePercent === null || row.salePercent === undefined || !row.saleEndsAt) return { saleprice: null, sale: null };
  const percent = Number(row.salePercent);
  const endsAt =
    row.saleEndsAt instanceof Date
      ? row.saleEndsAt
      : new Date(
          String(row.saleEndsAt)
            .replace(' ', 'T')
            .replace(/([+-]\d\d)$/, '$1:00'),
        );
  return {
    saleprice: paiseToRupees(salePaise(listPaise, percent)),
    sale: { name: row.saleName ?? '', percentoff: percent, endsAt: endsAt.toISOString() },
  };
}
