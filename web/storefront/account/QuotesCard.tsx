import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { User } from '../../api/auth';
import { ApiError } from '../../api/client';
import { creditApi } from '../../api/credit';
import { ordersApi, type PaymentOrder, type PaymentResult } from '../../api/orders';
import { type Quote, type QuoteStatus, wholesaleApi } from '../../api/wholesale';
import { formatRupees } from '../../cart/format';
import { creditTerms } from '../checkout/CreditChoice';
import { checkoutApi } from '../checkout/checkoutApi';
import type { SavedAddress } from '../checkout/checkoutShipping';
import { loadRazorpay, openRazorpay } from '../checkout/razorpay';
import { SandboxPaymentDialog } from '../checkout/SandboxPaymentDialog';

const STATUS_LABEL: Record<QuoteStatus, string> = {
  requested: 'Waiting for a price',
  quoted: 'Priced',
  declined: 'Declined',
  ordered: 'Ordered',
  expired: 'Expired',
};
const STATUS_CLASS: Record<QuoteStatus, string> = {
  requested: 'bg-amber-100 text-amber-900',
  quoted: 'bg-blue-100 text-blue-800',
  declined: 'bg-red-100 text-red-800',
  ordered: 'bg-green-100 text-green-800',
  expired: 'bg-gray-200 text-gray-800',
};
const QUOTES_KEY = ['quotes', 'mine'] as const;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** An approved business asks for quotes and pays them. */
export const hasQuotes = (user: User) => user.business?.status === 'approved';

/** What a shipping address sends: its own fields, not its label, id or dates. */
function shippingOf(a: SavedAddress) {
  return {
    country: a.country,
    fullname: a.fullname,
    mobileno: a.mobileno,
    address: a.address,
    city: a.city,
    pincode: a.pincode,
    state: a.state,
    ...(a.gstin ? { gstin: a.gstin, legalname: a.legalname ?? '' } : {}),
  };
}

/**
 * Paying a quote: "Accept and pay" opens a checkout of exactly its lines at the quoted prices (POST
 * /o1/api/quotes/:id/accept answers as razorpay-order does) to the default saved address; Razorpay Checkout or the
 * sandbox; then verify-and-place. A business with credit may order it on credit instead.
 */
function useAcceptQuote(user: User) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const [sandbox, setSandbox] = useState<{ order: PaymentOrder; address: SavedAddress } | null>(null);
  const active = useRef(false);
  const addresses = useQuery({
    queryKey: ['addresses'],
    queryFn: async () => (await checkoutApi.addresses()).addresses,
    staleTime: 0,
  });
  const address = (addresses.data ?? []).find((a) => a.isdefault) ?? addresses.data?.[0];

  const finish = useCallback(() => {
    active.current = false;
    setBusy(null);
  }, []);
  const placed = useCallback(
    (orderId: string | undefined) => {
      toast.dismiss();
      toast.success('Order placed.');
      void qc.invalidateQueries({ queryKey: QUOTES_KEY });
      void qc.invalidateQueries({ queryKey: ['orders'] });
      navigate(orderId ? `/my-orders?placed=${encodeURIComponent(orderId)}` : '/my-orders');
    },
    [qc, navigate],
  );
  const failed = useCallback(
    (err: unknown) => {
      const reason = err instanceof ApiError && err.status !== 0 && err.status < 500 ? err.body?.message : undefined;
      toast.error(reason || 'Something went wrong.');
      if (err instanceof ApiError && err.status === 409) void qc.invalidateQueries({ queryKey: QUOTES_KEY });
    },
    [qc],
  );

  const verify = useCallback(
    async (result: PaymentResult, to: SavedAddress) => {
      try {
        const res = await ordersApi.verifyAndPlace({ ...result, shippinginfo: shippingOf(to) });
        placed(res.order?._id);
      } catch (err) {
        failed(err);
      } finally {
        finish();
      }
    },
    [placed, failed, finish],
  );

  const pay = useCallback(
    async (quote: Quote) => {
      if (active.current || !address) return;
      active.current = true;
      setBusy(quote._id);
      let opened: PaymentOrder;
      try {
        opened = await wholesaleApi.acceptQuote(quote._id, { shippinginfo: shippingOf(address) });
      } catch (err) {
        failed(err);
        finish();
        return;
      }
      if (opened.provider === 'sandbox') {
        setSandbox({ order: opened, address });
        return;
      }
      if (!(await loadRazorpay())) {
        toast.error('Failed to load payment gateway. Try again.');
        finish();
        return;
      }
      openRazorpay({
        key: opened.key,
        orderId: opened.razorpayOrder.id,
        amount: opened.razorpayOrder.amount,
        currency: opened.razorpayOrder.currency,
        name: address.fullname,
        contact: address.mobileno,
        onPaid: (result) => void verify(result, address),
        onDismiss: () => {
          toast.info('Payment cancelled.');
          finish();
        },
        holdExpiresAt: opened.holdExpiresAt,
      });
    },
    [address, verify, failed, finish],
  );

  const onCredit = useCallback(
    async (quote: Quote) => {
      if (active.current || !address) return;
      active.current = true;
      setBusy(quote._id);
      try {
        const res = await creditApi.placeOrder(shippingOf(address), undefined, undefined, quote._id);
        placed(res.order._id);
      } catch (err) {
        failed(err);
      } finally {
        finish();
      }
    },
    [address, placed, failed, finish],
  );

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
      const to = sandbox.address;
      setSandbox(null);
      await verify(
        {
          razorpay_order_id: res.razorpay_order_id ?? id,
          razorpay_payment_id: res.razorpay_payment_id,
          razorpay_signature: res.razorpay_signature,
        },
        to,
      );
      return null;
    },
    [sandbox, verify],
  );
  const cancelled = useCallback(() => {
    setSandbox(null);
    toast.info('Payment cancelled.');
    finish();
  }, [finish]);

  return { pay, onCredit, credit: creditTerms(user) !== null, address, busy, sandbox, sandboxOutcome, cancelled };
}

