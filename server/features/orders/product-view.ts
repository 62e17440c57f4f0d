import { eq, inArray } from 'drizzle-orm';
import type { Product } from '../../../contract/catalogue.js';
import { paiseToRupees } from '../../../contract/common.js';
import type { DbOrTx } from '../../db/client.js';
import { categories, products, subcategories } from '../../db/schema.js';

// Local Product mapper for order lines; to be replaced by the catalogue's mapper once it is on main.

type ProductRow = typeof products.$inferSelect;

export function toProductView(p: ProductRow, categoryname: string, subcategoryname: string): Product {
  return {
    _id: p.id,
    productname: p.name,
    slug: p.slug,
    productprice: paiseToRupees(p.pricePaise),
    productdescription: p.description,
    productimages: p.images,
    productvideo: p.video,
    productsizes: p.sizes,
    productcolours: p.colours,
    rating: Number(p.rating),
    metatitle: p.metatitle,
    metadescription: p.metadescription,
    productbrand: p.brand,
    stockquantity: p.stock,
    isActive: p.isActive,
    category: { _id: p.categoryId, categoryname },
    subcategory: { _id: p.subcategoryId, subcategoryname },
    treatment: p.treatment,
    cut: p.cut,
    certification: p.certification,
    shape: p.shape,
    composition: p.composition,
    origin: p.origin,
    excatdimensions: p.excatdimensions,
    dimensiontype: p.dimensiontype,
    refractiveindex: p.refractiveindex,
    specificgravity: p.specificgravity,
    returnpolicy: p.returnpolicy,
    weightcarrat: p.weightcarrat === null ? null : Number(p.weightcarrat),
    weightratti: p.weightratti === null ? null : Number(p.weightratti),
    weightkachiratti: p.weightkachiratti === null ? null : Number(p.weightkachiratti),
    weightpakkiratti: p.weightpakkiratti === null ? null : Number(p.weightpakkiratti),
    weightgrams: p.weightgrams === null ? null : Number(p.weightgrams),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** The live products with these ids, in one query (with their category and subcategory names). */
export async function productViewsByIds(db: DbOrTx, ids: string[]): Promise<Map<string, Product>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ p: products, categoryname: categories.name, subcategoryname: subcategories.name })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .where(inArray(products.id, unique));
  return new Map(rows.map((r) => [r.p.id, toProductView(r.p, r.categoryname, r.subcategoryname)]));
}
