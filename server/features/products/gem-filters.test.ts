// @postgres: gem filters are SQL over the specifications
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilterResponse } from '../../../contract/catalogue.js';
import { PublicSettingsResponse } from '../../../contract/settings.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { createCategory, createSubcategory } from './test-kit.js';
import { createProduct } from './writes.js';

let t: TestApp;
let admin: TestUser;
let shopper: TestUser;

type Gem = { carat: number | null; origin: string; shape: string; treatment: string; lab: string };
const STONES: Record<string, Gem> = {
  'Burmese Ruby Five Ratti': {
    carat: 4.55,
    origin: 'Burma (Myanmar)',
    shape: 'Cushion',
    treatment: 'Unheated, untreated',
    lab: 'GIA',
  },
  'Mozambique Ruby Heated': { carat: 5.42, origin: 'Mozambique', shape: 'Oval', treatment: 'Heated only', lab: 'IGI' },
  'Thai Ruby Glass': {
    carat: 3.26,
    origin: 'Thailand (Bangkok)',
    shape: 'Oval',
    treatment: 'Heated, minor glass filling',
    lab: '',
  },
  'Ceylon Ruby Small': { carat: 1.2, origin: 'Sri Lanka (Ceylon)', shape: 'Heart', treatment: 'Untreated', lab: 'Gübelin' },
  'Ruby Without Weight': { carat: null, origin: 'Burma', shape: '', treatment: '', lab: 'Local Lab of Jaipur' },
};

const listing = async (term: string) => {
  const res = await t.request({ method: 'GET', url: `/p1/api/filter/${term}` });
  expect(res.statusCode).toBe(200);
  const body = FilterResponse.parse(res.json());
  return { names: body.products.map((p) => p.productname).sort(), filter: body.filter, total: body.pagination.totalCount };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAndIn('ADMIN');
  shopper = await t.signUpAndIn('USER');
  const gemstones = await createCategory(t, admin.cookie, 'Gemstones');
  const ruby = await createSubcategory(t, admin.cookie, gemstones, 'Ruby');
  for (const [name, g] of Object.entries(STONES)) {
    await createProduct(t.database.db, {
      category: gemstones,
      subcategory: ruby,
      productname: name,
      productdescription: `${name}.`,
      productprice: 10000,
      stockquantity: 2,
      weightcarrat: g.carat,
      origin: g.origin,
      shape: g.shape,
      treatment: g.treatment,
      certification: g.lab,
    });
  }
});
afterAll(() => t?.close());

describe('gem filters on the listing', () => {
  it('finds the 5-ratti untreated Burmese ruby (1 ratti = 0.91 ct by default)', async () => {
    const r = await listing('gemstones-ruby-rattimin-4.5-rattimax-5.5-origin-burma-treatment-untreated');
    expect(r.names).toEqual(['Burmese Ruby Five Ratti']);
    expect(r.filter).toMatchObject({ rattimin: 4.5, rattimax: 5.5, origin: ['burma'], treatment: ['untreated'] });
    // exactly 5 ratti is 4.55 ct
    expect((await listing('rattimin-5-rattimax-5')).names).toEqual(['Burmese Ruby Five Ratti']);
  });

  it('filters by carat, leaving out stones without a weight', async () => {
    expect((await listing('caratmin-3')).names).toEqual(['Burmese Ruby Five Ratti', 'Mozambique Ruby Heated', 'Thai Ruby Glass']);
    expect((await listing('caratmax-3.26')).names).toEqual(['Ceylon Ruby Small', 'Thai Ruby Glass']);
    expect((await listing('caratmin-3-caratmax-5')).total).toBe(2);
  });

  it('filters by origin, shape and treatment as whole words, any of several', async () => {
    expect((await listing('origin-burma')).names).toEqual(['Burmese Ruby Five Ratti', 'Ruby Without Weight']);
    expect((await listing('origin-srilanka-origin-thailand')).names).toEqual(['Ceylon Ruby Small', 'Thai Ruby Glass']);
    expect((await listing('shape-oval')).names).toEqual(['Mozambique Ruby Heated', 'Thai Ruby Glass']);
    // "Unheated" is not "heated"
    expect((await listing('treatment-heated')).names).toEqual(['Mozambique Ruby Heated', 'Thai Ruby Glass']);
    expect((await listing('treatment-untreated')).names).toEqual(['Burmese Ruby Five Ratti', 'Ceylon Ruby Small']);
  });

  it('filters by lab: one lab, any certificate, another lab', async () => {
    expect((await listing('lab-gia')).names).toEqual(['Burmese Ruby Five Ratti']);
    expect((await listing('lab-gubelin')).names).toEqual(['Ceylon Ruby Small']);
    expect((await listing('lab-any')).total).toBe(4);
    expect((await listing('lab-other')).names).toEqual(['Ruby Without Weight']);
    expect((await listing('lab-gia-lab-igi')).total).toBe(2);
  });

  it('keeps old terms: words that are not gem terms still search names', async () => {
    const r = await listing('origin-atlantis');
    expect(r.filter.search).toEqual(['origin', 'atlantis']);
    expect(r.total).toBe(0);
    expect((await listing('search-burmese')).names).toEqual(['Burmese Ruby Five Ratti']);
  });

  it('the filter form sent before the app runs gives the same address', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/all?search=&rattimin=4.5&rattimax=5.5&origin=burma&treatment=untreated&lab=',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/rattimin-4.5-rattimax-5.5-origin-burma-treatment-untreated');
  });
});

describe('the sitemap', () => {
  it('lists the stone’s pages by origin and the untreated one, for origins it has', async () => {
    const body = (await t.request({ method: 'GET', url: '/sitemap.xml' })).body;
    for (const path of [
      '/gemstones-ruby-origin-burma',
      '/gemstones-ruby-origin-srilanka',
      '/gemstones-ruby-treatment-untreated',
    ]) {
      expect(body).toContain(`${path}</loc>`);
    }
    expect(body).not.toContain('/gemstones-ruby-origin-kashmir<');
  });
});

describe('the ratti setting', () => {
  it('is public, 0.91 carats per ratti by default, and only an admin changes it (within 0.5 to 1.2)', async () => {
    const pub = PublicSettingsResponse.parse((await t.request({ method: 'GET', url: '/a1/api/settings' })).json());
    expect(pub.settings.rattiincarats).toBe(0.91);
    const put = (cookie: string | undefined, rattiincarats: unknown) =>
      t.request({ method: 'PUT', url: '/a1/api/admin/settings', cookie, payload: { rattiincarats } });
    expect((await put(undefined, 1)).statusCode).toBe(401);
    expect((await put(shopper.cookie, 1)).statusCode).toBe(403);
    expect((await put(admin.cookie, 1.5)).statusCode).toBe(400);
    expect((await put(admin.cookie, 0.9105)).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/a1/api/settings' })).json().settings.rattiincarats).toBe(0.91);
  });

  it('converts the ratti filter: with the kachi ratti (0.61 ct) the 4.55 ct ruby is 7.46 ratti', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/a1/api/admin/settings',
      cookie: admin.cookie,
      payload: { rattiincarats: 0.61 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings.rattiincarats).toBe(0.61);
    expect((await listing('rattimin-7-rattimax-8')).names).toEqual(['Burmese Ruby Five Ratti']);
    expect((await listing('rattimin-4.5-rattimax-5.5')).names).toEqual(['Thai Ruby Glass']);
    const back = await t.request({
      method: 'PUT',
      url: '/a1/api/admin/settings',
      cookie: admin.cookie,
      payload: { rattiincarats: 0.91 },
    });
    expect(back.statusCode).toBe(200);
  });
});
