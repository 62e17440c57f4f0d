import type { FastifyInstance } from 'fastify';
import { MetalRatesBody } from '../../../contract/made-to-order.js';
import { setMetalRates } from './service.js';

const FETCH_TIMEOUT_MS = 10_000;

/**
 * Fetches the day's rates from `METAL_RATES_URL` — JSON in the shape the merchant's screen saves,
 * `{"rates": [{"metal": "gold-22k", "pergram": 6650.5}, …]}` — and stamps them now. An answer that cannot be
 * read, or a rate that is not a positive number, changes nothing (the rates already given keep their time, and
 * go stale after three days: "Price on request"). Returns how many rates were set.
 */
export async function refreshMetalRates(app: FastifyInstance): Promise<number> {
  const url = app.config.metalRatesUrl;
  if (!url) return 0;
  let body: unknown;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`answered ${res.status}`);
    body = await res.json();
  } catch (err) {
    app.log.warn({ err, url }, 'metal rates could not be fetched');
    return 0;
  }
  const parsed = MetalRatesBody.safeParse(body);
  if (!parsed.success) {
    app.log.warn({ url, issues: parsed.error.issues.slice(0, 5) }, 'metal rates answer refused');
    return 0;
  }
  await setMetalRates(app.db, parsed.data.rates, app.clock());
  return parsed.data.rates.length;
}
