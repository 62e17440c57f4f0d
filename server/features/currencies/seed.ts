import type { DbOrTx } from '../../db/client.js';
import { currencies } from '../../db/schema.js';

/**
 * The demo shop's currencies (docs/worldwide.md): the ones its buyers abroad use most, at rates near late 2026's
 * (units per rupee). A shop with FX_RATES_URL set refreshes them daily; otherwise they go stale after 7 days and are
 * then no longer charged at, until the merchant updates them on the Currencies screen.
 */
const DEMO_RATES: Record<string, string> = {
  USD: '0.0118',
  EUR: '0.0109',
  GBP: '0.0093',
  AED: '0.0433',
  AUD: '0.0181',
  CAD: '0.0165',
  SGD: '0.0154',
};

export async function seedDemoCurrencies(db: DbOrTx) {
  await db
    .insert(currencies)
    .values(Object.entries(DEMO_RATES).map(([code, rate]) => ({ code, rate })))
    .onConflictDoNothing();
}
