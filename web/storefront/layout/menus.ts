/** The header's dropdown menus. Every gemstone and jewellery page of the shop is reachable from one of them. */
type MenuLink = { label: string; to: string };
type Menu = { label: string; links: MenuLink[] };

/**
 * A link: a label alone goes to `/<prefix><name>`, the name being the label without its bracketed part, in lower
 * case and run together ("Cat's Eye (Lehsunia)" → catseye); a `[label, address]` pair goes where it says.
 */
type LinkEntry = string | [label: string, to: string];

function menu(label: string, prefix: string, entries: LinkEntry[]): Menu {
  const links = entries.map((entry) => {
    if (typeof entry !== 'string') return { label: entry[0], to: entry[1] };
    const name = entry
      .replace(/\(.*\)/, '')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase();
    return { label: entry, to: `/${prefix}${name}` };
  });
  return { label, links };
}

export const MENUS: Menu[] = [
  menu('Zodiac Stones', '', [
    'Ruby (Leo)',
    'Pearl (Cancer)',
    'Emerald (Gemini, Virgo)',
    ['Yellow Sapphire (Sagittarius, Pisces)', '/natural-yellow-sapphire'],
    ['Blue Sapphire (Capricorn, Aquarius)', '/natural-blue-sapphire'],
    ['Red Coral (Aries, Scorpio)', '/gemstones-coral'],
    ['Opal (Taurus, Libra)', '/gemstones-opal'],
  ]),
  menu('Vedic Stones', 'gemstones-', [
    'Ruby (Manik)',
    'Pearl (Moti)',
    'Emerald (Panna)',
    'Sapphire (Neelam, Pukhraj)',
    'Hessonite (Gomed)',
    "Cat's Eye (Lehsunia)",
    'Zircon',
    ['Hessonite', '/hessonite'],
  ]),
  menu('Exclusive Gemstones', 'gemstones-', [
    'Alexandrite',
    'Tanzanite',
    'Spinel',
    'Tourmaline',
    'Aquamarine',
    ['Pink Sapphire', '/pink-sapphire'],
  ]),
  menu('Other Gemstones', 'gemstones-', [
    ['Amethyst', '/amethyst'],
    ['Amethyst Gemstones', '/gemstones-amethyst'],
    ['Peridot', '/peridot'],
    ['Peridot Gemstones', '/gemstones-peridot'],
    ['Citrine', '/citrine'],
    ['Citrine Gemstones', '/gemstones-citrine'],
    // The page's address is spelt so.
    ['Iolite', '/gemstones-lolite'],
    'Lapis Lazuli',
    'Turquoise',
    'Malachite',
    'Topaz',
  ]),
  menu('Jewellery', 'jewellery-', ['Bracelets', 'Earrings', 'Pendants', 'Rings']),
];
