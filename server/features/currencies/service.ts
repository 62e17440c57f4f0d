import { asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  type CurrenciesInput,
  convertPaise,
  currencyDecimals,
  currencySymbol,
  FX_RATE_MAX_AGE_MS,
  isSupportedCurrency,
  rateText,
} from '../../../contract/currencies.js';
import type { Db, Tx } from '../../db/client.js';
import { currencies, currencyRefresh } from '../../db/schema.js';
import { Conflict, InvalidInput } from '../../domain/errors.js';

/** The enabled currencies as the public route gives them: INR first with rate 1, then the rest by code. */
export async function listCurrencies(db: Db | Tx) {
  const rows = await db.select().from(currencies).orderBy(asc(currencies.code));
  const newest = rows.reduce<Date | null>((at, r) => (!at || r.updatedAt > at ? r.updatedAt : at), null);
  return {
    base: 'INR' as const,
    currencies: [
      { code: 'INR', rate: 1, decimals: 2, symbol: '₹', updatedAt: (newest ?? new Date(0)).toISOString() },
      ...rows.map((r) => ({
        code: r.code,
        rate: Number(r.rate),
        decimals: currencyDecimals(r.code),
        symbol: currencySymbol(r.code),
        updatedAt: r.updatedAt.toISOString(),
      })),
    ],
    updatedAt: (newest ?? new Date(0)).toISOString(),
  };
}

/** The daily refresh's state, for the merchant's screen. */
export async function refreshState(db: Db, enabled: boolean) {
  const [row] = await db.select().from(currencyRefresh).where(eq(currencyRefresh.id, 1));
  return {
    enabled,
    lastAttemptAt: row?.lastAttemptAt?.toISOString() ?? null,
    lastSuccessAt: row?.lastSuccessAt?.toISOString() ?? null,
    lastError: row?.lastError ?? null,
  };
}

/** Replaces the enabled foreign currencies (INR is always there); every rate sent is stamped `at`. */
export async function replaceCurrencies(db: Db, input: CurrenciesInput, at: Date) {
  await db.transaction(async (tx) => {
    const codes = input.currencies.map((c) => c.code);
    if (codes.length === 0) await tx.delete(currencies);
    else await tx.delete(currencies).where(notInArray(currencies.code, codes));
    for (const c of input.currencies) {
      const rate = rateText(c.rate) as string; // the body's schema refused a rate that is not above 0
      await tx
        .insert(currencies)
        .values({ code: c.code, rate, updatedAt: at })
        .onConflictDoUpdate({ target: currencies.code, set: { rate, updatedAt: at } });
    }
  });
}

/** What a checkout charges in a currency: the amount in its smallest unit and the rate used (null for rupees). */
type Charge = { currency: string; currencyAmount: number | null; fxRate: string | null };

/**
 * The one place a rupee amount becomes an amount to charge in another currency: INR unless one is asked for; a
 * currency only for an address abroad, only when it is enabled, and only at a rate at most 7 days old; the rupee
 * total × rate rounded up to a unit the currency can be charged in.
 */
export async function chargeIn(
  tx: Db | Tx,
  wanted: string | undefined,
  country: string,
  amountPaise: number,
  at: Date,
): Promise<Charge> {
  const code = (wanted || 'INR').toUpperCase();
  if (code === 'INR') return { currency: 'INR', currencyAmount: null, fxRate: null };
  const field = (message: string) => new InvalidInput(message, [{ path: 'currency', message }]);
  if (country === 'IN') throw field('An order shipped within India is paid in rupees');
  if (!isSupportedCurrency(code)) throw field(`${code} is not a currency the shop accepts`);
  const [row] = await tx.select().from(currencies).where(eq(currencies.code, code));
  if (!row) throw field(`Payment in ${code} is not available. Choose another currency.`);
  if (at.getTime() - row.updatedAt.getTime() > FX_RATE_MAX_AGE_MS) {
    throw new Conflict(`Payment in ${code} is not available right now. Please pay in rupees or another currency.`);
  }
  return { currency: code, currencyAmount: convertPaise(amountPaise, row.rate, code, 'up'), fxRate: row.rate };
}

/** What a checkout asks the payment provider for: the rupee amount, or its amount in the currency charged. */
export const chargedAmount = (c: { amountPaise: number; currency: string; currencyAmount: number | null }) =>
  c.currency === 'INR' || c.currencyAmount === null ? c.amountPaise : c.currencyAmount;

const FETCH_TIMEOUT_MS = 10_000;
const FeedBody = z.object({
  base: z.literal('INR'),
  date: z.string().optional(),
  rates: z.record(z.string(), z.number()),
});

async function recordAttempt(db: Db, at: Date, error: string | null) {
  const values = { lastAttemptAt: at, lastError: error, ...(error ? {} : { lastSuccessAt: at }) };
  await db
    .insert(currencyRefresh)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: currencyRefresh.id, set: values });
}

/**
 * Fetches the rates from `FX_RATES_URL` — `{"base": "INR", "date": …, "rates": {"USD": 0.0118, …}}`, units of each
 * currency per rupee — and updates the enabled currencies it names (a currency is enabled only by the merchant). A
 * failed fetch, an answer that cannot be read or a rate not above 0 changes no rate: the old ones stay (and go
 * stale after 7 days), and the error is kept for the merchant's screen and logged. Returns how many rates were set.
 */
export async function refreshFxRates(app: FastifyInstance): Promise<number> {
  const url = app.config.fxRatesUrl;
  if (!url) return 0;
  const at = app.clock();
  let body: unknown;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`the rates source answered ${res.status}`);
    body = await res.json();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    app.log.warn({ err, url }, 'currency rates could not be fetched; the old rates are kept');
    await recordAttempt(app.db, at, `The rates could not be fetched: ${message}`);
    return 0;
  }
  const parsed = FeedBody.safeParse(body);
  const bad = parsed.success ? Object.entries(parsed.data.rates).find(([, r]) => rateText(r) === null) : undefined;
  if (!parsed.success || bad) {
    const why = bad ? `the rate of ${bad[0]} is not above 0` : 'it is not {"base": "INR", "rates": {...}}';
    app.log.warn({ url, why }, 'currency rates answer refused; the old rates are kept');
    await recordAttempt(app.db, at, `The rates source's answer was refused: ${why}`);
    return 0;
  }
  const rates = new Map(Object.entries(parsed.data.rates).map(([code, r]) => [code.toUpperCase(), rateText(r) as string]));
  const enabled = await app.db
    .select({ code: currencies.code })
    .from(currencies)
    .where(inArray(currencies.code, [...rates.keys()]));
  for (const { code } of enabled) {
    await app.db
      .update(currencies)
      .set({ rate: sql`${rates.get(code)}::numeric`, updatedAt: at })
      .where(eq(currencies.code, code));
  }
  const missing = (await app.db.select({ code: currencies.code }).from(currencies))
    .map((r) => r.code)
    .filter((c) => !rates.has(c));
  await recordAttempt(app.db, at, missing.length ? `The rates source gave no rate for ${missing.join(', ')}` : null);
  return enabled.length;
}
