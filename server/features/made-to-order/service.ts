import { asc, eq, sql } from 'drizzle-orm';
import { MAX_IMAGES_PER_PRODUCT } from '../../../contract/catalogue.js';
import { paiseToRupees, rupeesToPaise } from '../../../contract/common.js';
import {
  BASE_RING_SIZE,
  type Design,
  type DesignBody,
  type DesignPatchBody,
  METAL_KEYS,
  METAL_RATE_FRESH_DAYS,
  METALS,
  type Metal,
  type MetalRate,
  type PiecePrice,
  type PieceSetting,
  PRICE_ON_REQUEST,
  type PriceQuery,
} from '../../../contract/made-to-order.js';
import { type Db, type DbOrTx, execRows } from '../../db/client.js';
import { type CartSetting, designs, metalRates, type PieceSnapshot } from '../../db/schema.js';
import { Conflict, DomainError, InvalidInput, NotFound } from '../../domain/errors.js';
import { payPaiseSql, saleJoin } from '../../domain/sale-price.js';
import { taxInside } from '../../domain/tax.js';
import { deleteMedia } from '../../media/images.js';
import type { MediaStore } from '../../media/storage.js';
import { type ProductUpload, tooManyImages } from '../products/upload.js';
import type { BuyerPricing } from '../wholesale/trade-price.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** HSN codes of loose stones and pearls: only these are set in a piece. */
const LOOSE_STONE_HSN = new Set(['7101', '7102', '7103', '7104']);
/** A category without its own tax row is taxed as loose stones (HSN 7103, 0.25%): gst/settings.ts. */
const DEFAULT_STONE_HSN = '7103';
const DEFAULT_STONE_RATE_BP = 25;
/** Jewellery (HSN 7113) is taxed at the rate the tax table gives the first category with 7113 (or a code under it), else 3%. */
export const JEWELLERY_HSN = '7113';
const DEFAULT_JEWELLERY_RATE_BP = 300;

const isCurrent = (updatedAt: Date, now: Date) => now.getTime() - updatedAt.getTime() <= METAL_RATE_FRESH_DAYS * DAY_MS;

/** Every metal in the contract's order, with its rate when the merchant has given one. */
export async function listMetalRates(db: DbOrTx, now: Date): Promise<MetalRate[]> {
  const rows = await db.select().from(metalRates);
  const byMetal = new Map(rows.map((r) => [r.metal, r]));
  return METAL_KEYS.map((metal) => {
    const row = byMetal.get(metal);
    return {
      metal,
      label: METALS[metal],
      pergram: row ? paiseToRupees(row.perGramPaise) : null,
      updatedAt: row ? row.updatedAt.toISOString() : null,
      current: row ? isCurrent(row.updatedAt, now) : false,
    };
  });
}

/** Sets the rates given, each stamped `at` (the merchant's save, or a refresh). */
export async function setMetalRates(db: DbOrTx, rates: { metal: Metal; pergram: number }[], at: Date): Promise<void> {
  if (rates.length === 0) return;
  await db
    .insert(metalRates)
    .values(rates.map((r) => ({ metal: r.metal, perGramPaise: rupeesToPaise(r.pergram), updatedAt: at })))
    .onConflictDoUpdate({
      target: metalRates.metal,
      set: { perGramPaise: sql`excluded.per_gram_paise`, updatedAt: sql`excluded.updated_at` },
    });
}

type DesignRow = typeof designs.$inferSelect;

function toDesign(row: DesignRow): Design {
  return {
    _id: row.id,
    name: row.name,
    kind: row.kind,
    images: row.images,
    metals: row.metals.map((m) => ({ metal: m.metal as Metal, grams: Number(m.grams) })),
    gramspersize: Number(row.gramsPerSize),
    making: { type: row.makingType, value: Number(row.makingValue) },
    shapes: row.shapes,
    mincarat: Number(row.minCarat),
    maxcarat: Number(row.maxCarat),
    days: row.days,
    active: row.active,
  };
}

/** Designs by name; only the active ones (of one kind) for the storefront. */
export async function listDesigns(db: DbOrTx, opts: { activeOnly: boolean; kind?: Design['kind'] }): Promise<Design[]> {
  const rows = await db.select().from(designs).orderBy(asc(designs.kind), asc(designs.name), asc(designs.id));
  return rows.filter((r) => (!opts.activeOnly || r.active) && (!opts.kind || r.kind === opts.kind)).map(toDesign);
}

