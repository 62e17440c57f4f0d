import { and, asc, count, desc, eq, gt, inArray, lte, ne, type SQL, sql, sum } from 'drizzle-orm';
import { paiseToRupees, rupeesToPaise } from '../../../contract/common.js';
import {
  type AdminSale,
  type Coupon,
  type CouponBody,
  type CouponPatchBody,
  couponDiscountPaise,
  type Sale,
  type SaleBody,
  type SalePatchBody,
} from '../../../contract/promotions.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { cartItems, categories, checkouts, coupons, orders, products, sales, subcategories } from '../../db/schema.js';
import { Conflict, InvalidInput, NotFound } from '../../domain/errors.js';
import { saleJoin } from '../../domain/sale-price.js';
import { pgErrorCode, UNIQUE_VIOLATION } from '../categories/service.js';
import { requotePiece } from '../made-to-order/service.js';
import { refuseTradeCoupon } from '../wholesale/trade-order.js';
import { buyerPricing } from '../wholesale/trade-price.js';

type SaleRow = typeof sales.$inferSelect;
type CouponRow = typeof coupons.$inferSelect;
type CheckoutRow = typeof checkouts.$inferSelect;

const rupeesText = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

// ---------------------------------------------------------------- sales

function toSale(row: SaleRow): Sale {
  return {
    _id: row.id,
    name: row.name,
    percentoff: row.percentoff,
    ...(row.categoryId ? { categoryId: row.categoryId } : {}),
    ...(row.subcategoryId ? { subcategoryId: row.subcategoryId } : {}),
    ...(row.productIds.length ? { productIds: row.productIds } : {}),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
  };
}

const running = (at: Date) => and(lte(sales.startsAt, at), gt(sales.endsAt, at));

/** The sales running at `at`, the largest first. */
export async function runningSales(db: DbOrTx, at: Date): Promise<Sale[]> {
  const rows = await db.select().from(sales).where(running(at)).orderBy(desc(sales.percentoff), asc(sales.endsAt), asc(sales.id));
  return rows.map(toSale);
}

async function adminSaleViews(db: DbOrTx, rows: SaleRow[], at: Date): Promise<AdminSale[]> {
  const catIds = rows.flatMap((r) => (r.categoryId ? [r.categoryId] : []));
  const subIds = rows.flatMap((r) => (r.subcategoryId ? [r.subcategoryId] : []));
  const productIds = [...new Set(rows.flatMap((r) => r.productIds))];
  const [cats, subs, prods] = await Promise.all([
    catIds.length
      ? db.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, catIds))
      : [],
    subIds.length
      ? db
          .select({ id: subcategories.id, name: subcategories.name, category: categories.name })
          .from(subcategories)
          .innerJoin(categories, eq(categories.id, subcategories.categoryId))
          .where(inArray(subcategories.id, subIds))
      : [],
    productIds.length
      ? db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, productIds))
      : [],
  ]);
  const productName = new Map(prods.map((p) => [p.id, p.name]));
  const catName = new Map(cats.map((c) => [c.id, c.name]));
  const subName = new Map(subs.map((s) => [s.id, `${s.category} › ${s.name}`]));
  return rows.map((r) => ({
    ...toSale(r),
    target: r.categoryId
      ? (catName.get(r.categoryId) ?? 'A category')
      : r.subcategoryId
        ? (subName.get(r.subcategoryId) ?? 'A subcategory')
        : `${r.productIds.length} product${r.productIds.length === 1 ? '' : 's'}`,
    ...(r.productIds.length
      ? { products: r.productIds.map((id) => ({ _id: id, productname: productName.get(id) ?? 'A deleted product' })) }
      : {}),
    status: r.startsAt > at ? 'scheduled' : r.endsAt > at ? 'running' : 'ended',
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** Every sale for the back-office: running and scheduled first (by end), then ended ones, newest first. */
export async function adminListSales(db: DbOrTx, at: Date): Promise<AdminSale[]> {
  const rows = await db
    .select()
    .from(sales)
    .orderBy(sql`(${sales.endsAt} <= ${at.toISOString()}::timestamptz)`, desc(sales.endsAt), desc(sales.createdAt))
    .limit(1000);
  return adminSaleViews(db, rows, at);
}

type SaleTarget = { categoryId: string | null; subcategoryId: string | null; productIds: string[] };

function targetOf(b: { categoryId?: string | null; subcategoryId?: string | null; productIds?: string[] | null }): SaleTarget {
  return {
    categoryId: b.categoryId ?? null,
    subcategoryId: b.subcategoryId ?? null,
    productIds: [...new Set(b.productIds ?? [])],
  };
}

/** 400 unless the category, the subcategory or every product exists. */
async function checkTarget(db: DbOrTx, t: SaleTarget) {
  if (t.categoryId) {
    const [c] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, t.categoryId));
    if (!c) throw new InvalidInput('The chosen category does not exist', [{ path: 'categoryId', message: 'Choose a category' }]);
  }
  if (t.subcategoryId) {
    const [s] = await db.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.id, t.subcategoryId));
    if (!s)
      throw new InvalidInput('The chosen subcategory does not exist', [
        { path: 'subcategoryId', message: 'Choose a subcategory' },
      ]);
  }
  if (t.productIds.length) {
    const found = await db.select({ id: products.id }).from(products).where(inArray(products.id, t.productIds));
    if (found.length !== t.productIds.length) {
      throw new InvalidInput('Some of the chosen products do not exist', [
        { path: 'productIds', message: 'Choose existing products' },
      ]);
    }
  }
}

