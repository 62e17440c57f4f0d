import { z } from 'zod';
import { checkForeignAddress, countryOf, HOME_COUNTRY } from './address-rules.js';
import { Product } from './catalogue.js';
import { isCalendarDay, mobileField, UserSummary } from './common.js';
import { PayCurrency } from './currencies.js';
import { canonicalState, GSTIN_MESSAGES, gstinError, stateFromPin } from './gst-rules.js';
import {
  DELIVERY_STATUSES as ALL_DELIVERY_STATUSES,
  DELIVERY_STATUS_NAMES,
  ORDER_FLAGS,
  OrderEvent,
  orderLifecycleFields,
  PAYMENT_STATUSES,
  REFUND_SUMMARIES,
  SETTABLE_DELIVERY_STATUSES,
} from './lifecycle.js';
import { PieceSetting, SettingChoice } from './made-to-order.js';
import { PRODUCTION_STAGES } from './production.js';
import { STATE_MESSAGES } from './shipping-rules.js';
import { OrderShipping } from './shipping-zones.js';

const CartItem = z.object({
  cartItemId: z.string(),
  _id: z.string(),
  productId: z.string().nullable(),
  productname: z.string(),
  /** The price paid now (a running sale applied). */
  productprice: z.number(),
  /** The merchant's list price (the same as productprice when no sale runs). */
  listprice: z.number(),
  productimages: z.array(z.string()),
  productcolours: z.array(z.string()),
  productsizes: z.array(z.string()),
  productcolour: z.string(),
  productsize: z.string(),
  quantity: z.number().int(),
  stockquantity: z.number().int(),
  /** A made-to-order piece (productprice is the piece's total at today's rates), or null for the stone alone. */
  setting: PieceSetting.nullable().optional(),
});

export const ShippingInfo = z.object({
  /** ISO 3166-1 alpha-2 code, upper case; absent (orders placed before it was asked) means India. */
  country: z.string().optional(),
  fullname: z.string(),
  mobileno: z.string(),
  address: z.string(),
  city: z.string(),
  pincode: z.string(),
  /** India: the place of supply, one of the 36 GST state names (orders placed before it was asked may lack it). Abroad: the region. */
  state: z.string().optional(),
  /** A business buyer's GSTIN, printed on its tax invoice (only when asked for that order). */
  gstin: z.string().optional(),
  /** The business buyer's legal name, printed on its tax invoice with the GSTIN. */
  legalname: z.string().optional(),
});
export type ShippingInfo = z.infer<typeof ShippingInfo>;

export const DeliveryStatus = z.enum(ALL_DELIVERY_STATUSES);
export const PaymentStatus = z.enum(PAYMENT_STATUSES);

const OrderLine = z.object({
  /** The line's own id (refunds name lines to put back on sale). */
  _id: z.string(),
  productId: Product.nullable(),
  productname: z.string(),
  /** What was paid for one (a sale applied). */
  productprice: z.number(),
  /** The list price then. */
  listprice: z.number(),
  productimage: z.string(),
  quantity: z.number().int(),
  size: z.string(),
  colour: z.string(),
  /** The buyer's own review of the line (My Orders only): its status, or null when not reviewed yet. */
  review: z
    .object({ _id: z.string(), status: z.enum(['pending', 'approved', 'rejected']), rating: z.number().int() })
    .nullable()
    .optional(),
  /** A made-to-order piece as priced at checkout, or null for ready stock. */
  setting: PieceSetting.nullable().optional(),
  /** A piece's production stage and (gold, from hallmarking) its HUID; null for ready stock. */
  production: z
    .object({ stage: z.enum(PRODUCTION_STAGES), huid: z.string().nullable() })
    .nullable()
    .optional(),
});

