import type { AdminReview, PublicReview, REVIEW_SORTS, ReviewSummary, reviewRoutes } from '../../contract/reviews';
import { type RouteBody, routeCaller } from './client';

export type { AdminReview, PublicReview, ReviewSummary };
export type ReviewSort = (typeof REVIEW_SORTS)[number];

const reviews = routeCaller<typeof reviewRoutes>();

/** Verified reviews: the buyer's review of a delivered line, the product page's list, the merchant's moderation. */
export const reviewsApi = {
  /** The review form: orderId, lineId, rating, title, body and up to three `photos`. */
  create: (form: FormData) => reviews('POST /p1/api/reviews', { body: form }),
  list: (productId: string, query: { page?: number; sort?: ReviewSort } = {}) =>
    reviews('GET /p1/api/reviews/:productId', { params: { productId }, query }),
  helpful: (id: string) => reviews('POST /p1/api/reviews/:id/helpful', { params: { id } }),
  adminList: (query: { status?: AdminReview['status']; page?: number } = {}) => reviews('GET /p1/api/admin/reviews', { query }),
  moderate: (id: string, body: RouteBody<typeof reviewRoutes, 'PATCH /p1/api/admin/reviews/:id'>) =>
    reviews('PATCH /p1/api/admin/reviews/:id', { params: { id }, body }),
};
