import { cartRoutes } from '../../../contract/cart.js';
import { routePlugin } from '../../http/routes.js';
import { userOf } from '../../http/session.js';
import * as service from './service.js';

export default routePlugin(cartRoutes, (app) => ({
  'GET /c2/api/count': async (request) => ({
    success: true,
    data: { count: await service.countLines(app.db, userOf(request).id) },
  }),

  'GET /c2/api/all': async (request) => ({
    success: true,
    data: await service.cartLines(app.db, userOf(request).id, app.clock()),
  }),

  'POST /c2/api/add': async (request) => ({
    success: true,
    message: 'Added to cart',
    data: await service.addToCart(app.db, userOf(request).id, request.body, app.clock()),
  }),

  'PATCH /c2/api/update-quantity': async (request) => ({
    success: true,
    message: 'Quantity updated',
    data: await service.updateQuantity(app.db, userOf(request).id, request.body.cartItemId, request.body.quantity, app.clock()),
  }),

  'DELETE /c2/api/remove/:cartItemId': async (request) => {
    await service.removeLine(app.db, userOf(request).id, request.params.cartItemId);
    return { success: true, message: 'Item removed from cart' };
  },

  'DELETE /c2/api/clear': async (request) => {
    await service.clearCart(app.db, userOf(request).id);
    return { success: true, message: 'Cart cleared successfully' };
  },
}));
