/** The header's dropdown menus. Every gemstone and jewellery page of the shop is reachable from one of them. */
type MenuLink = { label: string; to: string };
type Menu = { label: string; links: MenuLink[] };

export const MENUS: Menu[] = [
  {
    label: 'Zodiac Stones',
    links: [
      { label: 'Ruby (Leo)', to: '/ruby' },
      { label: 'Pearl (Cancer)', to: '/pearl' },
      { label: 'Emerald (Gemini, Virgo)', to: '/emerald' },
      { label: 'Yellow Sapphire (Sagittarius, Pisces)', to: '/natural-yellow-sapphire' },
      { label: 'Blue Sapphire (Capricorn, Aquarius)', to: '/natural-blue-sapphire' },
      { label: 'Red Coral (Aries, Scorpio)', to: '/gemstones-coral' },
      { label: 'Opal (Taurus, Libra)', to: '/gemstones-opal' },
    ],
  },
  {
    label: 'Vedic Stones',
    links: [
      { label: 'Ruby (Manik)', to: '/gemstones-ruby' },
      { label: 'Pearl (Moti)', to: '/gemstones-pearl' },
      { label: 'Emerald (Panna)', to: '/gemstones-emerald' },
      { label: 'Sapphire (Neelam, Pukhraj)', to: '/gemstones-sapphire' },
      { label: 'Hessonite (Gomed)', to: '/gemstones-hessonite' },
      { label: "Cat's Eye (Lehsunia)", to: '/gemstones-catseye' },
      { label: 'Zircon', to: '/gemstones-zircon' },
      { label: 'Hessonite', to: '/hessonite' },
    ],
  },
  {
    label: 'Exclusive Gemstones',
    links: [
      { label: 'Alexandrite', to: '/gemstones-alexandrite' },
      { label: 'Tanzanite', to: '/gemstones-tanzanite' },
      { label: 'Spinel', to: '/gemstones-spinel' },
      { label: 'Tourmaline', to: '/gemstones-tourmaline' },
      { label: 'Aquamarine', to: '/gemstones-aquamarine' },
      { label: 'Pink Sapphire', to: '/pink-sapphire' },
    ],
  },
  {
    label: 'Other Gemstones',
    links: [
      { label: 'Amethyst', to: '/amethyst' },
      { label: 'Amethyst Gemstones', to: '/gemstones-amethyst' },
      { label: 'Peridot', to: '/peridot' },
      { label: 'Peridot Gemstones', to: '/gemstones-peridot' },
      { label: 'Citrine', to: '/citrine' },
      { label: 'Citrine Gemstones', to: '/gemstones-citrine' },
      { label: 'Iolite', to: '/gemstones-lolite' },
      { label: 'Lapis Lazuli', to: '/gemstones-lapislazuli' },
      { label: 'Turquoise', to: '/gemstones-turquoise' },
      { label: 'Malachite', to: '/gemstones-malachite' },
      { label: 'Topaz', to: '/gemstones-topaz' },
    ],
  },
  {
    label: 'Jewellery',
    links: [
      { label: 'Bracelets', to: '/jewellery-bracelets' },
      { label: 'Earrings', to: '/jewellery-earrings' },
      { label: 'Pendants', to: '/jewellery-pendants' },
      { label: 'Rings', to: '/jewellery-rings' },
    ],
  },
];
