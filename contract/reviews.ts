import { z } from 'zod';
import { Id, PageNumber, Pagination, UserSummary } from './common.js';
import { byId, routeTable } from './route.js';

/**
 * Verified reviews: only the buyer of a delivered order line reviews it, once; the merchant approves or rejects
 * (with a reason) and may reply, never edit; the storefront shows approved reviews only.
 */

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const REVIEW_SORTS = ['recent', 'helpful', 'rating-high', 'rating-low'] as const;
export const REVIEWS_PAGE_SIZE = 10;
export const ADMIN_REVIEWS_PAGE_SIZE = 20;
export const MAX_REVIEW_PHOTOS = 3;
export const MAX_REVIEW_PHOTO_BYTES = 10 * 1024 * 1024;
const REVIEW_LIMITS = { title: 100, bodyMin: 20, bodyMax: 2000, reason: 500, reply: 2000 } as const;

/** The review form's text fields as they arrive in the multipart body (every value a string). */
export const ReviewFields = z.object({
  orderId: Id,
  lineId: Id,
  rating: z
    .string({ message: 'Choose from 1 to 5 stars' })
    .trim()
    .regex(/^[1-5]$/, { message: 'Choose from 1 to 5 stars' })
    .transform(Number),
  title: z
    .string()
    .trim()
    .max(REVIEW_LIMITS.title, { message: `The title can have at most ${REVIEW_LIMITS.title} characters` })
    .default(''),
  body: z
    .string({ message: 'Write your review' })
    .trim()
    .min(REVIEW_LIMITS.bodyMin, { message: `Write at least ${REVIEW_LIMITS.bodyMin} characters` })
    .max(REVIEW_LIMITS.bodyMax, { message: `The review can have at most ${REVIEW_LIMITS.bodyMax} characters` }),
});
export type ReviewFields = z.output<typeof ReviewFields>;

const ReviewMultipartBody = z.object({
  orderId: z.string().describe('The order (your own)'),
  lineId: z.string().describe('The order line reviewed (its `_id`)'),
  rating: z.string().describe('1 to 5 stars'),
  title: z.string().optional().describe('At most 100 characters'),
  body: z.string().describe('20 to 2,000 characters'),
  photos: z
    .array(z.string().meta({ format: 'binary' }))
    .optional()
    .describe('Up to 3 JPEG, PNG or WebP photos, ≤ 10 MB each; stored without their metadata (camera, GPS)'),
});

const Reply = z.object({ body: z.string(), createdAt: z.string() });

/** A review as the storefront shows it. */
export const PublicReview = z.object({
  _id: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  photos: z.array(z.string()),
  /** The buyer's first name and the initial of the last ("Ravi K."). */
  author: z.string(),
  verified: z.literal(true),
  createdAt: z.string(),
  reply: Reply.nullable(),
  helpful: z.number().int(),
});
export type PublicReview = z.infer<typeof PublicReview>;

export const ReviewSummary = z.object({
  /** The average of approved reviews to one decimal; null with none. */
  average: z.number().nullable(),
  count: z.number().int(),
  histogram: z.object({
    1: z.number().int(),
    2: z.number().int(),
    3: z.number().int(),
    4: z.number().int(),
    5: z.number().int(),
  }),
});
export type ReviewSummary = z.infer<typeof ReviewSummary>;

/** A review as its buyer and the merchant see it: its status and, when rejected, why. */
export const Review = PublicReview.omit({ verified: true }).extend({
  verified: z.boolean(),
  status: z.enum(REVIEW_STATUSES),
  rejectreason: z.string(),
  product: z.object({ _id: z.string(), productname: z.string(), slug: z.string() }),
  orderId: z.string(),
  lineId: z.string(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof Review>;

export const AdminReview = Review.extend({
  order: z.object({ _id: z.string(), number: z.string() }),
  user: UserSummary.nullable(),
});
export type AdminReview = z.infer<typeof AdminReview>;

const ProductIdParams = z.object({ productId: Id });
const ReviewIdParams = z.object({ id: Id });

const page = PageNumber;

const ReviewsQuery = z.object({
  page,
  sort: z.enum(REVIEW_SORTS, { message: `sort must be one of ${REVIEW_SORTS.join(', ')}` }).default('recent'),
});
const AdminReviewsQuery = z.object({
  page,
  status: z.enum(REVIEW_STATUSES, { message: `status must be one of ${REVIEW_STATUSES.join(', ')}` }).optional(),
});

const ModerateReviewBody = z
  .object({
    status: z.enum(['approved', 'rejected'], { message: 'status must be approved or rejected' }),
    reason: z.string().trim().max(REVIEW_LIMITS.reason, { message: 'The reason is too long' }).optional(),
    reply: z.string().trim().max(REVIEW_LIMITS.reply, { message: 'The reply is too long' }).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.status === 'rejected' && !b.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Give a reason to reject a review' });
  });

/** @forTests tests read the answers through these schemas, so an answer that strays from the contract fails them */
export const ReviewsResponse = z.object({
  success: z.boolean(),
  reviews: z.array(PublicReview),
  summary: ReviewSummary,
  pagination: Pagination,
});
/** @forTests tests read the answers through these schemas, so an answer that strays from the contract fails them */
export const AdminReviewsResponse = z.object({ success: z.boolean(), reviews: z.array(AdminReview), pagination: Pagination });
const ReviewResponse = z.object({ success: z.boolean(), message: z.string(), review: Review });
const HelpfulResponse = z.object({ success: z.boolean(), helpful: z.number().int() });

export const reviewRoutes = routeTable('Reviews', {
  'POST /p1/api/reviews': {
    guard: 'user',
    summary: 'Review a delivered order line of your own (multipart: stars, title, text, up to 3 photos)',
    description:
      'Only the buyer of a delivered line reviews it, once: a line of your own order not yet delivered → 403; ' +
      "another user's order or line → 404; a second review of the line → 409; a fourth photo → 400. Photos are " +
      'checked by content (JPEG, PNG, WebP; 415 otherwise), ≤ 10 MB each (413), and stored re-encoded without ' +
      'their metadata. The review waits for the merchant (status pending).',
    bodyType: 'multipart',
    body: ReviewMultipartBody,
    responses: { 201: ReviewResponse },
    errors: [400, 403, 404, 409, 413, 415],
  },
  'GET /p1/api/reviews/:productId': {
    guard: 'public',
    cache: ['product_reviews'],
    summary: "A product's approved reviews, 10 a page, with the summary (average, count, histogram)",
    query: ReviewsQuery,
    ...byId(ProductIdParams, { 200: ReviewsResponse }),
  },
  'POST /p1/api/reviews/:id/helpful': {
    guard: 'user',
    summary: 'Mark an approved review helpful (once per account; again changes nothing)',
    ...byId(ReviewIdParams, { 200: HelpfulResponse }),
  },
  'GET /p1/api/admin/reviews': {
    guard: 'admin',
    summary: 'Reviews to moderate, newest first, 20 a page; filter by status',
    query: AdminReviewsQuery,
    responses: { 200: AdminReviewsResponse },
    errors: [400],
  },
  'PATCH /p1/api/admin/reviews/:id': {
    guard: 'admin',
    summary: 'Approve or reject a review (a reason is needed to reject) and reply; its words are never changed',
    body: ModerateReviewBody,
    ...byId(ReviewIdParams, { 200: ReviewResponse }),
  },
});
