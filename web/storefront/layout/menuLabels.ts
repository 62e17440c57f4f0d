/** The header's menu names (their links live in menus.ts, loaded after the first paint). */
export const MENU_LABELS = ['Zodiac Stones', 'Vedic Stones', 'Exclusive Gemstones', 'Other Gemstones', 'Jewellery'] as const;
