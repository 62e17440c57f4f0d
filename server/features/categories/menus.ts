// The header's five menus, read from the catalogue: the places the merchant gave categories and subcategories.
import { sql } from 'drizzle-orm';
import { listingPath } from '../../../contract/filter.js';
import { MENUS, type MenuKey } from '../../../contract/menu-names.js';
import type { MenusBody } from '../../../contract/menus.js';
import { type DbOrTx, execRows } from '../../db/client.js';
import { menuEntries } from '../../db/schema.js';
import { InvalidInput } from '../../domain/errors.js';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from './service.js';

type PlaceRow = {
  menu: MenuKey;
  category_id: string | null;
  subcategory_id: string | null;
  note: string;
  category_name: string;
  subcategory_name: string | null;
  display_name: string | null;
  shown: boolean;
};

/**
 * Every place in the menus, in order, with the names its label and address are made from and whether it has an
 * active product (one statement; an index on products' category and subcategory answers each `exists`).
 */
async function places(db: DbOrTx): Promise<PlaceRow[]> {
  const { rows } = await execRows<PlaceRow>(
    db,
    sql`select e.menu, e.category_id, e.subcategory_id, e.note,
          c.name as category_name, s.name as subcategory_name, s.display_name,
          case when e.subcategory_id is not null
            then exists (select 1 from products p where p.subcategory_id = e.subcategory_id and p.is_active)
            else exists (select 1 from products p where p.category_id = e.category_id and p.is_active) end as shown
        from menu_entries e
        left join subcategories s on s.id = e.subcategory_id
        join categories c on c.id = coalesce(e.category_id, s.category_id)
        order by e.menu, e.position, e.id`,
  );
  return rows;
}

const nameOf = (p: PlaceRow) => (p.subcategory_id ? p.display_name || (p.subcategory_name ?? '') : p.category_name);
const labelOf = (p: PlaceRow) => (p.note ? `${nameOf(p)} (${p.note})` : nameOf(p));
const addressOf = (p: PlaceRow) =>
  p.subcategory_id ? listingPath(p.category_name, p.subcategory_name ?? '') : listingPath(p.category_name);

/**
 * The storefront's menus: the five, in their order, each with the places that have an active product (a page of
 * "No products found" is no place to send a shopper). The same answer for everyone, kept until the menus or the
 * catalogue change.
 */
export async function shopMenus(db: DbOrTx) {
  const rows = await places(db);
  return MENUS.map(({ menu, label }) => ({
    menu,
    label,
    links: rows.filter((p) => p.menu === menu && p.shown).map((p) => ({ label: labelOf(p), to: addressOf(p) })),
  }));
}

/** The menus as the merchant laid them out, every place with whether the storefront shows it. */
export async function adminMenus(db: DbOrTx) {
  const rows = await places(db);
  return MENUS.map(({ menu, label }) => ({
    menu,
    label,
    entries: rows
      .filter((p) => p.menu === menu)
      .map((p) => ({
        category: p.subcategory_id ? null : p.category_id,
        subcategory: p.subcategory_id,
        name: p.subcategory_id ? `${nameOf(p)} · ${p.category_name}` : p.category_name,
        note: p.note,
        to: addressOf(p),
        shown: p.shown,
      })),
  }));
}

/** Lays out the menus given anew, in one transaction: their places in the order listed. 400 for an unknown id. */
export async function layOutMenus(db: DbOrTx, body: MenusBody) {
  try {
    await db.transaction(async (tx) => {
      // One layout at a time: two merchants saving together each get theirs whole, the later one last (reads go on).
      await execRows(tx, sql`lock table menu_entries in exclusive mode`);
      for (const { menu, entries } of body.menus) {
        await tx.delete(menuEntries).where(sql`${menuEntries.menu} = ${menu}`);
        if (!entries.length) continue;
        await tx.insert(menuEntries).values(
          entries.map((e, position) => ({
            menu,
            position,
            categoryId: e.category ?? null,
            subcategoryId: e.subcategory ?? null,
            note: e.note,
          })),
        );
      }
    });
  } catch (err) {
    if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION)
      throw new InvalidInput('A category or subcategory chosen no longer exists', [
        { path: 'menus', message: 'Please choose categories and subcategories that exist' },
      ]);
    throw err;
  }
}

/** Places a subcategory at the end of a menu, unless it is there already. */
export async function placeAtEnd(db: DbOrTx, menu: MenuKey, subcategoryId: string) {
  await execRows(
    db,
    sql`insert into menu_entries (menu, position, subcategory_id)
        select ${menu}, coalesce(max(position) + 1, 0), ${subcategoryId}::uuid from menu_entries where menu = ${menu}
        on conflict do nothing`,
  );
}
