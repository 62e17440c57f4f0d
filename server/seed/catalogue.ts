import { DEFAULT_RATTI_IN_CARATS, rattiOf } from '../../contract/gems.js';
import type { Background, Design, Metal, Shape } from './art.js';
import { JEWELLERY, type JewelleryKind, STONES, type StoneKind } from './stones.js';

/** A seeded pseudo-random source (mulberry32): the same seed always gives the same catalogue. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (lo: number, hi: number) => lo + (hi - lo) * next(),
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    /** A random (version 4 shaped) UUID from this source. */
    uuid() {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
      hex[12] = '4';
      hex[16] = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
      const h = hex.join('');
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    },
  };
}
type Rng = ReturnType<typeof prng>;

export const DEMO_SEED = 20240311;
const CATEGORY_GEMSTONES = 'Gemstones';
const CATEGORY_JEWELLERY = 'Jewellery';
const BRAND = 'Ratna Gems';
const RETURN_POLICY =
  '10-day no-questions-asked return and refund. Return the stone unused with its certificate and packing; the refund reaches you in 7–10 business days.';
/** @forTests the seed tests check every seeded price stays within these bounds */
export const MIN_PRICE_RUPEES = 1500;
/** @forTests the seed tests check every seeded price stays within these bounds */
export const MAX_PRICE_RUPEES = 300000;

type SeedImage = { uuid: string; design: Design };

type SeedProduct = {
  name: string;
  slug: string;
  category: string;
  subcategory: string;
  pricePaise: number;
  description: string;
  images: SeedImage[];
  sizes: string[];
  colours: string[];
  metatitle: string;
  metadescription: string;
  brand: string;
  stock: number;
  sold: number;
  isActive: boolean;
  treatment: string;
  cut: string;
  certification: string;
  shape: string;
  composition: string;
  origin: string;
  excatdimensions: string;
  dimensiontype: string;
  refractiveindex: string;
  specificgravity: string;
  returnpolicy: string;
  weightcarrat: number | null;
  weightratti: number | null;
  weightkachiratti: number | null;
  weightpakkiratti: number | null;
  weightgrams: number | null;
  /** Days before the seeding moment the product was listed (spreads "newest first"). */
  ageDays: number;
};

export type SeedCatalogue = {
  categories: string[];
  subcategories: { name: string; category: string }[];
  products: SeedProduct[];
};

const SHAPE_LABEL: Record<Shape, string> = {
  round: 'Round',
  oval: 'Oval',
  cushion: 'Cushion',
  pear: 'Pear',
  heart: 'Heart',
  octagon: 'Octagon',
  square: 'Square',
  baguette: 'Baguette',
};

const ORIGIN_ADJECTIVE: Record<string, string> = {
  'Sri Lanka (Ceylon)': 'Ceylon',
  'Burma (Myanmar)': 'Burmese',
  'Thailand (Bangkok)': 'Bangkok',
  Colombia: 'Colombian',
  Zambia: 'Zambian',
  Italy: 'Italian',
  Japan: 'Japanese',
  'Basra (Persian Gulf)': 'Basra',
  'South Sea': 'South Sea',
  'Japan (Akoya)': 'Akoya',
  Australia: 'Australian',
  Ethiopia: 'Ethiopian',
  Brazil: 'Brazilian',
  Mozambique: 'Mozambique',
  'Tanzania (Merelani)': 'Tanzanian',
  'Afghanistan (Badakhshan)': 'Afghan',
  'Afghanistan (Panjshir)': 'Panjshir',
  'Iran (Nishapur)': 'Persian',
};

/**
 * Carat to the Indian weights, by the shop's one ratti sum: the standard (pakki) ratti is 182 mg (0.91 ct, the
 * shop's default ratti setting), the kachi ratti about 121 mg (0.61 ct); a carat is 200 mg.
 */
const toRatti = (carat: number) => rattiOf(carat, DEFAULT_RATTI_IN_CARATS);
const toPakkiRatti = toRatti;
const toKachiRatti = (carat: number) => rattiOf(carat, 0.61);
const round2 = (n: number) => Math.round(n * 100) / 100;
const roundPrice = (rupees: number) =>
  Math.min(MAX_PRICE_RUPEES, Math.max(MIN_PRICE_RUPEES, Math.round(rupees / 100) * 100)) * 100;

function slugify(text: string) {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/['’]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 90)
      .replace(/-+$/g, '') || 'product'
  );
}

/** "an IGI report", "a GIA report". */
const article = (word: string) => (/^[AEIOU]/i.test(word) ? 'an' : 'a');

const formatInr = (rupees: number) => `₹${rupees.toLocaleString('en-IN')}`;

