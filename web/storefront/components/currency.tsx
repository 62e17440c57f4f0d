import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { convertPaise, FX_RATE_MAX_AGE_MS, formatCurrency, minorToMajor, rateText } from '../../../contract/currency-rules';
import { type CurrencyRate, currencyApi } from '../../api/currencies';

/**
 * The currency a shopper sees prices in (docs/worldwide.md): picked in the header, remembered in this browser, INR by
 * default. Prices are converted here from GET /a1/api/currencies, so the catalogue's answers stay the same for
 * everyone (and cached); a converted price is shown as approximate beside the rupee price, by the same rule the
 * server charges with.
 */
const STORAGE_KEY = 'shop.currency';
const listeners = new Set<() => void>();

function stored(): string {
  try {
    return window.localStorage.getItem(STORAGE_KEY) || 'INR';
  } catch {
    return 'INR';
  }
}

/** Remembers the shopper's currency and tells every price on the page. */
function pickCurrency(code: string) {
  try {
    window.localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // private mode: the choice lasts until the page is left
  }
  for (const l of listeners) l();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
};

/** The enabled currencies, INR first (a rate older than 7 days is left out: it would not be charged). */
export function useCurrencies(): CurrencyRate[] {
  const query = useQuery({
    queryKey: ['currencies'],
    queryFn: async () => (await currencyApi.list()).currencies,
    staleTime: 5 * 60_000,
  });
  const now = Date.now();
  return (query.data ?? []).filter((c) => c.code === 'INR' || now - new Date(c.updatedAt).getTime() <= FX_RATE_MAX_AGE_MS);
}

/** The picked code (INR on the server's render and until the page runs, so both render alike). */
export function usePickedCode(): string {
  return useSyncExternalStore(subscribe, stored, () => 'INR');
}

/** The picked currency when it is enabled and not INR, else null. */
function useShownCurrency(): CurrencyRate | null {
  const code = usePickedCode();
  const list = useCurrencies();
  if (code === 'INR') return null;
  return list.find((c) => c.code === code) ?? null;
}

/** Rupees in another currency, as the server would charge them (rounded up to the currency's unit). */
export function convertRupees(rupees: number, currency: CurrencyRate): number {
  const rate = rateText(currency.rate);
  if (!rate) return 0;
  return minorToMajor(convertPaise(Math.round(rupees * 100), rate, currency.code, 'up'), currency.code);
}

/** `≈ US$1,234.56` beside a rupee price, for a shopper who picked another currency; nothing otherwise. */
export function Approx({ rupees, className = '' }: { rupees: number; className?: string }) {
  const currency = useShownCurrency();
  if (!currency) return null;
  return (
    <span className={`text-sm font-normal text-gray-600 ${className}`} data-testid="approx-price">
      ≈ {formatCurrency(convertRupees(rupees, currency), currency.code)}
    </span>
  );
}

/** The header's currency picker: the enabled currencies by code, the choice remembered. */
export function CurrencyPicker({ className = '' }: { className?: string }) {
  const code = usePickedCode();
  const list = useCurrencies();
  const codes = list.length ? list.map((c) => c.code) : ['INR'];
  if (!codes.includes(code)) codes.push(code);
  return (
    <select
      aria-label="Currency"
      className={`rounded bg-transparent text-xs text-white focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none ${className}`}
      value={code}
      onChange={(e) => pickCurrency(e.target.value)}
      data-testid="currency-picker"
    >
      {codes.map((c) => (
        <option key={c} value={c} className="text-gray-900">
          {c}
        </option>
      ))}
    </select>
  );
}