export async function createSale(db: DbOrTx, body: SaleBody, at: Date): Promise<AdminSale> {
  const target = targetOf(body);
  const row = await db.transaction(async (tx) => {
    await checkTarget(tx, target);
    const [created] = await tx
      .insert(sales)
      .values({
        name: body.name,
        percentoff: body.percentoff,
        ...target,
        startsAt: new Date(body.startsAt),
        endsAt: new Date(body.endsAt),
      })
      .returning();
    return created as SaleRow;
  });
  return (await adminSaleViews(db, [row], at))[0] as AdminSale;
}

export async function updateSale(db: DbOrTx, id: string, patch: SalePatchBody, at: Date): Promise<AdminSale> {
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(sales).where(eq(sales.id, id)).for('update');
    if (!current) throw new NotFound('Sale not found');
    const values: Partial<typeof sales.$inferInsert> = { updatedAt: new Date() };
    if (patch.name !== undefined) values.name = patch.name;
    if (patch.percentoff !== undefined) values.percentoff = patch.percentoff;
    if (patch.categoryId !== undefined || patch.subcategoryId !== undefined || patch.productIds !== undefined) {
      const target = targetOf(patch);
      await checkTarget(tx, target);
      Object.assign(values, target);
    }
    const startsAt = patch.startsAt ? new Date(patch.startsAt) : current.startsAt;
    const endsAt = patch.endsAt ? new Date(patch.endsAt) : current.endsAt;
    if (endsAt <= startsAt)
      throw new InvalidInput('The end must be after the start', [{ path: 'endsAt', message: 'The end must be after the start' }]);
    values.startsAt = startsAt;
    values.endsAt = endsAt;
    const [saved] = await tx.update(sales).set(values).where(eq(sales.id, id)).returning();
    return saved as SaleRow;
  });
  return (await adminSaleViews(db, [row], at))[0] as AdminSale;
}

export async function deleteSale(db: DbOrTx, id: string) {
  const rows = await db.delete(sales).where(eq(sales.id, id)).returning({ id: sales.id });
  if (!rows.length) throw new NotFound('Sale not found');
}

// ---------------------------------------------------------------- coupons

type CouponStats = { reserved: number; revenuePaise: number };

function couponStatus(c: CouponRow, at: Date): Coupon['status'] {
  if (!c.active) return 'off';
  if (c.startsAt > at) return 'scheduled';
  if (c.endsAt <= at) return 'ended';
  if (c.maxuses !== null && c.uses >= c.maxuses) return 'used up';
  return 'running';
}