/** Length, width and depth in mm of a stone of this weight and density, roughly as cutters proportion them. */
function dimensions(carat: number, sg: number, shape: Shape) {
  const k = Math.cbrt((carat * 3.99) / sg);
  const [l, w] =
    shape === 'round'
      ? [6.5 * k, 6.5 * k]
      : shape === 'cushion' || shape === 'square'
        ? [6.3 * k, 5.8 * k]
        : shape === 'heart'
          ? [6.6 * k, 6.9 * k]
          : shape === 'pear'
            ? [8.2 * k, 5.6 * k]
            : shape === 'octagon'
              ? [7.4 * k, 5.5 * k]
              : [7.4 * k, 5.7 * k];
  const d = Math.min(l, w) * 0.62;
  return `${l.toFixed(2)} x ${w.toFixed(2)} x ${d.toFixed(2)} mm`;
}

function cutOf(kind: StoneKind, lookStyle: string, shape: Shape) {
  if (lookStyle === 'pearl') return 'Natural (uncut)';
  if (lookStyle !== 'brilliant' && lookStyle !== 'step') return 'Cabochon';
  if (shape === 'octagon' || shape === 'square' || shape === 'baguette') return 'Step cut';
  return kind.carats[1] > 9 ? 'Brilliant cut' : 'Mixed cut (brilliant crown, step pavilion)';
}

const isStep = (shape: Shape) => shape === 'octagon' || shape === 'square' || shape === 'baguette';
const isFaceted = (style: string) => style === 'brilliant' || style === 'step';

function stoneProducts(kind: StoneKind, rng: Rng): SeedProduct[] {
  const out: SeedProduct[] = [];
  // Each stone comes in at most two looks (colour and shape pairs), so its pictures are drawn twice, not per product.
  const combos = Math.min(2, Math.max(kind.looks.length, kind.shapes.length));
  const sg = Number.parseFloat(kind.specificgravity);
  for (let i = 0; i < kind.count; i++) {
    const c = i % combos;
    const variant = kind.looks[c % kind.looks.length] as StoneKind['looks'][number];
    const shape = kind.shapes[c % kind.shapes.length] as Shape;
    const drawn = round2(rng.between(kind.carats[0], kind.carats[1]));
    const showcase = kind.showcase?.index === i ? kind.showcase : undefined;
    const carat = showcase ? showcase.carat : drawn;
    const quality = rng.next();
    const treatment = kind.treatments[i % kind.treatments.length] as string;
    const premium = /^Unheated|^Untreated/.test(treatment) && kind.treatments.length > 1 ? 1.25 : 1;
    const perCarat = (kind.perCarat[0] + (kind.perCarat[1] - kind.perCarat[0]) * quality ** 1.6) * premium;
    const pricePaise = roundPrice(carat * perCarat);
    const origin = kind.origins[(i + Math.floor(quality * 3)) % kind.origins.length] as string;
    const lab = showcase ? showcase.lab : (kind.certifications[i % kind.certifications.length] as string);
    const ratti = toRatti(carat);
    const prefix = i % 3 === 0 ? (ORIGIN_ADJECTIVE[origin] ?? 'Natural') : i % 3 === 1 ? 'Certified' : 'Natural';
    const hindi = kind.hindi ? ` (${kind.hindi})` : '';
    const name = `${prefix} ${kind.title.replace(/^Natural /, '')}${hindi} ${carat.toFixed(2)} Carat ${SHAPE_LABEL[shape]}`;
    const shapeLabel = SHAPE_LABEL[shape];
    const cut = cutOf(kind, variant.look.style, shape);
    const dims = dimensions(carat, sg, shape);
    const rupees = pricePaise / 100;
    const description = [
      `A ${carat.toFixed(2)} carat (${ratti} ratti) ${kind.title.toLowerCase().startsWith('natural') ? '' : 'natural '}${kind.title.toLowerCase()}${kind.hindi ? `, known in India as ${kind.hindi}` : ''}, from ${origin}. ${variant.label ? `${variant.label} colour, ` : ''}${shapeLabel.toLowerCase()} shape, ${cut.toLowerCase()}.`,
      `${kind.planet ? `In Vedic astrology it is the stone of ${kind.planet}, ${kind.benefit}.` : `It is ${kind.benefit}.`} Every stone is energised before dispatch and comes with ${article(lab)} ${lab} report stating its weight, treatment and origin.`,
      `Treatment: ${treatment.toLowerCase()}. Dimensions ${dims}. Refractive index ${kind.refractiveindex}, specific gravity ${kind.specificgravity}.`,
      'Shipped insured from Ludhiana in a sealed gem box; free worldwide shipping above ₹1,50,000 and a 10-day no-questions-asked return.',
    ].join('\n\n');
    const images: SeedImage[] = [
      {
        uuid: rng.uuid(),
        design: { kind: 'stone', look: variant.look, shape, background: c % 2 ? 'cream' : 'studio' },
      },
      {
        uuid: rng.uuid(),
        design: { kind: 'profile', look: variant.look, shape: isStep(shape) ? 'octagon' : 'round', background: 'slate' },
      },
    ];
    // The most asked-for stones get a third picture, on velvet.
    if (c === 0 && kind.demand >= 2.5 && isFaceted(variant.look.style)) {
      images.push({ uuid: rng.uuid(), design: { kind: 'stone', look: variant.look, shape, background: 'velvet', tilt: -18 } });
    }
    out.push({
      name,
      slug: slugify(name),
      category: CATEGORY_GEMSTONES,
      subcategory: kind.subcategory,
      pricePaise,
      description,
      images,
      sizes: [`${carat.toFixed(2)} Carat (${ratti} Ratti)`],
      colours: [variant.colour],
      metatitle: `${kind.title}${hindi} ${carat.toFixed(2)} Ct ${shapeLabel}, ${lab.split(' ')[0]} Certified | ${BRAND}`,
      metadescription: `Buy a certified ${kind.title.toLowerCase()}${hindi}: ${carat.toFixed(2)} carat (${ratti} ratti) ${shapeLabel.toLowerCase()} from ${origin}, ${treatment.toLowerCase()}, for ${formatInr(rupees)}. 10-day returns, secure payment.`,
      brand: BRAND,
      stock: 0,
      sold: 0,
      isActive: true,
      treatment,
      cut,
      certification: lab,
      shape: shapeLabel,
      composition: kind.composition,
      origin,
      excatdimensions: dims,
      dimensiontype: 'Length x Width x Depth',
      refractiveindex: kind.refractiveindex,
      specificgravity: kind.specificgravity,
      returnpolicy: RETURN_POLICY,
      weightcarrat: carat,
      weightratti: ratti,
      weightkachiratti: toKachiRatti(carat),
      weightpakkiratti: toPakkiRatti(carat),
      weightgrams: round2(carat * 0.2),
      ageDays: 0,
    });
  }
  return out;
}

