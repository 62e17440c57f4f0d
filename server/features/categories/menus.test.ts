// @postgres: two merchants laying out the menus at once, and the migration's placing of an older shop's stones
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Subcategory } from '../../../contract/catalogue.js';
import { MENUS } from '../../../contract/menu-names.js';
import { AdminMenusResponse, MenusResponse } from '../../../contract/menus.js';
import type { Database } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { buildCatalogue } from '../../seed/catalogue.js';
import { DEMO_DISPLAY_NAMES, DEMO_MENUS } from '../../seed/menus.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { databaseBefore } from '../../test/migration-db.js';
import { createCategory, createSubcategory } from '../products/test-kit.js';
import { createProduct } from '../products/writes.js';

let t: TestApp;
let admin: TestUser;
let shopper: TestUser;
let gemstones: string;
let jewellery: string;
const ids: Record<string, string> = {};

/** An active (or switched-off) product of a subcategory, made as the back office makes one. */
const stone = (subcategory: string, isActive = true, category = gemstones) =>
  createProduct(t.database.db, {
    category,
    subcategory,
    productname: `Stone ${Math.random().toString(36).slice(2, 8)}`,
    productdescription: 'Certified.',
    productprice: 12_000,
    stockquantity: 2,
    isActive,
  });

const menus = async () => {
  const res = await t.request({ method: 'GET', url: '/c1/api/menus' });
  expect(res.statusCode).toBe(200);
  return MenusResponse.parse(res.json()).menus;
};
const linksOf = async (menu: string) => (await menus()).find((m) => m.menu === menu)?.links ?? [];
/** Lays out menus as the administrator, or as `cookie` says (null: signed out). */
const layOut = (payload: object, cookie: string | null = admin.cookie) =>
  t.request({ method: 'PUT', url: '/c1/api/admin/menus', cookie: cookie ?? undefined, payload });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAndIn('ADMIN');
  shopper = await t.signUpAndIn('USER');
  gemstones = await createCategory(t, admin.cookie, 'Gemstones');
  jewellery = await createCategory(t, admin.cookie, 'Jewellery');
  for (const name of ['Ruby', 'Catseye', 'Amethyst', 'Hessonite']) {
    ids[name] = await createSubcategory(t, admin.cookie, gemstones, name);
    await stone(ids[name] as string);
  }
  ids.Rings = await createSubcategory(t, admin.cookie, jewellery, 'Rings');
  await stone(ids.Rings, true, jewellery);
  const named = await t.request({
    method: 'PATCH',
    url: `/s2/api/edit/${ids.Catseye}`,
    cookie: admin.cookie,
    payload: { subcategoryname: 'Catseye', category: gemstones, displayname: " Cat's Eye " },
  });
  expect(named.statusCode).toBe(200);
});
afterAll(() => t.close());

