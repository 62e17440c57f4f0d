import { inArray } from 'drizzle-orm';
import type { Product } from '../../../contract/catalogue.js';
import type { DbOrTx } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { selectProducts, toProduct } from '../products/rows.js';

/** The live products with these ids, in one query, as the catalogue sends them (for order lines). */
export async function productViewsByIds(db: DbOrTx, ids: string[]): Promise<Map<string, Product>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await selectProducts(db).where(inArray(products.id, unique));
  return new Map(rows.map((r) => [r.id, toProduct(r)]));
}