export const Order = z.object({
  _id: z.string(),
  /** The order's number (`RG-000123`), the same for the shopper, the messages, the back-office and the invoice. */
  number: z.string(),
  createdAt: z.string(),
  status: z.enum(DELIVERY_STATUS_NAMES),
  deliverystatus: DeliveryStatus,
  paymentstatus: PaymentStatus,
  totalamount: z.number(),
  products: z.array(OrderLine),
  shippinginfo: ShippingInfo,
  user: UserSummary.nullable().optional(),
  razorpay_order_id: z.string(),
  razorpay_payment_id: z.string(),
  /** The shipping rate paid (null on orders placed before shipping was charged) and its price (rupees, in totalamount). */
  shipping: OrderShipping.nullable().optional(),
  shippingamount: z.number().optional(),
  /** A credit order's due date (YYYY-MM-DD, India), null otherwise (docs/credit.md). */
  duedate: z.string().nullable().optional(),
  /** Rupees still owed on a credit order (0 once paid). */
  amountdue: z.number().optional(),
  /** Payments of a credit order: received outside the shop, or through the checkout (`razorpay`). */
  payments: z
    .array(z.object({ amount: z.number(), method: z.string(), reference: z.string(), receivedon: z.string() }))
    .optional(),
  /**
   * The currency paid in (`INR` for rupee orders), what was paid in it (major units) and the rate used (units per
   * rupee; 1 for INR). `totalamount` stays in rupees.
   */
  currency: z.string().optional(),
  currencyamount: z.number().optional(),
  fxrate: z.number().optional(),
  /** The quote this order paid (docs/wholesale.md), null for a cart's order. */
  quoteId: z.string().nullable().optional(),
  ...orderLifecycleFields,
});
export type Order = z.infer<typeof Order>;

// ---------------------------------------------------------------- cart requests and answers
/** A cart line's product is inactive or deleted: shown to the shopper, never silently dropped, never bought. */
export const CartItemView = CartItem.extend({ unavailable: z.boolean() });

/** A number of units: a whole number from 1 (each use sets its most). */
export const unitCount = z
  .number({ message: 'Quantity must be a whole number' })
  .int({ message: 'Quantity must be a whole number' })
  .min(1, { message: 'Quantity must be at least 1' });
const quantity = unitCount.max(1000, { message: 'Quantity must be at most 1000' });
const optionalChoice = z.string().trim().max(100).optional();

export const CartAddBody = z.object({
  productId: z.uuid({ message: 'Invalid product id' }),
  productcolour: optionalChoice,
  productsize: optionalChoice,
  quantity: quantity.default(1),
  /** Made to order: set the stone in this design (the piece is its own line of one). */
  setting: SettingChoice.optional(),
});
export const CartUpdateBody = z.object({ cartItemId: z.uuid({ message: 'Invalid cart item id' }), quantity });
export const CartItemParams = z.object({ cartItemId: z.uuid({ message: 'Invalid cart item id' }) });
export const CartCountResponse = z.object({ success: z.boolean(), data: z.object({ count: z.number().int() }) });
export const CartItemsResponse = z.object({ success: z.boolean(), data: z.array(CartItemView) });
export const CartChangeResponse = z.object({ success: z.boolean(), message: z.string(), data: z.array(CartItemView) });

// ---------------------------------------------------------------- shipping
export const SHIPPING_MESSAGES = {
  missing: 'Please fill in all shipping details.',
  mobileno: 'Enter a valid 10-digit mobile number',
  pincode: 'Enter a valid 6-digit PIN code',
} as const;

export { STATE_MESSAGES };

/**
 * After the shipping rules pass: the state named (any case) or, when none is given, the one the PIN code points
 * to; a GSTIN, when given, upper-cased and checked (format, state code, check digit).
 */
function withStateAndGstin(
  v: {
    fullname: string;
    mobileno: string;
    address: string;
    city: string;
    pincode: string;
    state?: string | undefined;
    gstin?: string | undefined;
    legalname?: string | undefined;
  },
  ctx: z.RefinementCtx,
) {
  const { state: givenState, gstin: givenGstin, legalname: givenLegalname, ...base } = v;
  const named = (givenState ?? '').trim();
  const state = named ? canonicalState(named) : stateFromPin(base.pincode);
  if (!state) {
    ctx.addIssue({ code: 'custom', message: named ? STATE_MESSAGES.unknown : STATE_MESSAGES.missing, path: ['state'] });
  }
  const gstin = (givenGstin ?? '').trim().toUpperCase();
  const gstinProblem = gstin ? gstinError(gstin) : null;
  if (gstinProblem) ctx.addIssue({ code: 'custom', message: gstinProblem, path: ['gstin'] });
  // The legal name belongs to the GSTIN: asked with it, dropped without it.
  const legalname = (givenLegalname ?? '').trim().replace(/\s+/g, ' ');
  const legalnameMissing = Boolean(gstin) && !legalname;
  if (legalnameMissing) ctx.addIssue({ code: 'custom', message: GSTIN_MESSAGES.legalname, path: ['legalname'] });
  if (!state || gstinProblem || legalnameMissing) return z.NEVER;
  return { ...base, state, ...(gstin ? { gstin, legalname } : {}) };
}

