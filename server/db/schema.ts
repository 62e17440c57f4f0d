import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DELIVERY_STATUSES,
  ORDER_ACTORS,
  ORDER_EVENT_TYPES,
  ORDER_FLAGS,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  REFUND_SUMMARIES,
  RETURN_STATUSES,
} from '../../contract/lifecycle.js';
import { PRODUCTION_STAGES } from '../../contract/production.js';
import { REVIEW_STATUSES } from '../../contract/reviews.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const created = () => ts('created_at').notNull().defaultNow();
const updated = () => ts('updated_at').notNull().defaultNow();

// ---------------------------------------------------------------- accounts
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullname: text('fullname').notNull(),
    mobileno: text('mobileno').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['USER', 'ADMIN'] })
      .notNull()
      .default('USER'),
    /** Lower-case; '' when the user gave none (unique among the non-empty ones, without regard to case). */
    email: text('email').notNull().default(''),
    /** Language of the messages the shop sends the user. */
    language: text('language', { enum: ['en', 'hi'] })
      .notNull()
      .default('en'),
    /** Agreed to messages that are not about the user's own orders or account (offers, review invitations). */
    marketing: boolean('marketing').notNull().default(false),
    /** When `marketing` was last given or withdrawn (every change is in consent_log). */
    marketingAt: ts('marketing_at'),
    /** Set when the user erased the account: the row stays for the orders kept, its personal details blanked. */
    erasedAt: ts('erased_at'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex('users_mobileno_key').on(t.mobileno),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`).where(sql`${t.email} <> ''`),
    check('users_language_check', sql`${t.language} in ('en','hi')`),
    index('users_created_idx').on(t.createdAt),
    check('users_role_check', sql`${t.role} in ('USER','ADMIN')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie token; the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: created(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** @forTests rate-limit tests read the counter rows to see a limit counted and forgotten */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: ts('reset_at').notNull(),
});

// ---------------------------------------------------------------- catalogue
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex('categories_name_key').on(sql`lower(${t.name})`)],
);

export const subcategories = pgTable(
  'subcategories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** What menus and filters show instead of the name ('' = the name); the name keeps making the address (migration 0380). */
    displayName: text('display_name').notNull().default(''),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    check('subcategories_display_name_check', sql`char_length(${t.displayName}) <= 100`),
    uniqueIndex('subcategories_category_name_key').on(t.categoryId, sql`lower(${t.name})`),
    index('subcategories_created_idx').on(t.createdAt),
    /** Target of products' (subcategory, category) key. */
    uniqueIndex('subcategories_id_category_key').on(t.id, t.categoryId),
  ],
);

/**
 * A place in one of the header's five menus (migration 0380): a category or a subcategory, at a position, with a
 * note shown in brackets after its name ("Ruby (Leo)"). Each is in a menu at most once.
 */
export const menuEntries = pgTable(
  'menu_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    menu: text('menu').notNull(),
    position: integer('position').notNull(),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    subcategoryId: uuid('subcategory_id').references(() => subcategories.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    createdAt: created(),
  },
  (t) => [
    check('menu_entries_menu_check', sql`${t.menu} IN ('zodiac', 'vedic', 'exclusive', 'other', 'jewellery')`),
    check('menu_entries_target_check', sql`(${t.categoryId} IS NULL) <> (${t.subcategoryId} IS NULL)`),
    check('menu_entries_note_check', sql`char_length(${t.note}) <= 60`),
    uniqueIndex('menu_entries_category_key').on(t.menu, t.categoryId),
    uniqueIndex('menu_entries_subcategory_key').on(t.menu, t.subcategoryId),
    index('menu_entries_category_idx').on(t.categoryId),
    index('menu_entries_subcategory_idx').on(t.subcategoryId),
  ],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    video: text('video').notNull().default(''),
    sizes: jsonb('sizes').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    colours: jsonb('colours').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** The average of the approved reviews to one decimal (features/reviews), null with none. */
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }),
    /** How many approved reviews the rating is the average of. */
    reviewCount: integer('review_count').notNull().default(0),
    metatitle: text('metatitle').notNull().default(''),
    metadescription: text('metadescription').notNull().default(''),
    brand: text('brand').notNull().default(''),
    /** Units available to sell now (held units are already taken out). */
    stock: integer('stock').notNull().default(0),
    /** Units sold in paid orders; best sellers rank by it. */
    sold: integer('sold').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    subcategoryId: uuid('subcategory_id')
      .notNull()
      .references(() => subcategories.id, { onDelete: 'restrict' }),
    treatment: text('treatment').notNull().default(''),
    cut: text('cut').notNull().default(''),
    certification: text('certification').notNull().default(''),
    shape: text('shape').notNull().default(''),
    composition: text('composition').notNull().default(''),
    origin: text('origin').notNull().default(''),
    excatdimensions: text('excatdimensions').notNull().default(''),
    dimensiontype: text('dimensiontype').notNull().default(''),
    refractiveindex: text('refractiveindex').notNull().default(''),
    specificgravity: text('specificgravity').notNull().default(''),
    returnpolicy: text('returnpolicy').notNull().default(''),
    weightcarrat: numeric('weightcarrat', { precision: 12, scale: 3, mode: 'number' }),
    weightratti: numeric('weightratti', { precision: 12, scale: 3, mode: 'number' }),
    weightkachiratti: numeric('weightkachiratti', { precision: 12, scale: 3, mode: 'number' }),
    weightpakkiratti: numeric('weightpakkiratti', { precision: 12, scale: 3, mode: 'number' }),
    weightgrams: numeric('weightgrams', { precision: 12, scale: 3, mode: 'number' }),
    /** The lab of the stone's own report (contract/gems.ts CERTIFICATE_LABS key), '' when none. */
    certificateLab: text('certificate_lab').notNull().default(''),
    certificateNumber: text('certificate_number').notNull().default(''),
    /** URL of the uploaded report (PDF or picture) in the media store, '' when none. */
    certificateFile: text('certificate_file').notNull().default(''),
    /** The merchant's stock-keeping unit (A–Z 0–9 -, at most 32), unique when set. */
    sku: text('sku'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.slug),
    uniqueIndex('products_sku_key').on(t.sku),
    index('products_active_created_idx').on(t.isActive, t.createdAt),
    index('products_active_price_idx').on(t.isActive, t.pricePaise),
    index('products_category_created_idx').on(t.categoryId, t.createdAt),
    index('products_subcategory_created_idx').on(t.subcategoryId, t.createdAt),
    index('products_subcategory_price_idx').on(t.subcategoryId, t.pricePaise),
    index('products_active_sold_idx').on(t.isActive, t.sold, t.createdAt),
    index('products_created_idx').on(t.createdAt),
    /** A product's subcategory belongs to its category; moving a subcategory moves its products. */
    foreignKey({
      name: 'products_subcategory_category_fk',
      columns: [t.subcategoryId, t.categoryId],
      foreignColumns: [subcategories.id, subcategories.categoryId],
    })
      .onUpdate('cascade')
      .onDelete('restrict'),
    check('products_stock_check', sql`${t.stock} >= 0`),
    check('products_price_check', sql`${t.pricePaise} >= 0`),
    check('products_sku_check', sql`${t.sku} ~ '^[A-Z0-9-]{1,32}$'`),
    check(
      'products_certificate_lab_check',
      sql`${t.certificateLab} in ('', 'gia', 'igi', 'gii', 'grs', 'ssef', 'gubelin', 'other')`,
    ),
  ],
);