function toCoupon(c: CouponRow, stats: CouponStats, at: Date): Coupon {
  return {
    _id: c.id,
    code: c.code,
    percentoff: c.percentoff,
    amountoff: c.amountoffPaise === null ? null : paiseToRupees(c.amountoffPaise),
    minorder: paiseToRupees(c.minorderPaise),
    maxuses: c.maxuses,
    peruser: c.peruser,
    startsAt: c.startsAt.toISOString(),
    endsAt: c.endsAt.toISOString(),
    active: c.active,
    uses: c.uses,
    reserved: stats.reserved,
    revenue: paiseToRupees(stats.revenuePaise),
    status: couponStatus(c, at),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** Pending checkouts whose hold has not ended: each holds one use of its coupon. */
const reservation = (at: Date) => and(eq(checkouts.status, 'pending'), gt(checkouts.holdExpiresAt, at));

async function couponStats(db: DbOrTx, ids: string[], at: Date): Promise<Map<string, CouponStats>> {
  const stats = new Map<string, CouponStats>(ids.map((id) => [id, { reserved: 0, revenuePaise: 0 }]));
  if (!ids.length) return stats;
  const [held, paid] = await Promise.all([
    db
      .select({ id: checkouts.couponId, n: count() })
      .from(checkouts)
      .where(and(inArray(checkouts.couponId, ids), reservation(at)))
      .groupBy(checkouts.couponId),
    db
      .select({ id: orders.couponId, total: sum(orders.totalPaise) })
      .from(orders)
      .where(and(inArray(orders.couponId, ids), eq(orders.paymentstatus, 'Paid')))
      .groupBy(orders.couponId),
  ]);
  for (const h of held) if (h.id) (stats.get(h.id) as CouponStats).reserved = Number(h.n);
  for (const p of paid) if (p.id) (stats.get(p.id) as CouponStats).revenuePaise = Number(p.total ?? 0);
  return stats;
}

async function couponView(db: DbOrTx, row: CouponRow, at: Date) {
  return toCoupon(row, (await couponStats(db, [row.id], at)).get(row.id) as CouponStats, at);
}

export async function adminListCoupons(db: DbOrTx, at: Date): Promise<Coupon[]> {
  const rows = await db.select().from(coupons).orderBy(desc(coupons.createdAt)).limit(1000);
  const stats = await couponStats(
    db,
    rows.map((r) => r.id),
    at,
  );
  return rows.map((r) => toCoupon(r, stats.get(r.id) as CouponStats, at));
}

const codeTaken = () => new Conflict('A coupon with this code already exists', [{ path: 'code', message: 'This code is taken' }]);

export async function createCoupon(db: DbOrTx, body: CouponBody, at: Date): Promise<Coupon> {
  try {
    const [row] = await db
      .insert(coupons)
      .values({
        code: body.code,
        percentoff: body.percentoff ?? null,
        amountoffPaise: body.amountoff != null ? rupeesToPaise(body.amountoff) : null,
        minorderPaise: rupeesToPaise(body.minorder ?? 0),
        maxuses: body.maxuses ?? null,
        peruser: body.peruser ?? null,
        startsAt: new Date(body.startsAt),
        endsAt: new Date(body.endsAt),
        active: body.active ?? true,
      })
      .returning();
    return couponView(db, row as CouponRow, at);
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw codeTaken();
    throw err;
  }
}

export async function updateCoupon(db: DbOrTx, id: string, patch: CouponPatchBody, at: Date): Promise<Coupon> {
  try {
    const row = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
      if (!current) throw new NotFound('Coupon not found');
      const values: Partial<typeof coupons.$inferInsert> = { updatedAt: new Date() };
      if (patch.code !== undefined) values.code = patch.code;
      if (patch.percentoff !== undefined || patch.amountoff !== undefined) {
        values.percentoff = patch.percentoff ?? null;
        values.amountoffPaise = patch.amountoff != null ? rupeesToPaise(patch.amountoff) : null;
      }
      if (patch.minorder !== undefined) values.minorderPaise = rupeesToPaise(patch.minorder ?? 0);
      if (patch.maxuses !== undefined) values.maxuses = patch.maxuses ?? null;
      if (patch.peruser !== undefined) values.peruser = patch.peruser ?? null;
      if (patch.active !== undefined) values.active = patch.active;
      const startsAt = patch.startsAt ? new Date(patch.startsAt) : current.startsAt;
      const endsAt = patch.endsAt ? new Date(patch.endsAt) : current.endsAt;
      if (endsAt <= startsAt) {
        throw new InvalidInput('The end must be after the start', [
          { path: 'endsAt', message: 'The end must be after the start' },
        ]);
      }
      values.startsAt = startsAt;
      values.endsAt = endsAt;
      const [saved] = await tx.update(coupons).set(values).where(eq(coupons.id, id)).returning();
      return saved as CouponRow;
    });
    return couponView(db, row, at);
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw codeTaken();
    throw err;
  }
}

/** Deletes a coupon; orders paid with it keep its code and discount. */
export async function deleteCoupon(db: DbOrTx, id: string) {
  const rows = await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id });
  if (!rows.length) throw new NotFound('Coupon not found');
}

// ---------------------------------------------------------------- applying a coupon

/** Razorpay's smallest order (₹1.00): a coupon never takes the total below it. */
const MIN_TOTAL_PAISE = 100;

