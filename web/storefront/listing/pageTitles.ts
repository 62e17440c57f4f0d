/**
 * Headings of the gemstone and jewellery pages (their terms are ordinary listing filters), by the page's one address
 * (contract/listing.ts `canonicalListingTerm`): the address the header's menus link to. A short address that shows
 * the same page (`/ruby`, `/natural-yellow-sapphire`) gets that page's heading.
 */
export const PAGE_TITLES: Record<string, string> = {
  all: 'All Products',
  'gemstones-natural-blue-sapphire': 'Natural Blue Sapphire Gemstones',
  'gemstones-natural-yellow-sapphire': 'Natural Yellow Sapphire Gemstones',
  'gemstones-pink-sapphire': 'Pink Sapphire Gemstones',
  'gemstones-ruby': 'Ruby Gemstones',
  'gemstones-pearl': 'Pearl Gemstones',
  'gemstones-emerald': 'Emerald Gemstones',
  'gemstones-lolite': 'Iolite Gemstones',
  'gemstones-sapphire': 'Sapphire Gemstones',
  'gemstones-hessonite': 'Hessonite Gemstones',
  'gemstones-opal': 'Opal Gemstones',
  'gemstones-catseye': "Cat's Eye Gemstones",
  'gemstones-coral': 'Coral Gemstones',
  'gemstones-peridot': 'Peridot Gemstones',
  'gemstones-citrine': 'Citrine Gemstones',
  'gemstones-zircon': 'Zircon Gemstones',
  'gemstones-amethyst': 'Amethyst Gemstones',
  'gemstones-alexandrite': 'Alexandrite Gemstones',
  'gemstones-aquamarine': 'Aquamarine Gemstones',
  'gemstones-tanzanite': 'Tanzanite Gemstones',
  'gemstones-lapislazuli': 'Lapis Lazuli Gemstones',
  'gemstones-turquoise': 'Turquoise Gemstones',
  'gemstones-tourmaline': 'Tourmaline Gemstones',
  'gemstones-spinel': 'Spinel Gemstones',
  'gemstones-malachite': 'Malachite Gemstones',
  'gemstones-topaz': 'Topaz Gemstones',
  'jewellery-bracelets': 'Bracelets',
  'jewellery-earrings': 'Earrings',
  'jewellery-pendants': 'Pendants',
  'jewellery-rings': 'Rings',
};
