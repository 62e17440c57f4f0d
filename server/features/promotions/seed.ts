import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { categories, sales, subcategories } from '../../db/schema.js';

/** The sales the demo home page advertises: its banners are true from the first start. */
export const DEMO_SALES = [
  { name: 'Emerald sale', percentoff: 20, category: 'Gemstones', subcategory: 'Emerald' },
  { name: 'Ruby sale', percentoff: 15, category: 'Gemstones', subcategory: 'Ruby' },
] as const;
const DEMO_SALE_DAYS = 30;

/** Adds the demo sales (from `now` for 30 days) on the subcategories that exist; returns how many. */
export async function seedDemoSales(db: DbOrTx, now = new Date()): Promise<number> {
  let added = 0;
  for (const s of DEMO_SALES) {
    const [sub] = await db
      .select({ id: subcategories.id })
      .from(subcategories)
      .innerJoin(categories, eq(categories.id, subcategories.categoryId))
      .where(
        and(
          sql`lower(${categories.name}) = ${s.category.toLowerCase()}`,
          inArray(sql`lower(${subcategories.name})`, [s.subcategory.toLowerCase()]),
        ),
      )
      .limit(1);
    if (!sub) continue;
    await db.insert(sales).values({
      name: s.name,
      percentoff: s.percentoff,
      subcategoryId: sub.id,
      startsAt: now,
      endsAt: new Date(now.getTime() + DEMO_SALE_DAYS * 86_400_000),
    });
    added++;
  }
  return added;
}
