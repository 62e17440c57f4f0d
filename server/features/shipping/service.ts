import { asc, sql } from 'drizzle-orm';
import { paiseToRupees, rupeesToPaise } from '../../../contract/common.js';
import { countryName, isIsoCountry } from '../../../contract/countries.js';
import type { Metal } from '../../../contract/made-to-order.js';
import type { ShippingZone, ShippingZonesInput } from '../../../contract/shipping-zones.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { shippingRates, shippingZones } from '../../db/schema.js';
import type { BuyNowPaise } from '../../domain/buy-now.js';
import { InvalidInput } from '../../domain/errors.js';
import { chooseRate, quoteRates } from '../../domain/shipping-rates.js';
import { applyCoupon, cartSubtotalPaise } from '../promotions/service.js';
import { quotedTotalPaise } from '../wholesale/quotes.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /a1/api/shipping/zones: every zone with its rates, in the merchant's order. */
export async function listZones(db: DbOrTx): Promise<ShippingZone[]> {
  const zones = await db.select().from(shippingZones).orderBy(asc(shippingZones.position), asc(shippingZones.name));
  const rates = await db.select().from(shippingRates).orderBy(asc(shippingRates.position), asc(shippingRates.name));
  return zones.map((z) => ({
    _id: z.id,
    name: z.name,
    countries: z.countries,
    rates: rates
      .filter((r) => r.zoneId === z.id)
      .map((r) => ({
        _id: r.id,
        name: r.name,
        price: paiseToRupees(r.pricePaise),
        freeabove: r.freeAbovePaise === null ? null : paiseToRupees(r.freeAbovePaise),
        mindays: r.minDays,
        maxdays: r.maxDays,
      })),
  }));
}

/** The rules a set of zones must keep: ISO codes only, no country in two zones, no rate faster at most than at least. */
function checkZones(input: ShippingZonesInput) {
  const zoneOf = new Map<string, string>();
  for (const zone of input.zones) {
    for (const code of zone.countries) {
      if (!isIsoCountry(code)) throw new InvalidInput(`"${code}" is not an ISO country code`);
      const other = zoneOf.get(code);
      if (other !== undefined) {
        throw new InvalidInput(
          other === zone.name
            ? `${countryName(code)} is listed twice in ${zone.name}`
            : `${countryName(code)} is in two zones: ${other} and ${zone.name}`,
        );
      }
      zoneOf.set(code, zone.name);
    }
    for (const rate of zone.rates) {
      if (rate.mindays > rate.maxdays) {
        throw new InvalidInput(`${zone.name}, ${rate.name}: the fewest delivery days cannot be more than the most`);
      }
    }
  }
}

/**
 * PUT /a1/api/admin/shipping/zones: replaces the whole set in one transaction (two saves at once are taken one
 * after the other). A zone or rate sent with the _id it has keeps it; anything else is new.
 */
export async function replaceZones(db: Db, input: ShippingZonesInput) {
  checkZones(input);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shipping-zones'))`);
    const zoneIds = new Set((await tx.select({ id: shippingZones.id }).from(shippingZones)).map((r) => r.id));
    const rateIds = new Set((await tx.select({ id: shippingRates.id }).from(shippingRates)).map((r) => r.id));
    const keep = (id: string | undefined, known: Set<string>) =>
      id && UUID_RE.test(id) && known.has(id.toLowerCase()) ? id.toLowerCase() : undefined;
    await tx.delete(shippingRates);
    await tx.delete(shippingZones);
    for (const [position, zone] of input.zones.entries()) {
      const [row] = await tx
        .insert(shippingZones)
        .values({ id: keep(zone._id, zoneIds), name: zone.name, countries: [...zone.countries].sort(), position })
        .returning({ id: shippingZones.id });
      if (!row) throw new Error('zone insert returned nothing');
      if (zone.rates.length === 0) continue;
      await tx.insert(shippingRates).values(
        zone.rates.map((r, i) => ({
          id: keep(r._id, rateIds),
          zoneId: row.id,
          name: r.name,
          pricePaise: rupeesToPaise(r.price),
          freeAbovePaise: r.freeabove === null ? null : rupeesToPaise(r.freeabove),
          minDays: r.mindays,
          maxDays: r.maxdays,
          position: i,
        })),
      );
    }
  });
  return listZones(db);
}

// The rule itself lies below the features, where a product page's delivery promise reads it too.
export { chooseRate, quoteRates };

/**
 * GET /o1/api/shipping-rates: the rates for the shopper's current cart (after the coupon given) to `country`, or for
 * one of their priced quotes (its quoted total; a quote takes no coupon).
 */
export async function ratesForCart(
  db: DbOrTx,
  userId: string,
  q: {
    country: string;
    coupon?: string | undefined;
    buy?: string | undefined;
    qty?: number | undefined;
    quote?: string | undefined;
    product?: string | undefined;
    size?: string | undefined;
    colour?: string | undefined;
    design?: string | undefined;
    metal?: Metal | undefined;
    ringsize?: number | undefined;
  },
  at: Date,
  /** What Buy Now's item straight from the product page comes to (`app.buyNowPaise`), for `product`. */
  buyNowPaise: BuyNowPaise,
) {
  // Buy Now buys one line (of the cart, or straight from the product page): its rates are those of that line alone,
  // as its checkout is charged.
  const items = q.buy ? [{ cartItemId: q.buy, quantity: q.qty ?? 1 }] : undefined;
  const buynow = q.product
    ? {
        productId: q.product,
        quantity: q.qty ?? 1,
        productsize: q.size,
        productcolour: q.colour,
        setting: q.design && q.metal ? { designId: q.design, metal: q.metal, size: q.ringsize } : undefined,
      }
    : undefined;
  const subtotalPaise = q.quote
    ? await quotedTotalPaise(db, userId, q.quote, at)
    : buynow
      ? await buyNowPaise(db, userId, buynow, at)
      : await cartSubtotalPaise(db, userId, at, items);
  const coupon = q.coupon && !q.quote ? await applyCoupon(db, { code: q.coupon, userId, subtotalPaise, at }) : null;
  const quotes = await quoteRates(db, q.country, subtotalPaise - (coupon?.discountPaise ?? 0));
  return quotes.map((r) => ({
    _id: r.rateId,
    name: r.name,
    amount: paiseToRupees(r.amountPaise),
    mindays: r.mindays,
    maxdays: r.maxdays,
  }));
}
