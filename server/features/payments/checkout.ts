import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { paiseToRupees } from '../../../contract/common.js';
import { minorToMajor } from '../../../contract/currencies.js';
import type { Metal } from '../../../contract/made-to-order.js';
import { formatPaise } from '../../../contract/money.js';
import type { ShippingInfo } from '../../../contract/orders.js';
import type { Db, Tx } from '../../db/client.js';
import { type CheckoutLine, cartItems, checkouts, products, stockHolds, users } from '../../db/schema.js';
import type { BuyNowInput } from '../../domain/buy-now.js';
import { Conflict, DomainError } from '../../domain/errors.js';
import type { PaymentContext } from '../../domain/payment-context.js';
import { GatewayUnavailableError, type PaymentProvider } from '../../domain/payment-provider.js';
import { saleJoin } from '../../domain/sale-price.js';
import { chargedAmount, chargeIn } from '../currencies/service.js';
import { quotePiece } from '../made-to-order/service.js';
import { type AppliedCoupon, applyCoupon } from '../promotions/service.js';
import { chooseRate, quoteRates } from '../shipping/service.js';
import { quoteSnapshot } from '../wholesale/quotes.js';
import { checkTradeMinimum } from '../wholesale/trade-order.js';
import { buyerPricing } from '../wholesale/trade-price.js';
import { buyNowLine, buyNowStockMessage } from './buy-now.js';
import { beginHold, checkAccountCaps, checkAddressHolds } from './hold-limits.js';
import { releaseCheckout, takeStock, unitsByProduct } from './holds.js';

type CheckoutRow = typeof checkouts.$inferSelect;
type StartedCheckout = { checkout: CheckoutRow; providerOrderId: string; reused: boolean };

/** Razorpay's smallest order: ₹1.00. */
const MIN_AMOUNT_PAISE = 100;
/** A pending checkout is given again (not replaced) when its hold has at least this long left. */
const REUSE_MIN_LEFT_MS = 2 * 60_000;
/**
 * An identical checkout whose payment order is still being made (by a request a moment earlier: a double click, or
 * the same cart from two tabs) is waited for this long rather than replaced, which would leave the first request
 * answering 409. Longer than the gateway client's attempts; a checkout older than this without an order is replaced.
 */
export const IN_FLIGHT_MS = 30_000;
const IN_FLIGHT_POLL_MS = 25;

const sameLines = (a: CheckoutLine[], b: CheckoutLine[]) => {
  const key = (l: CheckoutLine[]) =>
    JSON.stringify(
      l
        .map((x) => [
          x.productId,
          x.size,
          x.colour,
          x.quantity,
          x.pricePaise,
          x.piece ?? '',
          x.setting ? `${x.setting.designId}/${x.setting.metal}/${x.setting.size ?? ''}` : '',
        ])
        .sort((p, q) => (String(p) < String(q) ? -1 : 1)),
    );
  return key(a) === key(b);
};

const rupees = (paise: number) => formatPaise(paise, 2);

/** The shipping address's country (ISO code); India when the address names none. */
export const shippingCountry = (shippinginfo: ShippingInfo | undefined) =>
  ((shippinginfo as { country?: string } | undefined)?.country || 'IN').toUpperCase();

/**
 * Buy Now: only the chosen cart lines, each at most its quantity in the cart. A line that is not the shopper's
 * (gone, or someone else's id) is a 409: the page shows the cart as it is now.
 */
function chosenLines<L extends { cartItemId: string; quantity: number }>(
  lines: L[],
  items: { cartItemId: string; quantity: number }[],
): L[] {
  const wanted = new Map<string, number>();
  for (const i of items) wanted.set(i.cartItemId, (wanted.get(i.cartItemId) ?? 0) + i.quantity);
  for (const id of wanted.keys()) {
    if (!lines.some((l) => l.cartItemId === id)) throw new Conflict('An item you chose is no longer in your cart');
  }
  return lines
    .filter((l) => wanted.has(l.cartItemId))
    .map((l) => ({ ...l, quantity: Math.min(l.quantity, wanted.get(l.cartItemId) ?? 0) }));
}

/**
 * The shopper's cart (or the lines chosen for Buy Now) at the prices the shop charges now, as a checkout's lines:
 * the one place a cart becomes lines to pay for (card checkout and credit orders). A line no longer sold, an
 * empty cart or a total under ₹1.00 is a 409.
 */