// ---------------------------------------------------------------- wholesale
/** A volume tier of a price group: a line of at least `minquantity` units gets `percentoff` off the list price. */
type PriceTier = { minquantity: number; percentoff: number };

/** Trade prices: a percentage off list prices, volume tiers, and the categories covered (none = every one). */
export const priceGroups = pgTable(
  'price_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    percentoff: integer('percentoff').notNull().default(0),
    tiers: jsonb('tiers').$type<PriceTier[]>().notNull().default(sql`'[]'::jsonb`),
    categoryIds: uuid('category_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex('price_groups_name_key').on(sql`lower(${t.name})`),
    check('price_groups_percentoff_check', sql`${t.percentoff} BETWEEN 0 AND 60`),
  ],
);

/** A user's business profile (one per user); trade prices are for an approved one only. */
export const businesses = pgTable(
  'businesses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'pending' | 'approved' | 'rejected' | 'suspended'>().notNull().default('pending'),
    legalname: text('legalname').notNull(),
    tradename: text('tradename').notNull().default(''),
    gstin: text('gstin').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    note: text('note').notNull().default(''),
    /** The merchant's reason for the last rejection or suspension. */
    reason: text('reason').notNull().default(''),
    priceGroupId: uuid('price_group_id').references(() => priceGroups.id, { onDelete: 'restrict' }),
    creditDays: integer('credit_days').notNull().default(0),
    creditLimitPaise: bigint('credit_limit_paise', { mode: 'number' }).notNull().default(0),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex('businesses_user_key').on(t.userId),
    uniqueIndex('businesses_gstin_key').on(t.gstin),
    index('businesses_status_created_idx').on(t.status, t.createdAt),
    index('businesses_price_group_idx').on(t.priceGroupId),
    check('businesses_status_check', sql`${t.status} in ('pending','approved','rejected','suspended')`),
    check('businesses_credit_days_check', sql`${t.creditDays} in (0,7,15,30,45,60)`),
    check('businesses_credit_limit_check', sql`${t.creditLimitPaise} >= 0`),
  ],
);

// ---------------------------------------------------------------- cart and checkout
/** A visitor's cart (before sign-in), keyed by the SHA-256 of its cookie's token; its lines are cart_items. */
export const guestCarts = pgTable(
  'guest_carts',
  {
    id: text('id').primaryKey(),
    createdAt: created(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('guest_carts_expires_idx').on(t.expiresAt)],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The owner: a user, or (before sign-in) a guest cart; exactly one of the two. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestId: text('guest_id').references(() => guestCarts.id, { onDelete: 'cascade' }),
    /** Null once the product is deleted: the line is reported to the shopper, not silently dropped. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productname: text('productname').notNull(),
    colour: text('colour').notNull().default(''),
    size: text('size').notNull().default(''),
    quantity: integer('quantity').notNull(),
    /** A stone set in a design (made to order): the choice and its price when added (re-priced at today's rates when read). */
    setting: jsonb('setting').$type<PieceSnapshot>(),
    /** '' for a plain line; a piece's own id, so every piece is its own line of one. */
    piece: text('piece').notNull().default(''),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index('cart_items_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('cart_items_line_key').on(t.userId, t.productId, t.colour, t.size, t.piece),
    uniqueIndex('cart_items_guest_line_key').on(t.guestId, t.productId, t.colour, t.size, t.piece),
    check('cart_items_quantity_check', sql`${t.quantity} >= 1`),
    check('cart_items_one_owner_check', sql`(${t.userId} is null) <> (${t.guestId} is null)`),
  ],
);

/** The buyer's choice for a piece, as kept on its cart line. */
export type CartSetting = { designId: string; metal: string; size: number | null };
/** A piece's price fixed at checkout (paise, milligrams, basis points), kept on the checkout and the order line. */
export type PieceSnapshot = CartSetting & {
  designName: string;
  kind: string;
  milligrams: number;
  ratePaise: number;
  makingPaise: number;
  metalPaise: number;
  stoneNetPaise: number;
  taxablePaise: number;
  gstPaise: number;
  gstRateBp: number;
  /**
   * The jewellery HSN it is invoiced under: the merchant's own code for jewellery on the Tax screen (7113 or a longer
   * code under it, as the IRP wants six digits), fixed with the rate. Absent on pieces priced before: 7113.
   */
  hsn?: string;
  days: number;
};

export type CheckoutLine = {
  productId: string;
  /** A made-to-order piece: its cart line's piece id and the price it was fixed at. */
  piece?: string;
  setting?: PieceSnapshot;
  productname: string;
  pricePaise: number;
  image: string;
  quantity: number;
  size: string;
  colour: string;
  /** The list price when the line was snapshotted (pricePaise is the sale price paid); absent on older rows. */
  listPricePaise?: number;
};
type ShippingInfo = {
  /** ISO 3166-1 alpha-2 code; absent on rows written before it was asked (India). */
  country?: string;
  fullname: string;
  mobileno: string;
  address: string;
  city: string;
  pincode: string;
  /** The place of supply (a GST state name); absent on orders placed before it was asked. */
  state?: string;
  /** A business buyer's GSTIN, for its tax invoice (given for this order only). */
  gstin?: string;
  /** The business buyer's legal name, printed with the GSTIN. */
  legalname?: string;
};

/**
 * A coupon applied (promotions), on a checkout and then on its order: the coupon (null once deleted), its code
 * as entered, and the discount taken off the lines' total (integer paise).
 */
const appliedCoupon = () => ({
  couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
  couponCode: text('coupon_code').notNull().default(''),
  discountPaise: bigint('discount_paise', { mode: 'number' }).notNull().default(0),
});

/** One attempt to pay for a cart: created by /razorpay-order, keyed by the provider's order id. */
/** A shipping rate as charged: its name, price and delivery days then. */
export type ChargedShipping = { name: string; amountPaise: number; mindays: number; maxdays: number };

export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the shopper's account is deleted: their paid orders (which reference the checkout) stay. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: ['razorpay', 'sandbox'] }).notNull(),
    providerOrderId: text('provider_order_id'),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** The currency charged (migration 0370): INR, or an enabled currency for an address abroad. */
    currency: text('currency').notNull().default('INR'),
    /** What is charged in that currency's smallest unit (amountPaise converted at fxRate, rounded up); null for INR. */
    currencyAmount: bigint('currency_amount', { mode: 'number' }),
    /** Units of the currency per rupee used (exact decimal text); null for INR. */
    fxRate: numeric('fx_rate', { precision: 20, scale: 10 }),
    /** pending → placed | expired | failed; a placed checkout never goes back. */
    status: text('status', { enum: ['pending', 'placed', 'expired', 'failed'] })
      .notNull()
      .default('pending'),
    lines: jsonb('lines').$type<CheckoutLine[]>().notNull(),
    shippinginfo: jsonb('shippinginfo').$type<ShippingInfo | null>(),
    holdExpiresAt: ts('hold_expires_at').notNull(),
    lastReconciledAt: ts('last_reconciled_at'),
    /** The client address the checkout was started from: unpaid holds are capped per address. */
    clientAddress: text('client_address'),
    /** When its hold ran out unpaid (swept, or renewed at its very end): counted for the cool-down. */
    holdLapsedAt: ts('hold_lapsed_at'),
    /** The shipping rate charged (migration 0230): part of amountPaise, as shippingPaise. */
    shipping: jsonb('shipping').$type<ChargedShipping | null>(),
    shippingPaise: bigint('shipping_paise', { mode: 'number' }).notNull().default(0),
    /** Pays what is due on this credit order (migration 0310): no lines, no stock held, never a new order. */
    paysOrderId: uuid('pays_order_id').references((): AnyPgColumn => orders.id, { onDelete: 'restrict' }),
    /** Pays this quote's lines at its quoted prices (migration 0320): the cart is not touched. */
    quoteId: uuid('quote_id').references((): AnyPgColumn => quotes.id, { onDelete: 'set null' }),
    /** Buy Now's item bought straight from the product page (migration 0381): paying it leaves the cart as it is. */
    buyNow: boolean('buy_now').notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
    /** A coupon applied: while pending and held, the checkout reserves one of its uses; amountPaise is what is left to pay. */
    ...appliedCoupon(),
  },
  (t) => [
    uniqueIndex('checkouts_provider_order_key').on(t.providerOrderId),
    index('checkouts_status_idx').on(t.status, t.holdExpiresAt),
    index('checkouts_user_idx').on(t.userId, t.createdAt),
    index('checkouts_pending_address_idx').on(t.clientAddress).where(sql`${t.status} = 'pending'`),
    index('checkouts_lapsed_idx').on(t.userId, t.holdLapsedAt).where(sql`${t.holdLapsedAt} IS NOT NULL`),
    index('checkouts_coupon_idx').on(t.couponId, t.status, t.holdExpiresAt),
    index('checkouts_pays_order_idx').on(t.paysOrderId).where(sql`${t.paysOrderId} IS NOT NULL`),
  ],
);

