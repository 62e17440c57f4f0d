import { z } from 'zod';
import { routeTable } from './route.js';
import { faqLinks, SITE_PATH } from './site-links.js';

/**
 * The home page's content, edited from the back-office's Storefront screen: hero slides, promo banners,
 * category tiles, films and the FAQ. Anyone reads it (GET /a1/api/storefront); an ADMIN replaces one list at a time
 * (PUT …/admin/storefront/<list>, the list given in its order), and uploads pictures for it through the
 * product images' pipeline (WebP widths) and films through the product videos' (MP4 or WebM, kept as sent).
 */

const MAX_SLIDES = 6;
const MAX_BANNERS = 4;
const MAX_TILES = 12;
const MAX_FAQ = 30;
const MAX_FILMS = 2;

/** A page of the shop (`/gemstones-ruby`, `/all`), never another site. */
const sitePath = (what: string) =>
  z
    .string({ message: `${what} must be a path in the shop, such as /all` })
    .trim()
    .max(300, { message: `${what} must be at most 300 characters` })
    .regex(SITE_PATH, { message: `${what} must be a path in the shop starting with /, such as /gemstones-ruby` });

/**
 * A picture: one uploaded through POST /a1/api/admin/storefront/image (its URL), or a file of the shop
 * (`/images/…`). An https address is taken too (media served from a CDN).
 */
