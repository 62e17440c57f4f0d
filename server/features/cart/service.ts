import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { paiseToRupees } from '../../../contract/common.js';
import type { SettingChoice } from '../../../contract/made-to-order.js';
import type { CartItemView } from '../../../contract/orders.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { cartItems, checkouts, guestCarts, products, stockHolds } from '../../db/schema.js';
import type { BuyNowInput } from '../../domain/buy-now.js';
import { Conflict, InvalidInput, NotFound } from '../../domain/errors.js';
import { chosenOption } from '../../domain/options.js';
import { saleJoin } from '../../domain/sale-price.js';
import { pieceView, quotePiece, requotePiece } from '../made-to-order/service.js';
import { buyNowLine, buyNowStockMessage } from '../payments/buy-now.js';
import { buyerPricing } from '../wholesale/trade-price.js';

type CartLine = z.infer<typeof CartItemView>;

/** Whose cart: a signed-in user's, or a visitor's guest cart (its id, the hash of the cookie's token). */
export type CartOwner = { userId: string; guestId?: undefined } | { guestId: string; userId?: undefined };

const ownedBy = (owner: CartOwner) =>
  owner.userId !== undefined ? eq(cartItems.userId, owner.userId) : eq(cartItems.guestId, owner.guestId);

/**
 * Units of a product the shopper may put in the cart: what is on the shelf plus what their own pending
 * checkout holds (a new checkout gives that hold back before taking again). `"products"."id"` is written
 * out because drizzle leaves columns unqualified in a one-table select, and a bare "id" inside this
 * subquery would mean checkouts.id.
 */
const ownHeld = (owner: CartOwner) =>
  owner.userId === undefined
    ? sql<number>`0`
    : sql<number>`coalesce((select sum(${stockHolds.quantity}) from ${stockHolds}
    join ${checkouts} on ${checkouts.id} = ${stockHolds.checkoutId}
    where ${stockHolds.productId} = "products"."id" and ${checkouts.userId} = ${owner.userId}
      and ${checkouts.status} = 'pending'), 0)::int`;

const lineColumns = (owner: CartOwner) => ({
  id: cartItems.id,
  productId: cartItems.productId,
  snapshotName: cartItems.productname,
  colour: cartItems.colour,
  size: cartItems.size,
  quantity: cartItems.quantity,
  setting: cartItems.setting,
  name: products.name,
  pricePaise: products.pricePaise,
  salePercent: sql<number | null>`"sale"."percentoff"`,
  categoryId: products.categoryId,
  images: products.images,
  colours: products.colours,
  sizes: products.sizes,
  stock: products.stock,
  isActive: products.isActive,
  held: ownHeld(owner),
});

/**
 * The shopper's cart, priced at `at`: `productprice` is what they pay now (a running sale applied, or their trade
 * price: wholesale/trade-price.ts), `listprice` the list price.
 */
export async function cartLines(db: DbOrTx, owner: CartOwner, at: Date = new Date()): Promise<CartLine[]> {
  const pricing = await buyerPricing(db, owner.userId);
  const rows = await db
    .select(lineColumns(owner))
    .from(cartItems)
    .leftJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(saleJoin(at), sql`true`)
    .where(ownedBy(owner))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const lines: CartLine[] = [];
  for (const r of rows) {
    let unavailable = r.name === null || !r.isActive;
    let productprice = paiseToRupees(
      pricing.unitPaise({
        listPaise: r.pricePaise ?? 0,
        salePercent: r.salePercent,
        categoryId: r.categoryId,
        quantity: r.quantity,
      }),
    );
    let listprice = paiseToRupees(r.pricePaise ?? 0);
    let setting: CartLine['setting'] = null;
    if (r.setting) {
      // A piece is priced at today's metal rate and the stone's price now; one that no longer can be (a stale rate,
      // the design withdrawn) shows its last price and cannot be bought until it can be priced again.
      const quote = unavailable || !r.productId ? null : await requotePiece(db, r.productId, r.setting, at, pricing);
      const piece = quote?.snapshot ?? r.setting;
      if (!quote) unavailable = true;
      else {
        productprice = paiseToRupees(quote.totalPaise);
        listprice = paiseToRupees(quote.retailPaise); // struck beside a business's lower trade price
      }
      if (!quote) productprice = listprice = paiseToRupees(piece.taxablePaise + piece.gstPaise);
      setting = pieceView(piece);
    }
    lines.push({
      cartItemId: r.id,
      _id: r.id,
      productId: r.productId,
      productname: r.name ?? r.snapshotName,
      productprice,
      listprice,
      productimages: r.images ?? [],
      productcolours: r.colours ?? [],
      productsizes: r.sizes ?? [],
      productcolour: r.colour,
      productsize: r.size,
      quantity: r.quantity,
      stockquantity: unavailable ? 0 : (r.stock ?? 0) + Number(r.held ?? 0),
      unavailable,
      setting,
    });
  }
  return lines;
}

