import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, MessageResponse } from '../../../contract/common.js';
import {
  CartAddBody,
  CartChangeResponse,
  CartCountResponse,
  CartItemParams,
  CartItemsResponse,
  CartUpdateBody,
} from '../../../contract/orders.js';
import { requireUser, SIGNED_IN, userOf } from '../../http/session.js';
import * as service from './service.js';

const tags = ['Cart'];

/** The signed-in shopper's cart. Lines belong to their user: another user's line is a 404. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireUser);

  app.get(
    '/count',
    {
      schema: {
        tags,
        summary: 'Number of lines in your cart',
        ...SIGNED_IN,
        response: { 200: CartCountResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({ success: true, data: { count: await service.countLines(app.db, userOf(request).id) } }),
  );

  app.get(
    '/all',
    {
      schema: {
        tags,
        summary: 'Your cart lines (inactive or deleted products are reported with unavailable: true)',
        ...SIGNED_IN,
        response: { 200: CartItemsResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({ success: true, data: await service.cartLines(app.db, userOf(request).id) }),
  );

  app.post(
    '/add',
    {
      schema: {
        tags,
        summary: 'Add a product (the same product, size and colour adds to its line)',
        ...SIGNED_IN,
        body: CartAddBody,
        response: { 200: CartChangeResponse, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => ({
      success: true,
      message: 'Added to cart',
      data: await service.addToCart(app.db, userOf(request).id, request.body),
    }),
  );

  app.patch(
    '/update-quantity',
    {
      schema: {
        tags,
        summary: 'Set a line’s quantity',
        ...SIGNED_IN,
        body: CartUpdateBody,
        response: { 200: CartChangeResponse, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => ({
      success: true,
      message: 'Quantity updated',
      data: await service.updateQuantity(app.db, userOf(request).id, request.body.cartItemId, request.body.quantity),
    }),
  );

  app.delete(
    '/remove/:cartItemId',
    {
      schema: {
        tags,
        summary: 'Remove a line',
        ...SIGNED_IN,
        params: CartItemParams,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await service.removeLine(app.db, userOf(request).id, request.params.cartItemId);
      return { success: true, message: 'Item removed from cart' };
    },
  );

  app.delete(
    '/clear',
    { schema: { tags, summary: 'Empty your cart', ...SIGNED_IN, response: { 200: MessageResponse, ...errorResponses(401) } } },
    async (request) => {
      await service.clearCart(app.db, userOf(request).id);
      return { success: true, message: 'Cart cleared successfully' };
    },
  );
};

export default routes;