const shippingText = (max: number) =>
  z.string({ message: SHIPPING_MESSAGES.missing }).trim().min(1, { message: SHIPPING_MESSAGES.missing }).max(max);

/** Shipping details in India as sent by the checkout form (trimmed and checked): the 10-digit mobile and 6-digit PIN code rules and texts. */
const IndianShippingInput = z
  .object({
    fullname: shippingText(100),
    mobileno: mobileField(SHIPPING_MESSAGES.mobileno, SHIPPING_MESSAGES.missing),
    address: shippingText(500),
    city: shippingText(100),
    pincode: z
      .string({ message: SHIPPING_MESSAGES.missing })
      .trim()
      .regex(/^\d{6}$/, { message: SHIPPING_MESSAGES.pincode }),
    state: z.string().max(100).optional(),
    gstin: z.string().max(30).optional(),
    legalname: z.string().max(200, { message: 'Legal name must be at most 200 characters' }).optional(),
  })
  .transform((v, ctx) => {
    const checked = withStateAndGstin(v, ctx);
    return checked === z.NEVER ? z.NEVER : { country: HOME_COUNTRY, ...checked };
  });

/**
 * The country-dependent fields outside India, checked by contract/address-rules.ts; each broken rule is an issue at
 * its field, in the form's order. The phone is kept in E.164.
 */
export function foreignIssues(
  v: { country: string; mobileno: string; pincode: string; state?: string | undefined; gstin?: string | undefined },
  ctx: z.RefinementCtx,
) {
  const check = checkForeignAddress(v.country, {
    mobileno: v.mobileno,
    pincode: v.pincode,
    state: v.state ?? '',
    gstin: v.gstin ?? '',
  });
  for (const f of ['country', 'mobileno', 'pincode', 'state', 'gstin'] as const) {
    const message = check.fields[f];
    if (message) ctx.addIssue({ code: 'custom', message, path: [f] });
  }
  return Object.keys(check.fields).length ? null : check.value;
}

/** Shipping details outside India: the same texts required, the rest checked for the country. */
const ForeignShippingInput = z
  .object({
    country: z.string().trim().toUpperCase(),
    fullname: shippingText(100),
    mobileno: z.string({ message: SHIPPING_MESSAGES.missing }).trim().max(40),
    address: shippingText(500),
    city: shippingText(100),
    pincode: z.string().trim().max(20).default(''),
    state: z.string().max(100).optional(),
    gstin: z.string().max(30).optional(),
    legalname: z.string().max(200).optional(),
  })
  .transform((v, ctx) => {
    const checked = foreignIssues(v, ctx);
    if (!checked) return z.NEVER;
    return { fullname: v.fullname, address: v.address, city: v.city, ...checked };
  });

/**
 * Picks the rules by the address's `country` (India when absent) and reports that schema's issues as its own, so
 * an Indian address is answered exactly as before.
 */
export function byCountry<I extends z.ZodType, F extends z.ZodType>(indian: I, foreign: F) {
  return z
    .looseObject({
      /** ISO 3166-1 alpha-2 code (any case); India when absent. */
      country: z.string().max(10).optional(),
    })
    .transform((v, ctx): z.output<I> | z.output<F> => {
      const schema = countryOf(v.country) === HOME_COUNTRY ? indian : foreign;
      const parsed = schema.safeParse(v);
      if (parsed.success) return parsed.data as z.output<I> | z.output<F>;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    });
}

/** Shipping details as sent by the checkout form (trimmed and checked per country). */
export const ShippingInfoInput = byCountry(IndianShippingInput, ForeignShippingInput);

// ---------------------------------------------------------------- checkout and payment
const PaymentProviderName = z.enum(['razorpay', 'sandbox']);

/**
 * Buy Now pays for one cart line (or a few) and leaves the rest of the cart for later: `items` names the cart
 * lines and how many of each to buy (at most the line's quantity). Without it the whole cart is bought.
 */
