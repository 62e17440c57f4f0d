import type { orderActionRoutes } from '../../contract/order-actions';
import type { orderRoutes } from '../../contract/order-routes';
import type { Order, ShippingInfo } from '../../contract/orders';
import type { paymentRoutes } from '../../contract/payments';
import type { RouteAnswer } from '../../contract/route';
import { type RouteBody, routeCaller } from './client';

export type { Order };

type PaymentRoute<K extends keyof (typeof paymentRoutes)['routes']> = (typeof paymentRoutes)['routes'][K];

/** What Razorpay Checkout (or the sandbox) hands back after a payment. */
export type PaymentResult = Omit<RouteAnswer<PaymentRoute<'POST /o1/api/sandbox/pay'>>, 'success'>;
/** The payment order a checkout opens. */
export type PaymentOrder = RouteAnswer<PaymentRoute<'POST /o1/api/razorpay-order'>>;

const payments = routeCaller<typeof paymentRoutes>();
const orders = routeCaller<typeof orderRoutes>();
const orderActions = routeCaller<typeof orderActionRoutes>();

/** Buy Now's item, bought straight from the product page: the cart is left exactly as it was. */
export type BuyNowItem = NonNullable<NonNullable<RouteBody<typeof paymentRoutes, 'POST /o1/api/razorpay-order'>>['buynow']>;

/** Customer order and payment calls (signed in). React Query keys for orders start with 'orders'. */
export const ordersApi = {
  /**
   * Holds the cart's stock and opens a payment order for its amount (computed by the server, a coupon's discount
   * worked out again there; a coupon that cannot be used is refused, never ignored).
   */
  createPayment: (shippinginfo: ShippingInfo, buynow?: BuyNowItem, coupon?: string, shippingrate?: string, currency?: string) =>
    payments('POST /o1/api/razorpay-order', {
      body: {
        shippinginfo,
        ...(buynow ? { buynow } : {}),
        ...(coupon ? { coupon } : {}),
        ...(shippingrate ? { shippingrate } : {}),
        ...(currency && currency !== 'INR' ? { currency } : {}),
      },
    }),
  /** Checks the payment signature and places the order; safe to repeat for the same payment. */
  verifyAndPlace: (body: RouteBody<typeof paymentRoutes, 'POST /o1/api/verify-and-place'>) =>
    payments('POST /o1/api/verify-and-place', { body }),
  /** Sandbox mode only: pays or fails the order the way Razorpay would. */
  sandboxPay: (body: RouteBody<typeof paymentRoutes, 'POST /o1/api/sandbox/pay'>) =>
    payments('POST /o1/api/sandbox/pay', { body }),
  myOrders: () => orders('GET /o1/api/my-orders'),
  /** Cancels the shopper's own order (within 24 hours, before shipping); the refund starts at once. */
  cancel: (id: string, reason?: string) => orderActions('POST /o1/api/cancel/:id', { params: { id }, body: { reason } }),
  /** Asks to return a delivered order (within 10 days). */
  requestReturn: (id: string, reason: string) => orderActions('POST /o1/api/returns/:id', { params: { id }, body: { reason } }),
};
