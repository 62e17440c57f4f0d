import { IdParams } from './common.js';
import {
  AdminOrderResponse,
  AdminOrdersQuery,
  AdminOrdersResponse,
  AdminUpdateOrderBody,
  MyOrdersResponse,
  OrderCountResponse,
} from './orders.js';
import { byId, routeTable } from './route.js';

/** The order routes (docs/orders.md): the shopper's orders and the back-office's order list. */
export const orderRoutes = routeTable('Orders and payment', {
  'GET /o1/api/my-orders': {
    guard: 'user',
    summary: 'Your orders, newest first',
    responses: { 200: MyOrdersResponse },
  },
  'GET /o1/api/admin/orders': {
    guard: 'admin',
    summary:
      'Every order, newest first; search by the buyer’s name, mobile number or e-mail, the order number, the invoice number, ' +
      'the order, Razorpay order or payment id; filter by delivery status or return-requested, and India-time dates',
    query: AdminOrdersQuery,
    responses: { 200: AdminOrdersResponse },
    errors: [400],
  },
  'PATCH /o1/api/admin/update/:id': {
    guard: 'admin',
    summary: 'Set an order’s delivery status (any of the five from any other; recorded in the timeline; 409 once cancelled)',
    body: AdminUpdateOrderBody,
    ...byId(IdParams, { 200: AdminOrderResponse }, 409),
  },
  'GET /o1/api/admin/count': {
    guard: 'admin',
    summary: 'Number of orders',
    responses: { 200: OrderCountResponse },
  },
});
