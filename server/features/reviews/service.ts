// Verified reviews: a buyer reviews a delivered order line once; the merchant approves, rejects or replies; the
// storefront shows approved reviews only, and a product's rating is the average of those.
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  ADMIN_REVIEWS_PAGE_SIZE,
  type AdminReview,
  type PublicReview,
  type REVIEW_SORTS,
  type REVIEW_STATUSES,
  REVIEWS_PAGE_SIZE,
  type Review,
  type ReviewFields,
  type ReviewSummary,
} from '../../../contract/reviews.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { orderItems, orders, productReviews, products, reviewVotes, users } from '../../db/schema.js';
import { Conflict, Forbidden, NotFound } from '../../domain/errors.js';
import { pgErrorCode, UNIQUE_VIOLATION } from '../categories/service.js';

type ReviewRow = typeof productReviews.$inferSelect;
type ReviewStatus = (typeof REVIEW_STATUSES)[number];
type Sort = (typeof REVIEW_SORTS)[number];

/** "Ravi Kumar Sharma" → "Ravi S."; one name stays as it is; none → "A buyer". */
export function authorName(fullname: string): string {
  const words = fullname.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return 'A buyer';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return last ? `${first} ${[...last][0]?.toUpperCase() ?? ''}.` : first;
}

const notYetDelivered = () => new Forbidden('You can review this once your order has been delivered');
const alreadyReviewed = () => new Conflict('You have already reviewed this item');

/**
 * Who may review the line, read before any photo is stored: the order and line must be the user's (404 as an
 * unknown one otherwise), the order delivered (403), the line not yet reviewed (409) and its product still in the
 * catalogue (404). Returns the line's product and the author's name.
 */
export async function checkReviewable(db: DbOrTx, userId: string, orderId: string, lineId: string) {
  const [line] = await db
    .select({
      orderUser: orders.userId,
      deliverystatus: orders.deliverystatus,
      productId: orderItems.productId,
      fullname: users.fullname,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orderItems.id, lineId), eq(orderItems.orderId, orderId)))
    .limit(1);
  if (!line || line.orderUser !== userId) throw new NotFound('Order line not found');
  if (line.deliverystatus !== 'delivered') throw notYetDelivered();
  const [existing] = await db
    .select({ id: productReviews.id })
    .from(productReviews)
    .where(eq(productReviews.orderItemId, lineId))
    .limit(1);
  if (existing) throw alreadyReviewed();
  if (!line.productId) throw new NotFound('This product is no longer in the shop, so it cannot be reviewed');
  return { productId: line.productId, author: authorName(line.fullname ?? '') };
}

