import type { MenuKey } from '../../contract/menu-names.js';

/**
 * Where the demo catalogue's stones and jewellery stand in the header's menus, and the notes they carry there: the
 * menus the storefront showed before the merchant could lay them out, less the entries that led to the same stones
 * twice. Migration 0380 places an older shop's catalogue the same way.
 */
export const DEMO_MENUS: Record<MenuKey, { category: string; subcategory: string; note?: string }[]> = {
  zodiac: [
    { category: 'Gemstones', subcategory: 'Ruby', note: 'Leo' },
    { category: 'Gemstones', subcategory: 'Pearl', note: 'Cancer' },
    { category: 'Gemstones', subcategory: 'Emerald', note: 'Gemini, Virgo' },
    { category: 'Gemstones', subcategory: 'Natural Yellow Sapphire', note: 'Sagittarius, Pisces' },
    { category: 'Gemstones', subcategory: 'Natural Blue Sapphire', note: 'Capricorn, Aquarius' },
    { category: 'Gemstones', subcategory: 'Coral', note: 'Aries, Scorpio' },
    { category: 'Gemstones', subcategory: 'Opal', note: 'Taurus, Libra' },
  ],
  vedic: [
    { category: 'Gemstones', subcategory: 'Ruby', note: 'Manik' },
    { category: 'Gemstones', subcategory: 'Pearl', note: 'Moti' },
    { category: 'Gemstones', subcategory: 'Emerald', note: 'Panna' },
    { category: 'Gemstones', subcategory: 'Natural Blue Sapphire', note: 'Neelam' },
    { category: 'Gemstones', subcategory: 'Natural Yellow Sapphire', note: 'Pukhraj' },
    { category: 'Gemstones', subcategory: 'Hessonite', note: 'Gomed' },
    { category: 'Gemstones', subcategory: 'Catseye', note: 'Lehsunia' },
    { category: 'Gemstones', subcategory: 'Zircon' },
  ],
  exclusive: [
    { category: 'Gemstones', subcategory: 'Alexandrite' },
    { category: 'Gemstones', subcategory: 'Tanzanite' },
    { category: 'Gemstones', subcategory: 'Spinel' },
    { category: 'Gemstones', subcategory: 'Tourmaline' },
    { category: 'Gemstones', subcategory: 'Aquamarine' },
    { category: 'Gemstones', subcategory: 'Pink Sapphire' },
  ],
  other: [
    { category: 'Gemstones', subcategory: 'Amethyst' },
    { category: 'Gemstones', subcategory: 'Peridot' },
    { category: 'Gemstones', subcategory: 'Citrine' },
    { category: 'Gemstones', subcategory: 'Iolite' },
    { category: 'Gemstones', subcategory: 'Lapislazuli' },
    { category: 'Gemstones', subcategory: 'Turquoise' },
    { category: 'Gemstones', subcategory: 'Malachite' },
    { category: 'Gemstones', subcategory: 'Topaz' },
    { category: 'Gemstones', subcategory: 'White Sapphire' },
  ],
  jewellery: [
    { category: 'Jewellery', subcategory: 'Bracelets' },
    { category: 'Jewellery', subcategory: 'Earrings' },
    { category: 'Jewellery', subcategory: 'Pendants' },
    { category: 'Jewellery', subcategory: 'Rings' },
  ],
};

/** The demo's stones whose names are spelt as their addresses are (`Catseye`), and the names shoppers read. */
export const DEMO_DISPLAY_NAMES: Record<string, string> = { Catseye: "Cat's Eye", Lapislazuli: 'Lapis Lazuli' };
