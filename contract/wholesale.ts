import { z } from 'zod';
import { Id, IdParams, PageNumber, Pagination, requiredText, rupeesField, UserSummary } from './common.js';
import { gstinState } from './gst-rules.js';
import { RazorpayOrderResponse, ShippingInfoInput, ShippingRateChoice } from './orders.js';
import { byId, routeTable } from './route.js';
import { Gstin, StateName } from './settings.js';

// ---------------------------------------------------------------- business accounts
const BUSINESS_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export const BusinessStatus = z.enum(BUSINESS_STATUSES);
export type BusinessStatus = z.infer<typeof BusinessStatus>;
/** The credit periods a business may be given, in days (0 = none). */
export const CREDIT_DAYS = [0, 7, 15, 30, 45, 60] as const;

export const Business = z.object({
  _id: z.string(),
  status: BusinessStatus,
  legalname: z.string(),
  tradename: z.string(),
  gstin: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  note: z.string(),
  /** The merchant's reason for the last rejection or suspension ('' when none). */
  reason: z.string(),
  pricegroup: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** Credit terms (null when the business has none): days, limit and what is owed, in rupees. */
  credit: z.object({ days: z.number().int(), limit: z.number(), outstanding: z.number(), overdue: z.boolean() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Business = z.infer<typeof Business>;

/** The GSTIN's first two digits must be the code of the state the business is in. */
export const GSTIN_STATE_MISMATCH = 'The GSTIN belongs to another state: its first two digits must be the code of the state';

/** POST /u1/api/business: "Buy for your business". */
export const BusinessBody = z
  .object({
    legalname: requiredText('Legal name', 200),
    tradename: z.string().trim().max(200, { message: 'Trade name must be at most 200 characters' }).optional(),
    gstin: Gstin,
    address: requiredText('Address', 500),
    city: requiredText('City', 100),
    state: StateName,
    pincode: z
      .string({ message: 'Enter a 6-digit PIN code' })
      .trim()
      .regex(/^[1-9]\d{5}$/, { message: 'Enter a 6-digit PIN code' }),
    note: z.string().trim().max(1000, { message: 'Note must be at most 1000 characters' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (gstinState(v.gstin) !== v.state) ctx.addIssue({ code: 'custom', message: GSTIN_STATE_MISMATCH, path: ['gstin'] });
  });
export type BusinessBody = z.output<typeof BusinessBody>;

const BusinessAnswer = z.object({ success: z.boolean(), message: z.string(), business: Business });

export const AdminBusiness = Business.extend({
  user: UserSummary,
});
export type AdminBusiness = z.infer<typeof AdminBusiness>;
export const BUSINESS_PAGE_SIZE = 20;

const BusinessesQuery = z.object({
  status: BusinessStatus.optional(),
  page: PageNumber,
});
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const BusinessesResponse = z.object({
  success: z.boolean(),
  businesses: z.array(AdminBusiness),
  pagination: Pagination,
});

/** PATCH /u1/api/admin/businesses/:id: any of these. */
export const BusinessPatchBody = z
  .object({
    status: BusinessStatus.optional(),
    /** Why it is rejected or suspended; the buyer is told. */
    reason: z.string().trim().max(500, { message: 'Reason must be at most 500 characters' }).optional(),
    pricegroupId: Id.nullable().optional(),
    creditdays: z
      .number({ message: 'Credit days must be 0, 7, 15, 30, 45 or 60' })
      .refine((n) => (CREDIT_DAYS as readonly number[]).includes(n), { message: 'Credit days must be 0, 7, 15, 30, 45 or 60' })
      .optional(),
    creditlimit: rupeesField('Credit limit', 0).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' });
export type BusinessPatchBody = z.output<typeof BusinessPatchBody>;

/** The routes of business accounts (docs/wholesale.md). */
export const businessRoutes = routeTable('Wholesale', {
  'POST /u1/api/business': {
    guard: 'user',
    summary: 'Apply for a business account ("Buy for your business")',
    description:
      'The GSTIN is checked as typed: its format, its state code (which must be the code of `state`) and its check ' +
      'character (400 on the gstin field). A GSTIN on another account, or a second application while one is pending ' +
      'or approved, is a 409. A rejected or suspended business applies again with the same form (pending again).',
    body: BusinessBody,
    responses: { 201: BusinessAnswer },
    errors: [400, 409, 413, 415],
  },
  'GET /u1/api/business': {
    guard: 'user',
    summary: 'Your business profile (null when you have not applied)',
    responses: { 200: z.object({ success: z.boolean(), business: Business.nullable() }) },
  },
  'GET /u1/api/admin/businesses': {
    guard: 'admin',
    summary: 'Business applications and accounts, newest first (20 a page), by status',
    query: BusinessesQuery,
    responses: { 200: BusinessesResponse },
    errors: [400],
  },
  'PATCH /u1/api/admin/businesses/:id': {
    guard: 'admin',
    summary: 'Approve, reject or suspend a business (with a reason), set its price group and credit terms',
    description:
      'Any of status, reason, pricegroupId (or null), creditdays (0, 7, 15, 30, 45, 60) and creditlimit (rupees). The ' +
      'buyer is told of approval, rejection and suspension. An unknown price group is a 400.',
    body: BusinessPatchBody,
    ...byId(IdParams, { 200: BusinessAnswer }, 413, 415),
  },
});

// ---------------------------------------------------------------- price groups and trade prices
const Percent = (label: string, max: number) =>
  z
    .number({ message: `${label} must be a whole number from 0 to ${max}` })
    .int({ message: `${label} must be a whole number from 0 to ${max}` })
    .min(0, { message: `${label} must be a whole number from 0 to ${max}` })
    .max(max, { message: `${label} must be a whole number from 0 to ${max}` });

/** A volume tier: a line of at least `minquantity` units gets `percentoff` off the list price. */
const PriceTier = z.object({
  minquantity: z
    .number({ message: 'Minimum quantity must be a whole number of 2 or more' })
    .int({ message: 'Minimum quantity must be a whole number of 2 or more' })
    .min(2, { message: 'Minimum quantity must be a whole number of 2 or more' })
    .max(100_000, { message: 'Minimum quantity is too large' }),
  percentoff: Percent('Tier percent off', 75),
});

export const PriceGroup = z.object({
  _id: z.string(),
  name: z.string(),
  percentoff: z.number().int(),
  tiers: z.array(PriceTier),
  /** The categories the group covers; empty = every category. */
  categoryIds: z.array(z.string()),
  /** How many businesses have this group. */
  businesses: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PriceGroup = z.infer<typeof PriceGroup>;

const tiersOf = z
  .array(PriceTier)
  .max(10, { message: 'At most 10 tiers' })
  .refine((tiers) => new Set(tiers.map((t) => t.minquantity)).size === tiers.length, {
    message: 'Each tier needs its own minimum quantity',
  });

/** POST /p1/api/admin/price-groups. */
export const PriceGroupBody = z.object({
  name: z
    .string({ message: 'Name is required' })
    .trim()
    .min(1, { message: 'Name is required' })
    .max(100, { message: 'Name must be at most 100 characters' }),
  percentoff: Percent('Percent off', 60),
  tiers: tiersOf.default([]),
  categoryIds: z.array(Id).max(200).optional(),
});
export type PriceGroupBody = z.output<typeof PriceGroupBody>;
/** PATCH /p1/api/admin/price-groups/:id: the fields given. */
export const PriceGroupPatchBody = z
  .object({
    name: PriceGroupBody.shape.name.optional(),
    percentoff: PriceGroupBody.shape.percentoff.optional(),
    tiers: tiersOf.optional(),
    categoryIds: z.array(Id).max(200).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' });
export type PriceGroupPatchBody = z.output<typeof PriceGroupPatchBody>;

const PriceGroupAnswer = z.object({ success: z.boolean(), message: z.string(), pricegroup: PriceGroup });
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const PriceGroupsResponse = z.object({ success: z.boolean(), pricegroups: z.array(PriceGroup) });

/** The most products `/my-prices` prices at once. */
const MY_PRICES_MAX = 60;
const MyPricesQuery = z.object({
  ids: z
    .string({ message: 'ids is required' })
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(Id)
        .min(1, { message: 'ids is required' })
        .max(MY_PRICES_MAX, { message: `At most ${MY_PRICES_MAX} ids` }),
    ),
});
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const MyPricesResponse = z.object({
  success: z.boolean(),
  prices: z.array(
    z.object({
      productId: z.string(),
      /** Rupees: the unit price of one. */
      price: z.number(),
      /** The unit price a line of at least `minquantity` pays, for each tier that lowers it. */
      tiers: z.array(z.object({ minquantity: z.number().int(), price: z.number() })),
    }),
  ),
});
export type MyPrices = z.infer<typeof MyPricesResponse>['prices'];

/** The routes of price groups and a buyer's own prices (docs/wholesale.md). */
export const priceGroupRoutes = routeTable('Wholesale', {
  'GET /p1/api/admin/price-groups': {
    guard: 'admin',
    summary: 'Every price group, by name, with how many businesses have it',
    responses: { 200: PriceGroupsResponse },
  },
  'GET /p1/api/admin/price-groups/:id': {
    guard: 'admin',
    summary: 'One price group',
    ...byId(IdParams, { 200: z.object({ success: z.boolean(), pricegroup: PriceGroup }) }),
  },
  'POST /p1/api/admin/price-groups': {
    guard: 'admin',
    summary: 'Create a price group: a percentage off list prices (0–60), volume tiers (0–75) and the categories covered',
    description: 'A name another group has (in any case) is a 409; an unknown category is a 400.',
    body: PriceGroupBody,
    responses: { 201: PriceGroupAnswer },
    errors: [400, 409, 413, 415],
  },
  'PATCH /p1/api/admin/price-groups/:id': {
    guard: 'admin',
    summary: 'Change a price group (the fields given); its businesses pay the new prices from now on',
    body: PriceGroupPatchBody,
    ...byId(IdParams, { 200: PriceGroupAnswer }, 409, 413, 415),
  },
  'DELETE /p1/api/admin/price-groups/:id': {
    guard: 'admin',
    summary: 'Delete a price group no business has (one in use is a 409)',
    ...byId(IdParams, { 200: z.object({ success: z.boolean(), message: z.string() }) }, 409),
  },
  'GET /p1/api/my-prices': {
    guard: 'shopper',
    summary: 'Your prices for these products (ids, comma-separated, at most 60): trade prices for an approved business',
    description:
      'For an approved business whose group covers the product, its trade price and the unit price of each tier; ' +
      'for anyone else, and for products the group does not cover, the storefront price (sale applied) and no ' +
      'tiers. Unknown ids are left out. Always `Cache-Control: private, no-store`.',
    query: MyPricesQuery,
    responses: { 200: MyPricesResponse },
    errors: [400],
  },
});

// ---------------------------------------------------------------- quotes (requests for quotation)
const QUOTE_STATUSES = ['requested', 'quoted', 'declined', 'ordered', 'expired'] as const;
export const QuoteStatus = z.enum(QUOTE_STATUSES);
export type QuoteStatus = z.infer<typeof QuoteStatus>;
/** The most lines a quote may ask for, and the longest a quote may be valid for. */
const QUOTE_MAX_LINES = 50;
export const QUOTE_MAX_VALID_DAYS = 30;

export const Quote = z.object({
  _id: z.string(),
  /** `Q/<yy-yy>/000001`: one series per Indian financial year. */
  number: z.string(),
  /** `expired`: quoted, and past `validuntil` without an order. */
  status: QuoteStatus,
  lines: z.array(
    z.object({
      _id: z.string(),
      productId: z.string().nullable(),
      productname: z.string(),
      /** The size and colour asked for ('' when the product comes in none), carried to the order paid from it. */
      productsize: z.string(),
      productcolour: z.string(),
      quantity: z.number().int(),
      /** Rupees: the product's list price when the quote was asked for. */
      listprice: z.number(),
      /** Rupees: the unit price quoted, null until the merchant answers. */
      price: z.number().nullable(),
    }),
  ),
  /** The buyer's note with the request. */
  note: z.string(),
  /** The merchant's note with the answer (the reason, for a declined quote). */
  merchantnote: z.string(),
  validuntil: z.string().nullable(),
  createdAt: z.string(),
  /** The order that paid it. */
  orderId: z.string().nullable(),
});
export type Quote = z.infer<typeof Quote>;
export const AdminQuote = Quote.extend({
  user: UserSummary.nullable(),
});
export type AdminQuote = z.infer<typeof AdminQuote>;
export const QUOTE_PAGE_SIZE = 20;

const quantity = z
  .number({ message: 'Quantity must be a whole number of 1 or more' })
  .int({ message: 'Quantity must be a whole number of 1 or more' })
  .min(1, { message: 'Quantity must be a whole number of 1 or more' })
  .max(100_000, { message: 'Quantity is too large' });

/** POST /o1/api/quotes: the lot to price. */
export const QuoteRequestBody = z.object({
  lines: z
    .array(
      z.object({
        productId: Id,
        quantity,
        /** One the product comes in (the first when absent), as for Add to Cart. */
        productsize: z.string().trim().max(60).optional(),
        productcolour: z.string().trim().max(60).optional(),
      }),
      { message: 'Add at least one line' },
    )
    .min(1, { message: 'Add at least one line' })
    .max(QUOTE_MAX_LINES, { message: `At most ${QUOTE_MAX_LINES} lines` })
    .refine(
      (lines) =>
        new Set(lines.map((l) => JSON.stringify([l.productId, l.productsize?.toLowerCase(), l.productcolour?.toLowerCase()])))
          .size === lines.length,
      { message: 'Each product may appear once in each size and colour' },
    ),
  note: z.string().trim().max(1000, { message: 'Note must be at most 1000 characters' }).optional(),
});
export type QuoteRequestBody = z.output<typeof QuoteRequestBody>;

/** PATCH /o1/api/admin/quotes/:id: price every line with a validity, or decline with a note. */
export const QuoteAnswerBody = z.union([
  z.object({
    status: z.literal('declined'),
    note: z
      .string({ message: 'Say why the quote is declined' })
      .trim()
      .min(1, { message: 'Say why the quote is declined' })
      .max(1000, { message: 'Note must be at most 1000 characters' }),
  }),
  z.object({
    status: z.literal('quoted').optional(),
    lines: z
      .array(z.object({ lineId: Id, price: rupeesField('Price', 0.01) }), { message: 'Price every line' })
      .min(1, { message: 'Price every line' })
      .max(QUOTE_MAX_LINES),
    validuntil: z.iso.datetime({ offset: true, message: 'Valid until must be an ISO date and time' }),
    note: z.string().trim().max(1000, { message: 'Note must be at most 1000 characters' }).optional(),
  }),
]);
export type QuoteAnswerBody = z.output<typeof QuoteAnswerBody>;

const QuotesQuery = z.object({
  status: QuoteStatus.optional(),
  page: PageNumber,
});
/** POST /o1/api/quotes/:id/accept: where the lot goes. */
const QuoteAcceptBody = z.object({
  shippinginfo: ShippingInfoInput,
  shippingrate: ShippingRateChoice.optional(),
  currency: z.literal('INR', { message: 'A quote is paid in INR' }).optional(),
});

const QuoteAnswer = z.object({ success: z.boolean(), message: z.string(), quote: Quote });
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const QuotesResponse = z.object({ success: z.boolean(), quotes: z.array(Quote) });
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const AdminQuotesResponse = z.object({
  success: z.boolean(),
  quotes: z.array(AdminQuote),
  pagination: Pagination,
});

/** The routes of quotes (docs/wholesale.md). */
export const quoteRoutes = routeTable('Wholesale', {
  'POST /o1/api/quotes': {
    guard: 'user',
    summary: 'Ask for a price on a lot (an approved business; 1–50 lines); the merchant is told',
    description: 'A signed-in user without an approved business → 403; an unknown or inactive product → 400.',
    body: QuoteRequestBody,
    responses: { 201: QuoteAnswer },
    errors: [400, 413, 415],
  },
  'GET /o1/api/quotes': {
    guard: 'user',
    summary: 'Your quotes, newest first',
    responses: { 200: QuotesResponse },
  },
  'GET /o1/api/admin/quotes': {
    guard: 'admin',
    summary: 'Quotes, newest first (20 a page), by status, with the buyer',
    query: QuotesQuery,
    responses: { 200: AdminQuotesResponse },
    errors: [400],
  },
  'PATCH /o1/api/admin/quotes/:id': {
    guard: 'admin',
    summary: 'Price every line with a validity (quoted), or decline with a note; the buyer is told',
    description:
      'Every line of the quote is priced (a unit price in rupees); `validuntil` is in the future and at most 30 days ' +
      'ahead. Only a quote that is requested or quoted (not past its validity) may be answered: else 409.',
    body: QuoteAnswerBody,
    ...byId(IdParams, { 200: QuoteAnswer }, 409, 413, 415),
  },
  'POST /o1/api/quotes/:id/accept': {
    guard: 'user',
    summary: 'Pay a quote: a checkout of exactly its lines at the quoted prices (holds the stock; the cart is untouched)',
    description:
      'The answer of POST /o1/api/razorpay-order. 409 when the quote is not quoted, past its validity, already ordered, ' +
      'or a line is out of stock. Another user’s quote → 404. Paying it places the order (linked by `quoteId`).',
    body: QuoteAcceptBody,
    ...byId(IdParams, { 200: RazorpayOrderResponse }, 409, 413, 415, 429, 502, 503),
  },
});