/** Stock taken out of products.stock for a pending checkout; deleted when sold or released. */
export const stockHolds = pgTable(
  'stock_holds',
  {
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.checkoutId, t.productId] }),
    index('stock_holds_expires_idx').on(t.expiresAt),
    index('stock_holds_product_idx').on(t.productId),
    check('stock_holds_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The order's number for people (`RG-000123`: the invoice prefix then the shop's one gapless series),
     * given by the database as the row is inserted (migration 0140_order_number), or by the placing transaction's
     * last statement to an order inserted with a stand-in (`numberPlacement`, server/features/gst/invoices.ts),
     * and never changed once committed.
     */
    number: text('number').notNull().default(''),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'restrict' }),
    razorpayOrderId: text('razorpay_order_id').notNull(),
    razorpayPaymentId: text('razorpay_payment_id').notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    paymentstatus: text('paymentstatus', { enum: PAYMENT_STATUSES }).notNull(),
    deliverystatus: text('deliverystatus', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    /**
     * Why the order needs the merchant's attention, null when it does not: `stock_unavailable` (paid after
     * the hold expired and the stock was gone: refunded), `amount_mismatch` (the payment was not for the
     * order's amount: never Paid, refunded), `shipping_missing` (placed without shipping details),
     * `coupon_unavailable` (paid after the checkout's hold ended, when its coupon was used up: refunded),
     * `quote_already_ordered` (a second payment for a quote that had already made its order: refunded).
     */
    flag: text('flag', { enum: ORDER_FLAGS }),
    /**
     * none | pending | processed | failed. `pending` with no refund_id = a refund is owed and not yet
     * accepted by Razorpay (the reconciler retries it); with a refund_id = Razorpay is processing it.
     */
    refundStatus: text('refund_status', { enum: REFUND_SUMMARIES }).notNull().default('none'),
    /** Provider id of the order's latest refund (details of every refund are in `refunds`). */
    refundId: text('refund_id'),
    shippinginfo: jsonb('shippinginfo').$type<ShippingInfo>().notNull(),
    /** What the payment brought in (0 when nothing was captured); refunds never exceed it. */
    paidPaise: bigint('paid_paise', { mode: 'number' }).notNull().default(0),
    /** Whether the order's units left the shelf (false for a payment that came after the stock was gone). */
    stockTaken: boolean('stock_taken').notNull().default(true),
    deliveredAt: ts('delivered_at'),
    cancelledAt: ts('cancelled_at'),
    shipmentCarrier: text('shipment_carrier'),
    shipmentTrackingNumber: text('shipment_tracking_number'),
    shipmentTrackingUrl: text('shipment_tracking_url'),
    /** The CSB-V shipping bill of a parcel shipped abroad (GSTR-1 table 6A); null for a domestic order. */
    shipmentPortCode: text('shipment_port_code'),
    shipmentBillNumber: text('shipment_bill_number'),
    shipmentBillDate: text('shipment_bill_date'),
    shippedAt: ts('shipped_at'),
    /** The shipping rate paid (null on orders placed before shipping was charged); shippingPaise is in totalPaise. */
    shipping: jsonb('shipping').$type<ChargedShipping | null>(),
    shippingPaise: bigint('shipping_paise', { mode: 'number' }).notNull().default(0),
    /** A credit order's due date (India, YYYY-MM-DD; migration 0270), null for an order paid at checkout. */
    dueDate: date('due_date', { mode: 'string' }),
    /** What is still owed on a credit order (0 once paid, and for an order paid at checkout). */
    amountDuePaise: bigint('amount_due_paise', { mode: 'number' }).notNull().default(0),
    /** A credit order's Razorpay Payment Link (migration 0371): its id, address and the amount due it asks for. */
    paymentLinkId: text('payment_link_id'),
    paymentLinkUrl: text('payment_link_url'),
    paymentLinkPaise: bigint('payment_link_paise', { mode: 'number' }),
    /** How many links the order has had: a link's reference id must be unique, so the 2nd is `<order id>/2`. */
    paymentLinksMade: integer('payment_links_made').notNull().default(0),
    /** The currency paid in (migration 0370) and what was paid in its smallest unit at fxRate (null for INR). */
    currency: text('currency').notNull().default('INR'),
    currencyAmount: bigint('currency_amount', { mode: 'number' }),
    fxRate: numeric('fx_rate', { precision: 20, scale: 10 }),
    /** The quote this order pays (migration 0320), null for a cart's order. */
    quoteId: uuid('quote_id').references((): AnyPgColumn => quotes.id, { onDelete: 'set null' }),
    createdAt: created(),
    updatedAt: updated(),
    /** The coupon paid with. */
    ...appliedCoupon(),
  },
  (t) => [
    check(
      'orders_paymentstatus_check',
      sql`${t.paymentstatus} in ('Paid', 'Pending', 'Failed', 'Refunded', 'Partially refunded', 'Due', 'Partially paid')`,
    ),
    check(
      'orders_deliverystatus_check',
      sql`${t.deliverystatus} in ('pending', 'confirmed', 'shipped', 'delivered', 'returned', 'cancelled')`,
    ),
    check(
      'orders_flag_check',
      sql`${t.flag} is null or ${t.flag} in ('stock_unavailable', 'amount_mismatch', 'shipping_missing', 'coupon_unavailable', 'quote_already_ordered')`,
    ),
    check('orders_refund_status_check', sql`${t.refundStatus} in ('none', 'pending', 'processed', 'failed')`),
    check('orders_paid_check', sql`${t.paidPaise} >= 0`),
    check('orders_amount_due_check', sql`${t.amountDuePaise} >= 0`),
    index('orders_due_idx').on(t.userId, t.dueDate).where(sql`${t.amountDuePaise} > 0`),
    uniqueIndex('orders_number_key').on(t.number),
    uniqueIndex('orders_razorpay_order_key').on(t.razorpayOrderId),
    uniqueIndex('orders_checkout_key').on(t.checkoutId),
    index('orders_payment_idx').on(t.razorpayPaymentId),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_delivery_created_idx').on(t.deliverystatus, t.createdAt),
    index('orders_coupon_idx').on(t.couponId, t.userId),
    index('orders_quote_idx').on(t.quoteId).where(sql`${t.quoteId} IS NOT NULL`),
  ],
);

