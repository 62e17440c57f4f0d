import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sales, storefrontBanners, storefrontFaq, storefrontFilms, storefrontSlides, storefrontTiles } from '../../db/schema.js';
import { DEMO_SALES } from '../promotions/seed.js';

/**
 * The demo shop's home page: the pictures under web/public/images and the words it has always shown.
 * @forTests the storefront tests check that an empty shop shows the demo content
 */
export const DEMO_SLIDES = [
  {
    image: '/images/hero-1.svg',
    kicker: 'Certified natural gemstones',
    heading: 'Ruby, Sapphire, Emerald and More',
    text: 'Every stone tested and certified, energised before it reaches you.',
    cta: 'Shop Now',
    link: '/all',
  },
  {
    image: '/images/hero-2.svg',
    kicker: '10,000+ gemstones',
    heading: 'The Navratna Collection',
    text: 'From a Ludhiana wholesaler, shipped to about 195 countries.',
    cta: 'Explore the Collection',
    link: '/all',
  },
  {
    image: '/images/hero-3.svg',
    kicker: 'Free worldwide shipping',
    heading: 'On Orders Above INR 1,50,000',
    text: '10-day no-questions-asked return and refund.',
    cta: 'Shop All Products',
    link: '/all',
  },
];

/** Each banner advertises one of the demo sales (DEMO_SALES, by name); its percentage comes from the sale. */
const DEMO_BANNERS = [
  {
    sale: DEMO_SALES[0].name,
    image: '/images/promo-emerald.svg',
    heading: 'Natural Emerald (Panna)',
    text: 'Certified Colombian and Zambian emeralds, on sale.',
    cta: 'Shop Emerald',
    path: '/gemstones-emerald',
  },
  {
    sale: DEMO_SALES[1].name,
    image: '/images/promo-ruby.svg',
    heading: 'Natural Ruby (Manik)',
    text: 'Burmese and African rubies with lab certificates, on sale.',
    cta: 'Shop Ruby',
    path: '/gemstones-ruby',
  },
];

/** @forTests the storefront tests check that an empty shop shows the demo content */
export const DEMO_TILES = [
  { name: 'Ruby', image: '/images/categories/ruby.svg', path: '/gemstones-ruby' },
  { name: 'Yellow Sapphire', image: '/images/categories/yellow-sapphire.svg', path: '/natural-yellow-sapphire' },
  { name: 'Coral', image: '/images/categories/coral.svg', path: '/gemstones-coral' },
  { name: 'Opal', image: '/images/categories/opal.svg', path: '/gemstones-opal' },
  { name: 'Pearl', image: '/images/categories/pearl.svg', path: '/gemstones-pearl' },
  { name: 'Tourmaline', image: '/images/categories/tourmaline.svg', path: '/gemstones-tourmaline' },
  { name: 'Hessonite', image: '/images/categories/hessonite.svg', path: '/gemstones-hessonite' },
  { name: 'Tanzanite', image: '/images/categories/tanzanite.svg', path: '/gemstones-tanzanite' },
];

/**
 * The demo's two films: small generated clips under web/public/videos, each as WebM and MP4, with its poster.
 * @forTests the films tests check a new shop shows these.
 */
export const DEMO_FILMS = [
  {
    title: 'How every stone is certified',
    text: 'Each gemstone is weighed, measured and tested by an independent laboratory before it is listed. The certificate travels with your stone.',
    poster: '/images/video-certification.svg',
    mp4: '/videos/certification.mp4',
    webm: '/videos/certification.webm',
  },
  {
    title: 'From our Ludhiana workshop',
    text: 'Our gemmologists select rough and cut stones, and our craftsmen set rings, pendants and bracelets in silver and gold.',
    poster: '/images/video-workshop.svg',
    mp4: '/videos/workshop.mp4',
    webm: '/videos/workshop.webm',
  },
];

/** @forTests the storefront tests check that an empty shop shows the demo content */
export const DEMO_FAQ = [
  {
    question: 'Are your gemstones certified?',
    answer:
      'Yes. Every gemstone we sell is tested by an independent gem laboratory and comes with its certificate, which names the stone, its weight, dimensions, and any treatment.',
  },
  {
    question: 'Are the gemstones natural?',
    answer:
      'All our gemstones are natural and mined. Any treatment (for example heating) is disclosed on the certificate and in the Gemstone Specifications of each product.',
  },
  {
    question: 'Are the stones energised?',
    answer: 'Yes. On request, stones are energised with Vedic rituals before dispatch, at no extra cost.',
  },
  {
    question: 'Do you ship outside India?',
    answer:
      'We ship worldwide, to about 195 countries. Shipping is free worldwide on orders above INR 1,50,000. Standard delivery in India takes up to 10 business days, express up to 5, and international up to 15.',
  },
  {
    question: 'Which payment methods can I use?',
    answer: 'Cards, UPI, net banking and wallets, through our secure payment partner Razorpay. Prices are in Indian rupees.',
  },
  {
    question: 'Can I return a gemstone?',
    answer:
      'Yes. We offer a 10-day no-questions-asked return and refund. Read the details in our [Return Policy](/return-policy).',
  },
];

const positioned = <T>(rows: T[]) => rows.map((row, position) => ({ ...row, position }));

/**
 * Puts the demo home page's content in the back-office's tables (after the demo sales, which its banners
 * advertise). Lists the merchant already has are left alone.
 */
export async function seedStorefront(db: DbOrTx): Promise<void> {
  const [slides, banners, tiles, films, faq] = await Promise.all([
    db.select({ id: storefrontSlides.id }).from(storefrontSlides).limit(1),
    db.select({ id: storefrontBanners.id }).from(storefrontBanners).limit(1),
    db.select({ id: storefrontTiles.id }).from(storefrontTiles).limit(1),
    db.select({ id: storefrontFilms.id }).from(storefrontFilms).limit(1),
    db.select({ id: storefrontFaq.id }).from(storefrontFaq).limit(1),
  ]);
  if (!slides.length) await db.insert(storefrontSlides).values(positioned(DEMO_SLIDES));
  if (!banners.length) {
    const named = await db
      .select({ id: sales.id, name: sales.name })
      .from(sales)
      .where(
        inArray(
          sales.name,
          DEMO_BANNERS.map((b) => b.sale),
        ),
      );
    const saleId = new Map(named.map((s) => [s.name, s.id]));
    // A banner whose sale is not there (its subcategory is missing) is not put up: it would promise nothing.
    const rows = DEMO_BANNERS.flatMap(({ sale, ...b }) => (saleId.has(sale) ? [{ ...b, saleId: saleId.get(sale) ?? null }] : []));
    if (rows.length) await db.insert(storefrontBanners).values(positioned(rows));
  }
  if (!tiles.length) await db.insert(storefrontTiles).values(positioned(DEMO_TILES));
  if (!films.length) await db.insert(storefrontFilms).values(positioned(DEMO_FILMS));
  if (!faq.length) await db.insert(storefrontFaq).values(positioned(DEMO_FAQ));
}
