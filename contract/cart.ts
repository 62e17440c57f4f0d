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

/** The signed-in shopper's cart. Lines belong to their user: another user's line is a 404. */
export const cartRoutes = routeTable('Cart', {
  'GET /c2/api/count': {
    guard: 'user',
    summary: 'Number of lines in your cart',
    responses: { 200: CartCountResponse },
  },
  'GET /c2/api/all': {
    guard: 'user',
    summary: 'Your cart lines (inactive or deleted products are reported with unavailable: true)',
    responses: { 200: CartItemsResponse },
  },
  'POST /c2/api/add': {
    guard: 'user',
    summary: 'Add a product (the same product, size and colour adds to its line)',
    body: CartAddBody,
    responses: { 200: CartChangeResponse },
    errors: [400, 404, 409],
  },
  'PATCH /c2/api/update-quantity': {
    guard: 'user',
    summary: 'Set a line’s quantity',
    body: CartUpdateBody,
    responses: { 200: CartChangeResponse },
    errors: [400, 404, 409],
  },
  'DELETE /c2/api/remove/:cartItemId': {
    guard: 'user',
    summary: 'Remove a line',
    ...byId(CartItemParams, { 200: MessageResponse }),
  },
  'DELETE /c2/api/clear': {
    guard: 'user',
    summary: 'Empty your cart',
    responses: { 200: MessageResponse },
  },
});
