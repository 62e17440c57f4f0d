/** The metals and purities a made-to-order piece is made in (docs/made-to-order.md), without a schema: the storefront names them too. */
export const METALS = {
  'gold-24k': '24 karat gold (999)',
  'gold-22k': '22 karat gold (916)',
  'gold-18k': '18 karat gold (750)',
  'gold-14k': '14 karat gold (585)',
  'silver-925': 'Sterling silver (925)',
  panchdhatu: 'Panchdhatu',
} as const;
export type Metal = keyof typeof METALS;

/** The name of a metal, or the key itself for one this build does not know. */
export const metalName = (metal: string): string => (METALS as Record<string, string>)[metal] ?? metal;
