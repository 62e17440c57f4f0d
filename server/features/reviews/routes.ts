import { reviewRoutes } from '../../../contract/reviews.js';
import { routePlugin } from '../../http/routes.js';
import { userOf } from '../../http/session.js';
import {
  adminReviews,
  checkReviewable,
  insertReview,
  listProductReviews,
  moderateReview,
  reviewView,
  voteHelpful,
} from './service.js';
import { readReviewForm, storeReviewPhotos } from './upload.js';

export default routePlugin(reviewRoutes, (app) => ({
  'POST /p1/api/reviews': async (request) => {
    const user = userOf(request);
    const { fields, photos } = await readReviewForm(request);
    // Refused before any photo is stored: not the user's line, not delivered, already reviewed.
    await checkReviewable(app.db, user.id, fields.orderId, fields.lineId);
    const { urls, discard } = await storeReviewPhotos(request, app.media, photos);
    try {
      const row = await insertReview(app.db, user.id, fields, urls, app.clock());
      return {
        success: true,
        message: 'Thank you! Your review will appear once the shop has checked it.',
        review: await reviewView(app.db, row),
      };
    } catch (err) {
      await discard();
      throw err;
    }
  },

  'GET /p1/api/reviews/:productId': async (request) => ({
    success: true,
    ...(await listProductReviews(app.db, request.params.productId, request.query.page, request.query.sort)),
  }),

  'POST /p1/api/reviews/:id/helpful': async (request) => ({
    success: true,
    helpful: await voteHelpful(app.db, userOf(request).id, request.params.id),
  }),

  'GET /p1/api/admin/reviews': async (request) => ({
    success: true,
    ...(await adminReviews(app.db, { status: request.query.status, page: request.query.page })),
  }),

  'PATCH /p1/api/admin/reviews/:id': async (request) => ({
    success: true,
    message: request.body.status === 'approved' ? 'Review approved' : 'Review rejected',
    review: await moderateReview(app.db, request.params.id, request.body, app.clock()),
  }),
}));
