/**
 * The menus' names and limits without the schemas (contract/menus.ts), so the storefront's first script carries no
 * validation code.
 */

/**
 * The header's five menus, in the order they stand. Their names stay; what goes under each is the merchant's
 * choice (the back-office Menus screen): categories and subcategories, in an order, each with an optional note
 * shown in brackets after its name ("Ruby (Leo)" under Zodiac Stones, "Ruby (Manik)" under Vedic Stones).
 */
export const MENUS = [
  { menu: 'zodiac', label: 'Zodiac Stones' },
  { menu: 'vedic', label: 'Vedic Stones' },
  { menu: 'exclusive', label: 'Exclusive Gemstones' },
  { menu: 'other', label: 'Other Gemstones' },
  { menu: 'jewellery', label: 'Jewellery' },
] as const;
export const MENU_KEYS = [
  'zodiac',
  'vedic',
  'exclusive',
  'other',
  'jewellery',
] as const satisfies readonly (typeof MENUS)[number]['menu'][];
export type MenuKey = (typeof MENU_KEYS)[number];

/** Most places in one menu; the longest menu the shop had held 11. */
export const MENU_ENTRIES_MAX = 40;
export const MENU_NOTE_MAX = 60;
/** A subcategory's display name is as long as its name may be. */
export const DISPLAY_NAME_MAX = 100;

/** The name a subcategory shows: its display name when the merchant gave one, else its name. */
export const shownName = (s: { subcategoryname: string; displayname?: string }) => s.displayname || s.subcategoryname;