describe('the header menus from the catalogue', () => {
  it('are the five menus by name, empty until the merchant places something', async () => {
    const answer = await menus();
    expect(answer.map((m) => m.label)).toEqual([
      'Zodiac Stones',
      'Vedic Stones',
      'Exclusive Gemstones',
      'Other Gemstones',
      'Jewellery',
    ]);
    expect(answer.every((m) => m.links.length === 0)).toBe(true);
  });

  it('list what the merchant placed, in order, by display name with the note, at the unchanged addresses', async () => {
    const res = await layOut({
      menus: [
        {
          menu: 'vedic',
          entries: [
            { subcategory: ids.Ruby, note: ' Manik ' },
            { subcategory: ids.Catseye, note: 'Lehsunia' },
            { subcategory: ids.Hessonite, note: 'Gomed' },
          ],
        },
        { menu: 'zodiac', entries: [{ subcategory: ids.Ruby, note: 'Leo' }] },
        { menu: 'jewellery', entries: [{ subcategory: ids.Rings }, { category: jewellery, note: 'All' }] },
      ],
    });
    expect(res.statusCode).toBe(200);
    const laidOut = AdminMenusResponse.parse(res.json());
    expect(laidOut.menus.find((m) => m.menu === 'vedic')?.entries[1]).toEqual({
      category: null,
      subcategory: ids.Catseye,
      name: "Cat's Eye · Gemstones",
      note: 'Lehsunia',
      to: '/gemstones-catseye',
      shown: true,
    });

    expect(await linksOf('vedic')).toEqual([
      { label: 'Ruby (Manik)', to: '/gemstones-ruby' },
      { label: "Cat's Eye (Lehsunia)", to: '/gemstones-catseye' },
      { label: 'Hessonite (Gomed)', to: '/gemstones-hessonite' },
    ]);
    expect(await linksOf('zodiac')).toEqual([{ label: 'Ruby (Leo)', to: '/gemstones-ruby' }]);
    expect(await linksOf('jewellery')).toEqual([
      { label: 'Rings', to: '/jewellery-rings' },
      { label: 'Jewellery (All)', to: '/jewellery' },
    ]);
    // The display name is what shoppers read; the address still works as it did.
    const page = await t.request({ method: 'GET', url: '/p1/api/filter/gemstones-catseye' });
    expect(page.json().pagination.totalCount).toBe(1);
  });

  it('is one public answer for everyone, kept with an ETag until the menus change', async () => {
    const first = await t.request({ method: 'GET', url: '/c1/api/menus' });
    expect(first.headers['cache-control']).toContain('public');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const signedIn = await t.request({ method: 'GET', url: '/c1/api/menus', cookie: shopper.cookie });
    expect(signedIn.body).toBe(first.body);
    const again = await t.request({ method: 'GET', url: '/c1/api/menus', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);

    // A change behind the server's back (as another server would make it) reaches it through the change notices.
    await t.database.db.execute(sql`update menu_entries set note = 'Manikya' where note = 'Manik'`);
    await t.app.catalogueSettled();
    const changed = await t.request({ method: 'GET', url: '/c1/api/menus', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(MenusResponse.parse(changed.json()).menus[1]?.links[0]?.label).toBe('Ruby (Manikya)');
  });

  it('show a new subcategory placed from its own form, once it has an active product, with no release', async () => {
    const made = await t.request({
      method: 'POST',
      url: '/s2/api/create',
      cookie: admin.cookie,
      payload: { subcategoryname: 'Lapislazuli', displayname: 'Lapis Lazuli', category: gemstones, menu: 'vedic' },
    });
    expect(made.statusCode).toBe(201);
    const sub = Subcategory.parse(made.json().data);
    expect(sub).toMatchObject({ subcategoryname: 'Lapislazuli', displayname: 'Lapis Lazuli' });
    // No product yet: the menu does not send shoppers to an empty page, and the back office says why.
    expect((await linksOf('vedic')).map((l) => l.label)).not.toContain('Lapis Lazuli');
    const admins = AdminMenusResponse.parse(
      (await t.request({ method: 'GET', url: '/c1/api/admin/menus', cookie: admin.cookie })).json(),
    );
    expect(admins.menus.find((m) => m.menu === 'vedic')?.entries.at(-1)).toMatchObject({ subcategory: sub._id, shown: false });

    await stone(sub._id);
    await t.app.catalogueSettled();
    expect((await linksOf('vedic')).at(-1)).toEqual({ label: 'Lapis Lazuli', to: '/gemstones-lapislazuli' });

    // Placing it in the same menu again (an edit choosing that menu) never lists it twice.
    const edited = await t.request({
      method: 'PATCH',
      url: `/s2/api/edit/${sub._id}`,
      cookie: admin.cookie,
      payload: { subcategoryname: 'Lapislazuli', category: gemstones, menu: 'vedic' },
    });
    expect(edited.statusCode).toBe(200);
    expect(Subcategory.parse(edited.json().data).displayname).toBe('Lapis Lazuli');
    expect((await linksOf('vedic')).filter((l) => l.to === '/gemstones-lapislazuli')).toHaveLength(1);
  });

  it('leave out a subcategory whose products are all switched off, and one taken out of the menus', async () => {
    const amethyst = await t.request({
      method: 'PUT',
      url: '/c1/api/admin/menus',
      cookie: admin.cookie,
      payload: { menus: [{ menu: 'other', entries: [{ subcategory: ids.Amethyst }] }] },
    });
    expect(amethyst.statusCode).toBe(200);
    expect(await linksOf('other')).toEqual([{ label: 'Amethyst', to: '/gemstones-amethyst' }]);
    // The other menus stayed as they were.
    expect((await linksOf('vedic')).length).toBe(4);

    const listing = await t.request({ method: 'GET', url: '/p1/api/filter/gemstones-amethyst' });
    const [only] = listing.json().products as { _id: string }[];
    const off = await t.request({ method: 'PATCH', url: `/p1/api/status/${only?._id}`, cookie: admin.cookie });
    expect(off.json()).toMatchObject({ isActive: false });
    expect(await linksOf('other')).toEqual([]);
    await t.request({ method: 'PATCH', url: `/p1/api/status/${only?._id}`, cookie: admin.cookie });
    expect(await linksOf('other')).toHaveLength(1);

    expect((await layOut({ menus: [{ menu: 'other', entries: [] }] })).statusCode).toBe(200);
    expect(await linksOf('other')).toEqual([]);
  });

  it('refuse a page twice in a menu, a menu given twice, an unknown menu or id, and a place that is both kinds', async () => {
    const before = await menus();
    const refusals = [
      { menus: [{ menu: 'vedic', entries: [{ subcategory: ids.Ruby }, { subcategory: ids.Ruby, note: 'again' }] }] },
      {
        menus: [
          { menu: 'zodiac', entries: [] },
          { menu: 'zodiac', entries: [] },
        ],
      },
      { menus: [{ menu: 'birthstones', entries: [] }] },
      { menus: [{ menu: 'other', entries: [{ subcategory: '00000000-0000-4000-8000-000000000000' }] }] },
      { menus: [{ menu: 'other', entries: [{ subcategory: ids.Ruby, category: gemstones }] }] },
      { menus: [{ menu: 'other', entries: [{ note: 'nothing' }] }] },
      { menus: [{ menu: 'other', entries: [{ subcategory: ids.Ruby, note: 'x'.repeat(61) }] }] },
      { menus: [{ menu: 'other', entries: Array.from({ length: 41 }, () => ({ category: gemstones })) }] },
      { menus: [] },
    ];
    for (const payload of refusals) {
      const res = await layOut(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const badMenu = await t.request({
      method: 'POST',
      url: '/s2/api/create',
      cookie: admin.cookie,
      payload: { subcategoryname: 'Spinel', category: gemstones, menu: 'birthstones' },
    });
    expect(badMenu.statusCode).toBe(400);
    expect(await menus()).toEqual(before);
  });

  it('are laid out by administrators only: 401 signed out, 403 for a shopper, with nothing changed', async () => {
    const before = await menus();
    const payload = { menus: [{ menu: 'zodiac', entries: [] }] };
    expect((await layOut(payload, null)).statusCode).toBe(401);
    expect((await layOut(payload, shopper.cookie)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/c1/api/admin/menus' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/c1/api/admin/menus', cookie: shopper.cookie })).statusCode).toBe(403);
    const placing = await t.request({
      method: 'PATCH',
      url: `/s2/api/edit/${ids.Amethyst}`,
      cookie: shopper.cookie,
      payload: { subcategoryname: 'Amethyst', category: gemstones, displayname: 'Jamunia', menu: 'zodiac' },
    });
    expect(placing.statusCode).toBe(403);
    expect(await menus()).toEqual(before);
    const amethyst = await t.request({ method: 'GET', url: `/s2/api/cat/sub/${ids.Amethyst}` });
    expect(amethyst.json().data.displayname).toBeUndefined();
  });

  it('keep each of two layouts saved at once whole', async () => {
    const a = { menus: [{ menu: 'exclusive', entries: [{ subcategory: ids.Ruby }, { subcategory: ids.Hessonite }] }] };
    const b = { menus: [{ menu: 'exclusive', entries: [{ subcategory: ids.Hessonite }, { subcategory: ids.Catseye }] }] };
    const answers = await Promise.all([layOut(a), layOut(b), layOut(a), layOut(b)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const labels = (await linksOf('exclusive')).map((l) => l.label);
    expect([
      ['Ruby', 'Hessonite'],
      ['Hessonite', "Cat's Eye"],
    ]).toContainEqual(labels);
  });

  it('lose a subcategory deleted from the catalogue', async () => {
    const temp = await createSubcategory(t, admin.cookie, gemstones, 'Moonstone');
    expect((await layOut({ menus: [{ menu: 'other', entries: [{ subcategory: temp }] }] })).statusCode).toBe(200);
    const gone = await t.request({ method: 'DELETE', url: `/s2/api/delete/${temp}`, cookie: admin.cookie });
    expect(gone.statusCode).toBe(200);
    const admins = AdminMenusResponse.parse(
      (await t.request({ method: 'GET', url: '/c1/api/admin/menus', cookie: admin.cookie })).json(),
    );
    expect(admins.menus.find((m) => m.menu === 'other')?.entries).toEqual([]);
  });
});

describe('migration 0380 places an older shop’s stones', () => {
  let database: Database;
  let close = async () => {};
  beforeAll(async () => {
    ({ database, close } = await databaseBefore('0380'));
  });
  afterAll(() => close());

  it('where the demo catalogue places them, without the entries that led to the same stones twice', async () => {
    const { categories, subcategories } = buildCatalogue();
    for (const name of categories) await database.query(`insert into categories (name) values ('${name}')`);
    for (const s of subcategories)
      await database.query(
        `insert into subcategories (name, category_id) select '${s.name}', id from categories where name = '${s.category}'`,
      );
    await migrate(database);
    const rows = await database.query<{ menu: string; category: string; subcategory: string; note: string }>(
      `select e.menu, c.name as category, s.name as subcategory, e.note from menu_entries e
       join subcategories s on s.id = e.subcategory_id join categories c on c.id = s.category_id
       order by e.menu, e.position`,
    );
    const expected = MENUS.flatMap(({ menu }) =>
      DEMO_MENUS[menu].map((p) => ({ menu, category: p.category, subcategory: p.subcategory, note: p.note ?? '' })),
    ).sort((x, y) => (x.menu < y.menu ? -1 : x.menu > y.menu ? 1 : 0));
    expect(rows).toEqual(expected);
    const named = await database.query<{ name: string; display_name: string }>(
      `select name, display_name from subcategories where display_name <> '' order by name`,
    );
    expect(Object.fromEntries(named.map((r) => [r.name, r.display_name]))).toEqual(DEMO_DISPLAY_NAMES);
  });
});