const designValues = (body: DesignPatchBody) => ({
  ...(body.name !== undefined && { name: body.name }),
  ...(body.kind !== undefined && { kind: body.kind }),
  ...(body.metals !== undefined && { metals: body.metals }),
  ...(body.gramspersize !== undefined && { gramsPerSize: body.gramspersize }),
  ...(body.making !== undefined && { makingType: body.making.type, makingValue: body.making.value }),
  ...(body.shapes !== undefined && { shapes: [...new Set(body.shapes)] }),
  ...(body.mincarat !== undefined && { minCarat: body.mincarat }),
  ...(body.maxcarat !== undefined && { maxCarat: body.maxcarat }),
  ...(body.days !== undefined && { days: body.days }),
  ...(body.active !== undefined && { active: body.active }),
});

export async function createDesign(db: DbOrTx, body: DesignBody): Promise<Design> {
  const [row] = await db
    .insert(designs)
    .values({
      ...designValues(body),
      name: body.name,
      kind: body.kind,
      metals: body.metals,
      makingType: body.making.type,
      makingValue: body.making.value,
      maxCarat: body.maxcarat,
      days: body.days,
    })
    .returning();
  return toDesign(row as DesignRow);
}

/** Changes the fields given; the carat range is checked against the design as it will be (400 when inverted). */
export async function updateDesign(db: DbOrTx, id: string, body: DesignPatchBody): Promise<Design> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(designs).where(eq(designs.id, id)).for('update');
    if (!current) throw new NotFound('Design not found');
    const min = body.mincarat ?? Number(current.minCarat);
    const max = body.maxcarat ?? Number(current.maxCarat);
    if (min > max) {
      throw new InvalidInput('The smallest stone must not be larger than the largest', [
        { path: 'maxcarat', message: 'The smallest stone must not be larger than the largest' },
      ]);
    }
    const [row] = await tx
      .update(designs)
      .set({ ...designValues(body), updatedAt: new Date() })
      .where(eq(designs.id, id))
      .returning();
    return toDesign(row as DesignRow);
  });
}

/** Deletes a design; its pictures' files go after the commit (an order line keeps its stone's picture, not these). */
export async function deleteDesign(db: DbOrTx, media: MediaStore, id: string, log: (err: unknown) => void): Promise<void> {
  const gone = await db.delete(designs).where(eq(designs.id, id)).returning({ images: designs.images });
  if (gone.length === 0) throw new NotFound('Design not found');
  await deleteFilesOf(media, gone[0]?.images ?? [], log);
}

async function deleteFilesOf(media: MediaStore, urls: string[], log: (err: unknown) => void) {
  if (!urls.length) return;
  try {
    await deleteMedia(media, urls);
  } catch (err) {
    log(err); // the design no longer points at them: at worst an unreferenced file stays stored
  }
}

/**
 * Adds the pictures of a design form (the `images` parts, read and stored as a product's are) after the design's own,
 * under the design's lock: 404 for an unknown design, 400 when no picture was sent, 413 past 10 in all. On any
 * refusal the files just stored are deleted.
 */
export async function addDesignImages(db: Db, id: string, upload: ProductUpload): Promise<Design> {
  try {
    if (upload.images.length === 0) {
      throw new InvalidInput('Choose a picture to add', [{ path: 'images', message: 'Choose a picture to add' }]);
    }
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(designs).where(eq(designs.id, id)).for('update');
      if (!current) throw new NotFound('Design not found');
      const images = [...current.images, ...upload.images];
      if (images.length > MAX_IMAGES_PER_PRODUCT) throw tooManyImages('design');
      const [row] = await tx.update(designs).set({ images, updatedAt: new Date() }).where(eq(designs.id, id)).returning();
      return toDesign(row as DesignRow);
    });
  } catch (err) {
    await upload.discard();
    throw err;
  }
}

/**
 * Removes one of a design's pictures and, after the commit, its stored files. A URL the design does not have is 404
 * and deletes nothing (another design's or a product's picture is never touched through this design).
 */
export async function removeDesignImage(
  db: Db,
  media: MediaStore,
  id: string,
  url: string,
  log: (err: unknown) => void,
): Promise<Design> {
  const design = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(designs).where(eq(designs.id, id)).for('update');
    if (!current) throw new NotFound('Design not found');
    if (!current.images.includes(url)) {
      throw new NotFound('This design has no such picture', [{ path: 'url', message: 'Not one of this design’s pictures' }]);
    }
    const images = current.images.filter((u) => u !== url);
    const [row] = await tx.update(designs).set({ images, updatedAt: new Date() }).where(eq(designs.id, id)).returning();
    return toDesign(row as DesignRow);
  });
  await deleteFilesOf(media, [url], log);
  return design;
}

// ---------------------------------------------------------------- the piece's price

