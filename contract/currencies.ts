import { z } from 'zod';
import { isSupportedCurrency, RAZORPAY_CURRENCIES, rateText } from './currency-rules.js';
import { routeTable } from './route.js';

/**
 * Currencies (docs/worldwide.md): the shop's prices are in rupees; a buyer abroad may see them converted and pay in
 * an enabled currency. This module is the one conversion rule, used by the server to charge and refund and by the
 * browser to show approximate prices — so what a shopper is shown is what the server would charge.
 */

export {
  convertPaise,
  currencyDecimals,
  currencySymbol,
  FX_RATE_MAX_AGE_MS,
  isSupportedCurrency,
  minorToMajor,
  minorToPaise,
  rateText,
} from './currency-rules.js';

const Currency = z.object({
  code: z.string(),
  /** Units of the currency per rupee. */
  rate: z.number(),
  decimals: z.number().int(),
  symbol: z.string(),
  /** When this rate was set. */
  updatedAt: z.string(),
});

/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const CurrenciesResponse = z.object({
  success: z.boolean(),
  base: z.literal('INR'),
  currencies: z.array(Currency),
  /** When the newest rate was set. */
  updatedAt: z.string(),
});

const CurrencyRefresh = z.object({
  /** Whether FX_RATES_URL is set: the rates are then refreshed daily. */
  enabled: z.boolean(),
  lastAttemptAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  /** Why the last refresh failed; null when it succeeded (or none was tried). */
  lastError: z.string().nullable(),
});
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const AdminCurrenciesResponse = CurrenciesResponse.extend({ refresh: CurrencyRefresh });

const code = z
  .string({ message: 'Choose a currency' })
  .trim()
  .toUpperCase()
  .refine((c) => isSupportedCurrency(c) && c !== 'INR', { message: 'Choose a currency Razorpay accepts' });
const CurrenciesBody = z.object({
  currencies: z
    .array(
      z.object({
        code,
        rate: z
          .number({ message: 'Enter the rate as a number' })
          .refine((r) => rateText(r) !== null, { message: 'A rate must be more than 0' }),
      }),
    )
    .max(RAZORPAY_CURRENCIES.length)
    .refine((list) => new Set(list.map((c) => c.code)).size === list.length, { message: 'A currency is listed twice' }),
});
export type CurrenciesInput = z.output<typeof CurrenciesBody>;

/** A currency to pay in, as the checkout routes take it. */
export const PayCurrency = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { message: 'Choose a currency' });

export const currencyRoutes = routeTable('Currencies', {
  'GET /a1/api/currencies': {
    guard: 'public',
    summary: 'The enabled currencies and their rates (units of the currency per rupee); INR first with rate 1',
    responses: { 200: CurrenciesResponse },
  },
  'GET /a1/api/admin/currencies': {
    guard: 'admin',
    summary: 'The enabled currencies with the state of the daily refresh from FX_RATES_URL',
    responses: { 200: AdminCurrenciesResponse },
  },
  'PUT /a1/api/admin/currencies': {
    guard: 'admin',
    summary: 'Replace the enabled foreign currencies and their rates (INR is always there and is not sent)',
    description: '400, nothing changed, for a code Razorpay does not accept, a currency listed twice or a rate not above 0.',
    body: CurrenciesBody,
    responses: { 200: AdminCurrenciesResponse },
    errors: [400, 415],
  },
});
