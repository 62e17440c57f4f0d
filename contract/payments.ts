import {
  OrderResponse,
  RazorpayOrderBody,
  RazorpayOrderResponse,
  SandboxPaid,
  SandboxPayBody,
  SandboxPayFailed,
  VerifyAndPlaceBody,
} from './orders.js';
import { routeTable } from './route.js';

/**
 * The checkout's payment routes (docs/payments.md): open a payment for the cart, place the order
 * once it is paid, and the sandbox's stand-in for Razorpay Checkout. The Razorpay webhook
 * (`POST /o1/api/razorpay-webhook`) reads its raw body to check the signature and is declared with its parser
 * in server/features/payments/routes.ts.
 */
export const paymentRoutes = routeTable('Orders and payment', {
  'POST /o1/api/razorpay-order': {
    guard: 'user',
    summary: 'Hold the cart’s stock and create the payment order (amount computed on the server)',
    body: RazorpayOrderBody,
    responses: { 200: RazorpayOrderResponse },
    errors: [400, 409, 429, 502, 503],
  },
  'POST /o1/api/verify-and-place': {
    guard: 'user',
    summary: 'Verify the payment signature and place the order (201; the same payment again: 200, same order)',
    body: VerifyAndPlaceBody,
    responses: { 200: OrderResponse, 201: OrderResponse },
    errors: [400, 404, 502, 503],
  },
  'POST /o1/api/sandbox/pay': {
    guard: 'user',
    summary:
      'Sandbox mode only: pay (or fail) a checkout; answers what Razorpay Checkout hands its handler (402 when the payment failed, which is recorded)',
    body: SandboxPayBody,
    responses: { 200: SandboxPaid, 402: SandboxPayFailed },
    errors: [400, 404, 409],
  },
});
