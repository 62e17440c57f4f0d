import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Subcategory, SubcategoryPageResponse } from '../../../contract/catalogue.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { createCategory, createSubcategory, postProduct } from '../products/test-kit.js';

let t: TestApp;
let admin: TestUser;
let shopper: TestUser;
let gemstones: string;
let jewellery: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAndIn('ADMIN');
  shopper = await t.signUpAndIn('USER');
  gemstones = await createCategory(t, admin.cookie, 'Gemstones');
  jewellery = await createCategory(t, admin.cookie, 'Jewellery');
});
afterAll(() => t.close());

const MISSING = '00000000-0000-4000-8000-000000000000';
const create = (payload: object, cookie = admin.cookie) => t.request({ method: 'POST', url: '/s2/api/create', cookie, payload });

describe('subcategories', () => {
  it('creates a subcategory in a category with the exact message and shape', async () => {
    const res = await create({ subcategoryname: '  Ruby ', category: gemstones });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'The subcategory has been added successfully.' });
    const data = Subcategory.parse(body.data);
    expect(data).toMatchObject({ subcategoryname: 'Ruby', category: { _id: gemstones, categoryname: 'Gemstones' } });
    expect(Object.keys(body.data).sort()).toEqual(['_id', 'category', 'createdAt', 'subcategoryname', 'updatedAt']);
  });

  it('refuses a duplicate name within the category in any case (409) but allows it in another category', async () => {
    await create({ subcategoryname: 'Emerald', category: gemstones });
    const dup = await create({ subcategoryname: 'EMERALD', category: gemstones });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().success).toBe(false);
    const elsewhere = await create({ subcategoryname: 'emerald', category: jewellery });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('needs both fields (400 with field errors) and a category that exists', async () => {
    const blank = await create({ subcategoryname: ' ', category: gemstones });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0]).toEqual({ path: 'subcategoryname', message: 'Please fill in all fields' });
    const noCategory = await create({ subcategoryname: 'Pearl' });
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().errors[0].path).toBe('category');
    const badCategory = await create({ subcategoryname: 'Pearl', category: 'abc' });
    expect(badCategory.statusCode).toBe(400);
    const unknownCategory = await create({ subcategoryname: 'Pearl', category: MISSING });
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().errors[0]).toEqual({ path: 'category', message: 'Please choose a valid category' });
  });

  it('pages the list newest first with the contract’s pagination object', async () => {
    for (const name of ['Sapphire', 'Coral', 'Opal', 'Pearl', 'Hessonite'])
      await create({ subcategoryname: name, category: gemstones });
    const all = await t.request({ method: 'GET', url: '/s2/api/all?limit=100' });
    const total = all.json().pagination.totalItems as number;
    expect(total).toBeGreaterThanOrEqual(8);

    const res = await t.request({ method: 'GET', url: '/s2/api/all?page=2&limit=3' });
    expect(res.statusCode).toBe(200);
    const body = SubcategoryPageResponse.parse(res.json());
    expect(body.pagination).toEqual({ currentPage: 2, totalPages: Math.ceil(total / 3), totalItems: total, limit: 3 });
    expect(body.data).toHaveLength(3);
    const first = SubcategoryPageResponse.parse((await t.request({ method: 'GET', url: '/s2/api/all?limit=3' })).json());
    expect(first.data[0]?.subcategoryname).toBe('Hessonite'); // newest first
    expect(first.data.map((s) => s._id)).not.toContain(body.data[0]?._id);

    const defaults = (await t.request({ method: 'GET', url: '/s2/api/all' })).json();
    expect(defaults.pagination).toMatchObject({ currentPage: 1, limit: 10 });

    const beyond = (await t.request({ method: 'GET', url: '/s2/api/all?page=99&limit=10' })).json();
    expect(beyond).toMatchObject({ data: [], pagination: { currentPage: 99, totalItems: total } });

    for (const q of ['page=0', 'page=-1', 'page=abc', 'limit=0', 'limit=101', 'limit=2.5']) {
      expect((await t.request({ method: 'GET', url: `/s2/api/all?${q}` })).statusCode, q).toBe(400);
    }
  });

  it('serves the dropdown categories, the subcategories of a category and one subcategory', async () => {
    const cats = await t.request({ method: 'GET', url: '/s2/api/categories' });
    expect(cats.statusCode).toBe(200);
    expect(cats.json().data.map((c: { categoryname: string }) => c.categoryname)).toEqual(['Gemstones', 'Jewellery']);

    const ofJewellery = await t.request({ method: 'GET', url: `/s2/api/cat/${jewellery}` });
    expect(ofJewellery.statusCode).toBe(200);
    expect(ofJewellery.json().data.map((s: Subcategory) => s.subcategoryname)).toEqual(['emerald']);
    const ofGemstones = (await t.request({ method: 'GET', url: `/s2/api/cat/${gemstones}` })).json().data as Subcategory[];
    const names = ofGemstones.map((s) => s.subcategoryname);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(ofGemstones.every((s) => s.category?._id === gemstones)).toBe(true);

    const one = ofGemstones[0] as Subcategory;
    const sub = await t.request({ method: 'GET', url: `/s2/api/cat/sub/${one._id}` });
    expect(sub.statusCode).toBe(200);
    expect(sub.json()).toEqual({ success: true, data: one });

    expect((await t.request({ method: 'GET', url: '/s2/api/cat/nope' })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `/s2/api/cat/${MISSING}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/s2/api/cat/sub/nope' })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `/s2/api/cat/sub/${MISSING}` })).statusCode).toBe(404);
  });

  it('edits a subcategory: renames it, and moves it with its products to another category', async () => {
    const id = await createSubcategory(t, admin.cookie, gemstones, 'Rings');
    const product = await postProduct(t, admin.cookie, {
      category: gemstones,
      subcategory: id,
      productname: 'Gold Ring',
      productdescription: 'A ring',
      productprice: 1000,
      stockquantity: 1,
    });
    expect(product.statusCode).toBe(201);
    const res = await t.request({
      method: 'PATCH',
      url: `/s2/api/edit/${id}`,
      cookie: admin.cookie,
      payload: { subcategoryname: 'Gold Rings', category: jewellery },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'The subcategory has been updated successfully.',
      data: { _id: id, subcategoryname: 'Gold Rings', category: { _id: jewellery, categoryname: 'Jewellery' } },
    });
    const slug = product.json().product.slug;
    const moved = (await t.request({ method: 'GET', url: `/p1/api/slug/${slug}` })).json().product;
    expect(moved.category).toEqual({ _id: jewellery, categoryname: 'Jewellery' });
    expect(moved.subcategory).toEqual({ _id: id, subcategoryname: 'Gold Rings' });

    const dupTarget = await t.request({
      method: 'PATCH',
      url: `/s2/api/edit/${id}`,
      cookie: admin.cookie,
      payload: { subcategoryname: 'Emerald', category: jewellery },
    });
    expect(dupTarget.statusCode).toBe(409);
    const unknown = await t.request({
      method: 'PATCH',
      url: `/s2/api/edit/${MISSING}`,
      cookie: admin.cookie,
      payload: { subcategoryname: 'X', category: jewellery },
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.request({
      method: 'PATCH',
      url: '/s2/api/edit/xyz',
      cookie: admin.cookie,
      payload: { subcategoryname: 'X', category: jewellery },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('refuses to delete a subcategory its products use (409); deletes an unused one', async () => {
    const used = await createSubcategory(t, admin.cookie, gemstones, 'Tanzanite');
    const res = await postProduct(t, admin.cookie, {
      category: gemstones,
      subcategory: used,
      productname: 'Tanzanite 3 Ct',
      productdescription: 'Blue-violet',
      productprice: 9999.5,
      stockquantity: 2,
    });
    expect(res.statusCode).toBe(201);
    const refused = await t.request({ method: 'DELETE', url: `/s2/api/delete/${used}`, cookie: admin.cookie });
    expect(refused.statusCode).toBe(409);
    expect((await t.request({ method: 'GET', url: `/s2/api/cat/sub/${used}` })).statusCode).toBe(200);
    // the category is in use too, by the subcategory and the product
    expect((await t.request({ method: 'DELETE', url: `/c1/api/delete/${gemstones}`, cookie: admin.cookie })).statusCode).toBe(
      409,
    );

    const unused = await createSubcategory(t, admin.cookie, gemstones, 'Spinel');
    const ok = await t.request({ method: 'DELETE', url: `/s2/api/delete/${unused}`, cookie: admin.cookie });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: 'The subcategory has been deleted.' });
    expect((await t.request({ method: 'GET', url: `/s2/api/cat/sub/${unused}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/s2/api/delete/${unused}`, cookie: admin.cookie })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: '/s2/api/delete/1', cookie: admin.cookie })).statusCode).toBe(400);
  });

  it('counts subcategories for the admin', async () => {
    const total = (await t.request({ method: 'GET', url: '/s2/api/all' })).json().pagination.totalItems;
    const res = await t.request({ method: 'GET', url: '/s2/api/count', cookie: admin.cookie });
    expect(res.json()).toEqual({ success: true, count: total });
  });

  it('keeps anonymous (401) and USER (403) out of every admin row', async () => {
    const id = await createSubcategory(t, admin.cookie, gemstones, 'Guarded');
    const rows: [string, string, object?][] = [
      ['POST', '/s2/api/create', { subcategoryname: 'Sneaky', category: gemstones }],
      ['PATCH', `/s2/api/edit/${id}`, { subcategoryname: 'Sneaky', category: gemstones }],
      ['DELETE', `/s2/api/delete/${id}`],
      ['GET', '/s2/api/count'],
    ];
    for (const [method, url, payload] of rows) {
      expect((await t.request({ method: method as 'GET', url, payload })).statusCode, `${method} ${url}`).toBe(401);
      expect(
        (await t.request({ method: method as 'GET', url, payload, cookie: shopper.cookie })).statusCode,
        `${method} ${url}`,
      ).toBe(403);
    }
    const sub = (await t.request({ method: 'GET', url: `/s2/api/cat/sub/${id}` })).json().data;
    expect(sub.subcategoryname).toBe('Guarded');
  });
});
