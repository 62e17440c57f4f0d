import type { orderActionRoutes } from '../../contract/order-actions';
import type { Order, ShippingInfo } from '../../contract/orders';
import { api, routeCaller } from './client';

const orderActions = routeCaller<typeof orderActionRoutes>();

export type { Order, ShippingInfo };

/** Buy Now: the cart line and how many of it to buy (the rest of the cart is left alone). */
export type CheckoutItem = { cartItemId: string; quantity: number };

/** What Razorpay Checkout (or the sandbox) hands back after a payment. */
export type PaymentResult = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };

export type PaymentOrder = {
  success: boolean;
  razorpayOrder: { id: string; amount: number; currency: 'INR' };
  provider: 'razorpay' | 'sandbox';
  key: string;
  /** When the held stock is released if unpaid (ISO). */
  holdExpiresAt?: string;
};

/** Customer order and payment calls (signed in). React Query keys for orders start with 'orders'. */
export const ordersApi = {
  /** Holds the cart's stock and opens a payment order for its amount (computed by the server). */
  createPayment: (shippinginfo: ShippingInfo, items?: CheckoutItem[]) =>
    api<PaymentOrder>('/o1/api/razorpay-order', { body: items ? { shippinginfo, items } : { shippinginfo } }),
  /** Checks the payment signature and places the order; safe to repeat for the same payment. */
  verifyAndPlace: (body: PaymentResult & { shippinginfo: ShippingInfo }) =>
    api<{ success: boolean; message: string; order: Order }>('/o1/api/verify-and-place', { body }),
  /** Sandbox mode only: pays or fails the order the way Razorpay would. */
  sandboxPay: (body: { razorpay_order_id: string; outcome: 'success' | 'failure' }) =>
    api<{ success: boolean; message?: string } & Partial<PaymentResult>>('/o1/api/sandbox/pay', { body }),
  myOrders: () => api<{ success: boolean; orders: Order[] }>('/o1/api/my-orders'),
  /** Cancels the shopper's own order (within 24 hours, before shipping); the refund starts at once. */
  cancel: (id: string, reason?: string) => orderActions('POST /o1/api/cancel/:id', { params: { id }, body: { reason } }),
  /** Asks to return a delivered order (within 10 days). */
  requestReturn: (id: string, reason: string) => orderActions('POST /o1/api/returns/:id', { params: { id }, body: { reason } }),
};