/** Uses of a coupon by one customer: paid orders that counted it. */
async function usesBy(db: DbOrTx, couponId: string, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.couponId, couponId), eq(orders.userId, userId)));
  return Number(row?.n ?? 0);
}

/** Uses held by other pending checkouts (not `exceptCheckout`, not this customer's: a new checkout replaces theirs). */
async function reservedByOthers(db: DbOrTx, couponId: string, at: Date, except: { userId?: string | null; checkoutId?: string }) {
  const where: SQL[] = [eq(checkouts.couponId, couponId), reservation(at) as SQL];
  if (except.userId) where.push(sql`${checkouts.userId} is distinct from ${except.userId}`);
  if (except.checkoutId) where.push(ne(checkouts.id, except.checkoutId));
  const [row] = await db
    .select({ n: count() })
    .from(checkouts)
    .where(and(...where));
  return Number(row?.n ?? 0);
}

export type AppliedCoupon = { couponId: string; couponCode: string; discountPaise: number };

/** An unknown, switched-off, not yet started or ended code: the same words for each. */
const COUPON_NOT_VALID = 'This coupon code is not valid';

/**
 * Checks a code against a subtotal (sale prices) for a customer at `at` and works out the discount.
 * 404 unknown, switched off, not started or ended — one answer, so codes cannot be probed; 409 used up (paid
 * uses plus other checkouts' reservations), used by this customer up to `peruser`, or below the minimum order. With `lock`, the coupon row stays
 * locked to the end of the transaction, so concurrent checkouts take its last use one at a time.
 */
export async function applyCoupon(
  db: DbOrTx,
  input: { code: string; userId: string; subtotalPaise: number; at: Date; lock?: boolean },
): Promise<AppliedCoupon> {
  await refuseTradeCoupon(db, input.userId);
  const code = input.code.trim().toUpperCase();
  const query = db.select().from(coupons).where(eq(coupons.code, code)).limit(1);
  const [c] = input.lock ? await query.for('update') : await query;
  const at = input.at;
  if (!c?.active || c.startsAt > at || c.endsAt <= at) throw new NotFound(COUPON_NOT_VALID);
  if (input.subtotalPaise < c.minorderPaise) {
    throw new Conflict(`Spend at least ${rupeesText(c.minorderPaise)} to use this coupon`);
  }
  if (c.maxuses !== null && c.uses + (await reservedByOthers(db, c.id, at, { userId: input.userId })) >= c.maxuses) {
    throw new Conflict('This coupon has been used up');
  }
  if (c.peruser !== null && (await usesBy(db, c.id, input.userId)) >= c.peruser) {
    throw new Conflict(
      c.peruser === 1 ? 'You have already used this coupon' : `You have already used this coupon ${c.peruser} times`,
    );
  }
  const discountPaise = couponDiscountPaise(c, input.subtotalPaise, MIN_TOTAL_PAISE);
  return { couponId: c.id, couponCode: c.code, discountPaise };
}

/**
 * The shopper's cart total at `at`: their prices (sale prices, or a business's trade prices: wholesale/trade-price.ts;
 * a made-to-order piece at its own price, as the cart shows it) × quantities of the lines that can be bought; with `items` (Buy Now), only those lines, at most the quantity each
 * has in the cart, as the checkout takes them.
 */