export const CheckoutItems = z
  .array(z.object({ cartItemId: z.uuid(), quantity: z.number().int().min(1).max(1000) }))
  .min(1)
  .max(100);
/**
 * Buy Now straight from the product page: one product (its size, colour and quantity, or a made-to-order `setting`,
 * one at a time), as Add to Cart takes it, bought without going into the cart. The cart is left exactly as it was,
 * whether the item is paid or the checkout abandoned. Not together with `items`.
 */
export const BuyNowItem = CartAddBody;
const ONE_WAY = 'Buy either cart lines (items) or one item (buynow), not both';
/** A body naming both `items` and `buynow` is a 400 on `buynow`. */
export const oneWayToBuy = (v: { items?: unknown; buynow?: unknown } | null | undefined, ctx: z.RefinementCtx) => {
  if (v?.items !== undefined && v.buynow !== undefined) ctx.addIssue({ code: 'custom', message: ONE_WAY, path: ['buynow'] });
};

/** The shipping rate a buyer picks: a rate `_id` of the shipping country's zone (GET /o1/api/shipping-rates). */
export const ShippingRateChoice = z.string().trim().max(64);

export const RazorpayOrderBody = z
  .object({
    shippinginfo: ShippingInfoInput.optional(),
    items: CheckoutItems.optional(),
    buynow: BuyNowItem.optional(),
    /** A coupon code (any case): checked and applied on the server, refused (404/409) rather than ignored. */
    coupon: z.string().trim().max(40, { message: 'Enter a coupon code' }).optional(),
    /** A rate `_id` of the shipping country's zone (GET /o1/api/shipping-rates); the cheapest when absent. */
    shippingrate: ShippingRateChoice.optional(),
    /** An enabled currency to pay in, for an address abroad (INR when absent). */
    currency: PayCurrency.optional(),
  })
  .superRefine(oneWayToBuy)
  .nullish();
export const RazorpayOrderResponse = z.object({
  success: z.boolean(),
  /** amount is an integer in the currency's smallest unit (paise for INR), as Razorpay Checkout wants it. */
  razorpayOrder: z.object({ id: z.string(), amount: z.number().int(), currency: z.string() }),
  /** The currency charged, the amount in its major units and the rate used (units per rupee; 1 for INR). */
  currency: z.string().optional(),
  currencyamount: z.number().optional(),
  fxrate: z.number().optional(),
  provider: PaymentProviderName,
  /** Razorpay key id for Checkout; "sandbox" in sandbox mode. */
  key: z.string(),
  /** Order total in rupees and when the held stock is released if unpaid. */
  totalamount: z.number(),
  holdExpiresAt: z.string(),
  /** What the coupon took off (rupees; 0 without one) and its code ("" if none). */
  discountamount: z.number().optional(),
  couponcode: z.string().optional(),
  /** The shipping rate charged (part of totalamount), and its price in rupees. */
  shipping: OrderShipping.optional(),
  shippingamount: z.number().optional(),
});

const providerId = (what: string) =>
  z
    .string({ message: `${what} is required` })
    .trim()
    .min(1, { message: `${what} is required` })
    .max(100);

export const VerifyAndPlaceBody = z.object({
  razorpay_order_id: providerId('razorpay_order_id'),
  razorpay_payment_id: providerId('razorpay_payment_id'),
  razorpay_signature: providerId('razorpay_signature'),
  /** Required when paying for a cart; not needed when paying what is due on a credit order (POST /pay-due/:id). */
  shippinginfo: ShippingInfoInput.optional(),
});
export const OrderResponse = z.object({ success: z.boolean(), message: z.string(), order: Order });

export const SandboxPayBody = z.object({
  razorpay_order_id: providerId('razorpay_order_id'),
  outcome: z.enum(['success', 'failure']).default('success'),
});
/** 200: the payment result Razorpay Checkout hands its `handler`, signed the same way. */
export const SandboxPaid = z.object({
  success: z.literal(true),
  razorpay_order_id: z.string(),
  razorpay_payment_id: z.string(),
  razorpay_signature: z.string(),
});
/** 402: the payment failed (it is recorded as failed; there is nothing to sign): the usual error shape. */
export const SandboxPayFailed = z.object({ success: z.literal(false), message: z.string() });
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const SandboxPayResponse = z.union([SandboxPaid, SandboxPayFailed]);

export const WebhookResponse = z.object({ success: z.boolean() });

