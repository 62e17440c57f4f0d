// @postgres: the piece's price is read in one SQL statement (a lateral sale join, the tax table), and designs' change notices
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DesignResponse, DesignsResponse, MetalRatesResponse, PiecePriceResponse } from '../../../contract/made-to-order.js';
import { categoryTax, sales } from '../../db/schema.js';
import { createProduct } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { refreshMetalRates } from './rates-refresh.js';
import { piecePaise } from './service.js';
import { createDesign as createKitDesign } from './test-kit.js';

/**
 * Made to order through HTTP: the merchant's metal rates and designs, and the price of a loose stone set in a
 * design — exact to the rupee for each making type and ring size, refused when the stone does not fit, the
 * metal is not offered or its rate is not current.
 */
let t: TestApp;
let admin: TestUser;
let shopper: TestUser;
let now = new Date('2026-11-20T06:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  admin = await t.signUpAndIn('ADMIN');
  shopper = await t.signUpAndIn();
});
afterAll(() => t.close());

const put = (cookie: string | undefined, payload: object) =>
  t.request({ method: 'PUT', url: '/a1/api/admin/metal-rates', cookie, payload });
const rates = async () => MetalRatesResponse.parse((await t.request({ method: 'GET', url: '/a1/api/metal-rates' })).json()).rates;

const RING = {
  name: 'Solitaire ring',
  kind: 'ring',
  metals: [
    { metal: 'gold-22k', grams: 4.2 },
    { metal: 'silver-925', grams: 5 },
  ],
  gramspersize: 0.15,
  making: { type: 'percent', value: 12 },
  shapes: ['Oval', 'Cushion'],
  mincarat: 1,
  maxcarat: 6,
  days: 10,
};
const PENDANT = {
  name: 'Classic pendant',
  kind: 'pendant',
  metals: [{ metal: 'gold-22k', grams: 2.5 }],
  gramspersize: 0,
  making: { type: 'pergram', value: 850 },
  shapes: ['oval'],
  mincarat: 0.5,
  maxcarat: 10,
  days: 7,
};