export async function cartSnapshot(
  tx: Tx,
  userId: string,
  at: Date,
  items?: { cartItemId: string; quantity: number }[],
): Promise<{ snapshot: CheckoutLine[]; linesPaise: number }> {
  const cartLines = await tx
    .select({
      cartItemId: cartItems.id,
      productId: cartItems.productId,
      snapshotName: cartItems.productname,
      size: cartItems.size,
      colour: cartItems.colour,
      quantity: cartItems.quantity,
      setting: cartItems.setting,
      piece: cartItems.piece,
      name: products.name,
      pricePaise: products.pricePaise,
      salePercent: sql<number | null>`"sale"."percentoff"`,
      categoryId: products.categoryId,
      images: products.images,
      isActive: products.isActive,
      stock: products.stock,
    })
    .from(cartItems)
    .leftJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(saleJoin(at), sql`true`)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const lines = items ? chosenLines(cartLines, items) : cartLines;
  if (lines.length === 0) throw new Conflict('Your cart is empty');

  const pricing = await buyerPricing(tx, userId);
  const snapshot: CheckoutLine[] = [];
  for (const l of lines) {
    if (!l.productId || l.name === null || !l.isActive) {
      throw new Conflict(`"${l.name ?? l.snapshotName}" is no longer available. Please remove it from your cart.`);
    }
    if (l.setting) {
      // A made-to-order piece is priced now, at today's metal rate (refused when stale or when the stone no longer
      // fits); the amount is then fixed on this checkout whatever the rate does after.
      const { designId, metal, size } = l.setting;
      const quote = await quotePiece(
        tx,
        { productId: l.productId, designId, metal: metal as Metal, size: size ?? undefined },
        at,
        pricing,
      );
      snapshot.push({
        productId: l.productId,
        piece: l.piece,
        setting: quote.snapshot,
        productname: l.name,
        pricePaise: quote.totalPaise,
        listPricePaise: quote.retailPaise,
        image: l.images?.[0] ?? '',
        quantity: 1,
        size: l.size,
        colour: l.colour,
      });
      continue;
    }
    snapshot.push({
      productId: l.productId,
      productname: l.name,
      // a running sale, or the buyer's trade price, applied
      pricePaise: pricing.unitPaise({
        listPaise: l.pricePaise ?? 0,
        salePercent: l.salePercent,
        categoryId: l.categoryId,
        quantity: l.quantity,
      }),
      listPricePaise: l.pricePaise ?? 0,
      image: l.images?.[0] ?? '',
      quantity: l.quantity,
      size: l.size,
      colour: l.colour,
    });
  }
  return linesTotal(tx, userId, snapshot);
}

/** The lines' total, refused (409) under ₹1.00 or under a business's minimum trade order. */
async function linesTotal(tx: Tx, userId: string, snapshot: CheckoutLine[]) {
  const linesPaise = snapshot.reduce((sum, l) => sum + l.pricePaise * l.quantity, 0);
  if (linesPaise < MIN_AMOUNT_PAISE) throw new Conflict(`The order total must be at least ${rupees(MIN_AMOUNT_PAISE)}`);
  await checkTradeMinimum(tx, userId, linesPaise);
  return { snapshot, linesPaise };
}

/**
 * Buy Now's item as the checkout's one line (buy-now.ts), priced as the cart would price it; the cart is not read.
 * The same refusals as a cart's lines: a product switched off is a 409, a total under ₹1.00 too.
 */
export async function buyNowSnapshot(
  tx: Tx,
  userId: string,
  at: Date,
  input: BuyNowInput,
): Promise<{ snapshot: CheckoutLine[]; linesPaise: number }> {
  const { line } = await buyNowLine(tx, userId, input, at);
  return linesTotal(tx, userId, [line]);
}

/**
 * POST /razorpay-order. In one transaction: lock the shopper (one checkout at a time per shopper),
 * snapshot the cart at current prices, release the shopper's previous pending checkout, store the pending
 * checkout and its holds, take every unit with conditional updates, and last check what the client address
 * holds under its lock (the product rows and that lock are taken as late as they can be, so shoppers of one
 * stone or behind one address wait for one another only briefly). Then, outside the transaction, create
 * the provider's order (receipt = checkout id); if that fails, the hold is released and the error
 * (502/503) goes to the shopper. An identical checkout still pending with time left is given again,
 * so a double click never makes two payment orders.
 */
