import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { creditApi } from '../../api/credit';
import { type Order, ordersApi, type PaymentOrder, type PaymentResult } from '../../api/orders';
import { SESSION_KEY } from '../../auth/session';
import { formatRupees } from '../../cart/format';
import { notify } from '../../ui/notify';
import { loadRazorpay, openRazorpay } from '../checkout/razorpay';
import { SandboxPaymentDialog } from '../checkout/SandboxPaymentDialog';
import { formatDay } from './format';

/** A credit order with something still to pay. */
export const owing = (order: Order) =>
  (order.paymentstatus === 'Due' || order.paymentstatus === 'Partially paid') && (order.amountdue ?? 0) > 0;

/** Today in India (YYYY-MM-DD): a due date before it is overdue. */
const indiaToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/**
 * What is due on a credit order, by when, and "Pay now": the payment goes through the checkout's own flow
 * (POST /o1/api/pay-due/:id answers as razorpay-order does; Razorpay Checkout or the sandbox; then verify-and-place,
 * which counts it on the order, never places a new one).
 */
export function DuePanel({ order }: { order: Order }) {
  const pay = usePayDue(order);
  const overdue = Boolean(order.duedate && order.duedate < indiaToday());
  return (
    <div
      className={`flex flex-wrap items-center justify-between gap-3 border-t px-4 py-3 text-sm sm:px-5 ${overdue ? 'border-red-200 bg-red-50' : 'border-amber-200 bg-amber-50'}`}
      data-testid="order-due"
    >
      <p>
        <span className="font-medium">Amount due:</span>{' '}
        <span className="font-semibold tabular-nums" data-testid="amount-due">
          {formatRupees(order.amountdue ?? 0)}
        </span>
        {order.duedate ? (
          <>
            {' '}
            · <span className={overdue ? 'font-semibold text-red-800' : ''}>{overdue ? 'Overdue since' : 'Due on'}</span>{' '}
            <time dateTime={order.duedate} data-testid="due-date">
              {formatDay(order.duedate)}
            </time>
          </>
        ) : null}
      </p>
      <button
        type="button"
        onClick={() => void pay.start()}
        disabled={pay.busy}
        data-testid="pay-due"
        className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        {pay.busy ? 'Processing...' : 'Pay now'}
      </button>
      <SandboxPaymentDialog session={pay.sandbox} onOutcome={pay.sandboxOutcome} onCancel={pay.cancelled} />
    </div>
  );
}

function usePayDue(order: Order) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [sandbox, setSandbox] = useState<{ order: PaymentOrder } | null>(null);
  const active = useRef(false);

  const finish = useCallback(() => {
    active.current = false;
    setBusy(false);
  }, []);

  const verify = useCallback(
    async (result: PaymentResult) => {
      try {
        await ordersApi.verifyAndPlace(result);
        notify.dismiss();
        notify.success('Payment received. Thank you!');
      } catch (err) {
        const rejected = err instanceof ApiError && err.status === 400;
        notify.error(rejected ? 'Payment verification failed.' : 'Your payment could not be confirmed yet. Refresh in a minute.');
      } finally {
        void qc.invalidateQueries({ queryKey: ['orders'] });
        void qc.invalidateQueries({ queryKey: SESSION_KEY });
        finish();
      }
    },
    [qc, finish],
  );

  const cancelled = useCallback(() => {
    setSandbox(null);
    finish();
    notify.info('Payment cancelled.');
  }, [finish]);

  const start = useCallback(async () => {
    if (active.current) return;
    active.current = true;
    setBusy(true);
    let opened: PaymentOrder;
    try {
      opened = await creditApi.payDue(order._id);
    } catch (err) {
      const reason = err instanceof ApiError && err.status !== 0 && err.status < 500 ? err.body?.message : undefined;
      notify.error(reason || 'Something went wrong.');
      if (err instanceof ApiError && err.status === 409) void qc.invalidateQueries({ queryKey: ['orders'] });
      finish();
      return;
    }
    if (opened.provider === 'sandbox') {
      setSandbox({ order: opened });
      return;
    }
    if (!(await loadRazorpay())) {
      notify.error('Failed to load payment gateway. Try again.');
      finish();
      return;
    }
    try {
      openRazorpay({
        key: opened.key,
        orderId: opened.razorpayOrder.id,
        amount: opened.razorpayOrder.amount,
        currency: opened.razorpayOrder.currency,
        name: order.shippinginfo.fullname,
        contact: order.shippinginfo.mobileno,
        onPaid: (result) => void verify(result),
        onDismiss: cancelled,
        holdExpiresAt: opened.holdExpiresAt,
      });
    } catch {
      notify.error('Something went wrong.');
      finish();
    }
  }, [order, qc, verify, cancelled, finish]);

  const sandboxOutcome = useCallback(
    async (outcome: 'success' | 'failure'): Promise<string | null> => {
      if (!sandbox) return null;
      const id = sandbox.order.razorpayOrder.id;
      let res: Awaited<ReturnType<typeof ordersApi.sandboxPay>>;
      try {
        res = await ordersApi.sandboxPay({ razorpay_order_id: id, outcome });
      } catch (err) {
        return (err instanceof ApiError && err.body?.message) || 'Payment failed.';
      }
      if (!res.razorpay_payment_id || !res.razorpay_signature) return 'Payment failed.';
      setSandbox(null);
      await verify({
        razorpay_order_id: res.razorpay_order_id ?? id,
        razorpay_payment_id: res.razorpay_payment_id,
        razorpay_signature: res.razorpay_signature,
      });
      return null;
    },
    [sandbox, verify],
  );

  return { start, busy, sandbox, sandboxOutcome, cancelled };
}