const imageUrl = z
  .string({ message: 'Upload a picture' })
  .trim()
  .min(1, { message: 'Upload a picture' })
  .max(500, { message: 'The picture’s address is too long' })
  .regex(/^(?:\/(?!\/)[^\s\\"'<>]*|https:\/\/[^\s\\"'<>]+)$/, { message: 'Upload a picture' });

/** A film: one uploaded through POST /a1/api/admin/storefront/video (its URL), a file of the shop, or an https address. */
const videoUrl = (format: 'MP4' | 'WebM') =>
  z
    .string({ message: `The ${format} film must be an address` })
    .trim()
    .max(500, { message: `The ${format} film’s address is too long` })
    .regex(/^(?:|\/(?!\/)[^\s\\"'<>]*|https:\/\/[^\s\\"'<>]+)$/, {
      message: `Upload the ${format} film, or give its address in the shop (/…) or an https address`,
    })
    .default('');

const words = (what: string, max: number, required = true) => {
  const s = z
    .string({ message: `${what} must be text` })
    .trim()
    .max(max, { message: `${what} must be at most ${max} characters` });
  return required ? s.min(1, { message: `Please enter ${what.toLowerCase()}` }) : s.default('');
};

const HeroSlideInput = z.object({
  image: imageUrl,
  kicker: words('The line above the heading', 80, false),
  heading: words('The heading', 120),
  text: words('The text', 300, false),
  cta: words('The button', 40, false),
  link: sitePath('The link'),
});
const PromoBannerInput = z.object({
  image: imageUrl,
  heading: words('The heading', 120),
  text: words('The text', 300, false),
  cta: words('The link text', 40, false),
  path: sitePath('The link'),
  /** The sale this banner advertises: its percentage is shown from the sale, and the banner only while it runs. */
  saleId: z.uuid({ message: 'Choose a sale' }).nullish(),
});
const CategoryTileInput = z.object({
  image: imageUrl,
  name: words('The name', 60),
  path: sitePath('The link'),
});
const FilmInput = z
  .object({
    title: words('The title', 120),
    text: words('The story', 600, false),
    poster: imageUrl,
    /** The film as MP4 and/or WebM (the browser plays the first it can); at least one of the two. */
    mp4: videoUrl('MP4'),
    webm: videoUrl('WebM'),
  })
  .refine((f) => f.mp4 !== '' || f.webm !== '', { message: 'Upload the film (MP4 or WebM)', path: ['mp4'] });
const FaqInput = z.object({
  question: words('The question', 300),
  /** Plain text; `[words](/path)` links to a page of the shop, and to nothing else. */
  answer: words('The answer', 3000).refine((a) => faqLinks(a).every((l) => l.inShop), {
    message: 'A link in the answer must be a path in the shop starting with /, such as [rubies](/gemstones-ruby)',
  }),
});

const list = <T extends z.ZodType>(item: T, max: number, what: string) =>
  z.array(item, { message: `Send the ${what} as a list` }).max(max, { message: `At most ${max} ${what}` });

export const HeroSlidesBody = z.object({ slides: list(HeroSlideInput, MAX_SLIDES, 'slides').min(1, 'Keep at least one slide') });
export const PromoBannersBody = z.object({ banners: list(PromoBannerInput, MAX_BANNERS, 'banners') });
export const CategoryTilesBody = z.object({ tiles: list(CategoryTileInput, MAX_TILES, 'tiles') });
export const FaqBody = z.object({ faq: list(FaqInput, MAX_FAQ, 'questions') });
export const FilmsBody = z.object({ films: list(FilmInput, MAX_FILMS, 'films') });

const HeroSlide = z.object({
  _id: z.string(),
  image: z.string(),
  kicker: z.string(),
  heading: z.string(),
  text: z.string(),
  cta: z.string(),
  link: z.string(),
});
const PromoBanner = z.object({
  _id: z.string(),
  image: z.string(),
  heading: z.string(),
  text: z.string(),
  cta: z.string(),
  path: z.string(),
  saleId: z.string().nullable(),
  /** The linked sale while it runs (what the banner's badge says); null without one or once it has ended. */
  sale: z.object({ _id: z.string(), name: z.string(), percentoff: z.number().int(), endsAt: z.string() }).nullable(),
});
const CategoryTile = z.object({ _id: z.string(), image: z.string(), name: z.string(), path: z.string() });
const FaqItem = z.object({ _id: z.string(), question: z.string(), answer: z.string() });
const Film = z.object({
  _id: z.string(),
  title: z.string(),
  text: z.string(),
  poster: z.string(),
  /** '' when the film has no MP4 (then it has a WebM). */
  mp4: z.string(),
  /** '' when the film has no WebM (then it has an MP4). */
  webm: z.string(),
});

export const StorefrontContent = z.object({
  slides: z.array(HeroSlide),
  banners: z.array(PromoBanner),
  tiles: z.array(CategoryTile),
  films: z.array(Film),
  faq: z.array(FaqItem),
});
export type StorefrontContent = z.infer<typeof StorefrontContent>;

/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const StorefrontResponse = z.object({ success: z.boolean(), storefront: StorefrontContent });
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const StorefrontSaved = z.object({ success: z.boolean(), message: z.string(), storefront: StorefrontContent });
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const StorefrontImageResponse = z.object({ success: z.boolean(), url: z.string() });
/** @forTests tests parse the upload answer with it. */
export const StorefrontVideoResponse = z.object({
  success: z.boolean(),
  url: z.string(),
  /** What the bytes are: the film's `mp4` or `webm` field. */
  format: z.enum(['mp4', 'webm']),
});

const PUT_ERRORS = [400, 415] as const;

export const storefrontRoutes = routeTable('Storefront content', {
  'GET /a1/api/storefront': {
    guard: 'public',
    cache: [
      'storefront_slides',
      'storefront_banners',
      'storefront_tiles',
      'storefront_faq',
      'storefront_films',
      'sales',
      'categories',
      'subcategories',
    ],
    summary:
      'The home page’s hero slides, promo banners (those whose sale runs now, or with none), category tiles, films and FAQ',
    responses: { 200: StorefrontResponse },
  },
  'GET /a1/api/admin/storefront': {
    guard: 'admin',
    summary: 'The home page’s content for editing: every banner, also those whose sale is not running',
    responses: { 200: StorefrontResponse },
  },
  'PUT /a1/api/admin/storefront/slides': {
    guard: 'admin',
    summary: 'Replace the hero slides (1–6, in this order)',
    body: HeroSlidesBody,
    responses: { 200: StorefrontSaved },
    errors: PUT_ERRORS,
  },
  'PUT /a1/api/admin/storefront/banners': {
    guard: 'admin',
    summary: 'Replace the promo banners (0–4, in this order); a banner may name the sale it advertises',
    body: PromoBannersBody,
    responses: { 200: StorefrontSaved },
    errors: PUT_ERRORS,
  },
  'PUT /a1/api/admin/storefront/tiles': {
    guard: 'admin',
    summary: 'Replace the category tiles (0–12, in this order)',
    body: CategoryTilesBody,
    responses: { 200: StorefrontSaved },
    errors: PUT_ERRORS,
  },
  'PUT /a1/api/admin/storefront/films': {
    guard: 'admin',
    summary: 'Replace the films (0–2, in this order): each a title, its story, a poster and the film as MP4 and/or WebM',
    body: FilmsBody,
    responses: { 200: StorefrontSaved },
    errors: PUT_ERRORS,
  },
  'PUT /a1/api/admin/storefront/faq': {
    guard: 'admin',
    summary: 'Replace the frequently asked questions (0–30, in this order)',
    body: FaqBody,
    responses: { 200: StorefrontSaved },
    errors: PUT_ERRORS,
  },
  'POST /a1/api/admin/storefront/image': {
    guard: 'admin',
    summary: 'Upload a picture for the home page (multipart field `image`): stored as WebP widths like product images',
    description:
      'Answers the URL to put in a slide, banner or tile (the 1280 px WebP; 320 and 640 px beside it). A picture no content ' +
      'refers to is removed by the media sweep after a day.',
    bodyType: 'multipart',
    body: z.object({ image: z.string().describe('JPEG, PNG, WebP or AVIF, at most 10 MB') }),
    responses: { 201: StorefrontImageResponse },
    errors: [400, 413, 415, 503],
  },
  'POST /a1/api/admin/storefront/video': {
    guard: 'admin',
    summary: 'Upload a film for the home page (multipart field `video`): MP4 or WebM, stored as sent like product videos',
    description:
      'Answers the URL to put in a film’s `mp4` or `webm` field (`format` says which). A film no content refers to is ' +
      'removed by the media sweep after a day.',
    bodyType: 'multipart',
    body: z.object({ video: z.string().describe('MP4 or WebM, at most 100 MB') }),
    responses: { 201: StorefrontVideoResponse },
    errors: [400, 413, 415, 503],
  },
});