const METALS: { metal: Metal; name: string; colour: string; perGram: number; background: Background }[] = [
  { metal: 'silver', name: '925 Sterling Silver', colour: 'Silver', perGram: 180, background: 'studio' },
  { metal: 'gold', name: '18K Yellow Gold', colour: 'Gold', perGram: 6400, background: 'cream' },
  { metal: 'gold', name: 'Gold Plated Silver (Panchdhatu finish)', colour: 'Gold', perGram: 240, background: 'velvet' },
];

function jewelleryProducts(kind: JewelleryKind, rng: Rng): SeedProduct[] {
  const out: SeedProduct[] = [];
  for (let i = 0; i < kind.count; i++) {
    const stone = STONES.find((s) => s.subcategory === kind.stones[i % kind.stones.length]) as StoneKind;
    const variant = stone.looks[0] as StoneKind['looks'][number];
    const shape = stone.shapes[0] as Shape;
    const metal = METALS[Math.floor(i / kind.stones.length) % METALS.length] as (typeof METALS)[number];
    const grams = round2(rng.between(kind.grams[0], kind.grams[1]));
    const carat = round2(
      kind.kind === 'bracelet' ? rng.between(3, 7) : rng.between(stone.carats[0] * 0.6, stone.carats[0] * 1.4),
    );
    const stoneRupees = carat * (stone.perCarat[0] + (stone.perCarat[1] - stone.perCarat[0]) * 0.25 * rng.next());
    const making = kind.kind === 'bracelet' ? 3500 : 1500;
    const pricePaise = roundPrice(stoneRupees + grams * metal.perGram + making);
    const hindi = stone.hindi ? ` (${stone.hindi})` : '';
    const metalShort = metal.metal === 'silver' ? 'Silver' : metal.perGram > 1000 ? '18K Gold' : 'Gold Plated';
    const name = `${stone.title}${hindi} ${kind.noun} in ${metalShort}`;
    const rupees = pricePaise / 100;
    const lab = stone.certifications[i % stone.certifications.length] as string;
    const origin = stone.origins[i % stone.origins.length] as string;
    const treatment = stone.treatments[0] as string;
    const description = [
      `${article(stone.title) === 'an' ? 'An' : 'A'} ${stone.title.toLowerCase()}${stone.hindi ? ` (${stone.hindi})` : ''} ${kind.noun.toLowerCase()} handmade in our Ludhiana workshop in ${metal.name}, set with a ${carat.toFixed(2)} carat (${toRatti(carat)} ratti) ${SHAPE_LABEL[shape].toLowerCase()} stone from ${origin}${kind.kind === 'ring' || kind.kind === 'pendant' ? ' and accented with white zircons' : ''}.`,
      `${stone.planet ? `A stone of ${stone.planet}, ${stone.benefit}.` : `It is ${stone.benefit}.`} The stone comes with ${article(lab)} ${lab} report; the metal is hallmarked.`,
      `Metal weight about ${grams} g. Available in ${kind.sizes.join(', ')}.`,
      'Gift-boxed and shipped insured from Ludhiana; 10-day no-questions-asked return.',
    ].join('\n\n');
    const jewelDesign: Design = { kind: kind.kind, look: variant.look, shape, metal: metal.metal, background: metal.background };
    const images: SeedImage[] = [
      { uuid: rng.uuid(), design: jewelDesign },
      { uuid: rng.uuid(), design: { kind: 'stone', look: variant.look, shape, background: 'studio' } },
    ];
    out.push({
      name,
      slug: slugify(name),
      category: CATEGORY_JEWELLERY,
      subcategory: kind.subcategory,
      pricePaise,
      description,
      images,
      sizes: kind.sizes,
      colours: [metal.colour],
      metatitle: `${stone.title}${hindi} ${kind.noun} in ${metalShort} | ${BRAND}`,
      metadescription: `Buy ${article(stone.title)} ${stone.title.toLowerCase()}${hindi} ${kind.noun.toLowerCase()} in ${metal.name} with a ${carat.toFixed(2)} carat certified stone for ${formatInr(rupees)}. Handmade in Ludhiana, 10-day returns.`,
      brand: BRAND,
      stock: 0,
      sold: 0,
      isActive: true,
      treatment,
      cut: cutOf(stone, variant.look.style, shape),
      certification: lab,
      shape: SHAPE_LABEL[shape],
      composition: `${metal.name}; ${stone.composition}`,
      origin,
      excatdimensions: dimensions(carat, Number.parseFloat(stone.specificgravity), shape),
      dimensiontype: 'Stone: Length x Width x Depth',
      refractiveindex: stone.refractiveindex,
      specificgravity: stone.specificgravity,
      returnpolicy: RETURN_POLICY,
      weightcarrat: carat,
      weightratti: toRatti(carat),
      weightkachiratti: toKachiRatti(carat),
      weightpakkiratti: toPakkiRatti(carat),
      weightgrams: grams,
      ageDays: 0,
    });
  }
  return out;
}

