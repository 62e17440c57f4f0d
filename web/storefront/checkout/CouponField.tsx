import { useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../api/client';
import type { BuyNowItem } from '../../api/orders';
import { formatRupees } from '../../cart/format';
import type { CartItem } from '../../cart/useCart';
import { checkoutApi } from './checkoutApi';

const NO_ANSWER = 'The coupon could not be checked. Try again.';
const EMPTY = 'Enter a coupon code';

/**
 * A coupon for this checkout, checked live on the server: when applied and again whenever the lines change (its
 * query key starts with 'cart', so every cart refresh checks it again). Only a code the server accepted is sent
 * with the payment order, which works the discount out once more.
 */
export function useCoupon(buynow: BuyNowItem | undefined, lines: CartItem[]) {
  const [code, setCode] = useState<string | null>(null);
  const signature = lines.map((l) => `${l.cartItemId}:${l.quantity}:${l.productprice}`).join(',');
  const query = useQuery({
    queryKey: ['cart', 'coupon', code, buynow ?? null, signature],
    queryFn: () => checkoutApi.checkCoupon(code as string, buynow),
    enabled: code !== null && lines.length > 0,
    retry: false,
    refetchOnWindowFocus: true,
  });
  const applied = code !== null && query.status === 'success' ? query.data : null;
  let error: string | null = null;
  if (code !== null && query.status === 'error') {
    const err = query.error;
    error = err instanceof ApiError && err.status !== 0 && err.status < 500 ? err.body?.message || NO_ANSWER : NO_ANSWER;
  }
  return {
    code,
    apply: (value: string) => setCode(value.trim().toUpperCase()),
    remove: () => setCode(null),
    /** The server's answer for the code applied: its discount and the total after it. */
    applied,
    error,
    checking: code !== null && query.isFetching,
  };
}
export type CouponState = ReturnType<typeof useCoupon>;

/** "Have a coupon?": a code field checked against the server, its message beside it, or the applied code. */
export function CouponField({ coupon, busy }: { coupon: CouponState; busy: boolean }) {
  const [open, setOpen] = useState(coupon.code !== null);
  const [text, setText] = useState(coupon.code ?? '');
  const [empty, setEmpty] = useState(false);
  const id = useId();
  const message = empty ? EMPTY : coupon.error;

  if (coupon.applied) {
    return (
      <div className="mt-4 flex items-center justify-between gap-3 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm">
        <p className="text-green-900" data-testid="coupon-applied">
          Coupon <span className="font-semibold">{coupon.applied.coupon.code}</span> applied: you save{' '}
          {formatRupees(coupon.applied.coupon.discountamount)}
        </p>
        <button
          type="button"
          disabled={busy}
          onClick={() => {
            coupon.remove();
            setText('');
          }}
          className="shrink-0 font-medium text-brand-700 underline disabled:opacity-60"
        >
          Remove
        </button>
      </div>
    );
  }

  if (!open) {
    return (
      <button
        type="button"
        aria-expanded={false}
        onClick={() => setOpen(true)}
        className="mt-4 text-sm font-medium text-brand-700 underline"
      >
        Have a coupon?
      </button>
    );
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!text.trim()) {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    coupon.apply(text);
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Coupon" className="mt-4">
      <label htmlFor={`${id}-code`} className="mb-1 block text-sm font-medium text-gray-800">
        Coupon code
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-code`}
          name="coupon"
          type="text"
          value={text}
          maxLength={40}
          disabled={busy}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(e) => {
            setText(e.target.value.toUpperCase());
            setEmpty(false);
            if (coupon.error) coupon.remove();
          }}
          className={`min-w-0 flex-1 rounded-md border px-3 py-2 text-base uppercase focus:outline-none focus:ring-2 focus:ring-brand-100 ${
            message ? 'border-red-500' : 'border-gray-300 focus:border-brand-500'
          }`}
        />
        <button
          type="submit"
          disabled={busy || coupon.checking}
          className="flex items-center gap-1 rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
        >
          {coupon.checking ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
          Apply
        </button>
      </div>
      <p id={`${id}-error`} aria-live="polite" className="mt-1 text-sm text-red-700" data-testid="coupon-error">
        {message}
      </p>
    </form>
  );
}
