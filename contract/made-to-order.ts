import { z } from 'zod';
import { IdParams, MessageResponse } from './common.js';
import { METALS, type Metal } from './metals.js';
import { byId, routeTable } from './route.js';

/** Made to order (docs/made-to-order.md): the day's metal rates, the designs a loose stone is set in, the piece's price. */

export { METALS, type Metal };
export const METAL_KEYS = Object.keys(METALS) as [Metal, ...Metal[]];
export const MetalKey = z.enum(METAL_KEYS, { message: `Metal must be one of ${METAL_KEYS.join(', ')}` });

/** A rate older than this is not sold at: the piece shows "Price on request" until the merchant (or the refresh) updates it. */
export const METAL_RATE_FRESH_DAYS = 3;
export const PRICE_ON_REQUEST = 'Price on request';

/** The largest rate taken, in rupees per gram (a guard against a typo of a few zeros too many). */
const MAX_RATE_PER_GRAM = 1_000_000;

export const MetalRate = z.object({
  metal: MetalKey,
  label: z.string(),
  /** Rupees per gram; null until the merchant gives one. */
  pergram: z.number().nullable(),
  updatedAt: z.string().nullable(),
  /** Given within the last three days: a piece in this metal can be priced. */
  current: z.boolean(),
});
export type MetalRate = z.infer<typeof MetalRate>;
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const MetalRatesResponse = z.object({ success: z.boolean(), rates: z.array(MetalRate) });

const rupeesPerGram = z
  .number({ message: 'Rate must be a number of rupees per gram' })
  .min(0.01, { message: 'Rate must be more than 0' })
  .max(MAX_RATE_PER_GRAM, { message: `Rate must be at most ₹${MAX_RATE_PER_GRAM.toLocaleString('en-IN')} a gram` })
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, { message: 'At most 2 decimals' });

/** PUT /a1/api/admin/metal-rates: the metals given get these rates, stamped now; the others keep theirs. */
export const MetalRatesBody = z.object({
  rates: z
    .array(z.object({ metal: MetalKey, pergram: rupeesPerGram }))
    .min(1, { message: 'Give at least one rate' })
    .max(METAL_KEYS.length)
    .refine((rates) => new Set(rates.map((r) => r.metal)).size === rates.length, { message: 'Each metal at most once' }),
});
export type MetalRatesBody = z.infer<typeof MetalRatesBody>;

export const DESIGN_KINDS = ['ring', 'pendant', 'bracelet', 'earrings'] as const;
const MAKING_TYPES = ['percent', 'pergram'] as const;
/** Indian ring sizes, and the size a design's grams are given for. */
const RING_SIZE_MIN = 1;
const RING_SIZE_MAX = 30;
export const BASE_RING_SIZE = 12;

export const Design = z.object({
  _id: z.string(),
  name: z.string(),
  kind: z.enum(DESIGN_KINDS),
  images: z.array(z.string()),
  metals: z.array(z.object({ metal: MetalKey, grams: z.number() })),
  /** Rings: grams added for each size above 12 (taken away below it). */
  gramspersize: z.number(),
  making: z.object({ type: z.enum(MAKING_TYPES), value: z.number() }),
  shapes: z.array(z.string()),
  mincarat: z.number(),
  maxcarat: z.number(),
  /** Working days to make the piece. */
  days: z.number().int(),
  active: z.boolean(),
});
export type Design = z.infer<typeof Design>;
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const DesignsResponse = z.object({ success: z.boolean(), designs: z.array(Design) });
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const DesignResponse = z.object({ success: z.boolean(), design: Design });

const grams = (what: string) =>
  z
    .number({ message: `${what} must be a number of grams` })
    .min(0, { message: `${what} must be 0 or more` })
    .max(1000, { message: `${what} must be at most 1000 g` })
    .refine((n) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6, { message: 'At most 3 decimals' });
const carats = (what: string) =>
  z
    .number({ message: `${what} must be a number of carats` })
    .min(0, { message: `${what} must be 0 or more` })
    .max(1000, { message: `${what} must be at most 1000 carats` });

