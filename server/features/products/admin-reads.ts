// The back-office's reads of products, active or not.
import { and, count, eq, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { categories, products, subcategories } from '../../db/schema.js';
import { NotFound } from '../../domain/errors.js';
import { escapeLike, newestFirst, type ProductWithNames, selectFromProducts, selectProducts } from './rows.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Admin listing, newest first: every product, searched by name, SKU, category, subcategory or id. */
export async function adminListProducts(db: DbOrTx, opts: { page: number; limit: number; search?: string }) {
  const where: SQL[] = [];
  const search = opts.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search.toLowerCase())}%`;
    const matches: SQL[] = [
      sql`lower(${products.name}) like ${pattern}`,
      sql`lower(${categories.name}) like ${pattern}`,
      sql`lower(${subcategories.name}) like ${pattern}`,
      sql`lower(${products.sku}) like ${pattern}`,
    ];
    if (UUID_RE.test(search)) matches.push(eq(products.id, search.toLowerCase()));
    else if (/^[0-9a-f-]{4,35}$/i.test(search)) matches.push(sql`${products.id}::text like ${`${search.toLowerCase()}%`}`);
    where.push(or(...matches) as SQL);
  }
  const condition = where.length ? and(...where) : undefined;
  const [rows, [counted]] = await Promise.all([
    selectProducts(db)
      .where(condition)
      .orderBy(...newestFirst)
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    search ? selectFromProducts(db, { n: count() }).where(condition) : db.select({ n: count() }).from(products),
  ]);
  const total = Number(counted?.n ?? 0);
  return { rows, total, totalPages: Math.ceil(total / opts.limit) };
}

export async function getProduct(db: DbOrTx, id: string): Promise<ProductWithNames> {
  const [row] = await selectProducts(db).where(eq(products.id, id)).limit(1);
  if (!row) throw new NotFound('Product not found');
  return row;
}

export async function countProducts(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products);
  return Number(row?.n ?? 0);
}