/**
 * POST /c2/api/buy-now: Buy Now's item as the checkout will show and charge it (payments/buy-now.ts), refused (409)
 * when the shop has fewer than asked for. The cart is not touched.
 */
export async function buyNowView(db: DbOrTx, userId: string, input: BuyNowInput, at: Date): Promise<CartLine> {
  const { line, available, images, sizes, colours } = await buyNowLine(db, userId, input, at);
  if (available < line.quantity) throw new Conflict(buyNowStockMessage(line.productname, available));
  return {
    cartItemId: '',
    _id: '',
    productId: line.productId,
    productname: line.productname,
    productprice: paiseToRupees(line.pricePaise),
    listprice: paiseToRupees(line.listPricePaise ?? line.pricePaise),
    productimages: images,
    productcolours: colours,
    productsizes: sizes,
    productcolour: line.colour,
    productsize: line.size,
    quantity: line.quantity,
    stockquantity: available,
    unavailable: false,
    setting: line.setting ? pieceView(line.setting) : null,
  };
}

export async function countLines(db: Db, owner: CartOwner) {
  const [row] = await db.select({ n: count() }).from(cartItems).where(ownedBy(owner));
  return Number(row?.n ?? 0);
}

const stockMessage = (name: string, available: number, inCart: number) =>
  available <= 0
    ? `"${name}" is out of stock`
    : `Only ${available} of "${name}" left in stock${inCart > 0 ? ` (you already have ${inCart} in your cart)` : ''}`;

type AddInput = { productId: string; productcolour?: string; productsize?: string; quantity: number; setting?: SettingChoice };

export async function addToCart(db: Db, owner: CartOwner, input: AddInput, at: Date = new Date()) {
  await addLine(db, owner, input, at);
  return cartLines(db, owner, at);
}

/** What adding to the cart does, without reading the cart back (a bulk order adds many rows, then reads it once). */
export async function addLine(db: Db, owner: CartOwner, input: AddInput, at: Date = new Date()) {
  await db.transaction(async (tx) => {
    const [p] = await tx
      .select({
        id: products.id,
        name: products.name,
        isActive: products.isActive,
        stock: products.stock,
        sizes: products.sizes,
        colours: products.colours,
        held: ownHeld(owner),
      })
      .from(products)
      .where(eq(products.id, input.productId))
      .limit(1);
    if (!p) throw new NotFound('Product not found');
    if (!p.isActive) throw new Conflict(`"${p.name}" is not available right now`);
    const size = chosenOption('size', p.sizes, input.productsize, 'productsize');
    const colour = chosenOption('colour', p.colours, input.productcolour, 'productcolour');
    const available = p.stock + Number(p.held);
    if (input.setting) {
      // A piece is its own line of one, priced now (a stone that does not fit, or a stale rate, is refused here).
      if (input.quantity !== 1) {
        throw new InvalidInput('A made-to-order piece is added one at a time', [
          { path: 'quantity', message: 'A made-to-order piece is added one at a time' },
        ]);
      }
      const quote = await quotePiece(tx, { productId: p.id, ...input.setting }, at, await buyerPricing(tx, owner.userId));
      if (available < 1) throw new Conflict(stockMessage(p.name, available, 0));
      await tx.insert(cartItems).values({
        ...owner,
        productId: p.id,
        productname: p.name,
        colour,
        size,
        quantity: 1,
        setting: quote.snapshot,
        piece: randomUUID(),
      });
      return;
    }
    const [saved] = await tx
      .insert(cartItems)
      .values({ ...owner, productId: p.id, productname: p.name, colour, size, quantity: input.quantity })
      .onConflictDoUpdate({
        target: [
          owner.userId !== undefined ? cartItems.userId : cartItems.guestId,
          cartItems.productId,
          cartItems.colour,
          cartItems.size,
          cartItems.piece,
        ],
        set: {
          quantity: sql`${cartItems.quantity} + excluded.quantity`,
          productname: sql`excluded.productname`,
          updatedAt: new Date(),
        },
      })
      .returning({ quantity: cartItems.quantity });
    const total = saved?.quantity ?? input.quantity;
    if (total > available) throw new Conflict(stockMessage(p.name, available, total - input.quantity)); // rolls back
  });
}