const designFields = {
  name: z
    .string({ message: 'Please enter the design’s name' })
    .trim()
    .min(1, { message: 'Please enter the design’s name' })
    .max(100, { message: 'Name must be at most 100 characters' }),
  kind: z.enum(DESIGN_KINDS, { message: `Kind must be one of ${DESIGN_KINDS.join(', ')}` }),
  metals: z
    .array(
      z.object({
        metal: MetalKey,
        grams: grams('Grams').refine((g) => g > 0, { message: 'Grams must be more than 0' }),
      }),
    )
    .min(1, { message: 'Give at least one metal' })
    .max(METAL_KEYS.length)
    .refine((ms) => new Set(ms.map((m) => m.metal)).size === ms.length, { message: 'Each metal at most once' }),
  gramspersize: grams('Grams per size'),
  making: z.object({
    type: z.enum(MAKING_TYPES, { message: 'Making charge must be a percent or per gram' }),
    value: z
      .number({ message: 'Making charge must be a number' })
      .min(0, { message: 'Making charge must be 0 or more' })
      .max(100_000, { message: 'Making charge is too large' }),
  }),
  shapes: z.array(z.string().trim().min(1).max(40)).min(1, { message: 'Give at least one stone shape' }).max(20),
  mincarat: carats('Smallest stone'),
  maxcarat: carats('Largest stone'),
  days: z
    .number({ message: 'Making time must be a whole number of days' })
    .int({ message: 'Making time must be a whole number of days' })
    .min(1, { message: 'Making time must be 1 day or more' })
    .max(365, { message: 'Making time must be at most 365 days' }),
  active: z.boolean(),
};
const caratRange = (d: { mincarat?: number; maxcarat?: number }) =>
  d.mincarat === undefined || d.maxcarat === undefined || d.mincarat <= d.maxcarat;
const CARAT_RANGE = { message: 'The smallest stone must not be larger than the largest', path: ['maxcarat'] };

export const DesignBody = z
  .object({ ...designFields, active: designFields.active.default(true) })
  .refine(caratRange, CARAT_RANGE);
export type DesignBody = z.infer<typeof DesignBody>;
export const DesignPatchBody = z.object(designFields).partial().refine(caratRange, CARAT_RANGE);
export type DesignPatchBody = z.infer<typeof DesignPatchBody>;

/** POST /p1/api/admin/designs/:id/images: pictures as a product's are sent (multipart `images`, repeated). */
const DesignImagesBody = z.object({
  images: z.array(z.string().meta({ format: 'binary' })).describe('JPEG, PNG, WebP or AVIF; ≤ 10 MB each, ≤ 10 per design'),
});
/** DELETE /p1/api/admin/designs/:id/images: the picture to remove, one of the design's `images`. */
const DesignImageDeleteBody = z.object({
  url: z.string({ message: 'Give the picture’s URL' }).min(1, { message: 'Give the picture’s URL' }).max(2000),
});

const DesignsQuery = z.object({ kind: z.enum(DESIGN_KINDS, { message: 'Unknown kind' }).optional() });

export const PriceQuery = z.object({
  productId: z.uuid({ message: 'Invalid product id' }),
  designId: z.uuid({ message: 'Invalid design id' }),
  metal: MetalKey,
  size: z.coerce
    .number({ message: 'Ring size must be a whole number from 1 to 30' })
    .int({ message: 'Ring size must be a whole number from 1 to 30' })
    .min(RING_SIZE_MIN, { message: 'Ring size must be a whole number from 1 to 30' })
    .max(RING_SIZE_MAX, { message: 'Ring size must be a whole number from 1 to 30' })
    .optional(),
});
export type PriceQuery = z.infer<typeof PriceQuery>;

/** A piece's price in rupees: the stone as paid (its own GST inside), its net, the metal, the making, and GST as jewellery. */
export const PiecePrice = z.object({
  stone: z.number(),
  stonenet: z.number(),
  metal: z.object({ grams: z.number(), rate: z.number(), amount: z.number() }),
  making: z.number(),
  taxable: z.number(),
  gst: z.object({ rate: z.number(), amount: z.number() }),
  total: z.number(),
});
export type PiecePrice = z.infer<typeof PiecePrice>;
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const PiecePriceResponse = z.object({ success: z.boolean(), price: PiecePrice, days: z.number().int() });

