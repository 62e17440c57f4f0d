// @postgres: what a product page keeps is forgotten when the tables announce a change (their triggers)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductBySlugResponse } from '../../../contract/catalogue.js';
import { createProduct } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';

/**
 * With the answer cache off, a product page still keeps which products are related (per subcategory), the shop's
 * settings and India's rates until their tables change: each must follow a change in the very next answer, made
 * through the shop or straight in the database.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ANSWER_CACHE_MB: '0' });
});
afterAll(() => t.close());

const page = async (slug: string) => {
  const res = await t.request({ method: 'GET', url: `/p1/api/slug/${slug}` });
  expect(res.statusCode, res.body).toBe(200);
  return ProductBySlugResponse.parse(res.json());
};
const sql = async (text: string, params: unknown[] = []) => {
  await t.database.query(text, params);
  await t.app.catalogueSettled();
};

describe('a product page with the answer cache off', () => {
  it('shows a new, a sold-out and a switched-off neighbour in its related products at once', async () => {
    const first = await createProduct(t.database.db, { name: 'Burmese Ruby Oval' });
    const older = await createProduct(t.database.db, {
      name: 'Burmese Ruby Cushion',
      categoryId: first.categoryId,
      subcategoryId: first.subcategoryId,
      createdAt: new Date(Date.now() - 60_000),
    });
    await t.app.catalogueSettled();
    expect((await page(first.slug)).relatedProducts.map((p) => p._id)).toEqual([older.id]);
    // The same page again, now from what it kept.
    expect((await page(first.slug)).relatedProducts.map((p) => p._id)).toEqual([older.id]);

    // A newer ruby comes first; the product itself is never its own neighbour.
    const newer = await createProduct(t.database.db, {
      name: 'Burmese Ruby Pear',
      categoryId: first.categoryId,
      subcategoryId: first.subcategoryId,
      createdAt: new Date(Date.now() + 60_000),
    });
    await t.app.catalogueSettled();
    expect((await page(first.slug)).relatedProducts.map((p) => p._id)).toEqual([newer.id, older.id]);
    expect((await page(newer.slug)).relatedProducts.map((p) => p._id)).toEqual([first.id, older.id]);

    // Stock and price are read fresh: a neighbour sold out or repriced shows so.
    await sql('update products set stock = 0, price_paise = 123400 where id = $1', [older.id]);
    const related = (await page(first.slug)).relatedProducts.find((p) => p._id === older.id);
    expect(related).toMatchObject({ stockquantity: 0, productprice: 1234 });

    // A neighbour switched off goes.
    await sql('update products set is_active = false where id = $1', [newer.id]);
    expect((await page(first.slug)).relatedProducts.map((p) => p._id)).toEqual([older.id]);
  });

  it('follows the ratti setting and India’s rates changed straight in the database', async () => {
    const stone = await createProduct(t.database.db, { pricePaise: 1_000_000 });
    await t.app.catalogueSettled();
    const before = await page(stone.slug);
    expect(before.delivery).toMatchObject({ amount: 0 });
    await page(stone.slug);

    await sql('update shop_settings set ratti_in_carats = 0.61 where id = 1');
    expect((await page(stone.slug)).rattiincarats).toBe(0.61);

    await sql(
      `update shipping_rates set price_paise = 25000, free_above_paise = null
        where zone_id in (select id from shipping_zones where 'IN' = any(countries))`,
    );
    expect((await page(stone.slug)).delivery).toMatchObject({ amount: 250 });

    await sql(`update shipping_zones set countries = array_remove(countries, 'IN')`);
    expect((await page(stone.slug)).delivery).toBeNull();
  });
});
