import type { cartRoutes } from '../../contract/cart';
import type { RouteAnswer } from '../../contract/route';
import { type RouteBody, routeCaller } from './client';

/** A cart line as the cart's routes answer it (with whether it can still be bought). */
export type CartItem = RouteAnswer<(typeof cartRoutes)['routes']['GET /c2/api/all']>['data'][number];

const cart = routeCaller<typeof cartRoutes>();

/** Cart calls (signed in). React Query keys for cart data start with 'cart'; invalidate ['cart'] after any change. */
export const cartApi = {
  count: () => cart('GET /c2/api/count'),
  all: () => cart('GET /c2/api/all'),
  add: (body: RouteBody<typeof cartRoutes, 'POST /c2/api/add'>) => cart('POST /c2/api/add', { body }),
  updateQuantity: (body: RouteBody<typeof cartRoutes, 'PATCH /c2/api/update-quantity'>) =>
    cart('PATCH /c2/api/update-quantity', { body }),
  remove: (cartItemId: string) => cart('DELETE /c2/api/remove/:cartItemId', { params: { cartItemId } }),
  clear: () => cart('DELETE /c2/api/clear'),
  /** Buy Now's item priced as checkout charges it, without adding it to the cart (409 with the reason it cannot be bought). */
  buyNow: (body: RouteBody<typeof cartRoutes, 'POST /c2/api/buy-now'>) => cart('POST /c2/api/buy-now', { body }),
  bulk: (csv: string) => cart('POST /c2/api/bulk', { body: { csv } }),
};
