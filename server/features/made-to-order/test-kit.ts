import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { gstinCheckChar } from '../../../contract/gst-rules.js';
import { type Design, DesignResponse } from '../../../contract/made-to-order.js';
import { documentCounters } from '../../db/schema.js';
import { createProduct, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { pdfText } from '../../test/pdf-text.js';

/**
 * What made-to-order tests share, all through HTTP but the stone: the day's metal rates, a gold ring and a silver
 * pendant, a loose stone both fit, a piece in a buyer's cart and a paid order of it.
 */

/** The day's rates the tests price at: 22-karat gold ₹7,150.50 a gram, sterling silver ₹95. */
export const DAY_RATES = [
  { metal: 'gold-22k', pergram: 7150.5 },
  { metal: 'silver-925', pergram: 95 },
];

/** A 22-karat gold ring: 4.2 g at size 12 and 0.15 g a size more, making 12% of the metal, oval stones of 1–6 ct, 10 days. */
export const goldRing = (name: string) => ({
  name,
  kind: 'ring',
  metals: [{ metal: 'gold-22k', grams: 4.2 }],
  gramspersize: 0.15,
  making: { type: 'percent', value: 12 },
  shapes: ['Oval'],
  mincarat: 1,
  maxcarat: 6,
  days: 10,
});

/** A sterling silver pendant: 3 g, making ₹400 a gram, oval stones of 0.5–10 ct, 7 days. */
export const silverPendant = (name: string, shapes = ['Oval']) => ({
  name,
  kind: 'pendant',
  metals: [{ metal: 'silver-925', grams: 3 }],
  gramspersize: 0,
  making: { type: 'pergram', value: 400 },
  shapes,
  mincarat: 0.5,
  maxcarat: 10,
  days: 7,
});

/** Creates a design as the merchant (201 or the test fails). */
export async function createDesign(t: TestApp, admin: TestUser, body: object): Promise<Design> {
  const res = await t.request({ method: 'POST', url: '/p1/api/admin/designs', cookie: admin.cookie, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return DesignResponse.parse(res.json()).design;
}

/** Sets metal rates as the merchant (200 or the test fails). */
export async function setRates(t: TestApp, admin: TestUser, rates: { metal: string; pergram: number }[] = DAY_RATES) {
  const res = await t.request({ method: 'PUT', url: '/a1/api/admin/metal-rates', cookie: admin.cookie, payload: { rates } });
  expect(res.statusCode, res.body).toBe(200);
}

/** A ₹52,000 oval ruby of 3.2 ct, which both designs fit (its category taxed as loose stones: HSN 7103, 0.25%). */
export const fittingRuby = (t: TestApp, stock: number) =>
  createProduct(t.database.db, { pricePaise: 52_000_00, shape: 'Oval', weightcarrat: 3.2, stock });

/** A shop making pieces: the day's rates, a gold ring and a silver pendant by these names, and the ruby they fit. */
export async function madeToOrderShop(t: TestApp, admin: TestUser, names: { ring: string; pendant: string; stock?: number }) {
  const ring = await createDesign(t, admin, goldRing(names.ring));
  const pendant = await createDesign(t, admin, silverPendant(names.pendant));
  const ruby = await fittingRuby(t, names.stock ?? 3);
  await setRates(t, admin);
  return { ring, pendant, ruby };
}

/** The shop registered for GST in Punjab (a valid GSTIN), so its documents carry tax. */
export async function registerForGst(t: TestApp, admin: TestUser) {
  const res = await t.request({
    method: 'PUT',
    url: '/a1/api/admin/settings',
    cookie: admin.cookie,
    payload: { gstin: `03AAACR5055K1Z${gstinCheckChar('03AAACR5055K1Z')}`, legalname: 'Ratna Gems LLP' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The ruby set in `setting` added to the cart of `cookie` (200 or the test fails). */
export async function addPiece(t: TestApp, cookie: string, productId: string, setting: object) {
  const res = await shop(t).add(cookie, productId, 1, { setting });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** A new buyer's paid order of `productId` set in `setting` (and any plain stones beside it): the buyer, the order and the piece's line. */
export async function placePiece(t: TestApp, productId: string, setting: object, plain: string[] = []) {
  const s = shop(t);
  const buyer = await t.signUpAndIn();
  await addPiece(t, buyer.cookie, productId, setting);
  for (const id of plain) expect((await s.add(buyer.cookie, id, 1)).statusCode).toBe(200);
  const order = await s.payAndPlace(buyer.cookie);
  const piece = order.products.find((l) => l.setting);
  if (!piece) throw new Error('the order lacks its piece');
  return { buyer, order, orderId: order._id, lineId: piece._id };
}

/** The merchant moves a piece's line to `stage` (with a note or HUID): the answer, for the test to check. */
export const moveProduction = (t: TestApp, admin: TestUser, orderId: string, lineId: string, payload: object) =>
  t.request({ method: 'PATCH', url: `/o1/api/admin/production/${orderId}/${lineId}`, cookie: admin.cookie, payload });

/** A shop registered for GST making pieces, with a ₹2,000 round pearl sold beside them (see `advanceShopForTests`). */
export type AdvanceShop = {
  t: TestApp;
  s: ReturnType<typeof shop>;
  admin: TestUser;
  ring: Design;
  ruby: { id: string };
  pearl: { id: string };
};

/**
 * The shop the tests of an advance paid for a piece share (its receipt voucher, its refund voucher): a new shop
 * registered for GST with an administrator, the day's rates, a gold ring and a silver pendant by these names, the ruby
 * they fit and a pearl, `stock` of each stone. Set up before the file's tests and closed after them; the object is
 * filled in by the file's first `beforeAll`.
 */
export function advanceShopForTests(names: { ring: string; pendant: string; stock: number }): AdvanceShop {
  const ctx = {} as AdvanceShop;
  beforeAll(async () => {
    ctx.t = await createTestApp();
    ctx.s = shop(ctx.t);
    ctx.admin = await ctx.t.signUpAndIn('ADMIN');
    await registerForGst(ctx.t, ctx.admin);
    ({ ring: ctx.ring, ruby: ctx.ruby } = await madeToOrderShop(ctx.t, ctx.admin, names));
    ctx.pearl = await createProduct(ctx.t.database.db, {
      pricePaise: 2_000_00,
      shape: 'Round',
      weightcarrat: 5,
      stock: names.stock,
    });
  });
  afterAll(() => ctx.t.close());
  return ctx;
}

/** The last number a document series (INV, RV, RF, CN…) has issued, 0 before its first. */
export const lastDocumentNumber = async (t: TestApp, series: string) =>
  (await t.database.db.select().from(documentCounters).where(eq(documentCounters.series, series)))[0]?.lastNumber ?? 0;

/** A PDF's text with its runs of white space made single spaces, to read a document back. */
export const pdfWords = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');