/** Writes a checked review (status pending). A second review of the line, even at the same instant, is a 409. */
export async function insertReview(
  db: Db,
  userId: string,
  fields: ReviewFields,
  photos: string[],
  now: Date,
): Promise<ReviewRow> {
  return db.transaction(async (tx) => {
    // Checked again inside the write: the order may have changed since the photos were read.
    const { productId, author } = await checkReviewable(tx, userId, fields.orderId, fields.lineId);
    try {
      const [row] = await tx
        .insert(productReviews)
        .values({
          productId,
          orderId: fields.orderId,
          orderItemId: fields.lineId,
          userId,
          author,
          rating: fields.rating,
          title: fields.title,
          body: fields.body,
          photos,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('review insert returned nothing');
      return row;
    } catch (err) {
      if (pgErrorCode(err) === UNIQUE_VIOLATION) throw alreadyReviewed();
      throw err;
    }
  });
}

const toPublic = (r: ReviewRow): PublicReview => ({
  _id: r.id,
  rating: r.rating,
  title: r.title,
  body: r.body,
  photos: r.photos ?? [],
  author: r.author,
  verified: true,
  createdAt: r.createdAt.toISOString(),
  reply: r.reply ? { body: r.reply, createdAt: (r.replyAt ?? r.updatedAt).toISOString() } : null,
  helpful: r.helpful,
});

type ProductRef = { id: string; name: string; slug: string };

const toReview = (r: ReviewRow, product: ProductRef): Review => ({
  ...toPublic(r),
  verified: true,
  status: r.status,
  rejectreason: r.rejectReason,
  product: { _id: product.id, productname: product.name, slug: product.slug },
  orderId: r.orderId,
  lineId: r.orderItemId,
  updatedAt: r.updatedAt.toISOString(),
});

async function productRef(db: DbOrTx, id: string): Promise<ProductRef> {
  const [p] = await db
    .select({ id: products.id, name: products.name, slug: products.slug })
    .from(products)
    .where(eq(products.id, id));
  if (!p) throw new NotFound('Product not found');
  return p;
}

export async function reviewView(db: DbOrTx, row: ReviewRow): Promise<Review> {
  return toReview(row, await productRef(db, row.productId));
}

const ORDER_BY: Record<Sort, SQL[]> = {
  recent: [desc(productReviews.createdAt), desc(productReviews.id)],
  helpful: [desc(productReviews.helpful), desc(productReviews.createdAt), desc(productReviews.id)],
  'rating-high': [desc(productReviews.rating), desc(productReviews.createdAt), desc(productReviews.id)],
  'rating-low': [asc(productReviews.rating), desc(productReviews.createdAt), desc(productReviews.id)],
};

/** The approved reviews' average (one decimal), count and stars histogram of a product. */
async function reviewSummary(db: DbOrTx, productId: string): Promise<ReviewSummary> {
  const rows = await db
    .select({ rating: productReviews.rating, n: count() })
    .from(productReviews)
    .where(and(eq(productReviews.productId, productId), eq(productReviews.status, 'approved')))
    .groupBy(productReviews.rating);
  const histogram = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let total = 0;
  let sum = 0;
  for (const r of rows) {
    const n = Number(r.n);
    histogram[r.rating as 1 | 2 | 3 | 4 | 5] = n;
    total += n;
    sum += n * r.rating;
  }
  return { average: total ? Math.round((sum * 10) / total) / 10 : null, count: total, histogram };
}

/** An active product's approved reviews, a page at a time, with the summary; 404 for an unknown or hidden product. */
export async function listProductReviews(db: Db, productId: string, page: number, sort: Sort) {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isActive, true)));
  if (!product) throw new NotFound('Product not found');
  const summary = await reviewSummary(db, productId);
  const totalPages = Math.max(1, Math.ceil(summary.count / REVIEWS_PAGE_SIZE));
  const rows = await db
    .select()
    .from(productReviews)
    .where(and(eq(productReviews.productId, productId), eq(productReviews.status, 'approved')))
    .orderBy(...ORDER_BY[sort])
    .limit(REVIEWS_PAGE_SIZE)
    .offset((page - 1) * REVIEWS_PAGE_SIZE);
  return {
    reviews: rows.map(toPublic),
    summary,
    pagination: { currentPage: page, totalPages, totalItems: summary.count, limit: REVIEWS_PAGE_SIZE },
  };
}

/** One "helpful" per account: a second vote changes nothing. Only an approved review can be voted (404 otherwise). */
export async function voteHelpful(db: Db, userId: string, reviewId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select({ status: productReviews.status, helpful: productReviews.helpful })
      .from(productReviews)
      .where(eq(productReviews.id, reviewId));
    if (review?.status !== 'approved') throw new NotFound('Review not found');
    const added = await tx
      .insert(reviewVotes)
      .values({ reviewId, userId })
      .onConflictDoNothing()
      .returning({ id: reviewVotes.reviewId });
    if (!added.length) {
      // Voted before (perhaps a moment ago, in a request that has just committed): the count as it is now.
      const [now] = await tx
        .select({ helpful: productReviews.helpful })
        .from(productReviews)
        .where(eq(productReviews.id, reviewId));
      return now?.helpful ?? review.helpful;
    }
    const [row] = await tx
      .update(productReviews)
      .set({ helpful: sql`${productReviews.helpful} + 1` })
      .where(eq(productReviews.id, reviewId))
      .returning({ helpful: productReviews.helpful });
    return row?.helpful ?? review.helpful;
  });
}

/**
 * Sets a product's `rating` (average of approved reviews, one decimal; null with none) and `review_count`.
 * The product row is written only when either changed, and that write is what drops every server's cached
 * catalogue answers for it (product page, cards in listings, JSON-LD).
 */
async function refreshProductRating(tx: DbOrTx, productId: string) {
  await tx.execute(sql`
    update products p set rating = s.average, review_count = s.n
    from (
      select round(avg(rating)::numeric, 1) as average, count(*)::int as n
      from product_reviews where product_id = ${productId} and status = 'approved'
    ) s
    where p.id = ${productId}
      and (p.rating is distinct from s.average or p.review_count <> s.n)`);
}