/**
 * A request for quotation (`Q/26-27/000001`, migration 0320): an approved business asks for a price on a lot, the
 * merchant prices each line with a validity. `expired` is not stored: a `quoted` quote past `validUntil` reads so.
 * `orderId` is the one order it made.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['requested', 'quoted', 'declined', 'ordered'] })
      .notNull()
      .default('requested'),
    note: text('note').notNull().default(''),
    merchantNote: text('merchant_note').notNull().default(''),
    validUntil: ts('valid_until'),
    orderId: uuid('order_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex('quotes_number_key').on(t.number),
    index('quotes_user_idx').on(t.userId, t.createdAt),
    index('quotes_status_idx').on(t.status, t.createdAt),
    check('quotes_status_check', sql`${t.status} in ('requested', 'quoted', 'declined', 'ordered')`),
  ],
);

/** A line of a quote: the product and quantity asked for, its list price then, and the unit price quoted (paise). */
export const quoteLines = pgTable(
  'quote_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productname: text('productname').notNull(),
    quantity: integer('quantity').notNull(),
    listPricePaise: bigint('list_price_paise', { mode: 'number' }).notNull(),
    pricePaise: bigint('price_paise', { mode: 'number' }),
    position: integer('position').notNull().default(0),
    /** The size and colour asked for (migration 0376), as a cart line keeps them; '' when the product has none. */
    size: text('size').notNull().default(''),
    colour: text('colour').notNull().default(''),
  },
  (t) => [
    index('quote_lines_quote_idx').on(t.quoteId, t.position),
    check('quote_lines_quantity_check', sql`${t.quantity} >= 1`),
    check('quote_lines_price_check', sql`${t.pricePaise} is null or ${t.pricePaise} >= 0`),
  ],
);

/** A payment for a credit order received outside the shop (or through it for what was due), migration 0270. */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The buyer (cash from one buyer in a day is capped: Income-tax Act s.269ST). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    method: text('method', { enum: ['neft', 'rtgs', 'imps', 'upi', 'cheque', 'cash', 'razorpay'] }).notNull(),
    reference: text('reference').notNull().default(''),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    createdAt: created(),
  },
  (t) => [
    index('order_payments_order_idx').on(t.orderId, t.createdAt),
    index('order_payments_user_day_idx').on(t.userId, t.receivedOn, t.method),
    /** A Razorpay payment of what was due counts once, however often it is reported (migration 0310). */
    uniqueIndex('order_payments_razorpay_key').on(t.reference).where(sql`${t.method} = 'razorpay'`),
    check('order_payments_amount_check', sql`${t.amountPaise} > 0`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productname: text('productname').notNull(),
    unitPricePaise: bigint('unit_price_paise', { mode: 'number' }).notNull(),
    productimage: text('productimage').notNull().default(''),
    quantity: integer('quantity').notNull(),
    size: text('size').notNull().default(''),
    colour: text('colour').notNull().default(''),
    position: integer('position').notNull().default(0),
    /** Units of this line put back on sale (cancel, refund with restock, return received); never above quantity. */
    restocked: integer('restocked').notNull().default(0),
    /** The list price at the time (unitPricePaise is what was paid, a sale applied); null = the price paid. */
    listPricePaise: bigint('list_price_paise', { mode: 'number' }),
    /** A made-to-order piece: the setting and its price as fixed at checkout; null for ready stock. */
    setting: jsonb('setting').$type<PieceSnapshot>(),
    /** A piece's production stage (migration 0335); null on a piece's line means designing, on ready stock nothing. */
    productionStage: text('production_stage', { enum: PRODUCTION_STAGES }),
    /** A gold piece's BIS hallmark id (6 letters and digits), given at hallmarking. */
    huid: text('huid'),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId, t.position),
    index('order_items_product_idx').on(t.productId),
    check('order_items_restocked_check', sql`${t.restocked} >= 0 and ${t.restocked} <= ${t.quantity}`),
    check(
      'order_items_production_stage_check',
      sql`${t.productionStage} is null or ${t.productionStage} in ('designing', 'casting', 'setting', 'polishing', 'hallmarking', 'ready')`,
    ),
  ],
);

