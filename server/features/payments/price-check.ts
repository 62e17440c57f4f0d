import { asc, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { type CheckoutLine, type checkouts, products } from '../../db/schema.js';
import { Conflict } from '../../domain/errors.js';
import { saleJoin } from '../../domain/sale-price.js';
import { quoteRates } from '../shipping/service.js';
import { buyerPricing } from '../wholesale/trade-price.js';
import { shippingCountry } from './checkout.js';

export const PRICE_CHANGED_NOTE =
  'Paid after its checkout ran out, when a price had changed since: not sold at the old price; the payment is refunded in full.';

export const TOO_OLD_NOTE =
  'Paid too long after its checkout started: not placed at that checkout’s prices; the payment is refunded in full.';

/**
 * Whether a checkout's prices still hold at `at`: every product it bought is still for sale at the list
 * price it had and at the price the shopper paid, with the sale that runs now (a sale that ended, or a
 * list price that moved, means the shop would charge something else). A payment for a checkout whose hold
 * ran out (or that was replaced) is placed only then; otherwise it is recorded, flagged and refunded like
 * one whose stock is gone (the order's timeline notes the price). A pending checkout's prices were fixed
 * when its stock was held.
 */
export async function pricesStillHold(tx: Tx, lines: CheckoutLine[], at: Date, userId: string | null) {
  const ids = [...new Set(lines.map((l) => l.productId))];
  if (ids.length === 0) return true;
  const rows = await tx
    .select({ id: products.id, pricePaise: products.pricePaise, isActive: products.isActive })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id)) // locked in id order, as takeStock does: no deadlocks
    .for('update');
  const priced = await tx
    .select({ id: products.id, salePercent: sql<number | null>`"sale"."percentoff"`, categoryId: products.categoryId })
    .from(products)
    .leftJoin(saleJoin(at), sql`true`)
    .where(inArray(products.id, ids));
  const listNow = new Map(rows.map((r) => [r.id, r]));
  const pricing = await buyerPricing(tx, userId ?? undefined);
  const saleNow = new Map(priced.map((r) => [r.id, r]));
  return lines.every((l) => {
    // a piece was priced at that checkout's metal rate: a late payment is not placed at a rate that may have moved
    if (l.setting) return false;
    const p = listNow.get(l.productId);
    // a product gone or off sale is a stock question (takeStock refuses it), not a price one
    if (p === undefined || !p.isActive) return true;
    // a line bought in a sale keeps its list price beside the sale price it paid
    const sale = saleNow.get(l.productId);
    const payNow = pricing.unitPaise({
      listPaise: p.pricePaise,
      salePercent: sale?.salePercent ?? null,
      categoryId: sale?.categoryId ?? null,
      quantity: l.quantity,
    });
    return p.pricePaise === (l.listPricePaise ?? l.pricePaise) && payNow === l.pricePaise;
  });
}

/**
 * Whether the shipping a checkout charged is still what the shop would charge now for its country and subtotal: the
 * same rate (by name) at the same amount. A rate raised, withdrawn, or a country no longer shipped to means a late
 * payment is not placed at the old shipping (recorded, flagged and refunded like a changed price). A checkout from
 * before shipping was charged has none to check.
 */
export async function shippingStillHolds(tx: Tx, checkout: typeof checkouts.$inferSelect) {
  if (!checkout.shipping || checkout.paysOrderId) return true;
  const country = shippingCountry(checkout.shippinginfo ?? undefined);
  try {
    const quotes = await quoteRates(tx, country, checkout.amountPaise - checkout.shippingPaise);
    const same = quotes.find((q) => q.name === checkout.shipping?.name);
    return same !== undefined && same.amountPaise === checkout.shippingPaise;
  } catch (err) {
    if (err instanceof Conflict) return false; // the country is in no zone now
    throw err;
  }
}

/** Whether a checkout started at `createdAt` is too old at `at` for its payment to be placed. */
export const checkoutTooOld = (createdAt: Date, at: Date, maxMinutes: number) =>
  at.getTime() - createdAt.getTime() > maxMinutes * 60_000;
