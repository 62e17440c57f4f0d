import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { User } from '../../api/auth';
import { ApiError } from '../../api/client';
import { creditApi } from '../../api/credit';
import type { BuyNowItem } from '../../api/orders';
import { SESSION_KEY } from '../../auth/session';
import { CART_KEY } from '../../cart/cartCount';
import { formatRupees } from '../../cart/format';
import { notify } from '../../ui/notify';
import type { CheckoutShipping } from './checkoutShipping';

export type HowToPay = 'now' | 'credit';
type Credit = NonNullable<NonNullable<NonNullable<User['business']>['credit']>>;

/** The credit terms of an approved business given credit days, or null: only they may buy on credit. */
export function creditTerms(user: User | null): Credit | null {
  const business = user?.business;
  if (business?.status !== 'approved' || !business.credit || business.credit.days <= 0) return null;
  return business.credit;
}

/** Rupees still available on credit: the limit less what is owed (never below 0). */
const creditAvailable = (credit: Credit) => Math.max(0, Math.round((credit.limit - credit.outstanding) * 100) / 100);

type Props = { credit: Credit; value: HowToPay; total: number; busy: boolean; onChange: (value: HowToPay) => void };

/** Pay now, or place the order on credit: the terms and what is still available are shown before it is chosen. */
export function CreditChoice({ credit, value, total, busy, onChange }: Props) {
  const available = creditAvailable(credit);
  const radio = 'mt-1 size-4 accent-brand-700';
  return (
    <fieldset className="mb-5 space-y-2" disabled={busy} data-testid="how-to-pay">
      <legend className="mb-2 text-lg font-semibold">How to pay</legend>
      <label className="flex cursor-pointer gap-3 rounded-md border border-gray-200 p-3 has-[:checked]:border-brand-700">
        <input type="radio" name="how-to-pay" className={radio} checked={value === 'now'} onChange={() => onChange('now')} />
        <span>
          <span className="font-medium">Pay now</span>
          <span className="block text-sm text-gray-600">Card, UPI, net banking or wallet through Razorpay</span>
        </span>
      </label>
      <label className="flex cursor-pointer gap-3 rounded-md border border-gray-200 p-3 has-[:checked]:border-brand-700">
        <input
          type="radio"
          name="how-to-pay"
          className={radio}
          checked={value === 'credit'}
          onChange={() => onChange('credit')}
        />
        <span>
          <span className="font-medium">Place order on credit</span>
          <span className="block text-sm text-gray-600" data-testid="credit-terms">
            Pay within {credit.days} days of the order. Available credit: {formatRupees(available)} of{' '}
            {formatRupees(credit.limit)}.
          </span>
          {credit.overdue ? (
            <span className="mt-1 block text-sm font-medium text-red-700" data-testid="credit-overdue">
              An order of yours is overdue: pay it from My Orders before buying on credit again.
            </span>
          ) : total > available ? (
            <span className="mt-1 block text-sm font-medium text-red-700" data-testid="credit-short">
              This order ({formatRupees(total)}) is more than the credit available.
            </span>
          ) : null}
        </span>
      </label>
    </fieldset>
  );
}

/**
 * Places the order on credit (POST /o1/api/credit-order): on success the cart, the orders and the credit owed are
 * asked again and the buyer lands on the order in My Orders; a refusal (past the limit, an order overdue, out of
 * stock) is kept as the server's sentence.
 */
export function useCreditOrder(buynow?: BuyNowItem, shippingrate?: string) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const active = useRef(false);
  const place = useCallback(
    async (shipping: CheckoutShipping) => {
      if (active.current) return;
      active.current = true;
      setPlacing(true);
      setError(null);
      try {
        const res = await creditApi.placeOrder(shipping, buynow, shippingrate);
        notify.success('Order placed on credit');
        navigate(`/my-orders?placed=${encodeURIComponent(res.order._id)}`);
        void qc.invalidateQueries({ queryKey: CART_KEY });
        void qc.invalidateQueries({ queryKey: ['orders'] });
        void qc.invalidateQueries({ queryKey: SESSION_KEY });
      } catch (err) {
        const reason = err instanceof ApiError && err.status !== 0 && err.status < 500 ? err.body?.message : undefined;
        setError(reason || 'The order could not be placed. Try again.');
        if (err instanceof ApiError && err.status === 409) void qc.invalidateQueries({ queryKey: CART_KEY });
      } finally {
        active.current = false;
        setPlacing(false);
      }
    },
    [buynow, shippingrate, navigate, qc],
  );
  return { place, placing, error };
}