export async function updateQuantity(db: Db, owner: CartOwner, cartItemId: string, quantity: number, at: Date = new Date()) {
  const [line] = await db
    .select(lineColumns(owner))
    .from(cartItems)
    .leftJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(saleJoin(at), sql`true`)
    .where(and(eq(cartItems.id, cartItemId), ownedBy(owner)))
    .limit(1);
  if (!line) throw new NotFound('Cart item not found');
  if (line.name === null || !line.isActive) {
    throw new Conflict(`"${line.name ?? line.snapshotName}" is no longer available. Please remove it from your cart.`);
  }
  if (line.setting && quantity !== 1) {
    const message = 'A made-to-order piece is one of a kind: add the piece again for another';
    throw new InvalidInput(message, [{ path: 'quantity', message }]);
  }
  const available = (line.stock ?? 0) + Number(line.held ?? 0);
  if (quantity > available) throw new Conflict(stockMessage(line.name, available, 0));
  await db
    .update(cartItems)
    .set({ quantity, updatedAt: new Date() })
    .where(and(eq(cartItems.id, cartItemId), ownedBy(owner)));
  return cartLines(db, owner, at);
}

export async function removeLine(db: Db, owner: CartOwner, cartItemId: string) {
  const rows = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, cartItemId), ownedBy(owner)))
    .returning({ id: cartItems.id });
  if (rows.length === 0) throw new NotFound('Cart item not found');
}

export async function clearCart(db: Db, owner: CartOwner) {
  await db.delete(cartItems).where(ownedBy(owner));
}

/**
 * Moves a guest cart into a user's cart and ends the guest cart, in one transaction: the guest's lines are deleted
 * as they are read (so two sign-ins with the same cookie at once move them once), the same product, size and colour
 * add up, and each line is capped at the units the user may have (the stock, plus their own pending checkout's
 * hold); a line the user already has is never lowered. Unavailable products stay behind (the guest cart ends).
 */
export async function mergeGuestCart(db: Db, guestId: string, userId: string) {
  // LEAST skips nulls: a product switched off or deleted is 0 units, not no bound.
  const available = sql`coalesce((select p.stock + coalesce((select sum(h.quantity) from ${stockHolds} h
      join ${checkouts} c on c.id = h.checkout_id
      where h.product_id = p.id and c.user_id = ${userId} and c.status = 'pending'), 0)
    from ${products} p where p.id = m.product_id and p.is_active), 0)`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`with moved as (
        delete from ${cartItems} where guest_id = ${guestId}
        returning product_id, productname, colour, size, quantity, setting, piece, created_at
      ), capped as (
        select m.product_id, m.productname, m.colour, m.size, m.setting, m.piece, m.created_at,
               least(m.quantity, ${available}) as quantity
        from moved m
      )
      insert into ${cartItems} (user_id, product_id, productname, colour, size, quantity, setting, piece, created_at)
      select ${userId}, product_id, productname, colour, size, quantity, setting, piece, created_at from capped
      where quantity >= 1
      order by created_at
      on conflict (user_id, product_id, colour, size, piece) do update set
        quantity = greatest(cart_items.quantity, least(cart_items.quantity + excluded.quantity,
          coalesce((select p.stock + coalesce((select sum(h.quantity) from ${stockHolds} h
              join ${checkouts} c on c.id = h.checkout_id
              where h.product_id = p.id and c.user_id = ${userId} and c.status = 'pending'), 0)
           from ${products} p where p.id = excluded.product_id), 0))),
        updated_at = now()`);
    await tx.delete(guestCarts).where(eq(guestCarts.id, guestId));
  });
}