/** The order's timeline: every change, written in the same transaction as the change (see features/orders/lifecycle). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: ts('at').notNull().default(sql`clock_timestamp()`),
    type: text('type', { enum: ORDER_EVENT_TYPES }).notNull(),
    actor: text('actor', { enum: ORDER_ACTORS }).notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    /** Write order: events of the same instant keep the order they were written in. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.at, t.seq),
    check(
      'order_events_type_check',
      sql`${t.type} in ('placed', 'paid', 'confirmed', 'shipped', 'delivered', 'status', 'cancelled', 'refund_requested', 'refund_processed', 'refund_failed', 'return_requested', 'return_approved', 'return_rejected', 'return_received', 'flagged', 'note', 'production')`,
    ),
    check('order_events_actor_check', sql`${t.actor} in ('customer', 'admin', 'system')`),
  ],
);

export type RestockLine = { lineId: string; quantity: number };

/**
 * Money sent back for an order: one row per refund, in paise. `pending` with no provider_refund_id = not yet
 * accepted by the provider (retried with the same idempotency key); `processed` is final money back.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    /** Sent as X-Refund-Idempotency: a retry never refunds twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** A refund of the whole payment (an unfulfillable one): sent without an amount. */
    wholePayment: boolean('whole_payment').notNull().default(false),
    reason: text('reason').notNull().default(''),
    /** The currency the refund goes back in (the payment's) and its amount in that currency's smallest unit (null for INR). */
    currency: text('currency').notNull().default('INR'),
    currencyAmount: bigint('currency_amount', { mode: 'number' }),
    restock: jsonb('restock').$type<RestockLine[]>().notNull().default(sql`'[]'::jsonb`),
    actor: text('actor', { enum: ORDER_ACTORS }).notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Why the provider refused it, when it failed. */
    failure: text('failure').notNull().default(''),
    /**
     * Money received outside the shop, paid back outside it: how (a bank transfer, UPI, cheque or cash) and its
     * reference; never sent to the payment service, processed when recorded (migration 0377). Null: sent through it.
     */
    method: text('method', { enum: ['neft', 'rtgs', 'imps', 'upi', 'cheque', 'cash'] }),
    reference: text('reference').notNull().default(''),
    /**
     * The payment a refund through the payment service goes back to (migration 0384): the order's own, or one of a
     * credit order's online payments. Null for money paid back outside the shop.
     */
    paymentId: text('payment_id'),
    createdAt: created(),
    updatedAt: updated(),
    processedAt: ts('processed_at'),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('refunds_provider_refund_key').on(t.providerRefundId),
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    index('refunds_pending_idx').on(t.status, t.updatedAt).where(sql`${t.status} = 'pending'`),
    check('refunds_amount_check', sql`${t.amountPaise} > 0`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'processed', 'failed')`),
    check('refunds_actor_check', sql`${t.actor} in ('customer', 'admin', 'system')`),
    check('refunds_method_check', sql`${t.method} is null or ${t.method} in ('neft', 'rtgs', 'imps', 'upi', 'cheque', 'cash')`),
  ],
);

/** A shopper's request to send an order back (one per order). */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex('return_requests_order_key').on(t.orderId),
    check('return_requests_status_check', sql`${t.status} in ('requested', 'approved', 'rejected', 'received')`),
  ],
);

/** Webhook deliveries already handled, keyed by x-razorpay-event-id. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  event: text('event').notNull(),
  receivedAt: created(),
});

/**
 * Server-side secrets shared by every server on this database (the sandbox payment provider's signing
 * secret), created once on first use.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: created(),
});

/** Payments made through the built-in sandbox provider (no Razorpay keys): what Razorpay's payment records are. */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    /** In the smallest unit of `currency` (paise for INR); the column keeps its first name. */
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    /** captured | failed | refunded */
    status: text('status').notNull(),
    refundId: text('refund_id'),
    createdAt: created(),
  },
  (t) => [index('sandbox_payments_order_idx').on(t.orderId, t.createdAt)],
);

// ---------------------------------------------------------------- GST: settings and category tax
/** The shop's settings: a single row (id = 1). */
type GrievanceOfficer = { name: string; designation: string; email: string; phone: string };

export const shopSettings = pgTable(
  'shop_settings',
  {
    id: smallint('id').primaryKey().default(1),
    shopname: text('shopname').notNull(),
    legalname: text('legalname').notNull(),
    gstin: text('gstin').notNull().default(''),
    address: text('address').notNull(),
    state: text('state').notNull(),
    invoiceprefix: text('invoiceprefix').notNull().default('RG'),
    supportphone: text('supportphone').notNull(),
    supportemail: text('supportemail').notNull(),
    freeshippingAbovePaise: bigint('freeshipping_above_paise', { mode: 'number' }).notNull().default(15_000_000),
    /** The least an approved business's order comes to at trade prices, before shipping (0 = no minimum). */
    tradeMinOrderPaise: bigint('trade_min_order_paise', { mode: 'number' }).notNull().default(0),
    /** Carats per ratti, for ratti shown beside carat (0.91: Punjab's standard ratti of 182 mg). */
    /** The grievance officer named on the contact page and in the footer. */
    grievanceOfficer: jsonb('grievance_officer')
      .$type<GrievanceOfficer>()
      .notNull()
      .default(sql`'{"name":"","designation":"","email":"","phone":""}'::jsonb`),
    rattiincarats: numeric('ratti_in_carats', { precision: 4, scale: 3, mode: 'number' }).notNull().default(0.91),
    /** The Importer-Exporter Code (10 characters; "" until given), printed on export invoices. */
    iec: text('iec').notNull().default(''),
    /** The Letter of Undertaking for the financial year (dates YYYY-MM-DD), or none. */
    lut: jsonb('lut').$type<{ arn: string; validfrom: string; validto: string }>(),
    /** E-invoices (migration 0373): B2B and export invoices and credit notes are registered with the IRP. */
    einvoice: boolean('einvoice').notNull().default(false),
    /** The seller's town or city and 6-digit PIN code ("" until given), which the IRP needs. */
    city: text('city').notNull().default(''),
    pincode: text('pincode').notNull().default(''),
    updatedAt: updated(),
  },
  (t) => [
    check('shop_settings_single_row', sql`${t.id} = 1`),
    check('shop_settings_ratti_check', sql`${t.rattiincarats} >= 0.5 AND ${t.rattiincarats} <= 1.2`),
    check('shop_settings_prefix_check', sql`${t.invoiceprefix} ~ '^[A-Z]{1,6}$'`),
    check('shop_settings_freeshipping_check', sql`${t.freeshippingAbovePaise} >= 0`),
    check('shop_settings_trade_min_order_check', sql`${t.tradeMinOrderPaise} >= 0`),
    check('shop_settings_iec_check', sql`${t.iec} ~ '^([A-Z0-9]{10})?$'`),
    check('shop_settings_pincode_check', sql`${t.pincode} ~ '^([1-9][0-9]{5})?$'`),
  ],
);

/** HSN code and GST rate (basis points: 300 = 3%, 25 = 0.25%) of a category; a category without a row gets the default. */
export const categoryTax = pgTable(
  'category_tax',
  {
    categoryId: uuid('category_id')
      .primaryKey()
      .references(() => categories.id, { onDelete: 'cascade' }),
    hsn: text('hsn').notNull(),
    gstRateBp: integer('gst_rate_bp').notNull(),
    /** Set by the admin on the Tax screen (kept when the scheduled rates change), not a default the shop wrote. */
    chosenByAdmin: boolean('chosen_by_admin').notNull().default(false),
    updatedAt: updated(),
  },
  (t) => [
    check('category_tax_hsn_check', sql`${t.hsn} ~ '^[0-9]{4,8}$'`),
    check('category_tax_rate_check', sql`${t.gstRateBp} >= 0 AND ${t.gstRateBp} <= 2800`),
  ],
);

// ---------------------------------------------------------------- saved addresses, outbox, password resets
/** A shopper's saved shipping address; at most one default per user. */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull().default(''),
    /** ISO 3166-1 alpha-2 code; India for every address saved before the shop sold abroad. */
    country: text('country').notNull().default('IN'),
    fullname: text('fullname').notNull(),
    mobileno: text('mobileno').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    pincode: text('pincode').notNull(),
    state: text('state').notNull().default(''),
    gstin: text('gstin').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('addresses_one_default_key').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

const OUTBOX_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;

/**
 * Messages to customers and the merchant. A row is written in the transaction of the change that causes
 * it; a worker claims due rows (FOR UPDATE SKIP LOCKED) by setting a lease, sends, then marks them.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    /** An e-mail address or a 10-digit mobile number. */
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    language: text('language', { enum: ['en', 'hi'] })
      .notNull()
      .default('en'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error').notNull().default(''),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** A message still failing at this time is given up (failed): a day after it was written or retried. */
    giveUpAt: ts('give_up_at').notNull().default(sql`(now() + interval '1 day')`),
    /** Set by the worker that claimed the row; only that claim may mark it sent or failed. */
    leaseToken: uuid('lease_token'),
    leaseUntil: ts('lease_until'),
    /** Optional: a second enqueue with the same key is ignored. */
    dedupeKey: text('dedupe_key'),
    createdAt: created(),
    updatedAt: updated(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('outbox_created_idx').on(t.createdAt, t.id),
    index('outbox_status_created_idx').on(t.status, t.createdAt),
    uniqueIndex('outbox_dedupe_key').on(t.dedupeKey),
    check('outbox_channel_check', sql`${t.channel} in ('email','sms','whatsapp')`),
    check('outbox_status_check', sql`${t.status} in ('pending','sent','failed','skipped')`),
  ],
);

/** The live password-reset code of a user (a keyed hash of it), 10 minutes, 5 tries. */
export const passwordResets = pgTable('password_resets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  createdAt: created(),
});

/** A sign-in code sent by SMS (migration 0372): one per mobile number, with or without an account. */
export const signinCodes = pgTable('signin_codes', {
  mobileno: text('mobileno').primaryKey(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  createdAt: created(),
});

// ---------------------------------------------------------------- GST: invoices and credit notes
/** Binary data (PDFs). node-postgres reads it as a Buffer, PGlite as a Uint8Array: use Buffer.from on read. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** Last number issued per series (`INV`, `CN`) and financial year (`26-27`); locked by the issuing transaction. */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series').notNull(),
    fy: text('fy').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.fy] }), check('document_counters_last_check', sql`${t.lastNumber} >= 1`)],
);

export type InvoiceParty = {
  name: string;
  address: string;
  state: string;
  statecode: string;
  gstin: string;
  /** Seller: the shop's trading name; buyer: the mobile number. */
  extra?: string;
  /** A buyer abroad: the country's name (`state` is then its region, if any). Absent for India. */
  country?: string;
};
/** An export invoice's treatment, fixed when it is issued: zero-rated under the LUT (WOPAY) or with IGST (WPAY). */
export type InvoiceExport = {
  type: 'WOPAY' | 'WPAY';
  arn: string;
  iec: string;
  country: string;
  /** The currency the order was paid in (absent: rupees), its amount in the smallest unit and the rate (units per rupee). */
  currency?: string;
  currencyAmount?: number;
  fxRate?: string;
};
export type InvoiceLine = {
  description: string;
  hsn: string;
  quantity: number;
  unitPricePaise: number;
  amountPaise: number;
  discountPaise: number;
  valuePaise: number;
  rateBp: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
};

/** A GST document's number, its financial year and place in that year's series, and its date. */
const documentNumber = () => ({
  number: text('number').notNull(),
  fy: text('fy').notNull(),
  seq: integer('seq').notNull(),
  issuedAt: ts('issued_at').notNull(),
});
/** A GST document's taxable value, its CGST, SGST and IGST, their total (paise) and the PDF as issued. */
const taxTotals = () => ({
  taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
  cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull(),
  sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull(),
  igstPaise: bigint('igst_paise', { mode: 'number' }).notNull(),
  totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
  pdf: bytea('pdf'),
});
/**
 * What a document of a supply states of it: the parties, the place of supply, the lines with their HSN, rate and tax,
 * the order-wide discount spread over them and, for goods leaving India, how the export is taxed. The tax invoice, the
 * receipt voucher of an advance and the refund voucher of an advance paid back share it.
 */
const supplyParts = () => ({
  seller: jsonb('seller').$type<InvoiceParty>().notNull(),
  buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
  placeOfSupply: text('place_of_supply').notNull(),
  intraState: boolean('intra_state').notNull(),
  lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
  discountPaise: bigint('discount_paise', { mode: 'number' }).notNull().default(0),
  /** Goods shipped out of India (migration 0291): how the export is taxed; null when domestic. */
  export: jsonb('export').$type<InvoiceExport>(),
});
/** A GST document's number fits the 16 characters GST allows, and its parts add up to its total. */
const documentChecks = (
  table: string,
  t: Record<'number' | 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'totalPaise', AnyPgColumn>,
) => [
  check(`${table}_number_length_check`, sql`length(${t.number}) <= 16`),
  check(`${table}_parts_check`, sql`${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} = ${t.totalPaise}`),
];

/** A tax invoice, written once when its order is paid and never recomputed; the PDF is kept once made. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    ...documentNumber(),
    /** A tax invoice, or a bill of supply (no tax) when the shop had no GSTIN. */
    kind: text('kind', { enum: ['tax-invoice', 'bill-of-supply'] })
      .notNull()
      .default('tax-invoice'),
    ...supplyParts(),
    ...taxTotals(),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('invoices_order_key').on(t.orderId),
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_kind_fy_seq_key').on(t.kind, t.fy, t.seq),
    check('invoices_kind_check', sql`${t.kind} in ('tax-invoice', 'bill-of-supply')`),
    index('invoices_issued_idx').on(t.issuedAt),
    ...documentChecks('invoices', t),
  ],
);

/** A credit note for a processed refund, referring to the order's invoice. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The refund it is for (one note per refund); a refund with a credit note is never deleted. */
    refundKey: uuid('refund_key')
      .notNull()
      .references(() => refunds.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    ...documentNumber(),
    /** CN for a GST credit note; BCN for the note of a bill of supply, numbered in its own series. */
    series: text('series', { enum: ['CN', 'BCN'] })
      .notNull()
      .default('CN'),
    reason: text('reason').notNull().default(''),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    ...taxTotals(),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('credit_notes_refund_key').on(t.refundKey),
    uniqueIndex('credit_notes_number_key').on(t.number),
    uniqueIndex('credit_notes_series_fy_seq_key').on(t.series, t.fy, t.seq),
    check('credit_notes_series_check', sql`${t.series} in ('CN', 'BCN')`),
    index('credit_notes_order_idx').on(t.orderId),
    index('credit_notes_issued_idx').on(t.issuedAt),
    ...documentChecks('credit_notes', t),
  ],
);

/**
 * A receipt voucher (migration 0375): an advance paid for an order whose made-to-order piece is not made yet, issued
 * with the payment in its own series `RV/<yy-yy>/000001`; the order's tax invoice, issued when every piece is ready,
 * adjusts it. Its lines and tax are those the invoice will charge (without the HUID, not known yet) — for a payment
 * on account of a credit order, each line's share of the amount received.
 */
export const receiptVouchers = pgTable(
  'receipt_vouchers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    ...documentNumber(),
    /**
     * The payment on account of a credit order it acknowledges (migration 0383), one voucher each; null for an order
     * paid in full at checkout, its one voucher.
     */
    paymentId: uuid('payment_id').references(() => orderPayments.id, { onDelete: 'restrict' }),
    /** False for a shop not registered for GST: a plain receipt, no tax on it. */
    taxed: boolean('taxed').notNull(),
    ...supplyParts(),
    ...taxTotals(),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('receipt_vouchers_order_key').on(t.orderId).where(sql`${t.paymentId} is null`),
    uniqueIndex('receipt_vouchers_payment_key').on(t.paymentId),
    index('receipt_vouchers_order_idx').on(t.orderId),
    uniqueIndex('receipt_vouchers_number_key').on(t.number),
    uniqueIndex('receipt_vouchers_fy_seq_key').on(t.fy, t.seq),
    index('receipt_vouchers_issued_idx').on(t.issuedAt),
    ...documentChecks('receipt_vouchers', t),
  ],
);

/**
 * A refund voucher (migration 0382; GST rule 51): an advance paid back for an order cancelled before its tax invoice,
 * issued in the refund's processing transaction in its own series `RF/<yy-yy>/000001`, against the order's receipt
 * vouchers. Its lines are theirs, each its share of the amount paid back (never more than what is left of it).
 */
export const refundVouchers = pgTable(
  'refund_vouchers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The refund it is for (one voucher per refund); a refund with a voucher is never deleted. */
    refundKey: uuid('refund_key')
      .notNull()
      .references(() => refunds.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    ...documentNumber(),
    /** As the receipt vouchers it pays back: false for a shop not registered for GST (no tax on it). */
    taxed: boolean('taxed').notNull(),
    ...supplyParts(),
    ...taxTotals(),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('refund_vouchers_refund_key').on(t.refundKey),
    uniqueIndex('refund_vouchers_number_key').on(t.number),
    uniqueIndex('refund_vouchers_fy_seq_key').on(t.fy, t.seq),
    index('refund_vouchers_order_idx').on(t.orderId),
    index('refund_vouchers_issued_idx').on(t.issuedAt),
    ...documentChecks('refund_vouchers', t),
  ],
);

// ---------------------------------------------------------------- promotions

/** A percentage off a category, a subcategory or chosen products, from startsAt (inclusive) to endsAt (exclusive). */
export const sales = pgTable(
  'sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    percentoff: integer('percentoff').notNull(),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    subcategoryId: uuid('subcategory_id').references(() => subcategories.id, { onDelete: 'cascade' }),
    productIds: uuid('product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index('sales_window_idx').on(t.endsAt, t.startsAt),
    check('sales_percentoff_check', sql`${t.percentoff} between 1 and 90`),
    check('sales_window_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** A code taking a percentage or a fixed amount off an order; `uses` counts paid orders. */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    percentoff: integer('percentoff'),
    amountoffPaise: bigint('amountoff_paise', { mode: 'number' }),
    minorderPaise: bigint('minorder_paise', { mode: 'number' }).notNull().default(0),
    maxuses: integer('maxuses'),
    peruser: integer('peruser'),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    active: boolean('active').notNull().default(true),
    uses: integer('uses').notNull().default(0),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex('coupons_code_key').on(t.code)],
);

// ---------------------------------------------------------------- storefront content (the home page)

/** The home page's hero slides, in `position` order. */
export const storefrontSlides = pgTable('storefront_slides', {
  id: uuid('id').primaryKey().defaultRandom(),
  position: integer('position').notNull(),
  image: text('image').notNull(),
  kicker: text('kicker').notNull().default(''),
  heading: text('heading').notNull(),
  text: text('text').notNull().default(''),
  cta: text('cta').notNull().default(''),
  link: text('link').notNull(),
  updatedAt: updated(),
});

/** The home page's promo banners; one linked to a sale shows that sale's percentage while it runs. */
export const storefrontBanners = pgTable('storefront_banners', {
  id: uuid('id').primaryKey().defaultRandom(),
  position: integer('position').notNull(),
  image: text('image').notNull(),
  heading: text('heading').notNull(),
  text: text('text').notNull().default(''),
  cta: text('cta').notNull().default(''),
  path: text('path').notNull(),
  saleId: uuid('sale_id').references(() => sales.id, { onDelete: 'set null' }),
  updatedAt: updated(),
});

/** The home page's category tiles. */
export const storefrontTiles = pgTable('storefront_tiles', {
  id: uuid('id').primaryKey().defaultRandom(),
  position: integer('position').notNull(),
  image: text('image').notNull(),
  name: text('name').notNull(),
  path: text('path').notNull(),
  updatedAt: updated(),
});

/** The home page's films (at most two): a poster, the film as MP4 and/or WebM ('' for the one it lacks), and its story. */
export const storefrontFilms = pgTable('storefront_films', {
  id: uuid('id').primaryKey().defaultRandom(),
  position: integer('position').notNull(),
  title: text('title').notNull(),
  text: text('text').notNull().default(''),
  poster: text('poster').notNull(),
  mp4: text('mp4').notNull().default(''),
  webm: text('webm').notNull().default(''),
  updatedAt: updated(),
});

/** The home page's frequently asked questions. */
export const storefrontFaq = pgTable('storefront_faq', {
  id: uuid('id').primaryKey().defaultRandom(),
  position: integer('position').notNull(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  updatedAt: updated(),
});

// ---------------------------------------------------------------- the buyer's data and grievances
/** Every change of a user's marketing consent, with its time and where it was made (signup, account). */
export const consentLog = pgTable(
  'consent_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    marketing: boolean('marketing').notNull(),
    source: text('source').notNull(),
    createdAt: created(),
  },
  (t) => [index('consent_log_user_idx').on(t.userId, t.createdAt)],
);

/** A complaint to the grievance officer (`GR/26-27/000001`), with the complainant's details as given. */
export const grievances = pgTable(
  'grievances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    mobileno: text('mobileno').notNull(),
    email: text('email').notNull().default(''),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    acknowledgeBy: ts('acknowledge_by').notNull(),
    resolveBy: ts('resolve_by').notNull(),
    /** The officer's first reply. */
    acknowledgedAt: ts('acknowledged_at'),
    resolvedAt: ts('resolved_at'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex('grievances_number_key').on(t.number),
    index('grievances_user_idx').on(t.userId, t.createdAt),
    index('grievances_status_idx').on(t.status, t.resolveBy),
    check('grievances_status_check', sql`${t.status} in ('open', 'resolved')`),
  ],
);

export const grievanceReplies = pgTable(
  'grievance_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    grievanceId: uuid('grievance_id')
      .notNull()
      .references(() => grievances.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: created(),
  },
  (t) => [index('grievance_replies_grievance_idx').on(t.grievanceId, t.createdAt)],
);
/** A reminder of what is due on a credit order, sent once per kind (migration 0371). */
export const dueReminders = pgTable(
  'due_reminders',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['before', 'on', 'after'] }).notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.kind] })],
);

// ---------------------------------------------------------------- currencies (migration 0370)

/** An enabled foreign currency and its rate (units per rupee, exact decimal text); INR is never a row. */
export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  rate: numeric('rate', { precision: 20, scale: 10 }).notNull(),
  updatedAt: updated(),
});

/** The daily refresh of the rates from FX_RATES_URL: one row. */
export const currencyRefresh = pgTable('currency_refresh', {
  id: integer('id').primaryKey().default(1),
  lastAttemptAt: ts('last_attempt_at'),
  lastSuccessAt: ts('last_success_at'),
  lastError: text('last_error'),
});

// ---------------------------------------------------------------- made to order (migration 0210)

/** The day's rate per gram of each metal and purity (contract/made-to-order.ts METALS). */
export const metalRates = pgTable('metal_rates', {
  metal: text('metal').primaryKey(),
  perGramPaise: bigint('per_gram_paise', { mode: 'number' }).notNull(),
  updatedAt: updated(),
});

/** A ring, pendant, bracelet or earrings a loose stone is set in: its metals and grams, making charge, and what fits. */
export const designs = pgTable('designs', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  kind: text('kind').$type<'ring' | 'pendant' | 'bracelet' | 'earrings'>().notNull(),
  images: jsonb('images').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  metals: jsonb('metals').$type<{ metal: string; grams: number }[]>().notNull(),
  gramsPerSize: numeric('grams_per_size', { precision: 8, scale: 3, mode: 'number' }).notNull().default(0),
  makingType: text('making_type').$type<'percent' | 'pergram'>().notNull(),
  makingValue: numeric('making_value', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  shapes: jsonb('shapes').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  minCarat: numeric('min_carat', { precision: 8, scale: 3, mode: 'number' }).notNull().default(0),
  maxCarat: numeric('max_carat', { precision: 8, scale: 3, mode: 'number' }).notNull(),
  days: integer('days').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: created(),
  updatedAt: updated(),
});

// ---------------------------------------------------------------- reviews (migration 0150_reviews)

/** A buyer's review of a delivered order line, one per line; shown once the merchant approves it. */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name shown: the buyer's first name and the initial of the last ("Ravi K."). */
    author: text('author').notNull(),
    rating: smallint('rating').notNull(),
    title: text('title').notNull().default(''),
    body: text('body').notNull(),
    photos: jsonb('photos').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    rejectReason: text('reject_reason').notNull().default(''),
    reply: text('reply').notNull().default(''),
    replyAt: ts('reply_at'),
    helpful: integer('helpful').notNull().default(0),
    moderatedAt: ts('moderated_at'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex('product_reviews_line_key').on(t.orderItemId),
    index('product_reviews_product_idx').on(t.productId, t.status, t.createdAt),
    index('product_reviews_status_idx').on(t.status, t.createdAt),
    index('product_reviews_user_idx').on(t.userId),
    check('product_reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('product_reviews_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

/** "Helpful" votes: one per account and review. */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => productReviews.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] }), index('review_votes_user_idx').on(t.userId)],
);

/** Shipping zones (migration 0230): the countries (ISO codes) each zone ships to; no country is in two zones. */
export const shippingZones = pgTable('shipping_zones', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
  position: integer('position').notNull().default(0),
});

/** A zone's rates: price, the subtotal from which it is free, and the delivery days. */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    freeAbovePaise: bigint('free_above_paise', { mode: 'number' }),
    minDays: integer('min_days').notNull(),
    maxDays: integer('max_days').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('shipping_rates_zone_idx').on(t.zoneId, t.position),
    check('shipping_rates_price_check', sql`${t.pricePaise} >= 0 AND (${t.freeAbovePaise} IS NULL OR ${t.freeAbovePaise} >= 0)`),
    check('shipping_rates_days_check', sql`${t.minDays} >= 0 AND ${t.minDays} <= ${t.maxDays}`),
  ],
);

// ---------------------------------------------------------------- e-invoices (migration 0373)

/**
 * An invoice (INV) or credit note (CRN) to be registered with the IRP, and what the IRP answered: the IRN, its
 * acknowledgement and the signed QR code. Made with the document when it needs one; the registration job works it.
 */
export const einvoices = pgTable(
  'einvoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['INV', 'CRN'] }).notNull(),
    /** The document's number (the invoice's or the credit note's). */
    number: text('number').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The invoice (an INV), or the invoice the credit note credits (a CRN). */
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    creditNoteId: uuid('credit_note_id').references(() => creditNotes.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['pending', 'registered', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    irn: text('irn'),
    ackNo: text('ack_no'),
    ackDate: ts('ack_date'),
    /** The IRP's signed QR code data (a JWT), drawn as a QR image on the PDF. */
    signedQr: text('signed_qr'),
    attempts: integer('attempts').notNull().default(0),
    /** When the job next works the row (a claim moves it past its lease). */
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** A registration still failing to reach the IRP at this time is given up (failed) until the merchant retries it. */
    giveUpAt: ts('give_up_at').notNull(),
    lastError: text('last_error').notNull().default(''),
    cancelledAt: ts('cancelled_at'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex('einvoices_number_key').on(t.kind, t.number),
    index('einvoices_due_idx').on(t.status, t.nextAttemptAt),
    index('einvoices_order_idx').on(t.orderId),
    check('einvoices_kind_check', sql`${t.kind} IN ('INV', 'CRN')`),
    check('einvoices_status_check', sql`${t.status} IN ('pending', 'registered', 'failed', 'cancelled')`),
  ],
);

/**
 * An e-mail address on the newsletter (migration 0378): pending until its owner confirms by the e-mailed link,
 * forgotten when not confirmed within a week. The link's token is kept only as its SHA-256 hash. Unsubscribing
 * erases the address and keeps the hash alone, so the link still answers "unsubscribed".
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-case; null once unsubscribed. */
    email: text('email'),
    status: text('status', { enum: ['pending', 'subscribed', 'unsubscribed'] })
      .notNull()
      .default('pending'),
    tokenHash: text('token_hash').notNull(),
    /** The words the visitor agreed to, and when (the latest sign-up). */
    consentText: text('consent_text').notNull(),
    consentAt: ts('consent_at').notNull(),
    confirmedAt: ts('confirmed_at'),
    unsubscribedAt: ts('unsubscribed_at'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_key').on(t.email),
    uniqueIndex('newsletter_subscribers_token_key').on(t.tokenHash),
    index('newsletter_subscribers_pending_idx').on(t.status, t.consentAt),
    check('newsletter_subscribers_status_check', sql`${t.status} in ('pending', 'subscribed', 'unsubscribed')`),
  ],
);
