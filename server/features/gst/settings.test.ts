import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminSettingsResponse, gstinCheckChar, PublicSettingsResponse, TaxResponse } from '../../../contract/settings.js';
import { categories, categoryTax, checkouts } from '../../db/schema.js';
import { createProduct, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';

let t: TestApp;
let admin: TestUser;
let shopper: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAndIn('ADMIN');
  shopper = await t.signUpAndIn();
});
afterAll(() => t.close());

/** A Punjab (state code 03) GSTIN; the check digit itself is tested against published GSTINs in contract/. */
const PUNJAB_GSTIN = `03AAPFU0939F1Z${gstinCheckChar('03AAPFU0939F1Z')}`;

describe('shop settings', () => {
  it('anyone reads the public settings, seeded with the shop’s details; never the invoice prefix', async () => {
    const res = await t.request({ method: 'GET', url: '/a1/api/settings' });
    expect(res.statusCode).toBe(200);
    const body = PublicSettingsResponse.parse(res.json());
    expect(body.settings).toMatchObject({ shopname: 'Ratna Gems', state: 'Punjab', freeshippingabove: 150000 });
    expect(body.settings.supportemail).toMatch(/@/);
    expect(res.json().settings).not.toHaveProperty('invoiceprefix');
  });

  it('admin routes: 401 signed out, 403 for a shopper, before the body is looked at', async () => {
    for (const [method, url] of [
      ['GET', '/a1/api/admin/settings'],
      ['PUT', '/a1/api/admin/settings'],
      ['GET', '/a1/api/admin/tax'],
      ['PUT', '/a1/api/admin/tax'],
    ] as const) {
      const payload = method === 'PUT' ? { gstin: 'nonsense', tax: 'x' } : undefined;
      expect((await t.request({ method, url, payload })).statusCode, url).toBe(401);
      expect((await t.request({ method, url, payload, cookie: shopper.cookie })).statusCode, url).toBe(403);
    }
  });

  it('the admin changes only the fields given; the public answer follows', async () => {
    const before = AdminSettingsResponse.parse(
      (await t.request({ method: 'GET', url: '/a1/api/admin/settings', cookie: admin.cookie })).json(),
    ).settings;
    expect(before.invoiceprefix).toBe('RG');
    const res = await t.request({
      method: 'PUT',
      url: '/a1/api/admin/settings',
      cookie: admin.cookie,
      payload: {
        legalname: '  Ratna Gems Private Limited ',
        gstin: PUNJAB_GSTIN.toLowerCase(),
        invoiceprefix: 'RGL',
        supportphone: '+91 161 401 2345',
        supportemail: 'Help@RatnaGems.in',
        freeshippingabove: 99999.5,
        unknownfield: 'ignored',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = AdminSettingsResponse.parse(res.json()).settings;
    expect(saved).toMatchObject({
      shopname: before.shopname,
      address: before.address,
      legalname: 'Ratna Gems Private Limited',
      gstin: PUNJAB_GSTIN,
      invoiceprefix: 'RGL',
      supportphone: '+91 161 401 2345',
      supportemail: 'help@ratnagems.in',
      freeshippingabove: 99999.5,
    });
    const pub = PublicSettingsResponse.parse((await t.request({ method: 'GET', url: '/a1/api/settings' })).json()).settings;
    expect(pub).toMatchObject({ legalname: 'Ratna Gems Private Limited', gstin: PUNJAB_GSTIN, freeshippingabove: 99999.5 });
  });

  it('refuses a GSTIN with a wrong check digit, one of another state, a bad prefix or state: 400, nothing saved', async () => {
    const wrongDigit = `${PUNJAB_GSTIN.slice(0, 14)}${PUNJAB_GSTIN.endsWith('Q') ? 'R' : 'Q'}`;
    const bad: [object, string][] = [
      [{ gstin: wrongDigit }, 'gstin'],
      [{ gstin: '27AAPFU0939F1ZV' }, 'gstin'], // valid, but Maharashtra's while the shop is in Punjab
      [{ state: 'Maharashtra' }, 'state'], // the saved Punjab GSTIN would no longer match
      [{ state: 'Atlantis' }, 'state'],
      [{ invoiceprefix: 'rg' }, 'invoiceprefix'],
      [{ invoiceprefix: 'ABCDEFG' }, 'invoiceprefix'],
      [{ supportemail: 'not-an-email' }, 'supportemail'],
      [{ freeshippingabove: -1 }, 'freeshippingabove'],
      [{ freeshippingabove: 10.001 }, 'freeshippingabove'],
      [{ shopname: '   ' }, 'shopname'],
    ];
    for (const [payload, path] of bad) {
      const res = await t.request({ method: 'PUT', url: '/a1/api/admin/settings', cookie: admin.cookie, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().errors?.[0]?.path, JSON.stringify(payload)).toBe(path);
    }
    const now = AdminSettingsResponse.parse(
      (await t.request({ method: 'GET', url: '/a1/api/admin/settings', cookie: admin.cookie })).json(),
    ).settings;
    expect(now).toMatchObject({ gstin: PUNJAB_GSTIN, state: 'Punjab', invoiceprefix: 'RGL' });

    // moving state and GSTIN together is fine
    const moved = await t.request({
      method: 'PUT',
      url: '/a1/api/admin/settings',
      cookie: admin.cookie,
      payload: { state: 'maharashtra', gstin: '27AAPFU0939F1ZV' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().settings).toMatchObject({ state: 'Maharashtra', gstin: '27AAPFU0939F1ZV' });
    const back = await t.request({
      method: 'PUT',
      url: '/a1/api/admin/settings',
      cookie: admin.cookie,
      payload: { state: 'Punjab', gstin: PUNJAB_GSTIN },
    });
    expect(back.statusCode).toBe(200);
  });
});

describe('tax per category', () => {
  it('marks a row the admin adds or changes as the admin’s choice; a row sent back unchanged keeps its mark', async () => {
    const [a] = await t.database.db.insert(categories).values({ name: 'Corals' }).returning();
    const [b] = await t.database.db.insert(categories).values({ name: 'Opals' }).returning();
    if (!a || !b) throw new Error('no category');
    // as the demo seed writes it: the scheduled rate, not the admin's
    await t.database.db.insert(categoryTax).values({ categoryId: a.id, hsn: '7103', gstRateBp: 25 });
    const marks = async () =>
      Object.fromEntries(
        (
          await t.database.db
            .select()
            .from(categoryTax)
            .where(inArray(categoryTax.categoryId, [a.id, b.id]))
        ).map((r) => [r.categoryId === a.id ? 'corals' : 'opals', [r.gstRateBp, r.chosenByAdmin]]),
      );
    const put = (tax: object[]) => t.request({ method: 'PUT', url: '/a1/api/admin/tax', cookie: admin.cookie, payload: { tax } });
    expect(
      (
        await put([
          { categoryId: a.id, hsn: '7103', gstrate: 0.25 },
          { categoryId: b.id, hsn: '7103', gstrate: 3 },
        ])
      ).statusCode,
    ).toBe(200);
    expect(await marks()).toEqual({ corals: [25, false], opals: [300, true] });
    expect(
      (
        await put([
          { categoryId: a.id, hsn: '7103', gstrate: 1.5 },
          { categoryId: b.id, hsn: '7103', gstrate: 3 },
        ])
      ).statusCode,
    ).toBe(200);
    expect(await marks()).toEqual({ corals: [150, true], opals: [300, true] });
  });

  it('lists every category with its HSN and rate, defaults for a category without a row, and replaces the list', async () => {
    const [gems] = await t.database.db.insert(categories).values({ name: 'Gemstones' }).returning();
    const [pearls] = await t.database.db.insert(categories).values({ name: 'Pearls' }).returning();
    if (!gems || !pearls) throw new Error('no category');
    const list = TaxResponse.parse((await t.request({ method: 'GET', url: '/a1/api/admin/tax', cookie: admin.cookie })).json());
    expect(list.tax.find((r) => r.categoryId === gems.id)).toMatchObject({
      hsn: '7103',
      gstrate: 0.25,
      isdefault: true,
      usualrate: 0.25,
      basis: expect.stringContaining('Schedule VI, since 1 October 2019'),
    });

    const put = await t.request({
      method: 'PUT',
      url: '/a1/api/admin/tax',
      cookie: admin.cookie,
      payload: {
        tax: [
          { categoryId: pearls.id, hsn: '7101', gstrate: 3 },
          { categoryId: gems.id, hsn: '71031000', gstrate: 0.25 },
        ],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const saved = TaxResponse.parse(put.json()).tax;
    expect(saved.find((r) => r.categoryId === pearls.id)).toMatchObject({ hsn: '7101', gstrate: 3, isdefault: false });
    expect(saved.find((r) => r.categoryId === gems.id)).toMatchObject({ hsn: '71031000', gstrate: 0.25, isdefault: false });

    // replacing with a shorter list sends the others back to the default
    const put2 = await t.request({
      method: 'PUT',
      url: '/a1/api/admin/tax',
      cookie: admin.cookie,
      payload: { tax: [{ categoryId: pearls.id, hsn: '7101', gstrate: 5 }] },
    });
    expect(put2.statusCode).toBe(200);
    expect(TaxResponse.parse(put2.json()).tax.find((r) => r.categoryId === gems.id)).toMatchObject({
      hsn: '7103',
      gstrate: 0.25,
      isdefault: true,
    });
  });

  it('refuses bad rows (HSN, rate, unknown or repeated category) and saves nothing', async () => {
    const [c] = await t.database.db.select().from(categories).where(eq(categories.name, 'Pearls'));
    if (!c) throw new Error('no category');
    const cases: [object, number][] = [
      [{ tax: [{ categoryId: c.id, hsn: '710', gstrate: 3 }] }, 400],
      [{ tax: [{ categoryId: c.id, hsn: '7101a', gstrate: 3 }] }, 400],
      [{ tax: [{ categoryId: c.id, hsn: '7101', gstrate: 28.5 }] }, 400],
      [{ tax: [{ categoryId: c.id, hsn: '7101', gstrate: -1 }] }, 400],
      [{ tax: [{ categoryId: c.id, hsn: '7101', gstrate: 3.125 }] }, 400],
      [{ tax: [{ categoryId: 'not-a-uuid', hsn: '7101', gstrate: 3 }] }, 400],
      [
        {
          tax: [
            { categoryId: c.id, hsn: '7101', gstrate: 3 },
            { categoryId: c.id, hsn: '7103', gstrate: 3 },
          ],
        },
        400,
      ],
      [
        {
          tax: [
            { categoryId: c.id, hsn: '7101', gstrate: 12 },
            { categoryId: '00000000-0000-4000-8000-000000000000', hsn: '7101', gstrate: 3 },
          ],
        },
        404,
      ],
    ];
    for (const [payload, status] of cases) {
      const res = await t.request({ method: 'PUT', url: '/a1/api/admin/tax', cookie: admin.cookie, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().success).toBe(false);
    }
    const list = TaxResponse.parse((await t.request({ method: 'GET', url: '/a1/api/admin/tax', cookie: admin.cookie })).json());
    expect(list.tax.find((r) => r.categoryId === c.id)).toMatchObject({ hsn: '7101', gstrate: 5 });
  });
});

describe('shipping state and GSTIN at checkout', () => {
  const s = () => shop(t);
  async function holdWith(shippinginfo: object) {
    const user = await t.signUpAndIn();
    const p = await createProduct(t.database.db, { stock: 5, pricePaise: 100_000 });
    expect((await s().add(user.cookie, p.id, 1)).statusCode).toBe(200);
    return s().hold(user.cookie, { shippinginfo });
  }
  const stored = async (providerOrderId: string) => {
    const [row] = await t.database.db.select().from(checkouts).where(eq(checkouts.providerOrderId, providerOrderId));
    return row?.shippinginfo;
  };

  it('derives the state from the PIN code when none is given; the shopper’s choice wins; a GSTIN is upper-cased', async () => {
    const derived = await holdWith(SHIPPING);
    expect(derived.statusCode, derived.body).toBe(200);
    expect(await stored(derived.json().razorpayOrder.id)).toMatchObject({ ...SHIPPING, state: 'Punjab' });

    const chosen = await holdWith({
      ...SHIPPING,
      state: 'chandigarh',
      gstin: ' 27aapfu0939f1zv ',
      legalname: ' Kiran  Traders LLP ',
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await stored(chosen.json().razorpayOrder.id)).toMatchObject({ state: 'Chandigarh', gstin: '27AAPFU0939F1ZV' });
  });

  it('the shipping form’s own checks come first; then a bad state or GSTIN is named next to its field', async () => {
    const spec = await holdWith({ ...SHIPPING, pincode: '14100', gstin: 'bad' });
    expect(spec.statusCode).toBe(400);
    expect(spec.json().errors[0]).toEqual({ path: 'shippinginfo.pincode', message: 'Enter a valid 6-digit PIN code' });

    const gstin = await holdWith({ ...SHIPPING, gstin: '27AAPFU0939F1ZW' });
    expect(gstin.statusCode).toBe(400);
    expect(gstin.json().errors[0]).toEqual({
      path: 'shippinginfo.gstin',
      message: 'This GSTIN is not valid: its check digit does not match',
    });

    const state = await holdWith({ ...SHIPPING, state: 'Bombay' });
    expect(state.statusCode).toBe(400);
    expect(state.json().errors[0].path).toBe('shippinginfo.state');

    const army = await holdWith({ ...SHIPPING, pincode: '999999' });
    expect(army.statusCode).toBe(400);
    expect(army.json().errors[0]).toEqual({ path: 'shippinginfo.state', message: 'Select your state' });
    const armyChosen = await holdWith({ ...SHIPPING, pincode: '999999', state: 'Delhi' });
    expect(armyChosen.statusCode).toBe(200);
  });
});
