import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { type BuyNowItem, ordersApi, type PaymentOrder, type PaymentResult } from '../../api/orders';
import { CART_KEY } from '../../cart/cartCount';
import { notify } from '../../ui/notify';
import type { CheckoutShipping } from './checkoutShipping';
import { loadRazorpay, openRazorpay } from './razorpay';

/** The checkout's failure texts. */
const CHECKOUT_MESSAGES = {
  gateway: 'Failed to load payment gateway. Try again.',
  generic: 'Something went wrong.',
  verification: 'Payment verification failed.',
  placing: 'Error placing order. Try again.',
  success: 'Payment successful! Order placed.',
  cancelled: 'Payment cancelled.',
} as const;

type Phase = 'idle' | 'processing' | 'paying' | 'placing';
export type SandboxSession = { order: PaymentOrder; shipping: CheckoutShipping };

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Placing is idempotent on the server, so a lost answer or a server hiccup is simply asked again. */
const transient = (err: unknown) => err instanceof ApiError && (err.status === 0 || err.status >= 500);

async function verifyWithRetry(body: PaymentResult & { shippinginfo: CheckoutShipping }) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await ordersApi.verifyAndPlace(body);
    } catch (err) {
      if (attempt >= 2 || !transient(err)) throw err;
      await wait(1000 * (attempt + 1));
    }
  }
}

/**
 * Checkout's payment: creates the payment order on the server, opens Razorpay Checkout (or the sandbox dialog),
 * then verifies and places the order. Success goes to /my-orders; dismissing says 'Payment cancelled.'
 */
export function usePayment(buynow?: BuyNowItem, coupon?: string, shippingrate?: string, currency?: string) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>('idle');
  const [sandbox, setSandbox] = useState<SandboxSession | null>(null);
  /** The payment order under way: its amount is the server's, what the summary shows while paying. */
  const [order, setOrder] = useState<PaymentOrder | null>(null);
  const active = useRef(false);

  const place = useCallback(
    async (result: PaymentResult, shipping: CheckoutShipping) => {
      setPhase('placing');
      try {
        const placed = await verifyWithRetry({ ...result, shippinginfo: shipping });
        // An earlier attempt's 'Payment cancelled.' is no longer true: only the success is shown.
        notify.dismiss();
        notify.success(CHECKOUT_MESSAGES.success);
        navigate(placed.order?._id ? `/my-orders?placed=${encodeURIComponent(placed.order._id)}` : '/my-orders');
        void qc.invalidateQueries({ queryKey: CART_KEY });
        void qc.invalidateQueries({ queryKey: ['orders'] });
      } catch (err) {
        // A refused signature (400), or an answer that says success: false, means the payment was not accepted.
        const rejected = err instanceof ApiError && (err.status === 400 || (err.status >= 200 && err.status < 300));
        notify.error(rejected ? CHECKOUT_MESSAGES.verification : CHECKOUT_MESSAGES.placing);
        setPhase('idle');
      } finally {
        active.current = false;
      }
    },
    [navigate, qc],
  );

  const cancelled = useCallback(() => {
    active.current = false;
    setSandbox(null);
    setOrder(null);
    setPhase('idle');
    notify.info(CHECKOUT_MESSAGES.cancelled);
  }, []);

  const pay = useCallback(
    async (shipping: CheckoutShipping) => {
      if (active.current) return;
      active.current = true;
      setPhase('processing');
      let order: PaymentOrder;
      try {
        order = await ordersApi.createPayment(shipping, buynow, coupon, shippingrate, currency);
      } catch (err) {
        const reason = err instanceof ApiError && err.status !== 0 && err.status < 500 ? err.body?.message : undefined;
        notify.error(CHECKOUT_MESSAGES.generic, reason);
        // The cart (stock, removed products) or the coupon (used up, ended) may have changed under us: show them as
        // the server sees them; the coupon's reason then shows beside its field.
        if (err instanceof ApiError && (err.status === 409 || (coupon && err.status === 404))) {
          void qc.invalidateQueries({ queryKey: CART_KEY });
        }
        active.current = false;
        setPhase('idle');
        return;
      }

      setOrder(order);
      if (order.provider === 'sandbox') {
        setSandbox({ order, shipping });
        setPhase('paying');
        return;
      }

      if (!(await loadRazorpay())) {
        notify.error(CHECKOUT_MESSAGES.gateway);
        active.current = false;
        setPhase('idle');
        return;
      }
      try {
        openRazorpay({
          key: order.key,
          orderId: order.razorpayOrder.id,
          amount: order.razorpayOrder.amount,
          currency: order.razorpayOrder.currency,
          name: shipping.fullname,
          contact: shipping.mobileno,
          onPaid: (result) => void place(result, shipping),
          onDismiss: cancelled,
          holdExpiresAt: order.holdExpiresAt,
        });
        setPhase('paying');
      } catch {
        notify.error(CHECKOUT_MESSAGES.generic);
        active.current = false;
        setPhase('idle');
      }
    },
    [cancelled, place, qc, buynow, coupon, shippingrate, currency],
  );

  /** The sandbox dialog's Pay and Fail: the sandbox answers the way Razorpay Checkout would. */
  const sandboxOutcome = useCallback(
    async (outcome: 'success' | 'failure'): Promise<string | null> => {
      if (!sandbox) return null;
      const { order, shipping } = sandbox;
      let res: Awaited<ReturnType<typeof ordersApi.sandboxPay>>;
      try {
        res = await ordersApi.sandboxPay({ razorpay_order_id: order.razorpayOrder.id, outcome });
      } catch (err) {
        return (err instanceof ApiError && err.body?.message) || 'Payment failed.';
      }
      if (!res.razorpay_payment_id || !res.razorpay_signature) return 'Payment failed.';
      setSandbox(null);
      await place(
        {
          razorpay_order_id: res.razorpay_order_id ?? order.razorpayOrder.id,
          razorpay_payment_id: res.razorpay_payment_id,
          razorpay_signature: res.razorpay_signature,
        },
        shipping,
      );
      return null;
    },
    [place, sandbox],
  );

  return { phase, pay, order: phase === 'idle' ? null : order, sandbox, sandboxOutcome, cancelSandbox: cancelled };
}
