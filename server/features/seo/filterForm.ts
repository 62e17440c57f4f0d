import { and, eq } from 'drizzle-orm';
import { FILTER_FORM_FIELDS, filterFromForm, formatFilter, GEM_BOUNDS, GEM_LISTS } from '../../../contract/filter.js';
import type { DbOrTx } from '../../db/client.js';
import { categories, subcategories } from '../../db/schema.js';

/** The address the listing's filter form is sent to (web/storefront/listing/FilterBar.tsx). */
const FILTER_FORM_ACTION = '/all';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One value of a query field: the first when it is repeated; only text counts. */
const one = (v: unknown): string | undefined => {
  const first = Array.isArray(v) ? v[0] : v;
  return typeof first === 'string' ? first : undefined;
};

/**
 * The listing address a filter form sent with GET stands for (the form works before the web app runs and without
 * JavaScript), or undefined when the query is not the form's. `/all?search=…&category=<id>&subcategory=<id>&min=…
 * &max=…&sort=…` (and the gem fields `caratmin`… `lab`) becomes the canonical filter string of contract/filter.ts, read as the web app reads the same form
 * (filterFromForm); `clear` is Clear All. Unknown ids, and a subcategory of another category, are left out.
 */
export async function filterFormAddress(db: DbOrTx, pathname: string, query: unknown): Promise<string | undefined> {
  if (pathname.toLowerCase() !== FILTER_FORM_ACTION || !query || typeof query !== 'object') return undefined;
  const q = query as Record<string, unknown>;
  if (!FILTER_FORM_FIELDS.some((field) => field in q)) return undefined;
  if (one(q.clear) !== undefined) return FILTER_FORM_ACTION;
  const categoryId = one(q.category)?.trim() ?? '';
  const subcategoryId = one(q.subcategory)?.trim() ?? '';
  let category: string | undefined;
  let subcategory: string | undefined;
  if (UUID.test(categoryId)) {
    const [cat] = await db.select({ name: categories.name }).from(categories).where(eq(categories.id, categoryId)).limit(1);
    category = cat?.name;
    if (category && UUID.test(subcategoryId)) {
      const [sub] = await db
        .select({ name: subcategories.name })
        .from(subcategories)
        .where(and(eq(subcategories.id, subcategoryId), eq(subcategories.categoryId, categoryId)))
        .limit(1);
      subcategory = sub?.name;
    }
  }
  const filter = filterFromForm({
    search: one(q.search),
    category,
    subcategory,
    min: one(q.min),
    max: one(q.max),
    sort: one(q.sort),
    ...Object.fromEntries([...GEM_BOUNDS, ...GEM_LISTS].map((field) => [field, one(q[field])])),
  });
  return `/${encodeURIComponent(formatFilter(filter))}`;
}
