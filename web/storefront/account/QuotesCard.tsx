import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { HOME_COUNTRY } from '../../../contract/address-rules';
import type { User } from '../../api/auth';
import { ApiError } from '../../api/client';
import { creditApi } from '../../api/credit';
import { ordersApi, type PaymentOrder, type PaymentResult } from '../../api/orders';
import { type Quote, type QuoteStatus, quoteLineName, wholesaleApi } from '../../api/wholesale';
import { formatRupees } from '../../cart/format';
import { notify } from '../../ui/notify';
import { creditTerms } from '../checkout/CreditChoice';
import { checkoutApi } from '../checkout/checkoutApi';
import type { CheckoutShipping, CheckoutValues, SavedAddress } from '../checkout/checkoutShipping';
import { loadRazorpay, openRazorpay } from '../checkout/razorpay';
import { SandboxPaymentDialog } from '../checkout/SandboxPaymentDialog';
import { ShippingChoice, useQuoteShippingChoice } from '../checkout/ShippingChoice';
import { ShippingForm } from '../checkout/ShippingForm';

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

/** Saved addresses (the account page and the checkout share them). */
const ADDRESSES_KEY = ['addresses'] as const;

/**
 * Paying a quote: the buyer picks where it goes (a saved address or a new one, in the checkout's own shipping form)
 * and a shipping rate for the quote's total; "Continue to Payment" opens a checkout of exactly its lines at the
 * quoted prices (POST /o1/api/quotes/:id/accept answers as razorpay-order does); Razorpay Checkout or the sandbox;
 * then verify-and-place. A business with credit may order it on credit instead.
 */
function useAcceptQuote(user: User) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const [sandbox, setSandbox] = useState<{ order: PaymentOrder; address: CheckoutShipping } | null>(null);
  const active = useRef(false);
  const addresses = useQuery({
    queryKey: ADDRESSES_KEY,
    queryFn: async () => (await checkoutApi.addresses()).addresses,
    staleTime: 0,
  });

  const finish = useCallback(() => {
    active.current = false;
    setBusy(null);
  }, []);
  const placed = useCallback(
    (orderId: string | undefined) => {
      notify.dismiss();
      notify.success('Order placed.');
      void qc.invalidateQueries({ queryKey: QUOTES_KEY });
      void qc.invalidateQueries({ queryKey: ['orders'] });
      navigate(orderId ? `/my-orders?placed=${encodeURIComponent(orderId)}` : '/my-orders');
    },
    [qc, navigate],
  );
  const failed = useCallback(
    (err: unknown) => {
      const reason = err instanceof ApiError && err.status !== 0 && err.status < 500 ? err.body?.message : undefined;
      notify.error(reason || 'Something went wrong.');
      if (err instanceof ApiError && err.status === 409) void qc.invalidateQueries({ queryKey: QUOTES_KEY });
    },
    [qc],
  );

  const verify = useCallback(
    async (result: PaymentResult, to: CheckoutShipping) => {
      try {
        const res = await ordersApi.verifyAndPlace({ ...result, shippinginfo: to });
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
    async (quote: Quote, address: CheckoutShipping, shippingrate: string | undefined) => {
      if (active.current) return;
      active.current = true;
      setBusy(quote._id);
      let opened: PaymentOrder;
      try {
        opened = await wholesaleApi.acceptQuote(quote._id, {
          shippinginfo: address,
          ...(shippingrate ? { shippingrate } : {}),
        });
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
        notify.error('Failed to load payment gateway. Try again.');
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
          notify.info('Payment cancelled.');
          finish();
        },
        holdExpiresAt: opened.holdExpiresAt,
      });
    },
    [verify, failed, finish],
  );

  const onCredit = useCallback(
    async (quote: Quote, address: CheckoutShipping, shippingrate: string | undefined) => {
      if (active.current) return;
      active.current = true;
      setBusy(quote._id);
      try {
        const res = await creditApi.placeOrder(address, undefined, shippingrate, quote._id);
        placed(res.order._id);
      } catch (err) {
        failed(err);
      } finally {
        finish();
      }
    },
    [placed, failed, finish],
  );

  /** A new address the buyer asked to keep is saved as the payment starts; a failure never stands in its way. */
  const saveAddress = useCallback(
    async (address: CheckoutShipping) => {
      try {
        const res = await checkoutApi.addAddress(address);
        qc.setQueryData(ADDRESSES_KEY, res.addresses);
      } catch (err) {
        const reason = err instanceof ApiError && err.status !== 0 && err.status < 500 ? err.body?.message : undefined;
        notify.error('This address could not be saved.', reason);
      }
    },
    [qc],
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
    notify.info('Payment cancelled.');
    finish();
  }, [finish]);

  return {
    pay,
    onCredit,
    saveAddress,
    credit: creditTerms(user) !== null,
    saved: addresses.isPending ? null : (addresses.data ?? []),
    busy,
    sandbox,
    sandboxOutcome,
    cancelled,
  };
}

