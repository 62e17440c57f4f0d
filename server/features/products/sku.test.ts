import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../seed/index.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { createCategory, createSubcategory, patchProduct, postProduct } from './test-kit.js';

let t: TestApp;
let admin: TestUser;
let shopper: TestUser;
let base: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAndIn('ADMIN');
  shopper = await t.signUpAndIn('USER');
  const gemstones = await createCategory(t, admin.cookie, 'Gemstones');
  const ruby = await createSubcategory(t, admin.cookie, gemstones, 'Ruby');
  base = {
    category: gemstones,
    subcategory: ruby,
    productname: 'Burmese Ruby',
    productdescription: 'A pigeon-blood ruby from Mogok.',
    productprice: '15000.50',
    stockquantity: '3',
  };
});
afterAll(() => t.close());

const adminSearch = async (search: string) => {
  const res = await t.request({
    method: 'GET',
    url: `/p1/api/admin/all?page=1&search=${encodeURIComponent(search)}`,
    cookie: admin.cookie,
  });
  expect(res.statusCode).toBe(200);
  return (res.json().products as { productname: string; sku: string | null }[]).map((p) => p.productname);
};

describe('SKUs', () => {
  it('keeps an optional SKU, upper-cased, shown on the product page and found by the admin search', async () => {
    const made = await postProduct(t, admin.cookie, { ...base, productname: 'Mogok Ruby', sku: ' rg-ruby-01 ' });
    expect(made.statusCode).toBe(201);
    const product = made.json().product;
    expect(product.sku).toBe('RG-RUBY-01');
    const page = await t.request({ method: 'GET', url: `/p1/api/slug/${product.slug}` });
    expect(page.json().product.sku).toBe('RG-RUBY-01');

    const none = await postProduct(t, admin.cookie, { ...base, productname: 'Plain Ruby' });
    expect(none.statusCode).toBe(201);
    expect(none.json().product.sku).toBeNull();

    expect(await adminSearch('ruby-01')).toEqual(['Mogok Ruby']);
    expect(await adminSearch('RG-RUBY')).toEqual(['Mogok Ruby']);
  });

  it('refuses a SKU of the wrong shape (400) and one another product has (409), on create and edit', async () => {
    for (const sku of ['RG 01', 'RG_01', 'A'.repeat(33), 'रत्न']) {
      const res = await postProduct(t, admin.cookie, { ...base, productname: `Bad ${sku}`, sku });
      expect(res.statusCode, sku).toBe(400);
      expect(res.json().errors[0].path).toBe('sku');
    }
    const taken = await postProduct(t, admin.cookie, { ...base, productname: 'Copy Ruby', sku: 'rg-ruby-01' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This SKU is already used by another product');

    const other = (await postProduct(t, admin.cookie, { ...base, productname: 'Other Ruby', sku: 'RG-RUBY-02' })).json().product;
    const clash = await patchProduct(t, admin.cookie, other._id, { sku: 'RG-RUBY-01' });
    expect(clash.statusCode).toBe(409);
    const cleared = await patchProduct(t, admin.cookie, other._id, { sku: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().product.sku).toBeNull();
    const kept = await patchProduct(t, admin.cookie, other._id, { productname: 'Other Ruby 2' });
    expect(kept.json().product.sku).toBeNull();
    const reused = await patchProduct(t, admin.cookie, other._id, { sku: 'RG-RUBY-02' });
    expect(reused.json().product.sku).toBe('RG-RUBY-02');
  });

  it('is the admin’s to set: a shopper cannot create or search', async () => {
    expect((await postProduct(t, shopper.cookie, { ...base, sku: 'RG-X' })).statusCode).toBe(403);
    const res = await t.request({ method: 'GET', url: '/p1/api/admin/all?page=1&search=RG', cookie: shopper.cookie });
    expect(res.statusCode).toBe(403);
  });
});

describe('the demo catalogue', () => {
  it('gives every product a SKU of its own', { timeout: 120_000 }, async () => {
    const shop = await createTestApp();
    try {
      const result = await seedDemo(shop.database, shop.app.media, () => {}, { images: false });
      expect(result.seeded).toBe(true);
      const rows = await shop.database.query<{ sku: string | null }>('select sku from products');
      expect(rows.length).toBeGreaterThan(100);
      const skus = rows.map((r) => r.sku);
      for (const sku of skus) expect(sku).toMatch(/^RG-[A-Z]{3}-\d{4}$/);
      expect(new Set(skus).size).toBe(skus.length);
    } finally {
      await shop.close();
    }
  });
});
