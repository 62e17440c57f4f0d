import { asc, count, eq, sql } from 'drizzle-orm';
import type { Category } from '../../../contract/catalogue.js';
import type { DbOrTx } from '../../db/client.js';
import { categories, products } from '../../db/schema.js';
import { Conflict, NotFound } from '../../domain/errors.js';

export type CategoryRow = typeof categories.$inferSelect;

/** The PostgreSQL error code of a failed query (drizzle wraps the driver's error in `cause`). */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | undefined;
  if (typeof e?.code === 'string') return e.code;
  if (typeof e?.cause?.code === 'string') return e.cause.code;
  return undefined;
}
export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
/** ON DELETE RESTRICT refusing a delete. */
const RESTRICT_VIOLATION = '23001';
/** A delete refused because rows still reference the row. */
const isStillReferenced = (err: unknown) => {
  const code = pgErrorCode(err);
  return code === RESTRICT_VIOLATION || code === FOREIGN_KEY_VIOLATION;
};

/**
 * Runs a delete that returns the rows it deleted: 404 (`missing`) when there was no such row, 409 (`inUse`)
 * when rows still reference it and the foreign keys refuse.
 */
export async function deleteUnlessReferenced(remove: () => Promise<unknown[]>, missing: string, inUse: string) {
  try {
    const rows = await remove();
    if (!rows.length) throw new NotFound(missing);
  } catch (err) {
    if (isStillReferenced(err)) throw new Conflict(inUse);
    throw err;
  }
}

export const toCategory = (row: Pick<CategoryRow, 'id' | 'name' | 'createdAt' | 'updatedAt'>): Category => ({
  _id: row.id,
  categoryname: row.name,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const duplicate = (name: string) => new Conflict(`A category named "${name}" already exists`);

/** Every category, sorted by name (case-insensitive). */
export async function listCategories(db: DbOrTx): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .orderBy(asc(sql`lower(${categories.name})`), asc(categories.name));
}

/**
 * The categories a shopper can choose in the filter bar: those with at least one active product. An empty one
 * (just made, or every product switched off) would only lead to "No products found". Admin screens list them all.
 */
export async function listShopperCategories(db: DbOrTx): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .where(sql`exists (select 1 from ${products} where ${products.categoryId} = ${categories.id} and ${products.isActive})`)
    .orderBy(asc(sql`lower(${categories.name})`), asc(categories.name));
}

export async function createCategory(db: DbOrTx, name: string): Promise<CategoryRow> {
  try {
    const [row] = await db.insert(categories).values({ name }).returning();
    return row as CategoryRow;
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw duplicate(name);
    throw err;
  }
}

export async function renameCategory(db: DbOrTx, id: string, name: string): Promise<CategoryRow> {
  try {
    const [row] = await db.update(categories).set({ name, updatedAt: new Date() }).where(eq(categories.id, id)).returning();
    if (!row) throw new NotFound('Category not found');
    return row;
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw duplicate(name);
    throw err;
  }
}

/** Deletes a category; 409 while a subcategory or product still uses it (the foreign keys refuse). */
export async function deleteCategory(db: DbOrTx, id: string): Promise<void> {
  await deleteUnlessReferenced(
    () => db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id }),
    'Category not found',
    'This category still has subcategories or products. Delete or move them first.',
  );
}

export async function countCategories(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(categories);
  return Number(row?.n ?? 0);
}