export async function startCheckout(
  ctx: PaymentContext,
  userId: string,
  shippinginfo: ShippingInfo | undefined,
  opts: {
    clientAddress?: string;
    items?: { cartItemId: string; quantity: number }[];
    coupon?: string;
    /** A rate id of the shipping country's zone; the cheapest when absent. */
    shippingrate?: string;
    /** An enabled currency to pay in, for an address abroad; INR when absent. */
    currency?: string;
    /** Pay this quote: exactly its lines at the quoted prices, instead of the cart (no coupon). */
    quoteId?: string;
    /** Buy Now: this item straight from the product page; the cart is neither read nor changed, paid or not. */
    buynow?: BuyNowInput;
  } = {},
): Promise<StartedCheckout> {
  const provider = ctx.paymentProvider;
  const at = ctx.clock();
  const holdMs = ctx.config.holdMinutes * 60_000;

  const prepared = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');

    // The shopper's pending checkouts are locked before a quote is (placement locks a checkout, then its quote).
    const pending = await tx
      .select()
      .from(checkouts)
      // A payment of what is due on a credit order holds nothing and is not the cart's checkout.
      .where(and(eq(checkouts.userId, userId), eq(checkouts.status, 'pending'), isNull(checkouts.paysOrderId)))
      .for('update');
    const { snapshot, linesPaise } = opts.quoteId
      ? await quoteSnapshot(tx, userId, opts.quoteId, at)
      : opts.buynow
        ? await buyNowSnapshot(tx, userId, at, opts.buynow)
        : await cartSnapshot(tx, userId, at, opts.items);
    const buyNow = opts.buynow !== undefined && !opts.quoteId;
    const units = unitsByProduct(snapshot);
    checkAccountCaps(
      ctx.config.holdLimits,
      units.reduce((n, u) => n + u.quantity, 0),
      linesPaise,
    );

    // The coupon's row is locked after the shopper's checkouts and before any product (placement takes the same order).
    const coupon: AppliedCoupon | null = opts.coupon
      ? await applyCoupon(tx, { code: opts.coupon, userId, subtotalPaise: linesPaise, at, lock: true })
      : null;
    // The one place the amount to pay is made: lines (sale prices) − coupon + the shipping rate chosen, priced for
    // the subtotal after the coupon (free from the rate's free-above amount). The country is the shipping address's.
    const subtotalPaise = linesPaise - (coupon?.discountPaise ?? 0);
    const country = shippingCountry(shippinginfo);
    const { rateId: _rateId, ...shipping } = chooseRate(await quoteRates(tx, country, subtotalPaise), country, opts.shippingrate);
    const amountPaise = subtotalPaise + shipping.amountPaise;
    // An address abroad may pay in an enabled currency: the rupee total converted at today's rate, rounded up.
    const charge = await chargeIn(tx, opts.currency, country, amountPaise, at);
    const now = Date.now();
    const reusable = pending.find(
      (c) =>
        (c.providerOrderId || now - c.createdAt.getTime() < IN_FLIGHT_MS) &&
        c.quoteId === (opts.quoteId ?? null) &&
        c.buyNow === buyNow &&
        c.couponId === (coupon?.couponId ?? null) &&
        c.provider === provider.name &&
        c.amountPaise === amountPaise &&
        c.currency === charge.currency &&
        c.currencyAmount === charge.currencyAmount &&
        c.shipping?.name === shipping.name &&
        c.holdExpiresAt.getTime() - now > REUSE_MIN_LEFT_MS &&
        sameLines(c.lines, snapshot),
    );
    if (reusable) {
      if (shippinginfo) {
        await tx.update(checkouts).set({ shippinginfo, updatedAt: new Date() }).where(eq(checkouts.id, reusable.id));
      }
      return { reused: reusable };
    }
    // One pending checkout per shopper: the previous one gives its stock back first (a late payment
    // for it is still placed if the stock is there, or recorded and refunded if not). The new hold keeps
    // the old one's expiry; the cool-down is checked now and the per-address caps last (hold-limits.ts).
    const holdExpiresAt = await beginHold(tx, ctx.config.holdLimits, { userId, pending, now, holdMs });
    const [checkout] = await tx
      .insert(checkouts)
      .values({
        userId,
        provider: provider.name,
        amountPaise,
        ...charge,
        status: 'pending',
        lines: snapshot,
        shippinginfo: shippinginfo ?? null,
        shipping,
        shippingPaise: shipping.amountPaise,
        holdExpiresAt,
        clientAddress: opts.clientAddress ?? null,
        quoteId: opts.quoteId ?? null,
        buyNow,
        ...(coupon ?? {}),
      })
      .returning();
    if (!checkout) throw new Error('checkout insert returned nothing');
    await tx
      .insert(stockHolds)
      .values(
        units.map((u) => ({ checkoutId: checkout.id, productId: u.productId, quantity: u.quantity, expiresAt: holdExpiresAt })),
      );
    // The product rows are locked as late as the holds allow, so shoppers of one stone wait for one another only
    // while the rest of this transaction commits; a shortage rolls the checkout and its holds back.
    const short = await takeStock(tx, units);
    if (short) {
      const line = snapshot.find((l) => l.productId === short.productId);
      const [p] = await tx
        .select({ stock: products.stock, isActive: products.isActive })
        .from(products)
        .where(eq(products.id, short.productId));
      const name = line?.productname ?? 'An item';
      if (opts.quoteId) {
        throw new Conflict(
          !p?.isActive || p.stock === 0
            ? `"${name}" is out of stock: this quote cannot be paid now`
            : `Only ${p.stock} of "${name}" left in stock: this quote cannot be paid now`,
        );
      }
      if (buyNow) throw new Conflict(p?.isActive ? buyNowStockMessage(name, p.stock) : `"${name}" is not available right now`);
      if (!p?.isActive) throw new Conflict(`"${name}" is no longer available. Please remove it from your cart.`);
      throw new Conflict(
        p.stock === 0
          ? `"${name}" is out of stock. Please remove it from your cart.`
          : `Only ${p.stock} of "${name}" left in stock. Please lower the quantity in your cart.`,
      );
    }
    // Last, the caps on what one client address holds, counting this checkout (hold-limits.ts).
    if (opts.clientAddress) await checkAddressHolds(tx, ctx.config.holdLimits, opts.clientAddress);
    return { created: checkout };
  });

  if ('reused' in prepared && prepared.reused) {
    const given = prepared.reused.providerOrderId ? prepared.reused : await paymentOrderMade(ctx, prepared.reused.id);
    return { checkout: given, providerOrderId: given.providerOrderId as string, reused: true };
  }
  const checkout = (prepared as { created: CheckoutRow }).created;

  let providerOrder: { id: string; amount: number; currency: string };
  try {
    providerOrder = await provider.createOrder({
      amount: chargedAmount(checkout),
      currency: checkout.currency,
      receipt: checkout.id,
      notes: { checkout_id: checkout.id, ...(checkout.userId ? { user_id: checkout.userId } : {}) },
    });
    if (providerOrder.amount !== chargedAmount(checkout) || providerOrder.currency !== checkout.currency) {
      throw new Error(
        `provider order ${providerOrder.amount} ${providerOrder.currency} differs from ${chargedAmount(checkout)} ${checkout.currency}`,
      );
    }
  } catch (err) {
    await ctx.db.transaction((tx) => releaseCheckout(tx, checkout.id, 'failed'));
    if (err instanceof DomainError) throw err; // 502 / 503 from the gateway
    ctx.log.error({ err, checkoutId: checkout.id }, 'creating the payment order failed');
    throw new GatewayUnavailableError();
  }

  const [saved] = await ctx.db
    .update(checkouts)
    .set({ providerOrderId: providerOrder.id, updatedAt: new Date() })
    .where(and(eq(checkouts.id, checkout.id), eq(checkouts.status, 'pending')))
    .returning();
  if (!saved) throw new Conflict('This checkout was replaced by a newer one. Please try again.');
  return { checkout: saved, providerOrderId: providerOrder.id, reused: false };
}