/** Every 67th product is hidden (inactive), to show the admin toggle and hidden pages. */
const INACTIVE_EVERY = 67;

function setPrice(p: SeedProduct, rupees: number) {
  p.metadescription = p.metadescription.replace(formatInr(p.pricePaise / 100), formatInr(rupees));
  p.pricePaise = rupees * 100;
}

/** The whole demo catalogue, the same on every run. */
export function buildCatalogue(seed = DEMO_SEED): SeedCatalogue {
  const rng = prng(seed);
  const products: SeedProduct[] = [];
  for (const kind of STONES) products.push(...stoneProducts(kind, rng));
  for (const kind of JEWELLERY) products.push(...jewelleryProducts(kind, rng));

  const demand = (p: SeedProduct) =>
    STONES.find((s) => s.subcategory === p.subcategory)?.demand ?? (p.category === CATEGORY_JEWELLERY ? 1.5 : 1);
  const slugs = new Set<string>();
  products.forEach((p, i) => {
    // Unique slugs, as the shop keeps them.
    let slug = p.slug;
    for (let n = 2; slugs.has(slug); n++) slug = `${p.slug}-${n}`;
    slugs.add(slug);
    p.slug = slug;
    // Stock: mostly 3–25, a few nearly sold out for the low-stock view.
    p.stock = rng.next() < 0.08 ? rng.int(1, 2) : rng.int(3, 25);
    // Units sold: most products sold a few, popular stones more, some none yet.
    const r = rng.next();
    p.sold = r < 0.25 ? 0 : Math.round(r ** 2 * 12 * demand(p));
    p.ageDays = Math.round(rng.between(0, 180) * 10) / 10;
    p.isActive = (i + 1) % INACTIVE_EVERY !== 0;
  });
  // The cheapest and dearest stones the shop lists: the lightest malachite and the heaviest blue sapphire.
  const by = (sub: string) =>
    products.filter((p) => p.subcategory === sub).sort((a, b) => (a.weightcarrat ?? 0) - (b.weightcarrat ?? 0));
  setPrice(by('Malachite')[0] as SeedProduct, MIN_PRICE_RUPEES);
  setPrice(by('Natural Blue Sapphire').at(-1) as SeedProduct, MAX_PRICE_RUPEES);

  const subcategories = [
    ...STONES.map((s) => ({ name: s.subcategory, category: CATEGORY_GEMSTONES })),
    ...JEWELLERY.map((j) => ({ name: j.subcategory, category: CATEGORY_JEWELLERY })),
  ];
  return { categories: [CATEGORY_GEMSTONES, CATEGORY_JEWELLERY], subcategories, products };
}