const quoteTotal = (q: Quote) => Math.round(q.lines.reduce((sum, l) => sum + (l.price ?? 0) * 100 * l.quantity, 0)) / 100;

/**
 * Where a quote goes and how it ships: the checkout's shipping form (the saved addresses, the default chosen to
 * start with, or a new one) and the rates for the quote's total to the address's country; the total with shipping.
 */
function QuoteCheckout({
  quote,
  user,
  how,
  saved,
  busy,
  onCancel,
  onSubmit,
}: {
  quote: Quote;
  user: User;
  how: 'now' | 'credit';
  saved: SavedAddress[];
  busy: boolean;
  onCancel: () => void;
  onSubmit: (address: CheckoutShipping, save: boolean, shippingrate: string | undefined) => void;
}) {
  const start = saved.find((a) => a.isdefault) ?? saved[0];
  const initial: Partial<CheckoutValues> = start ?? { fullname: user.fullname, mobileno: user.mobileno };
  const [picked, setCountry] = useState<string | null>(null);
  const country = picked ?? (initial.country || HOME_COUNTRY);
  const shipping = useQuoteShippingChoice(country, quote._id);
  const total = Math.round((quoteTotal(quote) + (shipping.chosen?.amount ?? 0)) * 100) / 100;
  return (
    <div className="mt-3 space-y-3 border-t border-gray-200 pt-3" data-testid="quote-checkout">
      <ShippingChoice choice={shipping} busy={busy} />
      <ShippingForm
        initial={initial}
        saved={saved}
        busy={busy}
        blocked={shipping.loading || shipping.error !== null}
        totalToPay={formatRupees(total)}
        submitLabel={how === 'credit' ? 'Place order on credit' : undefined}
        onCountryChange={setCountry}
        onSubmit={(address, { save }) => onSubmit(address, save, shipping.chosen?._id)}
      />
      <button type="button" onClick={onCancel} disabled={busy} className="text-sm font-medium text-gray-700 underline">
        Cancel
      </button>
    </div>
  );
}

/** "Your quotes" on the account page: each request, its status, the prices quoted, and Accept and pay. */
export function QuotesCard({ user }: { user: User }) {
  const query = useQuery({ queryKey: QUOTES_KEY, queryFn: async () => (await wholesaleApi.myQuotes()).quotes, staleTime: 0 });
  const accept = useAcceptQuote(user);
  const [paying, setPaying] = useState<{ id: string; how: 'now' | 'credit' } | null>(null);
  const quotes = query.data ?? [];
  return (
    <section aria-labelledby="quotes-title" className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="quotes-title" className="mb-4 text-lg font-semibold text-gray-900">
        Your quotes
      </h2>
      {query.isError ? <p className="text-sm text-red-700">Your quotes could not be loaded.</p> : null}
      {query.isSuccess && quotes.length === 0 ? (
        <p className="text-sm text-gray-600">
          No quotes yet: ask for a price with “Request a quote” in your cart or on a product’s page.
        </p>
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
                      {quoteLineName(l)} × {l.quantity}
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
                {paying?.id === q._id && accept.saved ? (
                  <QuoteCheckout
                    quote={q}
                    user={user}
                    how={paying.how}
                    saved={accept.saved}
                    busy={accept.busy !== null}
                    onCancel={() => setPaying(null)}
                    onSubmit={(address, save, rate) => {
                      if (save) void accept.saveAddress(address);
                      if (paying.how === 'credit') void accept.onCredit(q, address, rate);
                      else void accept.pay(q, address, rate);
                    }}
                  />
                ) : (
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      onClick={() => setPaying({ id: q._id, how: 'now' })}
                      disabled={accept.busy !== null || accept.saved === null}
                      className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
                    >
                      Accept and pay
                    </button>
                    {accept.credit ? (
                      <button
                        type="button"
                        onClick={() => setPaying({ id: q._id, how: 'credit' })}
                        disabled={accept.busy !== null || accept.saved === null}
                        className="rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 disabled:opacity-60"
                      >
                        Order on credit
                      </button>
                    ) : null}
                  </div>
                )}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <SandboxPaymentDialog session={accept.sandbox} onOutcome={accept.sandboxOutcome} onCancel={accept.cancelled} />
    </section>
  );
}