/** `setting` of POST /c2/api/add: the stone of the line set in this design and metal (a ring in this size). */
export const SettingChoice = z.object({
  designId: PriceQuery.shape.designId,
  metal: MetalKey,
  size: PriceQuery.shape.size,
});
export type SettingChoice = z.infer<typeof SettingChoice>;

/** A piece on a cart or order line (rupees): the design, the metal and its grams at the rate, making, the stone's net. */
export const PieceSetting = z.object({
  design: z.object({ _id: z.string(), name: z.string() }),
  kind: z.enum(DESIGN_KINDS),
  metal: MetalKey,
  size: z.number().int().nullable(),
  grams: z.number(),
  rate: z.number(),
  making: z.number(),
  stonenet: z.number(),
});
export type PieceSetting = z.infer<typeof PieceSetting>;

export const madeToOrderRoutes = routeTable('Made to order', {
  'GET /a1/api/metal-rates': {
    guard: 'public',
    summary: 'The rate per gram of each metal and purity, when it was given, and whether it is current (within 3 days)',
    responses: { 200: MetalRatesResponse },
  },
  'PUT /a1/api/admin/metal-rates': {
    guard: 'admin',
    summary: 'Set the rates of the metals given (rupees per gram), stamped now',
    body: MetalRatesBody,
    responses: { 200: MetalRatesResponse },
    errors: [400, 415],
  },
  'GET /p1/api/designs': {
    guard: 'public',
    cache: ['designs'],
    summary: 'The active designs a loose stone can be set in (optionally of one kind)',
    query: DesignsQuery,
    responses: { 200: DesignsResponse },
    errors: [400],
  },
  'GET /p1/api/admin/designs': {
    guard: 'admin',
    summary: 'Every design, active or not',
    responses: { 200: DesignsResponse },
  },
  'POST /p1/api/admin/designs': {
    guard: 'admin',
    summary: 'Create a design',
    body: DesignBody,
    responses: { 201: DesignResponse },
    errors: [400, 415],
  },
  'PATCH /p1/api/admin/designs/:id': {
    guard: 'admin',
    summary: 'Change a design (the fields given)',
    body: DesignPatchBody,
    ...byId(IdParams, { 200: DesignResponse }, 415),
  },
  'DELETE /p1/api/admin/designs/:id': {
    guard: 'admin',
    summary: 'Delete a design',
    ...byId(IdParams, { 200: MessageResponse }),
  },
  'POST /p1/api/admin/designs/:id/images': {
    guard: 'admin',
    summary: 'Add pictures to a design (multipart/form-data: repeated images, as for a product)',
    description:
      'Each picture is checked by content (JPEG, PNG, WebP, AVIF; 415 otherwise), ≤ 10 MB (413), stored as WebP ' +
      '320/640/1280 plus the original exactly as a product’s, and added after the design’s own; ≤ 10 in all (413). ' +
      'No picture sent → 400. A refused request keeps none of its files.',
    bodyType: 'multipart',
    body: DesignImagesBody,
    ...byId(IdParams, { 200: DesignResponse }, 413, 415),
  },
  'DELETE /p1/api/admin/designs/:id/images': {
    guard: 'admin',
    summary: 'Remove one of a design’s pictures and its stored files',
    description: 'A URL that is not one of this design’s pictures → 404, and no file is deleted.',
    body: DesignImageDeleteBody,
    ...byId(IdParams, { 200: DesignResponse }, 415),
  },
  'GET /p1/api/made-to-order/price': {
    guard: 'public',
    summary: 'The price of a loose stone set in a design, in a metal (and a ring size), at today’s rates',
    description:
      'stone net = the stone’s price paid less its own GST; metal = grams × the day’s rate (rings: the design’s grams ' +
      '+ grams per size × (size − 12)); making = a percent of the metal or per gram; taxable = stone net + metal + ' +
      'making; total = taxable + GST as jewellery (HSN 7113), rounded to the rupee. 409 when the stone does not fit ' +
      'the design, is not a loose stone, or the metal’s rate is not current ("Price on request").',
    query: PriceQuery,
    responses: { 200: PiecePriceResponse },
    errors: [400, 404, 409],
  },
});
