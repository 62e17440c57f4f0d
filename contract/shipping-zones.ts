import { z } from 'zod';
import { MetalKey, PriceQuery } from './made-to-order.js';
import { routeTable } from './route.js';

/**
 * Shipping zones and rates (docs/worldwide.md): every order pays for shipping by a rate of the zone its country is
 * in; a country in no zone cannot be shipped to. Money is in rupees on the wire, as everywhere in the API.
 */

const rupees = (what: string) =>
  z
    .number({ message: `Enter ${what} in rupees` })
    .min(0, { message: `${what[0]?.toUpperCase()}${what.slice(1)} cannot be negative` })
    .max(10_000_000, { message: `${what[0]?.toUpperCase()}${what.slice(1)} is too large` });
const days = z
  .number({ message: 'Delivery days must be a whole number' })
  .int({ message: 'Delivery days must be a whole number' })
  .min(0, { message: 'Delivery days cannot be negative' })
  .max(365, { message: 'Delivery days must be at most 365' });

const ShippingRate = z.object({
  _id: z.string(),
  name: z.string(),
  /** Rupees. */
  price: z.number(),
  /** The cart subtotal (rupees) from which this rate is free; null when it never is. */
  freeabove: z.number().nullable(),
  mindays: z.number().int(),
  maxdays: z.number().int(),
});
export const ShippingZone = z.object({
  _id: z.string(),
  name: z.string(),
  /** ISO 3166-1 alpha-2 codes, upper case. */
  countries: z.array(z.string()),
  rates: z.array(ShippingRate),
});
export type ShippingZone = z.infer<typeof ShippingZone>;
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const ShippingZonesResponse = z.object({ success: z.boolean(), zones: z.array(ShippingZone) });

const RateInput = z.object({
  _id: z.string().optional(),
  name: z.string().trim().min(1, { message: 'Name every rate' }).max(80),
  price: rupees('the price'),
  freeabove: rupees('the free-above amount').nullable().default(null),
  mindays: days,
  maxdays: days,
});
const ZoneInput = z.object({
  _id: z.string().optional(),
  name: z.string().trim().min(1, { message: 'Name every zone' }).max(80),
  countries: z.array(z.string().trim().toUpperCase()).max(300),
  rates: z.array(RateInput).max(20),
});
const ShippingZonesBody = z.object({ zones: z.array(ZoneInput).max(50) });
export type ShippingZonesInput = z.output<typeof ShippingZonesBody>;

const ShippingRatesQuery = z.object({
  country: z
    .string({ message: 'Choose a country' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { message: 'Choose a country' }),
  pincode: z.string().trim().max(20).optional(),
  coupon: z.string().trim().max(40).optional(),
  /** Buy Now: the rates for this cart line alone (and `qty` of it), as the checkout will charge them. */
  buy: z.uuid({ message: 'buy must be a cart line id' }).optional(),
  qty: z.coerce.number().int().min(1).max(1000).optional(),
  /**
   * Buy Now straight from the product page: the rates for this product alone (`qty` of it, in `size` and `colour`,
   * or set as a made-to-order piece: `design`, `metal`, `ringsize`), as its checkout will charge them.
   */
  product: z.uuid({ message: 'product must be a product id' }).optional(),
  size: z.string().trim().max(100).optional(),
  colour: z.string().trim().max(100).optional(),
  design: z.uuid({ message: 'design must be a design id' }).optional(),
  metal: MetalKey.optional(),
  ringsize: PriceQuery.shape.size,
  /** Paying a quote: the rates for the quote's quoted total instead of the cart (no coupon). */
  quote: z.uuid({ message: 'quote must be a quote id' }).optional(),
});
const ShippingQuote = z.object({
  _id: z.string(),
  name: z.string(),
  /** Rupees: 0 once the cart's subtotal (after the coupon) reaches the rate's free-above amount. */
  amount: z.number(),
  mindays: z.number().int(),
  maxdays: z.number().int(),
});
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const ShippingRatesResponse = z.object({ success: z.boolean(), rates: z.array(ShippingQuote) });

/** The shipping an order pays: the rate's name, what it cost (rupees) and its delivery days. */
export const OrderShipping = z.object({
  name: z.string(),
  amount: z.number(),
  mindays: z.number().int(),
  maxdays: z.number().int(),
});
export type OrderShipping = z.infer<typeof OrderShipping>;

/** The invoice's name for the shipping line. */
export const SHIPPING_LINE_NAME = 'Shipping and insurance';

export const shippingZoneRoutes = routeTable('Shipping', {
  'GET /a1/api/shipping/zones': {
    guard: 'public',
    summary: 'The shipping zones: their countries (ISO codes) and rates (price, free-above amount, delivery days)',
    responses: { 200: ShippingZonesResponse },
  },
  'PUT /a1/api/admin/shipping/zones': {
    guard: 'admin',
    summary: 'Replace the shipping zones (zones and rates sent without an _id are new)',
    description: '400 when a country is in two zones, a code is not ISO 3166-1 alpha-2, or a rate has mindays > maxdays.',
    body: ShippingZonesBody,
    responses: { 200: ShippingZonesResponse },
    errors: [400, 415],
  },
  'GET /o1/api/shipping-rates': {
    guard: 'user',
    summary:
      'The shipping rates for a country and the current cart (or its Buy Now line), with their price (0 when free) and delivery days',
    description:
      '409 "We do not ship to <country name> yet" when no zone has the country. With `buy` (a cart line id) and `qty`, ' +
      'the free-above threshold is met by that line alone, as the Buy Now checkout charges it; a line no longer in the ' +
      "cart is a 409. With `quote` (your priced quote's id), the rates for the quote's total at the quoted prices, as " +
      "accepting it charges them (another user's quote → 404; one not priced, expired, declined or ordered → 409).",
    query: ShippingRatesQuery,
    responses: { 200: ShippingRatesResponse },
    errors: [400, 404, 409],
  },
});
