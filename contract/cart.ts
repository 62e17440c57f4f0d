import { MessageResponse } from './common.js';
import {
  CartAddBody,
  CartChangeResponse,
  CartCountResponse,
  CartItemParams,
  CartItemsResponse,
  CartUpdateBody,
} from './orders.js';
import { byId, routeTable } from './route.js';

/**
 * The shopper's cart: a signed-in user's, or a visitor's guest cart kept under its own cookie for 30 days (signing in
 * moves it into the user's cart). Lines belong to their owner: anyone else's line is a 404.
 */
export const cartRoutes = routeTable('Cart', {
  'GET /c2/api/count': {
    guard: 'shopper',
    summary: 'Number of lines in your cart',
    responses: { 200: CartCountResponse },
  },
  'GET /c2/api/all': {
    guard: 'shopper',
    summary: 'Your cart lines (inactive or deleted products are reported with unavailable: true)',
    responses: { 200: CartItemsResponse },
  },
  'POST /c2/api/add': {
    guard: 'shopper',
    summary: 'Add a product (the same product, size and colour adds to its line; a made-to-order `setting` is a line of its own)',
    body: CartAddBody,
    responses: { 200: CartChangeResponse },
    errors: [400, 404, 409],
  },
  'PATCH /c2/api/update-quantity': {
    guard: 'shopper',
    summary: 'Set a line’s quantity',
    body: CartUpdateBody,
    responses: { 200: CartChangeResponse },
    errors: [400, 404, 409],
  },
  'DELETE /c2/api/remove/:cartItemId': {
    guard: 'shopper',
    summary: 'Remove a line',
    ...byId(CartItemParams, { 200: MessageResponse }),
  },
  'DELETE /c2/api/clear': {
    guard: 'shopper',
    summary: 'Empty your cart',
    responses: { 200: MessageResponse },
  },
});
