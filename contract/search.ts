import { z } from 'zod';

/** Suggestions start at this many letters. */
export const SUGGEST_MIN_CHARS = 2;
const SUGGEST_MAX_CHARS = 100;

export const SuggestQuery = z.object({
  q: z
    .string()
    .trim()
    .max(SUGGEST_MAX_CHARS, { message: `Search must be at most ${SUGGEST_MAX_CHARS} characters` }),
});

const ProductSuggestion = z.object({
  _id: z.string(),
  productname: z.string(),
  /** The product page's path (/{category}/{subcategory}/{slug}). */
  path: z.string(),
  /** The first image (the 1280 URL; `imageUrlAt` gives a smaller one), or '' without one. */
  image: z.string(),
  /** What the shopper pays now, in rupees (the sale price when a sale runs). */
  price: z.number(),
});
const NameSuggestion = z.object({
  name: z.string(),
  /** The listing page of it (`/gemstones-ruby`). */
  path: z.string(),
  /** For a stone: the category it is listed under; for a stone found by another name, that name (`Manik`). */
  note: z.string().optional(),
});

export const SuggestResponse = z.object({
  success: z.boolean(),
  /** The query as read (trimmed, lower case); shorter than two letters answers nothing. */
  query: z.string(),
  products: z.array(ProductSuggestion),
  categories: z.array(NameSuggestion),
  stones: z.array(NameSuggestion),
});
export type SuggestResponse = z.infer<typeof SuggestResponse>;

/**
 * Gemstones by their trade names: English, the Hindi and other Indian names shoppers type, and common
 * spellings. A query close to any of these names finds the stone (and the products of it) as well.
 */
export const STONE_NAMES: readonly { stone: string; names: readonly string[] }[] = [
  { stone: 'Ruby', names: ['Manik', 'Manikya', 'Maanik'] },
  { stone: 'Yellow Sapphire', names: ['Pukhraj', 'Pukhraaj', 'Pushparag'] },
  { stone: 'Blue Sapphire', names: ['Neelam', 'Nilam', 'Neelam Stone'] },
  { stone: 'White Sapphire', names: ['Safed Pukhraj'] },
  { stone: 'Emerald', names: ['Panna', 'Paanna'] },
  { stone: 'Pearl', names: ['Moti', 'Mukta'] },
  { stone: 'Diamond', names: ['Heera', 'Hira', 'Heeraa'] },
  { stone: 'Hessonite', names: ['Gomed', 'Gomedh', 'Gomedak'] },
  { stone: "Cat's Eye", names: ['Lehsunia', 'Lehsuniya', 'Lahsuniya', 'Vaidurya', 'Catseye'] },
  { stone: 'Coral', names: ['Moonga', 'Munga', 'Red Coral'] },
  { stone: 'Amethyst', names: ['Katela', 'Jamunia'] },
  { stone: 'Peridot', names: ['Zabarjad', 'Zabarjat'] },
  { stone: 'Citrine', names: ['Sunela', 'Sunehla'] },
  { stone: 'Iolite', names: ['Neeli', 'Lolite'] },
  { stone: 'Zircon', names: ['Jarkan', 'Jircon'] },
  { stone: 'Aquamarine', names: ['Beruj', 'Beruz'] },
  { stone: 'Lapis Lazuli', names: ['Rajavarta', 'Lajward', 'Lapislazuli'] },
  { stone: 'Turquoise', names: ['Firoza', 'Feroza'] },
  { stone: 'Spinel', names: ['Lal', 'Laal'] },
  { stone: 'Opal', names: [] },
  { stone: 'Tanzanite', names: [] },
  { stone: 'Tourmaline', names: [] },
  { stone: 'Alexandrite', names: [] },
  { stone: 'Topaz', names: [] },
  { stone: 'Malachite', names: [] },
];