/** a × b ÷ c rounded half up, exactly (BigInt), for non-negative integers. */
function mulDivRound(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  return Number((2n * n + d) / (2n * d));
}

/** What the price is made of, all integers: paise, milligrams, basis points. */
type PieceInputs = {
  stonePaise: number;
  stoneRateBp: number;
  metalMilligrams: number;
  ratePerGramPaise: number;
  making: { type: 'percent' | 'pergram'; value: number };
  jewelleryRateBp: number;
};

/**
 * The formula, in integer paise: stone net = stone − its GST inside; metal = mg × rate ÷ 1000; making = a percent of
 * the metal or mg × rate per gram ÷ 1000; taxable = their sum; total = taxable + GST, rounded half up to the rupee.
 * @forTests unit-tested with amounts whose rounding matters
 */
export function piecePaise(p: PieceInputs) {
  const stoneNet = p.stonePaise - taxInside(p.stonePaise, p.stoneRateBp);
  const metal = mulDivRound(p.metalMilligrams, p.ratePerGramPaise, 1000);
  const making =
    p.making.type === 'percent'
      ? mulDivRound(metal, Math.round(p.making.value * 100), 10_000)
      : mulDivRound(p.metalMilligrams, Math.round(p.making.value * 100), 1000);
  const taxable = stoneNet + metal + making;
  const total = mulDivRound(taxable, 10_000 + p.jewelleryRateBp, 1_000_000) * 100;
  return { stone: p.stonePaise, stoneNet, metal, making, taxable, gst: total - taxable, total };
}

type StoneRow = {
  id: string;
  pay: number | string;
  list: number | string;
  sale_percent: number | string | null;
  category_id: string | null;
  shape: string;
  carats: number | string | null;
  hsn: string | null;
  rate_bp: number | string | null;
};

/**
 * A piece priced now: the snapshot kept on its checkout and order line, the stone's price paid and the total (paise),
 * and `retailPaise`, the total at the storefront's price of the stone (what a retail buyer pays: more than
 * `totalPaise` when a business's trade price is lower, struck beside it in the cart, the checkout and the order).
 */
type PieceQuote = { snapshot: PieceSnapshot; stonePaise: number; totalPaise: number; retailPaise: number };

/**
 * `productId` set in `designId` in `metal` (and ring `size`), at today's rates and the stone's price now; 409 when the
 * stone does not fit or the rate is stale, 400 for a metal the design is not made in or a ring without a size.
 * `pricing`, the buyer's (wholesale/trade-price.ts), prices the stone as a line of one: an approved business whose
 * group covers the stone's category pays its trade price for it; without it, the storefront price (sale applied).
 */
