import { z } from 'zod';
import { MENU_ENTRIES_MAX, MENU_KEYS, MENU_NOTE_MAX } from './menu-names.js';

/** The schemas of the menus' routes; their names and limits are in contract/menu-names.ts. */

const MenuKeySchema = z.enum(MENU_KEYS, { message: 'Please choose one of the five menus' });

// ---------------------------------------------------------------- the storefront's answer

const MenuLink = z.object({
  /** The name shown (a subcategory's display name, or its name), with the note in brackets: "Cat's Eye (Lehsunia)". */
  label: z.string(),
  /** The listing page's address, made from the names (contract/filter.ts listingPath): `/gemstones-catseye`. */
  to: z.string(),
});
const ShopMenu = z.object({ menu: MenuKeySchema, label: z.string(), links: z.array(MenuLink) });
export type ShopMenu = z.infer<typeof ShopMenu>;
export const MenusResponse = z.object({ success: z.boolean(), menus: z.array(ShopMenu) });
export type MenusResponse = z.infer<typeof MenusResponse>;

// ---------------------------------------------------------------- the back office

const MenuEntry = z.object({
  /** The category placed, or null for a subcategory. */
  category: z.string().nullable(),
  /** The subcategory placed, or null for a category. */
  subcategory: z.string().nullable(),
  /** What it shows without its note: the category's name, or the subcategory's shown name and its category's. */
  name: z.string(),
  note: z.string(),
  /** Its listing page. */
  to: z.string(),
  /** False while it has no active product: the storefront leaves it out until one is switched on. */
  shown: z.boolean(),
});
const AdminMenu = z.object({ menu: MenuKeySchema, label: z.string(), entries: z.array(MenuEntry) });
export const AdminMenusResponse = z.object({ success: z.boolean(), menus: z.array(AdminMenu) });
export type AdminMenusResponse = z.infer<typeof AdminMenusResponse>;

const optionalId = (message: string) => z.uuid({ message }).nullish();
const MenuEntryBody = z
  .object({
    category: optionalId('Please choose a valid category'),
    subcategory: optionalId('Please choose a valid subcategory'),
    note: z
      .string()
      .trim()
      .max(MENU_NOTE_MAX, { message: `A note must be at most ${MENU_NOTE_MAX} characters` })
      .default(''),
  })
  .refine((e) => Boolean(e.category) !== Boolean(e.subcategory), {
    message: 'Each place is either a category or a subcategory',
  });

/** The menus given are laid out anew, their places in the order listed; the menus not given stay as they are. */
export const MenusBody = z
  .object({
    menus: z
      .array(
        z.object({
          menu: MenuKeySchema,
          entries: z.array(MenuEntryBody).max(MENU_ENTRIES_MAX, { message: `A menu holds at most ${MENU_ENTRIES_MAX} places` }),
        }),
      )
      .min(1)
      .max(MENU_KEYS.length),
  })
  .superRefine((body, ctx) => {
    const menus = new Set<string>();
    body.menus.forEach((m, i) => {
      if (menus.has(m.menu)) ctx.addIssue({ code: 'custom', path: ['menus', i, 'menu'], message: 'A menu is given twice' });
      menus.add(m.menu);
      const places = new Set<string>();
      m.entries.forEach((e, j) => {
        const key = e.category ? `c:${e.category}` : `s:${e.subcategory}`;
        if (places.has(key))
          ctx.addIssue({ code: 'custom', path: ['menus', i, 'entries', j], message: 'A menu lists each page once' });
        places.add(key);
      });
    });
  });
export type MenusBody = z.infer<typeof MenusBody>;

/** Where a new or edited subcategory is placed: at the end of this menu ('' or absent: no menu is changed). */
export const MenuChoice = z.union([MenuKeySchema, z.literal('')]);
