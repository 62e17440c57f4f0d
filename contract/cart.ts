import { z } from 'zod';
import { MessageResponse } from './common.js';
import {
  CartAddBody,
  CartChangeResponse,
  CartCountResponse,
  CartItemParams,
  CartItemsResponse,
  CartItemView,
  CartUpdateBody,
} from './orders.js';
import { byId, routeTable } from './route.js';

/** The most rows a bulk order may have besides its header. */
export const BULK_MAX_ROWS = 200;

const CartBulkBody = z.object({
  /** Rows `sku or slug, quantity[, size, colour]`, an optional header row first. */
  csv: z
    .string({ message: 'Upload a CSV file' })
    .min(1, { message: 'The CSV file is empty' })
    .max(200_000, { message: 'The CSV file is too long' }),
});
/** @forTests the bulk order's HTTP test reads its answer with it. */
export const CartBulkResponse = z.object({
  success: z.boolean(),
  /** The number of rows added. */
  added: z.number().int(),
  /** Each row not added: its line number in the file (the header being line 1) and why. */
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
  data: z.array(CartItemView),
});

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
    description:
      'A visitor not signed in gets a guest cart at the first add (cookie `gcart`); guest carts made are limited per ' +
      'client address (GUEST_CART_LIMIT an hour): 429 with Retry-After beyond it.',
    body: CartAddBody,
    responses: { 200: CartChangeResponse },
    errors: [400, 404, 409, 429],
  },
  'POST /c2/api/buy-now': {
    guard: 'user',
    summary:
      'Buy Now’s item priced as checkout will charge it (sale or trade price; a piece at today’s rate), without adding it to the cart',
    description:
      'Answers the one line the checkout shows for `buynow` (`cartItemId` is empty: it is not a cart line). A product ' +
      'switched off, or fewer in stock than asked for (counting the shopper’s own held units), is a 409; the cart is ' +
      'neither read nor changed.',
    body: CartAddBody,
    responses: { 200: CartItemsResponse },
    errors: [400, 404, 409],
  },
  'POST /c2/api/bulk': {
    guard: 'user',
    summary: 'Add many products at once from a CSV (`sku or slug, quantity[, size, colour]`, an optional header row)',
    description:
      `At most ${BULK_MAX_ROWS} rows besides the header (more → 400, nothing added). Each good row is added as POST /c2/api/add ` +
      'would add it; a bad row (an unknown product, one not on sale, more than the stock, a bad number) is reported with ' +
      'its line number in the file and not added.',
    body: CartBulkBody,
    responses: { 200: CartBulkResponse },
    errors: [400],
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
