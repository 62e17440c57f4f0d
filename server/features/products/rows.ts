// A product row as the shop reads it (with its category, subcategory and running sale) and as the API sends it.
import { desc, eq, getTableColumns, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgSelectBase, SelectedFields } from 'drizzle-orm/pg-core';
import type { Product } from '../../../contract/catalogue.js';
import { paiseToRupees } from '../../../contract/common.js';
import type { DbOrTx } from '../../db/client.js';
import { categories, products, subcategories } from '../../db/schema.js';
import { saleColumns, saleJoin, saleOf } from '../../domain/sale-price.js';

export type ProductRow = typeof products.$inferSelect;
export type ProductWithNames = ProductRow & {
  categoryName: string;
  subcategoryName: string;
  /** The running sale that prices it, when the read asked for sale prices (domain/sale-price.ts). */
  saleId?: string | null;
  saleName?: string | null;
  salePercent?: number | string | null;
  saleEndsAt?: string | Date | null;
};
/** The instant a storefront read prices at: a time, or the placeholder of a prepared listing statement. */
export type PriceAt = Date | SQL | Placeholder;

/** Columns of a product with its category and subcategory names; use with `fromProducts`. */
export const productColumns = {
  ...getTableColumns(products),
  categoryName: categories.name,
  subcategoryName: subcategories.name,
};

/**
 * `select <fields> from products join categories join subcategories`: every read of products with their
 * category and subcategory names (`categories.name`, `subcategories.name` may be among the fields).
 */
export function selectFromProducts<F extends SelectedFields>(
  db: DbOrTx,
  fields: F,
): PgSelectBase<'products', F, 'partial', { products: 'not-null'; categories: 'not-null'; subcategories: 'not-null' }> {
  return db
    .select(fields as SelectedFields)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId)) as never;
}

/** `select <productColumns> from products join categories join subcategories`. */
export function selectProducts(db: DbOrTx) {
  return selectFromProducts(db, productColumns);
}

/** The same with the running sale of each product at `at` (storefront reads: `saleprice`, `sale`). */
export function selectPricedProducts(db: DbOrTx, at: PriceAt) {
  return selectFromProducts(db, { ...productColumns, ...saleColumns }).leftJoin(saleJoin(at), sql`true`);
}

/** A product row (with its category and subcategory names) as the API sends it. */
export function toProduct(row: ProductWithNames): Product {
  const weight = (v: number | string | null) => (v === null || v === undefined ? null : Number(v));
  return {
    _id: row.id,
    productname: row.name,
    slug: row.slug,
    productprice: paiseToRupees(Number(row.pricePaise)),
    productdescription: row.description,
    productimages: row.images ?? [],
    productvideo: row.video,
    productsizes: row.sizes ?? [],
    productcolours: row.colours ?? [],
    rating: row.rating === null || row.rating === undefined ? null : Number(row.rating),
    reviewcount: row.reviewCount ?? 0,
    metatitle: row.metatitle,
    metadescription: row.metadescription,
    productbrand: row.brand,
    stockquantity: row.stock,
    isActive: row.isActive,
    category: { _id: row.categoryId, categoryname: row.categoryName },
    subcategory: { _id: row.subcategoryId, subcategoryname: row.subcategoryName },
    treatment: row.treatment,
    cut: row.cut,
    certification: row.certification,
    shape: row.shape,
    composition: row.composition,
    origin: row.origin,
    excatdimensions: row.excatdimensions,
    dimensiontype: row.dimensiontype,
    refractiveindex: row.refractiveindex,
    specificgravity: row.specificgravity,
    returnpolicy: row.returnpolicy,
    weightcarrat: weight(row.weightcarrat),
    weightratti: weight(row.weightratti),
    weightkachiratti: weight(row.weightkachiratti),
    weightpakkiratti: weight(row.weightpakkiratti),
    weightgrams: weight(row.weightgrams),
    certificatelab: row.certificateLab,
    certificatenumber: row.certificateNumber,
    certificatefile: row.certificateFile,
    sku: row.sku,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...saleOf(Number(row.pricePaise), row),
  };
}

export const newestFirst = [desc(products.createdAt), desc(products.id)];
/** `%`, `_` and `\\` taken literally in a LIKE pattern. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
