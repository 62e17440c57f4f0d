import { z } from 'zod';
import { MAX_PRICE_RUPEES } from './catalogue.js';
import { IdParams, MessageResponse } from './common.js';
import { BuyNowItem, CheckoutItems, oneWayToBuy } from './orders.js';
import { byId, routeTable } from './route.js';

/** Promotions (docs/promotions.md): sales (a percentage off a category, a subcategory or chosen products) and coupons. */

const instant = (what: string) =>
  z.iso.datetime({ offset: true, message: `${what} must be a date and time with its offset (e.g. 2026-11-24T10:00:00+05:30)` });

const SALE_NAME_MAX = 80;
const MAX_SALE_PRODUCTS = 500;

export const Sale = z.object({
  _id: z.string(),
  name: z.string(),
  percentoff: z.number().int(),
  categoryId: z.string().optional(),
  subcategoryId: z.string().optional(),
  productIds: z.array(z.string()).optional(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type Sale = z.infer<typeof Sale>;

/** The admin's view of a sale: what it covers by name, and whether it runs now. */
export const AdminSale = Sale.extend({
  target: z.string(),
  /** The chosen products' names, for a sale on chosen products. */
  products: z.array(z.object({ _id: z.string(), productname: z.string() })).optional(),
  status: z.enum(['scheduled', 'running', 'ended']),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminSale = z.infer<typeof AdminSale>;

const saleFields = {
  name: z
    .string({ message: 'Please enter the sale’s name' })
    .trim()
    .min(1, { message: 'Please enter the sale’s name' })
    .max(SALE_NAME_MAX, { message: `The name must be at most ${SALE_NAME_MAX} characters` }),
  percentoff: z
    .number({ message: 'Enter a whole percentage from 1 to 90' })
    .int({ message: 'Enter a whole percentage from 1 to 90' })
    .min(1, { message: 'Enter a whole percentage from 1 to 90' })
    .max(90, { message: 'Enter a whole percentage from 1 to 90' }),
  categoryId: z.uuid({ message: 'Choose a category' }).nullish(),
  subcategoryId: z.uuid({ message: 'Choose a subcategory' }).nullish(),
  productIds: z
    .array(z.uuid({ message: 'Invalid product id' }))
    .max(MAX_SALE_PRODUCTS, { message: `At most ${MAX_SALE_PRODUCTS} products` })
    .nullish(),
  startsAt: instant('The start'),
  endsAt: instant('The end'),
};

const oneTarget = (b: { categoryId?: string | null; subcategoryId?: string | null; productIds?: string[] | null }) =>
  [b.categoryId, b.subcategoryId, b.productIds?.length ? b.productIds : null].filter(Boolean).length;
const TARGET_MESSAGE = 'Choose what the sale is on: one category, one subcategory or some products';
const windowOk = (b: { startsAt?: string; endsAt?: string }) =>
  !b.startsAt || !b.endsAt || new Date(b.endsAt).getTime() > new Date(b.startsAt).getTime();
const WINDOW_MESSAGE = 'The end must be after the start';

export const SaleBody = z
  .object(saleFields)
  .refine((b) => oneTarget(b) === 1, { message: TARGET_MESSAGE, path: ['target'] })
  .refine(windowOk, { message: WINDOW_MESSAGE, path: ['endsAt'] });
export type SaleBody = z.infer<typeof SaleBody>;

/** Fields given are changed; a target given replaces the sale's target. */
export const SalePatchBody = z
  .object(saleFields)
  .partial()
  .refine(
    (b) =>
      b.categoryId === undefined && b.subcategoryId === undefined && b.productIds === undefined ? true : oneTarget(b) === 1,
    {
      message: TARGET_MESSAGE,
      path: ['target'],
    },
  )
  .refine(windowOk, { message: WINDOW_MESSAGE, path: ['endsAt'] });
export type SalePatchBody = z.infer<typeof SalePatchBody>;

/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const SalesResponse = z.object({ success: z.boolean(), sales: z.array(Sale) });
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const AdminSalesResponse = z.object({ success: z.boolean(), sales: z.array(AdminSale) });
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const AdminSaleResponse = z.object({ success: z.boolean(), message: z.string(), sale: AdminSale });

// ---------------------------------------------------------------- coupons

const COUPON_CODE_RE = /^[A-Z0-9]{4,20}$/;
const COUPON_CODE_MESSAGE = 'A code is 4 to 20 letters A–Z and digits';
const rupees = (what: string) =>
  z
    .number({ message: `${what} must be an amount in rupees` })
    .min(0.01, { message: `${what} must be more than ₹0` })
    .max(MAX_PRICE_RUPEES, { message: `${what} is too large` })
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { message: `${what} has at most 2 decimals` });
const count = (what: string) =>
  z
    .number({ message: `${what} must be a whole number` })
    .int({ message: `${what} must be a whole number` })
    .min(1, { message: `${what} must be at least 1` })
    .max(1_000_000_000, { message: `${what} is too large` });

export const Coupon = z.object({
  _id: z.string(),
  code: z.string(),
  percentoff: z.number().int().nullable(),
  amountoff: z.number().nullable(),
  minorder: z.number(),
  maxuses: z.number().int().nullable(),
  peruser: z.number().int().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  active: z.boolean(),
  /** Paid orders that used it. */
  uses: z.number().int(),
  /** Checkouts holding a use until they are paid or their hold ends. */
  reserved: z.number().int(),
  /** What those paid orders came to (after the discount), in rupees. */
  revenue: z.number(),
  status: z.enum(['off', 'scheduled', 'running', 'ended', 'used up']),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Coupon = z.infer<typeof Coupon>;

const couponFields = {
  code: z
    .string({ message: COUPON_CODE_MESSAGE })
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(COUPON_CODE_RE, { message: COUPON_CODE_MESSAGE })),
  percentoff: z
    .number({ message: 'Enter a whole percentage from 1 to 100' })
    .int({ message: 'Enter a whole percentage from 1 to 100' })
    .min(1, { message: 'Enter a whole percentage from 1 to 100' })
    .max(100, { message: 'Enter a whole percentage from 1 to 100' })
    .nullish(),
  amountoff: rupees('The amount off').nullish(),
  minorder: z
    .number({ message: 'The minimum order must be an amount in rupees' })
    .min(0, { message: 'The minimum order cannot be negative' })
    .max(MAX_PRICE_RUPEES, { message: 'The minimum order is too large' })
    .nullish(),
  maxuses: count('Total uses').nullish(),
  peruser: count('Uses per customer').nullish(),
  startsAt: instant('The start'),
  endsAt: instant('The end'),
  active: z.boolean({ message: 'active must be true or false' }).optional(),
};
const KIND_MESSAGE = 'Give either a percentage or an amount off, not both';
const oneKind = (b: { percentoff?: number | null; amountoff?: number | null }) =>
  (b.percentoff != null) !== (b.amountoff != null);

export const CouponBody = z
  .object(couponFields)
  .refine(oneKind, { message: KIND_MESSAGE, path: ['percentoff'] })
  .refine(windowOk, { message: WINDOW_MESSAGE, path: ['endsAt'] });
export type CouponBody = z.infer<typeof CouponBody>;

export const CouponPatchBody = z
  .object(couponFields)
  .partial()
  .refine((b) => (b.percentoff === undefined && b.amountoff === undefined ? true : oneKind(b)), {
    message: KIND_MESSAGE,
    path: ['percentoff'],
  })
  .refine(windowOk, { message: WINDOW_MESSAGE, path: ['endsAt'] });
export type CouponPatchBody = z.infer<typeof CouponPatchBody>;

/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const AdminCouponsResponse = z.object({ success: z.boolean(), coupons: z.array(Coupon) });
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const AdminCouponResponse = z.object({ success: z.boolean(), message: z.string(), coupon: Coupon });

/**
 * POST /c2/api/coupon: the code as the shopper typed it (any case), and for a Buy Now checkout the cart lines
 * it buys (`items`, as `POST /o1/api/razorpay-order` takes them); without `items`, the whole cart.
 */
const CouponCheckBody = z
  .object({
    code: z
      .string({ message: 'Enter a coupon code' })
      .trim()
      .min(1, { message: 'Enter a coupon code' })
      .max(40, { message: 'Enter a coupon code' })
      .transform((s) => s.toUpperCase()),
    items: CheckoutItems.optional(),
    /** Buy Now's item bought straight from the product page (as `POST /o1/api/razorpay-order` takes it). */
    buynow: BuyNowItem.optional(),
  })
  .superRefine(oneWayToBuy);
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const CouponCheckResponse = z.object({
  success: z.boolean(),
  coupon: z.object({ code: z.string(), discountamount: z.number() }),
  /** The cart's total (sale prices) after the discount, in rupees. */
  total: z.number(),
  /** The cart's total before the discount. */
  subtotal: z.number(),
});

/** Rounds half up to the paisa: the discount of a percentage coupon on a subtotal in paise. */
export function couponDiscountPaise(
  coupon: { percentoff: number | null; amountoffPaise: number | null },
  subtotalPaise: number,
  minTotalPaise: number,
): number {
  const raw =
    coupon.percentoff != null ? Math.floor((subtotalPaise * coupon.percentoff + 50) / 100) : (coupon.amountoffPaise ?? 0);
  return Math.max(0, Math.min(raw, subtotalPaise - minTotalPaise));
}

// ---------------------------------------------------------------- routes

/** The promotion routes: sales and coupons, and the cart's coupon check. */
export const promotionRoutes = routeTable('Promotions', {
  'GET /p1/api/sales': {
    guard: 'public',
    cache: ['sales', 'categories', 'subcategories', 'products'],
    summary: 'The sales running now, the largest first',
    responses: { 200: SalesResponse },
  },
  'GET /p1/api/admin/sales': {
    guard: 'admin',
    summary: 'Every sale, running and scheduled first',
    responses: { 200: AdminSalesResponse },
  },
  'POST /p1/api/admin/sales': {
    guard: 'admin',
    summary: 'Create a sale: a whole percentage off one category, one subcategory or chosen products between two instants',
    body: SaleBody,
    responses: { 201: AdminSaleResponse },
    errors: [400, 415],
  },
  'PATCH /p1/api/admin/sales/:id': {
    guard: 'admin',
    summary: 'Change a sale (the fields given); end it now with endsAt = now',
    body: SalePatchBody,
    ...byId(IdParams, { 200: AdminSaleResponse }, 415),
  },
  'DELETE /p1/api/admin/sales/:id': {
    guard: 'admin',
    summary: 'Delete a sale (orders keep the prices they were paid at)',
    ...byId(IdParams, { 200: MessageResponse }),
  },
  'GET /p1/api/admin/coupons': {
    guard: 'admin',
    summary: 'Every coupon, newest first, with its uses, reservations and revenue',
    responses: { 200: AdminCouponsResponse },
  },
  'POST /p1/api/admin/coupons': {
    guard: 'admin',
    summary: 'Create a coupon: a percentage or an amount off, with a minimum order, limits and dates',
    body: CouponBody,
    responses: { 201: AdminCouponResponse },
    errors: [400, 409, 415],
  },
  'PATCH /p1/api/admin/coupons/:id': {
    guard: 'admin',
    summary: 'Change a coupon (the fields given); end it now with endsAt = now or active = false',
    body: CouponPatchBody,
    ...byId(IdParams, { 200: AdminCouponResponse }, 409, 415),
  },
  'DELETE /p1/api/admin/coupons/:id': {
    guard: 'admin',
    summary: 'Delete a coupon (orders paid with it keep its code and discount)',
    ...byId(IdParams, { 200: MessageResponse }),
  },
  'POST /c2/api/coupon': {
    guard: 'user',
    summary:
      'What a coupon code takes off your cart now (checked again at checkout); an unknown, switched-off, not yet started or ended code is the same 404; codes tried are limited per account and address (429)',
    description:
      'With `items`, what it takes off those cart lines; with `buynow`, off that one item (not in the cart); as POST /o1/api/razorpay-order would with the same.',
    body: CouponCheckBody,
    responses: { 200: CouponCheckResponse },
    errors: [400, 404, 409, 415, 429],
  },
});
