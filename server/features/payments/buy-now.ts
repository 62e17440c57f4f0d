import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type CheckoutLine, checkouts, products, stockHolds } from '../../db/schema.js';
import type { BuyNowInput, BuyNowPaise } from '../../domain/buy-now.js';
import { Conflict, InvalidInput, NotFound } from '../../domain/errors.js';
import { chosenOption } from '../../domain/options.js';
import { saleJoin } from '../../domain/sale-price.js';
import { quotePiece } from '../made-to-order/service.js';
import { buyerPricing } from '../wholesale/trade-price.js';

/** Buy Now's one line, priced as the cart would price it, with what the page shows beside it. */
type BuyNowLine = {
  line: CheckoutLine;
  /** Units the shopper may buy: on the shelf plus what their own pending checkout holds (given back first). */
  available: number;
  images: string[];
  sizes: string[];
  colours: string[];
};

/**
 * Buy Now's item as a checkout line, at the price the shop charges this buyer now (a running sale or their trade
 * price, by `buyerPricing`; a made-to-order piece at today's metal rate). The product must be on sale and come in
 * the size and colour asked for (400 otherwise); a piece is one at a time. Stock is not taken here: the checkout
 * holds it as it holds a cart's. The cart is never read or written.
 */
export async function buyNowLine(db: DbOrTx, userId: string, input: BuyNowInput, at: Date): Promise<BuyNowLine> {
  const [p] = await db
    .select({
      id: products.id,
      name: products.name,
      isActive: products.isActive,
      stock: products.stock,
      pricePaise: products.pricePaise,
      salePercent: sql<number | null>`"sale"."percentoff"`,
      categoryId: products.categoryId,
      images: products.images,
      sizes: products.sizes,
      colours: products.colours,
      held: sql<number>`coalesce((select sum(${stockHolds.quantity}) from ${stockHolds}
        join ${checkouts} on ${checkouts.id} = ${stockHolds.checkoutId}
        where ${stockHolds.productId} = "products"."id" and ${checkouts.userId} = ${userId}
          and ${checkouts.status} = 'pending'), 0)::int`,
    })
    .from(products)
    .leftJoin(saleJoin(at), sql`true`)
    .where(eq(products.id, input.productId))
    .limit(1);
  if (!p) throw new NotFound('Product not found');
  if (!p.isActive) throw new Conflict(`"${p.name}" is not available right now`);
  const size = chosenOption('size', p.sizes, input.productsize, 'productsize');
  const colour = chosenOption('colour', p.colours, input.productcolour, 'productcolour');
  const pricing = await buyerPricing(db, userId);
  const shown = { available: p.stock + Number(p.held), images: p.images ?? [], sizes: p.sizes, colours: p.colours };
  if (input.setting) {
    if (input.quantity !== 1) {
      const message = 'A made-to-order piece is bought one at a time';
      throw new InvalidInput(message, [{ path: 'quantity', message }]);
    }
    const quote = await quotePiece(db, { productId: p.id, ...input.setting }, at, pricing);
    return {
      ...shown,
      line: {
        productId: p.id,
        setting: quote.snapshot,
        productname: p.name,
        pricePaise: quote.totalPaise,
        listPricePaise: quote.retailPaise,
        image: p.images?.[0] ?? '',
        quantity: 1,
        size,
        colour,
      },
    };
  }
  return {
    ...shown,
    line: {
      productId: p.id,
      productname: p.name,
      pricePaise: pricing.unitPaise({
        listPaise: p.pricePaise,
        salePercent: p.salePercent,
        categoryId: p.categoryId,
        quantity: input.quantity,
      }),
      listPricePaise: p.pricePaise,
      image: p.images?.[0] ?? '',
      quantity: input.quantity,
      size,
      colour,
    },
  };
}

/** The 409 for Buy Now's item when the shop has fewer than asked for (what the shopper may have: `available`). */
export function buyNowStockMessage(name: string, available: number) {
  return available <= 0 ? `"${name}" is out of stock` : `Only ${available} of "${name}" left in stock`;
}

/** What Buy Now's item comes to (its price × its quantity), for the coupon check and the shipping rates. */
export const buyNowPaise: BuyNowPaise = async (db, userId, item, at) => {
  const { line } = await buyNowLine(db, userId, item, at);
  return line.pricePaise * line.quantity;
};
