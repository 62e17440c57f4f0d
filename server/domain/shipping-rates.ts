import { asc, eq, sql } from 'drizzle-orm';
import { countryName } from '../../contract/countries.js';
import { type DbOrTx, execRows } from '../db/client.js';
import { type ChargedShipping, shippingRates, shippingZones } from '../db/schema.js';
import { Conflict, InvalidInput } from './errors.js';

/**
 * The shipping rates of a country's zone priced for a subtotal, and the one charged: the one rule behind the
 * checkout, a credit order, the price check before payment and a product page's delivery promise.
 */

/** A rate priced for one cart: `amountPaise` is 0 once the subtotal reaches the rate's free-above amount. */
type QuotedRate = ChargedShipping & { rateId: string };

/**
 * The rates of the zone `country` is in, priced for a subtotal (lines at the prices paid, after the coupon): a rate
 * is free once the subtotal reaches its free-above amount (exactly at it counts). 409 when no zone has the country.
 */
export async function quoteRates(db: DbOrTx, country: string, subtotalPaise: number): Promise<QuotedRate[]> {
  return priceRates(await zoneRates(db, country), country, subtotalPaise);
}

/** The rates of the zone `country` is in, as the merchant set them (position, then name); none when no zone has it. */
async function zoneRates(db: DbOrTx, country: string) {
  return db
    .select({
      id: shippingRates.id,
      name: shippingRates.name,
      pricePaise: shippingRates.pricePaise,
      freeAbovePaise: shippingRates.freeAbovePaise,
      minDays: shippingRates.minDays,
      maxDays: shippingRates.maxDays,
    })
    .from(shippingZones)
    .innerJoin(shippingRates, eq(shippingRates.zoneId, shippingZones.id))
    .where(sql`${country} = any(${shippingZones.countries})`)
    .orderBy(asc(shippingRates.position), asc(shippingRates.name));
}
type ZoneRate = Awaited<ReturnType<typeof zoneRates>>[number];

/** A zone's rates priced for a subtotal (see quoteRates); 409 when there are none. */
function priceRates(rows: ZoneRate[], country: string, subtotalPaise: number): QuotedRate[] {
  if (rows.length === 0) throw new Conflict(`We do not ship to ${countryName(country)} yet`);
  return rows.map((r) => ({
    rateId: r.id,
    name: r.name,
    amountPaise: r.freeAbovePaise !== null && subtotalPaise >= r.freeAbovePaise ? 0 : r.pricePaise,
    mindays: r.minDays,
    maxdays: r.maxDays,
  }));
}

/**
 * Delivery in India of one piece at the price paid for it (a product page's promise): the rate a checkout of that
 * piece alone would charge when the shopper picks none, the cheapest of India's zone priced for that subtotal.
 * Null when India is in no zone.
 */
export async function homeDelivery(
  db: DbOrTx,
  pricePaise: number,
  /** India's zone rates as `zoneRates` reads them, when the caller keeps them (a product page, between changes). */
  indiaRates?: (load: () => Promise<ZoneRate[]>) => Promise<ZoneRate[]>,
): Promise<ChargedShipping | null> {
  const load = () => zoneRates(db, 'IN');
  const rows = await (indiaRates ? indiaRates(load) : load());
  if (rows.length === 0) return null;
  const { name, amountPaise, mindays, maxdays } = chooseRate(priceRates(rows, 'IN', pricePaise), 'IN', undefined);
  return { name, amountPaise, mindays, maxdays };
}

/** The rate the shopper chose (one of the country's zone: else 400), or the cheapest when none was named. */
export function chooseRate(quotes: QuotedRate[], country: string, rateId: string | undefined): QuotedRate {
  if (rateId) {
    const chosen = quotes.find((q) => q.rateId === rateId.toLowerCase());
    if (!chosen) throw new InvalidInput(`This shipping rate is not offered for ${countryName(country)}`);
    return chosen;
  }
  let best = quotes[0] as QuotedRate;
  for (const q of quotes) if (q.amountPaise < best.amountPaise) best = q;
  return best;
}

/**
 * Where shipping is free, by the zones and rates a checkout charges (the shop's header and home page promise it):
 * each zone's least subtotal from which one of its rates is free (0 when a rate costs nothing; none when no rate is
 * ever free). India's zone's; and, when every zone that ships (a country and a rate) has one, the highest of them,
 * from which an order anywhere ships free. Paise.
 */
export async function freeShipping(db: DbOrTx): Promise<{ indiaPaise: number | null; worldwidePaise: number | null }> {
  const { rows } = await execRows<{ india: boolean; free_from: string | number | null }>(
    db,
    sql`select 'IN' = any(z.countries) as india,
          min(case when r.price_paise = 0 then 0 else r.free_above_paise end) as free_from
        from ${shippingZones} z join ${shippingRates} r on r.zone_id = z.id
        where cardinality(z.countries) > 0
        group by z.id, z.countries`,
  );
  const from = (r: (typeof rows)[number]) => (r.free_from === null ? null : Number(r.free_from));
  const india = rows.find((r) => r.india);
  const all = rows.map(from);
  return {
    indiaPaise: india ? from(india) : null,
    worldwidePaise: all.length && all.every((n) => n !== null) ? Math.max(...(all as number[])) : null,
  };
}
