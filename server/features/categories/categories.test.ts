import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Category, CategoryMutationResponse } from '../../../contract/catalogue.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { createSubcategory } from '../products/test-kit.js';

let t: TestApp;
let admin: TestUser;
let shopper: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAndIn('ADMIN');
  shopper = await t.signUpAndIn('USER');
});
afterAll(() => t.close());

const create = (categoryname: unknown, cookie = admin.cookie) =>
  t.request({ method: 'POST', url: '/c1/api/create', cookie, payload: { categoryname } });
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('categories', () => {
  it('creates a category (trimmed) with the exact message and shape', async () => {
    const res = await create('  Gemstones  ');
    expect(res.statusCode).toBe(201);
    const body = CategoryMutationResponse.parse(res.json());
    expect(body).toMatchObject({ success: true, message: 'Category created successfully' });
    expect(Object.keys(body.data).sort()).toEqual(['_id', 'categoryname', 'createdAt', 'updatedAt']);
    expect(body.data.categoryname).toBe('Gemstones');
    expect(new Date(body.data.createdAt).toISOString()).toBe(body.data.createdAt);
  });

  it('refuses a duplicate name in any case with 409', async () => {
    await create('Jewellery');
    for (const name of ['Jewellery', 'JEWELLERY', ' jewellery ']) {
      const res = await create(name);
      expect(res.statusCode, name).toBe(409);
      expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/already exists/) });
    }
  });

  it('refuses a blank or missing name with 400 and a field error', async () => {
    for (const payload of [{ categoryname: '   ' }, {}, { categoryname: 42 }]) {
      const res = await t.request({ method: 'POST', url: '/c1/api/create', cookie: admin.cookie, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toEqual({ path: 'categoryname', message: 'Please enter a category name' });
    }
    const long = await create('x'.repeat(101));
    expect(long.statusCode).toBe(400);
  });

  it('answers malformed JSON with 400 and other content types with 415', async () => {
    const bad = await t.request({
      method: 'POST',
      url: '/c1/api/create',
      cookie: admin.cookie,
      headers: { 'content-type': 'application/json' },
      payload: '{"categoryname":',
    });
    expect(bad.statusCode).toBe(400);
    const text = await t.request({
      method: 'POST',
      url: '/c1/api/create',
      cookie: admin.cookie,
      headers: { 'content-type': 'application/xml' },
      payload: '<categoryname>Pearls</categoryname>',
    });
    expect(text.statusCode).toBe(415);
  });

  it('stores HTML-hostile names exactly as given and ignores unknown fields', async () => {
    const name = '<script>alert("x")</script> & Co';
    const res = await t.request({
      method: 'POST',
      url: '/c1/api/create',
      cookie: admin.cookie,
      payload: { categoryname: name, _id: MISSING, createdAt: '2000-01-01T00:00:00.000Z' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.categoryname).toBe(name);
    expect(res.json().data._id).not.toBe(MISSING);
    expect(res.json().data.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
  });

  it('lists every category sorted by name, case-insensitively, for anyone', async () => {
    await create('amber');
    await create('Zircon');
    const res = await t.request({ method: 'GET', url: '/c1/api/all' });
    expect(res.statusCode).toBe(200);
    const data = Category.array().parse(res.json().data);
    const names = data.map((c) => c.categoryname);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names.indexOf('amber')).toBeLessThan(names.indexOf('Gemstones'));
    expect(names.at(-1)).toBe('Zircon');
  });

  it('renames a category, keeps its id, and refuses a name another category has', async () => {
    const id = (await create('Coral Stones')).json().data._id;
    const res = await t.request({
      method: 'PATCH',
      url: `/c1/api/edit/${id}`,
      cookie: admin.cookie,
      payload: { categoryname: ' Corals ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Category updated successfully',
      data: { _id: id, categoryname: 'Corals' },
    });
    expect(new Date(res.json().data.updatedAt) >= new Date(res.json().data.createdAt)).toBe(true);

    const sameNameOtherCase = await t.request({
      method: 'PATCH',
      url: `/c1/api/edit/${id}`,
      cookie: admin.cookie,
      payload: { categoryname: 'CORALS' },
    });
    expect(sameNameOtherCase.statusCode).toBe(200);

    const taken = await t.request({
      method: 'PATCH',
      url: `/c1/api/edit/${id}`,
      cookie: admin.cookie,
      payload: { categoryname: 'gemstones' },
    });
    expect(taken.statusCode).toBe(409);
  });

  it('answers a malformed id with 400 and an unknown one with 404', async () => {
    const malformed = await t.request({
      method: 'PATCH',
      url: '/c1/api/edit/not-an-id',
      cookie: admin.cookie,
      payload: { categoryname: 'X' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0]).toEqual({ path: 'id', message: 'Invalid category ID provided' });
    const unknown = await t.request({
      method: 'PATCH',
      url: `/c1/api/edit/${MISSING}`,
      cookie: admin.cookie,
      payload: { categoryname: 'X' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: 'Category not found' });
    expect((await t.request({ method: 'DELETE', url: '/c1/api/delete/123', cookie: admin.cookie })).statusCode).toBe(400);
    expect((await t.request({ method: 'DELETE', url: `/c1/api/delete/${MISSING}`, cookie: admin.cookie })).statusCode).toBe(404);
  });

  it('refuses to delete a category its subcategories use (409), then deletes it once empty', async () => {
    const id = (await create('Opals')).json().data._id;
    const subId = await createSubcategory(t, admin.cookie, id, 'Fire Opal');
    const refused = await t.request({ method: 'DELETE', url: `/c1/api/delete/${id}`, cookie: admin.cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().success).toBe(false);
    const all = (await t.request({ method: 'GET', url: '/c1/api/all' })).json().data as Category[];
    expect(all.some((c) => c._id === id)).toBe(true);

    expect((await t.request({ method: 'DELETE', url: `/s2/api/delete/${subId}`, cookie: admin.cookie })).statusCode).toBe(200);
    const ok = await t.request({ method: 'DELETE', url: `/c1/api/delete/${id}`, cookie: admin.cookie });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: 'Category has been deleted.' });
    const after = (await t.request({ method: 'GET', url: '/c1/api/all' })).json().data as Category[];
    expect(after.some((c) => c._id === id)).toBe(false);
  });

  it('counts categories for the admin', async () => {
    const all = (await t.request({ method: 'GET', url: '/c1/api/all' })).json().data as Category[];
    const res = await t.request({ method: 'GET', url: '/c1/api/count', cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, count: all.length });
  });

  it('keeps anonymous (401) and USER (403) out of every admin row', async () => {
    const id = (await create('Guarded')).json().data._id;
    const rows: [string, string, object?][] = [
      ['POST', '/c1/api/create', { categoryname: 'Sneaky' }],
      ['PATCH', `/c1/api/edit/${id}`, { categoryname: 'Sneaky' }],
      ['DELETE', `/c1/api/delete/${id}`],
      ['GET', '/c1/api/count'],
    ];
    for (const [method, url, payload] of rows) {
      const anon = await t.request({ method: method as 'GET', url, payload });
      expect(anon.statusCode, `${method} ${url} anonymous`).toBe(401);
      const user = await t.request({ method: method as 'GET', url, payload, cookie: shopper.cookie });
      expect(user.statusCode, `${method} ${url} as USER`).toBe(403);
    }
    // a guard failure comes before input checks: nothing is revealed to a stranger
    expect((await t.request({ method: 'PATCH', url: '/c1/api/edit/not-an-id', payload: {} })).statusCode).toBe(401);
    const all = (await t.request({ method: 'GET', url: '/c1/api/all' })).json().data as Category[];
    expect(all.find((c) => c._id === id)?.categoryname).toBe('Guarded');
    expect(all.some((c) => c.categoryname === 'Sneaky')).toBe(false);
  });
});
