import { cartRoutes } from '../../../contract/cart.js';
import { NotFound } from '../../domain/errors.js';
import { routePlugin } from '../../http/routes.js';
import { userOf } from '../../http/session.js';
import { addCsv } from './bulk.js';
import { cartOwnerFor, cartOwnerOf, discardNewGuestCart } from './guest.js';
import * as service from './service.js';

export default routePlugin(cartRoutes, (app) => ({
  'GET /c2/api/count': async (request) => {
    const owner = await cartOwnerOf(app.db, request, app.clock());
    return { success: true, data: { count: owner ? await service.countLines(app.db, owner) : 0 } };
  },

  'GET /c2/api/all': async (request) => {
    const owner = await cartOwnerOf(app.db, request, app.clock());
    return { success: true, data: owner ? await service.cartLines(app.db, owner, app.clock()) : [] };
  },

  'POST /c2/api/add': async (request, reply) => {
    const owner = await cartOwnerFor(app.db, request, reply, app.clock());
    try {
      return { success: true, message: 'Added to cart', data: await service.addToCart(app.db, owner, request.body, app.clock()) };
    } catch (err) {
      await discardNewGuestCart(app.db, request, reply, owner);
      throw err;
    }
  },

  'POST /c2/api/buy-now': async (request) => ({
    success: true,
    data: [await service.buyNowView(app.db, userOf(request).id, request.body, app.clock())],
  }),

  'POST /c2/api/bulk': async (request) => ({
    success: true,
    ...(await addCsv(app.db, { userId: userOf(request).id }, request.body.csv, app.clock())),
  }),

  'PATCH /c2/api/update-quantity': async (request) => {
    const owner = await cartOwnerOf(app.db, request, app.clock());
    if (!owner) throw new NotFound('Cart item not found');
    return {
      success: true,
      message: 'Quantity updated',
      data: await service.updateQuantity(app.db, owner, request.body.cartItemId, request.body.quantity, app.clock()),
    };
  },

  'DELETE /c2/api/remove/:cartItemId': async (request) => {
    const owner = await cartOwnerOf(app.db, request, app.clock());
    if (!owner) throw new NotFound('Cart item not found');
    await service.removeLine(app.db, owner, request.params.cartItemId);
    return { success: true, message: 'Item removed from cart' };
  },

  'DELETE /c2/api/clear': async (request) => {
    const owner = await cartOwnerOf(app.db, request, app.clock());
    if (owner) await service.clearCart(app.db, owner);
    return { success: true, message: 'Cart cleared successfully' };
  },
}));