// ---------------------------------------------------------------- order lists
/** Order as the admin sees it: the Order shape plus what needs the merchant's attention. */
export const AdminOrder = Order.extend({
  flag: z.enum(ORDER_FLAGS).nullable(),
  refundstatus: z.enum(REFUND_SUMMARIES),
  /** Rupees that may still be refunded (paid less processed and pending refunds). */
  refundable: z.number(),
  /** Of `refundable`, rupees received outside the shop and not yet paid back: refunded with `method` and `reference`. */
  refundableoffline: z.number().optional(),
  /** Per line (same order as products): units that can still be put back on sale. */
  restockable: z.array(z.object({ lineId: z.string(), quantity: z.number().int() })),
  /** The whole timeline, private notes included, with who did each thing. */
  events: z.array(OrderEvent.extend({ by: z.string().nullable() })),
});
export type AdminOrder = z.infer<typeof AdminOrder>;
export const MyOrdersResponse = z.object({ success: z.boolean(), orders: z.array(Order) });

const ymd = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use the date format YYYY-MM-DD' })
  .refine(isCalendarDay, {
    message: 'Not a real date',
  })
  // Year 0000 is no year to the database, and 9999-12-31 runs past its last day: keep to years it reads alike.
  .refine((s) => s >= '1900-01-01' && s <= '2999-12-31', { message: 'Use a date between 1900 and 2999' });
const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** The admin order list's filter of orders whose return waits for the merchant. */
export const RETURN_REQUESTED = 'return-requested' as const;
/** Paid orders still not shipped two days after payment (the dashboard's to-do list links here). */
export const UNSHIPPED = 'unshipped' as const;
/** Credit orders with something still due after their due date (India's today). */
export const OVERDUE = 'overdue' as const;

/** Filters of the admin orders screen, shared by the order list and its CSV export. */
const adminOrderFilterFields = {
  // No control characters: a NUL cannot reach the database's text at all, and none is in an order id.
  search: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .max(100)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
      .regex(/^[^\u0000-\u001f\u007f]*$/, { message: 'search must not contain control characters' })
      .optional(),
  ),
  /**
   * A delivery status (any case), `return-requested` (a return asked for, or approved and not yet
   * received), `unshipped` (paid, not shipped two days after payment) or `overdue` (a credit order with something
   * due after its due date); "all" or empty = every order.
   */
  status: z.preprocess(
    (v) =>
      typeof v === 'string' ? (v.trim().toLowerCase() === 'all' ? undefined : emptyAsUndefined(v.trim().toLowerCase())) : v,
    z.union([DeliveryStatus, z.literal(RETURN_REQUESTED), z.literal(UNSHIPPED), z.literal(OVERDUE)]).optional(),
  ),
  startDate: z.preprocess(emptyAsUndefined, ymd.optional()),
  endDate: z.preprocess(emptyAsUndefined, ymd.optional()),
};
const datesInOrder = (q: { startDate?: string | undefined; endDate?: string | undefined }) =>
  !q.startDate || !q.endDate || q.startDate <= q.endDate;
const datesInOrderError = { message: 'endDate must not be before startDate', path: ['endDate'] };

export const AdminOrderFilters = z.object(adminOrderFilterFields).refine(datesInOrder, datesInOrderError);
export type AdminOrderFilters = z.infer<typeof AdminOrderFilters>;

export const AdminOrdersQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(10),
    ...adminOrderFilterFields,
  })
  .refine(datesInOrder, datesInOrderError);
export const AdminOrdersResponse = z.object({
  success: z.boolean(),
  orders: z.array(AdminOrder),
  pagination: z.object({
    currentPage: z.number().int(),
    totalPages: z.number().int(),
    totalOrders: z.number().int(),
    hasNextPage: z.boolean(),
    hasPrevPage: z.boolean(),
    limit: z.number().int(),
  }),
});
export const AdminUpdateOrderBody = z.object({
  deliverystatus: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(SETTABLE_DELIVERY_STATUSES, {
      message: `deliverystatus must be one of ${SETTABLE_DELIVERY_STATUSES.join(', ')}`,
    }),
  ),
});
export const AdminOrderResponse = z.object({ success: z.boolean(), message: z.string(), order: AdminOrder });
export const OrderCountResponse = z.object({ success: z.boolean(), count: z.number().int() });
