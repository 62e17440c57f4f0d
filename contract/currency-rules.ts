/**
 * The conversion rule between rupees and the currencies a buyer abroad pays in (docs/worldwide.md), with no schema
 * library: the storefront's header loads it on every page, so it stays small.
 */

/**
 * The currencies Razorpay accepts international payments in (its published list of supported currencies,
 * including the zero-decimal JPY and the three-decimal KWD, BHD and OMR it added). INR is the shop's own.
 */
export const RAZORPAY_CURRENCIES = [
  'AED',
  'ALL',
  'AMD',
  'ARS',
  'AUD',
  'AWG',
  'BBD',
  'BDT',
  'BHD',
  'BMD',
  'BND',
  'BOB',
  'BSD',
  'BWP',
  'BZD',
  'CAD',
  'CHF',
  'CNY',
  'COP',
  'CRC',
  'CUP',
  'CZK',
  'DKK',
  'DOP',
  'DZD',
  'EGP',
  'ETB',
  'EUR',
  'FJD',
  'GBP',
  'GHS',
  'GIP',
  'GMD',
  'GTQ',
  'GYD',
  'HKD',
  'HNL',
  'HTG',
  'HUF',
  'IDR',
  'ILS',
  'JMD',
  'JPY',
  'KES',
  'KGS',
  'KHR',
  'KWD',
  'KYD',
  'KZT',
  'LAK',
  'LKR',
  'LRD',
  'LSL',
  'MAD',
  'MDL',
  'MKD',
  'MMK',
  'MNT',
  'MOP',
  'MUR',
  'MVR',
  'MWK',
  'MXN',
  'MYR',
  'NAD',
  'NGN',
  'NIO',
  'NOK',
  'NPR',
  'NZD',
  'OMR',
  'PEN',
  'PGK',
  'PHP',
  'PKR',
  'QAR',
  'SAR',
  'SCR',
  'SEK',
  'SGD',
  'SOS',
  'SVC',
  'SZL',
  'THB',
  'TTD',
  'TZS',
  'USD',
  'UYU',
  'UZS',
  'YER',
  'ZAR',
] as const;
const SUPPORTED = new Set<string>(RAZORPAY_CURRENCIES);
export const isSupportedCurrency = (code: string) => code === 'INR' || SUPPORTED.has(code);

/** A rate older than this is never used to charge (the storefront stops showing it too). */
export const FX_RATE_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

/** Decimals of a currency's smallest unit, from ISO 4217 as the runtime's ICU data has it (JPY 0, USD 2, KWD 3). */
export function currencyDecimals(code: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * The step an amount in the smallest unit moves by: Razorpay takes three-decimal currencies with the last digit 0
 * (an amount of 12.345 KWD cannot be charged; 12.350 can).
 */
const unitStep = (decimals: number) => (decimals === 3 ? 10n : 1n);

/** A rate (units of the currency per rupee) as an exact fraction: its decimal digits over a power of ten. */
function rateFraction(rate: string): { num: bigint; den: bigint } {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!m) throw new Error(`not a rate: ${rate}`);
  const frac = m[2] ?? '';
  return { num: BigInt(`${m[1]}${frac}`), den: 10n ** BigInt(frac.length) };
}

/** A rate as the decimal string the shop keeps (at most 10 decimals, no exponent), or null when it is not above 0. */
export function rateText(rate: number): string | null {
  if (!Number.isFinite(rate) || rate <= 0) return null;
  const text = rate.toFixed(10).replace(/\.?0+$/, '');
  return /[1-9]/.test(text) ? text : null;
}

/**
 * Paise to the currency's smallest unit at `rate`, rounded to a unit the currency can be charged in: `up` when
 * charging (the shop never receives less than the rupee total), `down` when refunding (never more back than the
 * rupees refunded).
 */
export function convertPaise(paise: number, rate: string, code: string, round: 'up' | 'down'): number {
  const decimals = currencyDecimals(code);
  const { num, den } = rateFraction(rate);
  const step = unitStep(decimals);
  // paise / 100 rupees × rate units per rupee × 10^decimals smallest units per unit, in steps.
  const top = BigInt(paise) * num * 10n ** BigInt(decimals);
  const bottom = 100n * den * step;
  let steps = top / bottom;
  if (round === 'up' && top % bottom !== 0n) steps += 1n;
  return Number(steps * step);
}

/** An amount in a currency's smallest unit back in paise at `rate`, rounded down. */
export function minorToPaise(minor: number, rate: string, code: string): number {
  const { num, den } = rateFraction(rate);
  return Number((BigInt(minor) * 100n * den) / (num * 10n ** BigInt(currencyDecimals(code))));
}

/** An amount in a currency's smallest unit, in its major units (1234 US cents → 12.34). */
export const minorToMajor = (minor: number, code: string) => minor / 10 ** currencyDecimals(code);

/**
 * How a currency's amount is written: rupees in the Indian way, the rest with a symbol a buyer in India cannot take
 * for rupees or another dollar (`US$1,234.56`, `A$12.00`, `€12.00`, `KWD 1.250`).
 */
const localeOf = (code: string) => (code === 'INR' ? 'en-IN' : 'en-GB');
export function formatCurrency(major: number, code: string): string {
  return new Intl.NumberFormat(localeOf(code), { style: 'currency', currency: code }).format(major);
}

/** The currency's symbol as prices are written (`₹`, `US$`, `€`, `AED`). */
export function currencySymbol(code: string): string {
  const part = new Intl.NumberFormat(localeOf(code), { style: 'currency', currency: code })
    .formatToParts(0)
    .find((p) => p.type === 'currency');
  return part?.value ?? code;
}