export async function cartSubtotalPaise(
  db: DbOrTx,
  userId: string,
  at: Date,
  items?: { cartItemId: string; quantity: number }[],
): Promise<number> {
  const rows = await db
    .select({
      cartItemId: cartItems.id,
      productId: products.id,
      setting: cartItems.setting,
      listPaise: products.pricePaise,
      salePercent: sql<number | null>`"sale"."percentoff"`,
      categoryId: products.categoryId,
      quantity: cartItems.quantity,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(saleJoin(at), sql`true`)
    .where(and(eq(cartItems.userId, userId), eq(products.isActive, true)));
  const pricing = await buyerPricing(db, userId);
  let lines = rows;
  if (items) {
    const wanted = new Map<string, number>();
    for (const i of items) wanted.set(i.cartItemId, (wanted.get(i.cartItemId) ?? 0) + i.quantity);
    for (const id of wanted.keys()) {
      if (!rows.some((r) => r.cartItemId === id)) throw new Conflict('An item you chose is no longer in your cart');
    }
    lines = rows
      .filter((r) => wanted.has(r.cartItemId))
      .map((r) => ({ ...r, quantity: Math.min(r.quantity, wanted.get(r.cartItemId) ?? 0) }));
  }
  if (!lines.length) throw new Conflict('Your cart is empty');
  let subtotalPaise = 0;
  for (const r of lines) {
    // A made-to-order piece counts as the cart prices it (stone, metal and making, with tax), not as its loose stone.
    const quote = r.setting ? await requotePiece(db, r.productId, r.setting, at, pricing) : null;
    const unitPaise = r.setting ? (quote?.totalPaise ?? r.setting.taxablePaise + r.setting.gstPaise) : pricing.unitPaise(r);
    subtotalPaise += unitPaise * r.quantity;
  }
  return subtotalPaise;
}

/** POST /c2/api/coupon: what the code takes off the current cart (or the lines a Buy Now checkout buys). */
export async function checkCoupon(
  db: DbOrTx,
  userId: string,
  code: string,
  at: Date,
  items?: { cartItemId: string; quantity: number }[],
  /** Buy Now's item instead of the cart: what it comes to (`app.buyNowPaise`), the cart unread. */
  buyNowPaise?: number,
) {
  await refuseTradeCoupon(db, userId);
  const subtotalPaise = buyNowPaise ?? (await cartSubtotalPaise(db, userId, at, items));
  const applied = await applyCoupon(db, { code, userId, subtotalPaise, at });
  return {
    success: true,
    coupon: { code: applied.couponCode, discountamount: paiseToRupees(applied.discountPaise) },
    total: paiseToRupees(subtotalPaise - applied.discountPaise),
    subtotal: paiseToRupees(subtotalPaise),
  };
}

/**
 * At placement, under the checkout's lock: may a paid checkout with a coupon have its use? Yes while its
 * own reservation stands (pending, hold not ended); after that only if the shop would still give that
 * discount now (the coupon exists, is on, has started and not ended, the order still reaches its minimum
 * and the discount is the same), a use is still free and the customer has not used their share meanwhile.
 * Locks the coupon row (after the checkout, before any product: the order every path takes). A checkout
 * without a coupon always may.
 */
export async function couponUseAvailable(tx: Tx, checkout: CheckoutRow, at: Date): Promise<boolean> {
  if (!checkout.couponCode) return true;
  const reserved = checkout.status === 'pending' && checkout.holdExpiresAt > at;
  if (!checkout.couponId) return reserved; // deleted by the merchant: withdrawn for a payment that came late
  const [c] = await tx.select().from(coupons).where(eq(coupons.id, checkout.couponId)).for('update');
  if (!c) return reserved;
  // The customer's share counts their placed uses and, for a payment that came late, their other checkouts
  // still holding the code: a replaced checkout paid late and its successor cannot both have a use of one.
  const shareLeft = async (others: number) =>
    c.peruser === null || !checkout.userId || (await usesBy(tx, c.id, checkout.userId)) + others < c.peruser;
  if (reserved) return shareLeft(0);
  if (!c.active || c.startsAt > at || c.endsAt <= at) return false;
  const subtotalPaise = checkout.lines.reduce((n, l) => n + l.pricePaise * l.quantity, 0);
  if (subtotalPaise < c.minorderPaise) return false;
  if (couponDiscountPaise(c, subtotalPaise, MIN_TOTAL_PAISE) !== checkout.discountPaise) return false;
  if (c.maxuses !== null && c.uses + (await reservedByOthers(tx, c.id, at, { checkoutId: checkout.id })) >= c.maxuses) {
    return false;
  }
  if (c.peruser === null || !checkout.userId) return true;
  return shareLeft(await reservedBySameCustomer(tx, c.id, at, checkout));
}

/** The customer's other pending checkouts whose hold has not ended that hold the coupon. */
async function reservedBySameCustomer(db: DbOrTx, couponId: string, at: Date, checkout: CheckoutRow) {
  if (!checkout.userId) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.couponId, couponId),
        reservation(at),
        eq(checkouts.userId, checkout.userId),
        ne(checkouts.id, checkout.id),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * The coupon columns of the order a checkout becomes; with `counted` (paid and fulfilled), the use is
 * counted on the coupon in the same transaction.
 */
export async function orderCouponColumns(tx: Tx, checkout: CheckoutRow, counted: boolean) {
  if (!checkout.couponCode) return {};
  if (counted && checkout.couponId) {
    await tx
      .update(coupons)
      .set({ uses: sql`${coupons.uses} + 1` })
      .where(eq(coupons.id, checkout.couponId));
  }
  return {
    couponId: counted ? checkout.couponId : null,
    couponCode: checkout.couponCode,
    discountPaise: checkout.discountPaise,
  };
}