const quoteTotal = (q: Quote) => q.lines.reduce((sum, l) => sum + (l.price ?? 0) * l.quantity, 0);

/** "Your quotes" on the account page: each request, its status, the prices quoted, and Accept and pay. */
export function QuotesCard({ user }: { user: User }) {
  const query = useQuery({ queryKey: QUOTES_KEY, queryFn: async () => (await wholesaleApi.myQuotes()).quotes, staleTime: 0 });
  const accept = useAcceptQuote(user);
  const quotes = query.data ?? [];
  return (
    <section aria-labelledby="quotes-title" className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="quotes-title" className="mb-4 text-lg font-semibold text-gray-900">
        Your quotes
      </h2>
      {query.isError ? <p className="text-sm text-red-700">Your quotes could not be loaded.</p> : null}
      {query.isSuccess && quotes.length === 0 ? (
        <p className="text-sm text-gray-600">No quotes yet: ask for a price on a lot with “Request a quote” in your cart.</p>
      ) : null}
      <ul className="space-y-4">
        {quotes.map((q) => (
          <li key={q._id} className="rounded-lg border border-gray-200 p-3" data-testid="quote">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-mono text-sm">{q.number}</span>
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASS[q.status]}`}
                data-testid="quote-status"
              >
                {STATUS_LABEL[q.status]}
              </span>
            </div>
            <table className="mt-2 w-full text-sm">
              <tbody>
                {q.lines.map((l) => (
                  <tr key={l._id}>
                    <td className="py-0.5">
                      {l.productname} × {l.quantity}
                    </td>
                    <td className="py-0.5 text-right tabular-nums">
                      {l.price === null ? (
                        <span className="text-gray-500">list {formatRupees(l.listprice)}</span>
                      ) : (
                        <>
                          {l.price < l.listprice ? <s className="mr-2 text-gray-400">{formatRupees(l.listprice)}</s> : null}
                          {formatRupees(l.price)}
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {q.merchantnote ? <p className="mt-2 text-sm text-gray-700">“{q.merchantnote}”</p> : null}
            {q.status === 'quoted' ? (
              <div className="mt-3 space-y-2">
                <p className="text-sm">
                  Total <span className="font-semibold tabular-nums">{formatRupees(quoteTotal(q))}</span> plus shipping
                  {q.validuntil ? <> · valid until {when(q.validuntil)}</> : null}
                </p>
                {accept.address ? (
                  <p className="text-xs text-gray-600">
                    Ships to {accept.address.fullname}, {accept.address.address}, {accept.address.city} {accept.address.pincode}
                  </p>
                ) : (
                  <p className="text-xs text-gray-600">Save an address above to pay this quote.</p>
                )}
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    onClick={() => void accept.pay(q)}
                    disabled={accept.busy !== null || !accept.address}
                    className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
                  >
                    {accept.busy === q._id ? 'Processing...' : 'Accept and pay'}
                  </button>
                  {accept.credit ? (
                    <button
                      type="button"
                      onClick={() => void accept.onCredit(q)}
                      disabled={accept.busy !== null || !accept.address}
                      className="rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 disabled:opacity-60"
                    >
                      Order on credit
                    </button>
                  ) : null}
                </div>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <SandboxPaymentDialog session={accept.sandbox} onOutcome={accept.sandboxOutcome} onCancel={accept.cancelled} />
    </section>
  );
}
