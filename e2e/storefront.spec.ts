import { expect, test } from '@playwright/test';
import { nameToFilterWord } from '../contract/filter.js';

/** Storefront details a shopper notices at once: ratings as they read them, addresses that mean what they say. */

type Product = {
  productname: string;
  slug: string;
  rating: number;
  category: { categoryname: string };
  subcategory: { subcategoryname: string };
};
const productPath = (p: Product) =>
  `/${[nameToFilterWord(p.category.categoryname), nameToFilterWord(p.subcategory.subcategoryname), p.slug].map(encodeURIComponent).join('/')}`;

test('a rating reads with one decimal and its stars match it', async ({ page }) => {
  const res = await page.request.get('/p1/api/latest/all?limit=50');
  const { products } = (await res.json()) as { products: Product[] };
  const product = products.find((p) => p.rating > 0 && !Number.isInteger(p.rating));
  expect(product, 'a demo product rated below 5').toBeTruthy();
  await page.goto(productPath(product!));
  const shown = product!.rating.toFixed(1);
  await expect(page.getByTestId('rating-value')).toHaveText(shown);
  await expect(page.getByRole('main').getByText(/\d\.\d\.0/)).toHaveCount(0);
  const stars = page.getByRole('img', { name: `Rated ${shown} out of 5` }).first();
  await expect(stars).toBeVisible();
  // 4.9 is four full stars and one filled nine tenths: not five full ones. The stars are one row (five 20-unit stars,
  // 2 units apart), gold up to the first stop of its gradient and grey after.
  const {
    stop,
    width,
    stars: drawn,
  } = await stars.evaluate((svg) => ({
    stop: Number(svg.querySelector('stop')?.getAttribute('offset')),
    width: Number(svg.getAttribute('viewBox')?.split(' ')[2]),
    stars: (svg.querySelector('path')?.getAttribute('d')?.match(/M/g) ?? []).length,
  }));
  expect(drawn).toBe(5);
  const goldTo = stop * width;
  const full = Math.min(5, Math.floor(goldTo / 22 + 1e-9));
  const part = full >= 5 ? 0 : Math.max(0, goldTo - full * 22) / 20;
  expect(full).toBe(Math.floor(product!.rating));
  expect(part).toBeCloseTo(product!.rating - Math.floor(product!.rating), 2);
});

test('/products and /shop list all products', async ({ page, request }) => {
  for (const path of ['/products', '/shop']) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(res.headers().location).toBe('/all');
    await page.goto(path);
    await expect(page).toHaveURL(/\/all$/);
    await expect(page.getByTestId('listing-count')).toContainText(/Showing [1-9]\d* of [1-9]\d* products/);
  }
});

// Headings a shopper's screen reader lists: those in a closed disclosure (the filter sheet) are not among them.
test('headings never skip a level on the listing, the product page and home', async ({ page }) => {
  const res = await page.request.get('/p1/api/latest/all?limit=1');
  const [product] = ((await res.json()) as { products: Product[] }).products;
  for (const path of ['/all', productPath(product!), '/']) {
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
    const levels = await page
      .locator('main')
      .locator('h1, h2, h3, h4, h5, h6')
      .evaluateAll((els) => els.filter((e) => e.checkVisibility()).map((e) => Number(e.tagName.slice(1))));
    const skips = levels.flatMap((level, i) =>
      i > 0 && level > (levels[i - 1] as number) + 1 ? [`h${levels[i - 1]} → h${level}`] : [],
    );
    expect(skips, path).toEqual([]);
  }
});