/** The merchant's decision: approve or reject (with its reason) and reply. The buyer's words are never changed. */
export async function moderateReview(
  db: Db,
  reviewId: string,
  input: { status: Exclude<ReviewStatus, 'pending'>; reason?: string; reply?: string },
  now: Date,
): Promise<Review> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(productReviews).where(eq(productReviews.id, reviewId)).for('update');
    if (!current) throw new NotFound('Review not found');
    const replyChanged = input.reply !== undefined && input.reply !== current.reply;
    const [row] = await tx
      .update(productReviews)
      .set({
        status: input.status,
        rejectReason: input.status === 'rejected' ? (input.reason ?? '') : '',
        ...(replyChanged ? { reply: input.reply, replyAt: input.reply ? now : null } : {}),
        moderatedAt: now,
        updatedAt: now,
      })
      .where(eq(productReviews.id, reviewId))
      .returning();
    if (!row) throw new NotFound('Review not found');
    await refreshProductRating(tx, row.productId);
    return reviewView(tx, row);
  });
}

/** The merchant's list: newest first, optionally one status, with the order and the buyer. */
export async function adminReviews(db: Db, opts: { status?: ReviewStatus; page: number }) {
  const where = opts.status ? eq(productReviews.status, opts.status) : undefined;
  const [total] = await db.select({ n: count() }).from(productReviews).where(where);
  const totalItems = Number(total?.n ?? 0);
  const rows = await db
    .select({
      review: productReviews,
      product: { id: products.id, name: products.name, slug: products.slug },
      orderNumber: orders.number,
      user: { id: users.id, fullname: users.fullname, mobileno: users.mobileno },
    })
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .innerJoin(orders, eq(orders.id, productReviews.orderId))
    .leftJoin(users, eq(users.id, productReviews.userId))
    .where(where)
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .limit(ADMIN_REVIEWS_PAGE_SIZE)
    .offset((opts.page - 1) * ADMIN_REVIEWS_PAGE_SIZE);
  const reviews: AdminReview[] = rows.map((r) => ({
    ...toReview(r.review, r.product),
    order: { _id: r.review.orderId, number: r.orderNumber },
    user: r.user?.id ? { _id: r.user.id, fullname: r.user.fullname, mobileno: r.user.mobileno } : null,
  }));
  return {
    reviews,
    pagination: {
      currentPage: opts.page,
      totalPages: Math.max(1, Math.ceil(totalItems / ADMIN_REVIEWS_PAGE_SIZE)),
      totalItems,
      limit: ADMIN_REVIEWS_PAGE_SIZE,
    },
  };
}

/** Every review the user wrote, newest first, with its status (for "Download my data"). */
export async function reviewsByUser(db: DbOrTx, userId: string): Promise<Review[]> {
  const rows = await db
    .select({ review: productReviews, product: { id: products.id, name: products.name, slug: products.slug } })
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .where(eq(productReviews.userId, userId))
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id));
  return rows.map((r) => toReview(r.review, r.product));
}

/**
 * An erased account's reviews stay (their stars are a delivered buyer's), shown under the name a review without one
 * has ("A buyer") instead of the buyer's first name and initial.
 */
export async function forgetReviewer(tx: DbOrTx, userId: string, now: Date) {
  await tx
    .update(productReviews)
    .set({ author: authorName(''), updatedAt: now })
    .where(eq(productReviews.userId, userId));
}

/** The user's own reviews of the given order lines (My Orders shows "Review" or the review's status). */
export async function reviewsOfLines(db: DbOrTx, userId: string, lineIds: string[]) {
  if (!lineIds.length) return new Map<string, { _id: string; status: ReviewStatus; rating: number }>();
  const rows = await db
    .select({
      id: productReviews.id,
      lineId: productReviews.orderItemId,
      status: productReviews.status,
      rating: productReviews.rating,
    })
    .from(productReviews)
    .where(and(eq(productReviews.userId, userId), inArray(productReviews.orderItemId, lineIds)));
  return new Map(rows.map((r) => [r.lineId, { _id: r.id, status: r.status, rating: r.rating }]));
}