const createDesign = (body: object) => createKitDesign(t, admin, body);
const price = (query: Record<string, string | number>) =>
  t.request({
    method: 'GET',
    url: `/p1/api/made-to-order/price?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
  });

describe('metal rates', () => {
  it('lists every metal, none priced until the merchant gives a rate', async () => {
    const list = await rates();
    expect(list.map((r) => r.metal)).toEqual(['gold-24k', 'gold-22k', 'gold-18k', 'gold-14k', 'silver-925', 'panchdhatu']);
    expect(list.every((r) => r.pergram === null && r.updatedAt === null && !r.current)).toBe(true);
  });

  it('are set by an ADMIN only, never at 0 or below, nor for a metal outside the list', async () => {
    expect((await put(undefined, { rates: [{ metal: 'gold-22k', pergram: 7000 }] })).statusCode).toBe(401);
    expect((await put(shopper.cookie, { rates: [{ metal: 'gold-22k', pergram: 7000 }] })).statusCode).toBe(403);
    expect((await put(admin.cookie, { rates: [{ metal: 'gold-22k', pergram: 0 }] })).statusCode).toBe(400);
    expect((await put(admin.cookie, { rates: [{ metal: 'gold-22k', pergram: -5 }] })).statusCode).toBe(400);
    // more than 0 yet less than a paisa: refused, never stored as a rate of ₹0
    expect((await put(admin.cookie, { rates: [{ metal: 'gold-24k', pergram: 5e-324 }] })).statusCode).toBe(400);
    expect((await put(admin.cookie, { rates: [{ metal: 'gold-24k', pergram: 0.004 }] })).statusCode).toBe(400);
    expect((await put(admin.cookie, { rates: [{ metal: 'platinum', pergram: 3000 }] })).statusCode).toBe(400);
    expect((await put(admin.cookie, { rates: [{ metal: 'gold-22k', pergram: 1.005 }] })).statusCode).toBe(400);
    expect((await rates()).every((r) => r.pergram === null)).toBe(true);
  });

  it('keep the others when some are set, stamped with the time they were given', async () => {
    const res = await put(admin.cookie, {
      rates: [
        { metal: 'gold-22k', pergram: 7150.5 },
        { metal: 'silver-925', pergram: 95 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = await rates();
    expect(list.find((r) => r.metal === 'gold-22k')).toMatchObject({
      pergram: 7150.5,
      updatedAt: now.toISOString(),
      current: true,
    });
    expect(list.find((r) => r.metal === 'silver-925')).toMatchObject({ pergram: 95, current: true });
    expect(list.find((r) => r.metal === 'gold-24k')).toMatchObject({ pergram: null, current: false });
  });
});

describe('designs', () => {
  it('are created, changed and deleted by an ADMIN only; kinds, metals and making types outside the lists are refused', async () => {
    expect((await t.request({ method: 'POST', url: '/p1/api/admin/designs', payload: RING })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'POST', url: '/p1/api/admin/designs', cookie: shopper.cookie, payload: RING })).statusCode,
    ).toBe(403);
    for (const bad of [
      { ...RING, kind: 'anklet' },
      { ...RING, metals: [{ metal: 'platinum', grams: 3 }] },
      { ...RING, making: { type: 'flat', value: 100 } },
      { ...RING, mincarat: 7, maxcarat: 6 },
      { ...RING, metals: [] },
      { ...RING, days: 0 },
    ]) {
      const res = await t.request({ method: 'POST', url: '/p1/api/admin/designs', cookie: admin.cookie, payload: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const d = await createDesign({ ...RING, name: 'To be changed' });
    expect(d).toMatchObject({
      kind: 'ring',
      active: true,
      images: [],
      gramspersize: 0.15,
      making: { type: 'percent', value: 12 },
    });
    const patch = (cookie: string, payload: object) =>
      t.request({ method: 'PATCH', url: `/p1/api/admin/designs/${d._id}`, cookie, payload });
    expect((await patch(shopper.cookie, { name: 'Mine' })).statusCode).toBe(403);
    expect((await patch(admin.cookie, { mincarat: 9 })).statusCode).toBe(400);
    const changed = await patch(admin.cookie, { name: 'Halo ring', active: false });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(DesignResponse.parse(changed.json()).design).toMatchObject({ name: 'Halo ring', active: false, days: 10 });
    expect(
      (await t.request({ method: 'DELETE', url: `/p1/api/admin/designs/${d._id}`, cookie: shopper.cookie })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `/p1/api/admin/designs/${d._id}`, cookie: admin.cookie })).statusCode).toBe(
      200,
    );
    expect((await t.request({ method: 'DELETE', url: `/p1/api/admin/designs/${d._id}`, cookie: admin.cookie })).statusCode).toBe(
      404,
    );
    expect((await patch(admin.cookie, { name: 'Gone' })).statusCode).toBe(404);
  });

  it('the public list shows active designs only, of the kind asked for, and follows a change at once', async () => {
    const ring = await createDesign(RING);
    const pendant = await createDesign(PENDANT);
    const hidden = await createDesign({ ...PENDANT, name: 'Draft pendant', active: false });
    const list = async (q = '') =>
      DesignsResponse.parse((await t.request({ method: 'GET', url: `/p1/api/designs${q}` })).json()).designs;
    const ids = (await list()).map((d) => d._id);
    expect(ids).toEqual(expect.arrayContaining([ring._id, pendant._id]));
    expect(ids).not.toContain(hidden._id);
    expect((await list('?kind=pendant')).map((d) => d._id)).toEqual([pendant._id]);
    expect((await t.request({ method: 'GET', url: '/p1/api/designs?kind=anklet' })).statusCode).toBe(400);
    await t.request({
      method: 'PATCH',
      url: `/p1/api/admin/designs/${hidden._id}`,
      cookie: admin.cookie,
      payload: { active: true },
    });
    await t.app.catalogueSettled();
    expect((await list('?kind=pendant')).map((d) => d._id)).toContain(hidden._id);
    const all = DesignsResponse.parse(
      (await t.request({ method: 'GET', url: '/p1/api/admin/designs', cookie: admin.cookie })).json(),
    );
    expect(all.designs.length).toBeGreaterThanOrEqual(3);
    expect((await t.request({ method: 'GET', url: '/p1/api/admin/designs', cookie: shopper.cookie })).statusCode).toBe(403);
  });
});

describe('the price of a piece', () => {
  let ring: { _id: string };
  let pendant: { _id: string };
  let ruby: { id: string; categoryId: string };

  beforeAll(async () => {
    ring = await createDesign({ ...RING, name: 'Priced ring' });
    pendant = await createDesign({ ...PENDANT, name: 'Priced pendant' });
    // ₹52,000 ruby of 3.2 ct, oval; its category taxed at 0.25% (HSN 7103) by default
    ruby = await createProduct(t.database.db, { pricePaise: 52_000_00, shape: 'Oval', weightcarrat: 3.2 });
    await put(admin.cookie, {
      rates: [
        { metal: 'gold-22k', pergram: 7150.5 },
        { metal: 'silver-925', pergram: 95 },
      ],
    });
  });

  it('a 22-karat ring of size 14: stone net + metal + a percent making, GST as jewellery, to the rupee', async () => {
    const res = await price({ productId: ruby.id, designId: ring._id, metal: 'gold-22k', size: 14 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { price: p, days } = PiecePriceResponse.parse(res.json());
    // stone 52,000.00 with 0.25% inside: 129.68 → net 51,870.32
    // grams 4.2 + 0.15 × 2 = 4.5; metal 4.5 × 7,150.50 = 32,177.25; making 12% = 3,861.27
    // taxable 87,908.84; total × 1.03 = 90,546.1052 → 90,546; GST 2,637.16
    expect(p).toEqual({
      stone: 52000,
      stonenet: 51870.32,
      metal: { grams: 4.5, rate: 7150.5, amount: 32177.25 },
      making: 3861.27,
      taxable: 87908.84,
      gst: { rate: 3, amount: 2637.16 },
      total: 90546,
    });
    expect(days).toBe(10);
  });

  it('a ring below size 12 takes metal off, a pendant charges making per gram and needs no size', async () => {
    const small = PiecePriceResponse.parse(
      (await price({ productId: ruby.id, designId: ring._id, metal: 'silver-925', size: 8 })).json(),
    );
    // 5 − 0.15 × 4 = 4.4 g × 95 = 418; making 12% = 50.16
    expect(small.price.metal).toEqual({ grams: 4.4, rate: 95, amount: 418 });
    expect(small.price.making).toBe(50.16);
    const p = PiecePriceResponse.parse(
      (await price({ productId: ruby.id, designId: pendant._id, metal: 'gold-22k' })).json(),
    ).price;
    // 2.5 g × 7,150.50 = 17,876.25; making 2.5 × 850 = 2,125; taxable 51,870.32 + 20,001.25 = 71,871.57
    expect(p.metal.amount).toBe(17876.25);
    expect(p.making).toBe(2125);
    expect(p.taxable).toBe(71871.57);
    expect(p.total).toBe(Math.round(71871.57 * 1.03));
    expect(Math.round((p.total - p.taxable) * 100) / 100).toBe(p.gst.amount);
  });

  it('prices the stone at its sale price, and jewellery at the rate the tax table gives HSN 7113', async () => {
    const jewellery = await createProduct(t.database.db, { pricePaise: 10_000_00 });
    await t.database.db.insert(categoryTax).values({ categoryId: jewellery.categoryId, hsn: '7113', gstRateBp: 500 });
    await t.database.db.insert(sales).values({
      name: 'Ruby week',
      percentoff: 10,
      categoryId: ruby.categoryId,
      startsAt: new Date(now.getTime() - DAY),
      endsAt: new Date(now.getTime() + DAY),
    });
    const p = PiecePriceResponse.parse(
      (await price({ productId: ruby.id, designId: pendant._id, metal: 'gold-22k' })).json(),
    ).price;
    expect(p.stone).toBe(46800);
    expect(p.gst.rate).toBe(5);
    expect(p.total).toBe(Math.round(p.taxable * 1.05));
  });

  it('refuses a stone that does not fit, a piece that is not a loose stone, a metal not offered, a ring without a size', async () => {
    const tiny = await createProduct(t.database.db, { shape: 'Oval', weightcarrat: 0.4 });
    expect((await price({ productId: tiny.id, designId: ring._id, metal: 'gold-22k', size: 12 })).statusCode).toBe(409);
    const round = await createProduct(t.database.db, { shape: 'Round', weightcarrat: 3 });
    expect((await price({ productId: round.id, designId: ring._id, metal: 'gold-22k', size: 12 })).statusCode).toBe(409);
    const unweighed = await createProduct(t.database.db, { shape: 'Oval' });
    expect((await price({ productId: unweighed.id, designId: ring._id, metal: 'gold-22k', size: 12 })).statusCode).toBe(409);
    const necklace = await createProduct(t.database.db, { shape: 'Oval', weightcarrat: 3 });
    await t.database.db.insert(categoryTax).values({ categoryId: necklace.categoryId, hsn: '7113', gstRateBp: 300 });
    const notLoose = await price({ productId: necklace.id, designId: ring._id, metal: 'gold-22k', size: 12 });
    expect(notLoose.statusCode).toBe(409);
    expect(notLoose.json().message).toBe('Only a loose stone can be set in a piece');
    expect((await price({ productId: ruby.id, designId: pendant._id, metal: 'silver-925' })).statusCode).toBe(400);
    expect((await price({ productId: ruby.id, designId: ring._id, metal: 'gold-22k' })).statusCode).toBe(400);
    expect((await price({ productId: ruby.id, designId: ring._id, metal: 'gold-22k', size: 31 })).statusCode).toBe(400);
    expect((await price({ productId: ruby.id, designId: ring._id, metal: 'gold-22k', size: 0 })).statusCode).toBe(400);
    expect((await price({ productId: ruby.id, designId: ring._id, metal: 'platinum', size: 12 })).statusCode).toBe(400);
    expect((await price({ productId: crypto.randomUUID(), designId: ring._id, metal: 'gold-22k', size: 12 })).statusCode).toBe(
      404,
    );
    expect((await price({ productId: ruby.id, designId: crypto.randomUUID(), metal: 'gold-22k', size: 12 })).statusCode).toBe(
      404,
    );
  });

  it('a rate older than three days is not sold at: "Price on request" until it is given again', async () => {
    const at = now;
    try {
      now = new Date(at.getTime() + 3 * DAY + 1000);
      const stale = await price({ productId: ruby.id, designId: ring._id, metal: 'gold-22k', size: 14 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe('Price on request');
      expect((await rates()).find((r) => r.metal === 'gold-22k')?.current).toBe(false);
      const never = await price({ productId: ruby.id, designId: ring._id, metal: 'gold-22k', size: 14 });
      expect(never.statusCode).toBe(409);
      await put(admin.cookie, { rates: [{ metal: 'gold-22k', pergram: 7200 }] });
      const fresh = await price({ productId: ruby.id, designId: ring._id, metal: 'gold-22k', size: 14 });
      expect(fresh.statusCode, fresh.body).toBe(200);
      expect(PiecePriceResponse.parse(fresh.json()).price.metal).toEqual({ grams: 4.5, rate: 7200, amount: 32400 });
    } finally {
      now = at;
    }
  });
});

describe('the daily refresh from METAL_RATES_URL', () => {
  it('takes the rates of a well-formed answer, and changes nothing for a broken one', async () => {
    let answer: { status: number; body: string } = {
      status: 200,
      body: JSON.stringify({
        rates: [
          { metal: 'gold-24k', pergram: 7800 },
          { metal: 'panchdhatu', pergram: 40.5 },
        ],
      }),
    };
    const standIn = http.createServer((_req, res) =>
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body),
    );
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    const fed = await createTestApp(
      { METAL_RATES_URL: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/rates.json` },
      { database: t.database, clock: () => now },
    );
    try {
      expect(await refreshMetalRates(fed.app)).toBe(2);
      const list = await rates();
      expect(list.find((r) => r.metal === 'gold-24k')).toMatchObject({ pergram: 7800, current: true });
      expect(list.find((r) => r.metal === 'panchdhatu')).toMatchObject({ pergram: 40.5 });
      for (const broken of [
        { status: 200, body: JSON.stringify({ rates: [{ metal: 'gold-24k', pergram: 0 }] }) },
        { status: 200, body: 'not json' },
        { status: 503, body: '{}' },
      ]) {
        answer = broken;
        expect(await refreshMetalRates(fed.app)).toBe(0);
      }
      expect((await rates()).find((r) => r.metal === 'gold-24k')?.pergram).toBe(7800);
    } finally {
      await fed.app.close();
      standIn.close();
    }
  });
});

describe('the formula in integers', () => {
  it('rounds each part half up to the paisa and the total half up to the rupee', () => {
    // 1 mg at ₹0.05/g = 0.005 paise → 0; 10 mg → 0.05 → 0; 100 mg → 0.5 → 1 paisa
    expect(
      piecePaise({
        stonePaise: 0,
        stoneRateBp: 25,
        metalMilligrams: 100,
        ratePerGramPaise: 5,
        making: { type: 'percent', value: 0 },
        jewelleryRateBp: 0,
      }).metal,
    ).toBe(1);
    // taxable ₹100.49 at 0% → ₹100; ₹100.50 → ₹101
    const total = (paise: number) =>
      piecePaise({
        stonePaise: paise,
        stoneRateBp: 0,
        metalMilligrams: 0,
        ratePerGramPaise: 1,
        making: { type: 'pergram', value: 0 },
        jewelleryRateBp: 0,
      }).total;
    expect(total(10049)).toBe(10000);
    expect(total(10050)).toBe(10100);
  });
});
