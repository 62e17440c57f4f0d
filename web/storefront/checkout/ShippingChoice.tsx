import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { shippingZoneRoutes } from '../../../contract/shipping-zones';
import { ApiError, routeCaller } from '../../api/client';
import type { BuyNowItem } from '../../api/orders';
import { formatRupees } from '../../cart/format';
import type { CartItem } from '../../cart/useCart';

const shipping = routeCaller<typeof shippingZoneRoutes>();
const NO_ANSWER = 'The shipping rates could not be loaded. Try again.';

type Rate = { _id: string; name: string; amount: number; mindays: number; maxdays: number };

/** "Free" or the price: what a rate costs this cart. */
export const shippingPrice = (amount: number) => (amount === 0 ? 'Free' : formatRupees(amount));

/**
 * The shipping rates for the address's country and this cart (after the coupon), asked again whenever the lines or
 * the coupon change (its key starts with 'cart'). The shopper's pick is kept while it is still offered; otherwise
 * the cheapest is shown as chosen, as the server charges it when none is named.
 */
export function useShippingChoice(
  country: string,
  lines: CartItem[],
  coupon: string | undefined,
  /** Buy Now's item: its rates are that item's alone, as its checkout is charged. */
  buyNow?: BuyNowItem,
) {
  const signature = lines.map((l) => `${l.cartItemId}:${l.quantity}:${l.productprice}`).join(',');
  return useRateChoice(
    ['cart', 'shipping-rates', country, coupon ?? null, signature, buyNow ?? null],
    { country, ...(coupon ? { coupon } : {}), ...(buyNow ? buyNowQuery(buyNow) : {}) },
    lines.length > 0,
  );
}

/** Buy Now's item as the rates' query asks for it. */
function buyNowQuery(item: BuyNowItem): Partial<RatesQuery> {
  return {
    product: item.productId,
    qty: item.quantity,
    ...(item.productsize ? { size: item.productsize } : {}),
    ...(item.productcolour ? { colour: item.productcolour } : {}),
    ...(item.setting
      ? {
          design: item.setting.designId,
          metal: item.setting.metal,
          ...(item.setting.size !== undefined ? { ringsize: Number(item.setting.size) } : {}),
        }
      : {}),
  };
}

/** The shipping rates for paying a quote: its quoted total to the address's country (a quote takes no coupon). */
export function useQuoteShippingChoice(country: string, quoteId: string) {
  return useRateChoice(['quotes', 'shipping-rates', country, quoteId], { country, quote: quoteId }, true);
}

type RatesQuery = {
  country: string;
  coupon?: string;
  quote?: string;
  product?: string;
  qty?: number;
  size?: string;
  colour?: string;
  design?: string;
  metal?: NonNullable<BuyNowItem['setting']>['metal'];
  ringsize?: number;
};

function useRateChoice(queryKey: readonly unknown[], asked: RatesQuery, enabled: boolean) {
  const [picked, setPicked] = useState<string | null>(null);
  const query = useQuery({
    queryKey,
    queryFn: async () => (await shipping('GET /o1/api/shipping-rates', { query: asked })).rates,
    enabled,
    retry: false,
  });
  const rates: Rate[] = query.data ?? [];
  const cheapest = rates.reduce<Rate | null>((best, r) => (best === null || r.amount < best.amount ? r : best), null);
  const chosen = rates.find((r) => r._id === picked) ?? cheapest;
  let error: string | null = null;
  if (query.status === 'error') {
    const err = query.error;
    error = err instanceof ApiError && err.status !== 0 && err.status < 500 ? err.body?.message || NO_ANSWER : NO_ANSWER;
  }
  return { rates, chosen, pick: setPicked, error, loading: query.isPending && enabled };
}
export type ShippingChoiceState = ReturnType<typeof useShippingChoice>;

/** The checkout's shipping step: each rate with its delivery days and price, one chosen. */
export function ShippingChoice({ choice, busy }: { choice: ShippingChoiceState; busy: boolean }) {
  const heading = useId();
  if (choice.error) {
    return (
      <p role="alert" className="mt-4 text-sm font-medium text-red-700" data-testid="shipping-error">
        {choice.error}
      </p>
    );
  }
  if (choice.rates.length === 0) return null;
  return (
    <fieldset className="mt-4" aria-labelledby={heading} data-testid="shipping-choice">
      <legend id={heading} className="text-sm font-semibold text-gray-900">
        Shipping method
      </legend>
      <div className="mt-2 space-y-2">
        {choice.rates.map((r) => (
          <label
            key={r._id}
            className="flex cursor-pointer items-center gap-3 rounded-md border border-gray-200 bg-white px-3 py-2 text-sm has-[:checked]:border-brand-600"
          >
            <input
              type="radio"
              name="shipping-rate"
              value={r._id}
              checked={choice.chosen?._id === r._id}
              disabled={busy}
              onChange={() => choice.pick(r._id)}
            />
            <span className="flex-1">
              <span className="font-medium text-gray-900">{r.name}</span>
              <span className="block text-gray-600">
                {r.mindays}–{r.maxdays} business days
              </span>
            </span>
            <span className={`tabular-nums font-medium ${r.amount === 0 ? 'text-green-800' : 'text-gray-900'}`}>
              {shippingPrice(r.amount)}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