export async function quotePiece(db: DbOrTx, q: PriceQuery, now: Date, pricing?: BuyerPricing): Promise<PieceQuote> {
  const [design] = await db.select().from(designs).where(eq(designs.id, q.designId));
  if (!design?.active) throw new NotFound('Design not found');
  const { rows } = await execRows<StoneRow>(
    db,
    sql`select products.id, ${payPaiseSql} as pay, products.price_paise as list, "sale"."percentoff" as sale_percent,
               products.category_id, products.shape, products.weightcarrat as carats, t.hsn,
               t.gst_rate_bp as rate_bp
        from products
        left join category_tax t on t.category_id = products.category_id
        left join ${saleJoin(now)} on true
        where products.id = ${q.productId} and products.is_active`,
  );
  const stone = rows[0];
  if (!stone) throw new NotFound('Product not found');
  const hsn = stone.hsn ?? DEFAULT_STONE_HSN;
  if (!LOOSE_STONE_HSN.has(hsn)) throw new Conflict('Only a loose stone can be set in a piece');
  const carats = stone.carats === null ? null : Number(stone.carats);
  const shapeFits = design.shapes.some((s) => s.trim().toLowerCase() === stone.shape.trim().toLowerCase());
  if (!shapeFits || carats === null || carats < Number(design.minCarat) || carats > Number(design.maxCarat)) {
    throw new Conflict('This stone does not fit this design');
  }

  const offered = design.metals.find((m) => m.metal === q.metal);
  if (!offered)
    throw new InvalidInput('This design is not made in that metal', [
      { path: 'metal', message: 'This design is not made in that metal' },
    ]);
  let milligrams = Math.round(Number(offered.grams) * 1000);
  if (design.kind === 'ring') {
    if (q.size === undefined)
      throw new InvalidInput('A ring needs a size', [{ path: 'size', message: 'Choose a ring size from 1 to 30' }]);
    milligrams += Math.round(Number(design.gramsPerSize) * 1000) * (q.size - BASE_RING_SIZE);
    if (milligrams <= 0)
      throw new InvalidInput('This design cannot be made in that size', [{ path: 'size', message: 'Choose a larger size' }]);
  }

  const [rate] = await db.select().from(metalRates).where(eq(metalRates.metal, q.metal));
  if (!rate || !isCurrent(rate.updatedAt, now)) throw new Conflict(PRICE_ON_REQUEST);

  // The merchant's jewellery row: 7113 itself or a longer code under it (711319 gold, 711311 silver, as the IRP wants).
  const { rows: jewellery } = await execRows<{ rate_bp: number | string; hsn: string }>(
    db,
    sql`select t.gst_rate_bp as rate_bp, t.hsn from category_tax t join categories c on c.id = t.category_id
        where t.hsn like ${`${JEWELLERY_HSN}%`} order by length(t.hsn), c.name, c.id limit 1`,
  );
  const jewelleryRateBp = jewellery[0] ? Number(jewellery[0].rate_bp) : DEFAULT_JEWELLERY_RATE_BP;
  const priced = (stonePaise: number) =>
    piecePaise({
      stonePaise,
      stoneRateBp: stone.rate_bp === null ? DEFAULT_STONE_RATE_BP : Number(stone.rate_bp),
      metalMilligrams: milligrams,
      ratePerGramPaise: rate.perGramPaise,
      making: { type: design.makingType, value: Number(design.makingValue) },
      jewelleryRateBp,
    });
  const p = priced(
    pricing
      ? pricing.unitPaise({
          listPaise: Number(stone.list),
          salePercent: stone.sale_percent,
          categoryId: stone.category_id,
          quantity: 1,
        })
      : Number(stone.pay),
  );
  return {
    stonePaise: p.stone,
    totalPaise: p.total,
    retailPaise: pricing?.group ? Math.max(p.total, priced(Number(stone.pay)).total) : p.total,
    snapshot: {
      designId: design.id,
      metal: q.metal,
      size: design.kind === 'ring' ? (q.size ?? null) : null,
      designName: design.name,
      kind: design.kind,
      milligrams,
      ratePaise: rate.perGramPaise,
      metalPaise: p.metal,
      makingPaise: p.making,
      stoneNetPaise: p.stoneNet,
      taxablePaise: p.taxable,
      gstPaise: p.gst,
      gstRateBp: jewelleryRateBp,
      hsn: jewellery[0]?.hsn ?? JEWELLERY_HSN,
      days: design.days,
    },
  };
}

/**
 * A piece in a cart priced again at `at`, as the cart shows it and as the coupon check and the shipping rates count
 * it: its quote, or null when it cannot be sold now (a refusal of the price endpoint: a stale rate, the design
 * withdrawn, the stone no longer fitting), when the cart shows its last price and it cannot be bought.
 */
export async function requotePiece(db: DbOrTx, productId: string, setting: CartSetting, at: Date, pricing: BuyerPricing) {
  try {
    return await quotePiece(
      db,
      { productId, designId: setting.designId, metal: setting.metal as Metal, size: setting.size ?? undefined },
      at,
      pricing,
    );
  } catch (err) {
    if (err instanceof DomainError) return null;
    throw err;
  }
}

/** The price of `productId` set in `designId` in `metal` (and ring `size`), at today's rates and the stone's price now. */
export async function priceOf(db: DbOrTx, q: PriceQuery, now: Date): Promise<{ price: PiecePrice; days: number }> {
  const { snapshot: s, stonePaise, totalPaise } = await quotePiece(db, q, now);
  return {
    price: {
      stone: paiseToRupees(stonePaise),
      stonenet: paiseToRupees(s.stoneNetPaise),
      metal: { grams: s.milligrams / 1000, rate: paiseToRupees(s.ratePaise), amount: paiseToRupees(s.metalPaise) },
      making: paiseToRupees(s.makingPaise),
      taxable: paiseToRupees(s.taxablePaise),
      gst: { rate: s.gstRateBp / 100, amount: paiseToRupees(s.gstPaise) },
      total: paiseToRupees(totalPaise),
    },
    days: s.days,
  };
}

/** A piece as the cart and the order show it (rupees). */
export const pieceView = (s: PieceSnapshot): PieceSetting => ({
  design: { _id: s.designId, name: s.designName },
  kind: s.kind as PieceSetting['kind'],
  metal: s.metal as Metal,
  size: s.size,
  grams: s.milligrams / 1000,
  rate: paiseToRupees(s.ratePaise),
  making: paiseToRupees(s.makingPaise),
  stonenet: paiseToRupees(s.stoneNetPaise),
});
