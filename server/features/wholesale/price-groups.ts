import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { paiseToRupees } from '../../../contract/common.js';
import type { MyPrices, PriceGroup, PriceGroupBody, PriceGroupPatchBody } from '../../../contract/wholesale.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { withFastRows } from '../../db/fast-rows.js';
import { businesses, categories, priceGroups, products } from '../../db/schema.js';
import { Conflict, InvalidInput, NotFound } from '../../domain/errors.js';
import { saleJoin } from '../../domain/sale-price.js';
import { deleteUnlessReferenced, pgErrorCode, UNIQUE_VIOLATION } from '../categories/service.js';
import { buyerPricingNow, covers } from './trade-price.js';

type GroupRow = typeof priceGroups.$inferSelect;

const NAME_TAKEN = 'Another price group has this name';
const NOT_FOUND = 'Price group not found';

const toGroup = (row: GroupRow, used: number): PriceGroup => ({
  _id: row.id,
  name: row.name,
  percentoff: row.percentoff,
  tiers: [...row.tiers].sort((a, b) => a.minquantity - b.minquantity),
  categoryIds: row.categoryIds,
  businesses: used,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const usedBy = (db: DbOrTx) =>
  db.select({ groupId: businesses.priceGroupId, n: count() }).from(businesses).groupBy(businesses.priceGroupId);

export async function listGroups(db: Db): Promise<PriceGroup[]> {
  const [rows, used] = await Promise.all([
    db
      .select()
      .from(priceGroups)
      .orderBy(asc(sql`lower(${priceGroups.name})`)),
    usedBy(db),
  ]);
  const counts = new Map(used.map((u) => [u.groupId, Number(u.n)]));
  return rows.map((r) => toGroup(r, counts.get(r.id) ?? 0));
}

export async function getGroup(db: DbOrTx, id: string): Promise<PriceGroup> {
  const [row] = await db.select().from(priceGroups).where(eq(priceGroups.id, id));
  if (!row) throw new NotFound(NOT_FOUND);
  const [used] = await db.select({ n: count() }).from(businesses).where(eq(businesses.priceGroupId, id));
  return toGroup(row, Number(used?.n ?? 0));
}

async function checkCategories(db: DbOrTx, ids: string[] | undefined) {
  if (!ids || ids.length === 0) return;
  const found = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
  if (found.length !== new Set(ids).size) {
    throw new InvalidInput('No such category', [{ path: 'categoryIds', message: 'Choose categories the shop has' }]);
  }
}

async function nameUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new Conflict(NAME_TAKEN, [{ path: 'name', message: NAME_TAKEN }]);
    throw err;
  }
}

export async function createGroup(db: Db, body: PriceGroupBody): Promise<PriceGroup> {
  await checkCategories(db, body.categoryIds);
  const [row] = await nameUnique(() =>
    db
      .insert(priceGroups)
      .values({
        name: body.name,
        percentoff: body.percentoff,
        tiers: body.tiers,
        categoryIds: [...new Set(body.categoryIds ?? [])],
      })
      .returning(),
  );
  if (!row) throw new Error('price group insert returned nothing');
  return toGroup(row, 0);
}

export async function updateGroup(db: Db, id: string, body: PriceGroupPatchBody): Promise<PriceGroup> {
  await checkCategories(db, body.categoryIds);
  const [row] = await nameUnique(() =>
    db
      .update(priceGroups)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.percentoff !== undefined ? { percentoff: body.percentoff } : {}),
        ...(body.tiers !== undefined ? { tiers: body.tiers } : {}),
        ...(body.categoryIds !== undefined ? { categoryIds: [...new Set(body.categoryIds)] } : {}),
        updatedAt: new Date(),
      })
      .where(eq(priceGroups.id, id))
      .returning(),
  );
  if (!row) throw new NotFound(NOT_FOUND);
  return getGroup(db, row.id);
}

/** A group a business has is kept (the foreign key refuses: 409), so no buyer's prices change unseen. */
export async function deleteGroup(db: Db, id: string) {
  await deleteUnlessReferenced(
    () => db.delete(priceGroups).where(eq(priceGroups.id, id)).returning({ id: priceGroups.id }),
    NOT_FOUND,
    'This price group is given to businesses: move them to another group first',
  );
}

type MyPriceRow = { id: string; pricePaise: number; categoryId: string | null; salePercent: number | null };
type KeptRows = { execute(values: { ids: string; at: string }): Promise<MyPriceRow[]> };
const keptRows = new WeakMap<object, KeptRows>();

/**
 * The active products among `ids` (comma-separated) with their list price, category and running sale: a statement
 * built once per database and run again with its values (`withFastRows`), as a product page's are.
 */
function myPricesRows(db: Db): KeptRows {
  let kept = keptRows.get(db);
  if (!kept) {
    kept = withFastRows(
      db
        .select({
          id: products.id,
          pricePaise: products.pricePaise,
          categoryId: products.categoryId,
          salePercent: sql<number | null>`"sale"."percentoff"`,
        })
        .from(products)
        .leftJoin(saleJoin(sql.placeholder('at')), sql`true`)
        .where(
          and(sql`${products.id} = any(string_to_array(${sql.placeholder('ids')}, ',')::uuid[])`, eq(products.isActive, true)),
        )
        .prepare('my_prices_rows'),
    ) as unknown as KeptRows;
    keptRows.set(db, kept);
  }
  return kept;
}

/**
 * GET /p1/api/my-prices: the caller's unit price of each product (its storefront price for a retail buyer) and,
 * for an approved business whose group covers it, the unit price a line of each tier's quantity pays.
 */
export async function myPrices(db: Db, userId: string | undefined, ids: string[], at: Date): Promise<MyPrices> {
  const [pricing, rows] = await Promise.all([
    buyerPricingNow(db, userId),
    myPricesRows(db).execute({ ids: ids.join(','), at: at.toISOString() }),
  ]);
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  const group = pricing.group;
  return rows.map((r) => {
    const line = (quantity: number) =>
      pricing.unitPaise({ listPaise: r.pricePaise, salePercent: r.salePercent, categoryId: r.categoryId, quantity });
    const tiers =
      group && covers(group, r.categoryId)
        ? [...group.tiers]
            .sort((a, b) => a.minquantity - b.minquantity)
            .map((t) => ({ minquantity: t.minquantity, price: paiseToRupees(line(t.minquantity)) }))
        : [];
    return { productId: r.id, price: paiseToRupees(line(1)), tiers };
  });
}