/**
 * Waits for the payment order of a checkout another request is making right now. Its failure is this request's
 * (503, or 409 when it was replaced meanwhile), so both requests answer alike.
 */
export async function paymentOrderMade(ctx: PaymentContext, checkoutId: string): Promise<CheckoutRow> {
  const until = Date.now() + IN_FLIGHT_MS;
  for (;;) {
    const [row] = await ctx.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    if (row?.status === 'pending' && row.providerOrderId) return row;
    if (row?.status === 'failed') throw new GatewayUnavailableError();
    if (row?.status !== 'pending' || Date.now() > until) {
      throw new Conflict('This checkout was replaced by a newer one. Please try again.');
    }
    await new Promise((r) => setTimeout(r, IN_FLIGHT_POLL_MS));
  }
}

/** The answer of POST /o1/api/razorpay-order (and of accepting a quote) for a checkout started. */
export function checkoutAnswer(provider: PaymentProvider, checkout: CheckoutRow, providerOrderId: string) {
  return {
    success: true,
    razorpayOrder: { id: providerOrderId, amount: chargedAmount(checkout), currency: checkout.currency },
    currency: checkout.currency,
    currencyamount:
      checkout.currencyAmount === null
        ? paiseToRupees(checkout.amountPaise)
        : minorToMajor(checkout.currencyAmount, checkout.currency),
    fxrate: checkout.fxRate === null ? 1 : Number(checkout.fxRate),
    provider: provider.name,
    key: provider.keyId,
    totalamount: paiseToRupees(checkout.amountPaise),
    holdExpiresAt: checkout.holdExpiresAt.toISOString(),
    discountamount: paiseToRupees(checkout.discountPaise),
    couponcode: checkout.couponCode,
    ...(checkout.shipping
      ? {
          shipping: {
            name: checkout.shipping.name,
            amount: paiseToRupees(checkout.shipping.amountPaise),
            mindays: checkout.shipping.mindays,
            maxdays: checkout.shipping.maxdays,
          },
          shippingamount: paiseToRupees(checkout.shippingPaise),
        }
      : {}),
  };
}

export async function findCheckoutByProviderOrder(db: Db, providerOrderId: string) {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.providerOrderId, providerOrderId)).limit(1);
  return row ?? null;
}
