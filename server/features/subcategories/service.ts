import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Subcategory } from '../../../contract/catalogue.js';
import type { MenuKey } from '../../../contract/menu-names.js';
import type { DbOrTx } from '../../db/client.js';
import { categories, subcategories } from '../../db/schema.js';
import { Conflict, InvalidInput, NotFound } from '../../domain/errors.js';
import { placeAtEnd } from '../categories/menus.js';
import {
  type CategoryRow,
  deleteUnlessReferenced,
  FOREIGN_KEY_VIOLATION,
  pgErrorCode,
  UNIQUE_VIOLATION,
} from '../categories/service.js';

type SubcategoryRow = typeof subcategories.$inferSelect;
type SubcategoryWithCategory = SubcategoryRow & { categoryName: string | null };

export const toSubcategory = (row: SubcategoryWithCategory): Subcategory => ({
  _id: row.id,
  subcategoryname: row.name,
  ...(row.displayName ? { displayname: row.displayName } : {}),
  category: row.categoryName === null ? null : { _id: row.categoryId, categoryname: row.categoryName },
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const withCategory = {
  id: subcategories.id,
  name: subcategories.name,
  displayName: subcategories.displayName,
  categoryId: subcategories.categoryId,
  createdAt: subcategories.createdAt,
  updatedAt: subcategories.updatedAt,
  categoryName: categories.name,
};

const duplicate = (name: string) => new Conflict(`A subcategory named "${name}" already exists in this category`);
const unknownCategory = () =>
  new InvalidInput('The chosen category does not exist', [{ path: 'category', message: 'Please choose a valid category' }]);
/** A write the database refused, as the shop answers it: the name taken in the category, or no such category. */
const refusal = (err: unknown, name: string) => {
  const code = pgErrorCode(err);
  if (code === UNIQUE_VIOLATION) return duplicate(name);
  if (code === FOREIGN_KEY_VIOLATION) return unknownCategory();
  return err;
};

/** One page of subcategories, newest first, with the total, in one query. */
export async function listSubcategories(db: DbOrTx, page: number, limit: number) {
  const rows = await db
    .select({ ...withCategory, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(subcategories)
    .leftJoin(categories, eq(categories.id, subcategories.categoryId))
    .orderBy(desc(subcategories.createdAt), desc(subcategories.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const total = rows[0]?.total ?? (page > 1 ? await countSubcategories(db) : 0);
  return { rows, total, totalPages: Math.ceil(total / limit) };
}

export async function getSubcategory(db: DbOrTx, id: string): Promise<SubcategoryWithCategory> {
  const [row] = await db
    .select(withCategory)
    .from(subcategories)
    .leftJoin(categories, eq(categories.id, subcategories.categoryId))
    .where(eq(subcategories.id, id))
    .limit(1);
  if (!row) throw new NotFound('Subcategory not found');
  return row;
}

/** A category and its subcategories (sorted by name) in one query; 404 for an unknown category. */
export async function subcategoriesOfCategory(
  db: DbOrTx,
  categoryId: string,
): Promise<{ category: CategoryRow; subcategories: SubcategoryWithCategory[] }> {
  const rows = await db
    .select({ category: categories, sub: subcategories })
    .from(categories)
    .leftJoin(subcategories, eq(subcategories.categoryId, categories.id))
    .where(eq(categories.id, categoryId))
    .orderBy(asc(sql`lower(${subcategories.name})`), asc(subcategories.name));
  const category = rows[0]?.category;
  if (!category) throw new NotFound('Category not found');
  return {
    category,
    subcategories: rows.flatMap((r) => (r.sub ? [{ ...r.sub, categoryName: category.name }] : [])),
  };
}

type SubcategoryInput = { subcategoryname: string; category: string; displayname?: string; menu?: MenuKey | '' };

/** Creates a subcategory, placed at the end of the menu chosen (if one is) in the same transaction. */
export async function createSubcategory(db: DbOrTx, input: SubcategoryInput) {
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(subcategories)
        .values({ name: input.subcategoryname, displayName: input.displayname ?? '', categoryId: input.category })
        .returning({ id: subcategories.id });
      const made = (row as { id: string }).id;
      if (input.menu) await placeAtEnd(tx, input.menu, made);
      return made;
    });
  } catch (err) {
    throw refusal(err, input.subcategoryname);
  }
  return getSubcategory(db, id);
}

/**
 * Renames a subcategory, changes its display name, or moves it to another category; places it at the end of the
 * menu chosen (if one is and it is not there yet). Its products move with it: the products'
 * (subcategory, category) foreign key cascades the new category to them in the same statement.
 */
export async function editSubcategory(db: DbOrTx, id: string, input: SubcategoryInput) {
  try {
    await db.transaction(async (tx) => {
      const rows = await tx
        .update(subcategories)
        .set({
          name: input.subcategoryname,
          categoryId: input.category,
          ...(input.displayname === undefined ? {} : { displayName: input.displayname }),
          updatedAt: new Date(),
        })
        .where(eq(subcategories.id, id))
        .returning({ id: subcategories.id });
      if (!rows.length) throw new NotFound('Subcategory not found');
      if (input.menu) await placeAtEnd(tx, input.menu, id);
    });
  } catch (err) {
    throw refusal(err, input.subcategoryname);
  }
  return getSubcategory(db, id);
}

/** Deletes a subcategory; 409 while products use it. */
export async function deleteSubcategory(db: DbOrTx, id: string): Promise<void> {
  await deleteUnlessReferenced(
    () => db.delete(subcategories).where(eq(subcategories.id, id)).returning({ id: subcategories.id }),
    'Subcategory not found',
    'This subcategory still has products. Delete or move them first.',
  );
}

export async function countSubcategories(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(subcategories);
  return Number(row?.n ?? 0);
}
