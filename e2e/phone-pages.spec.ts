import { expect, type Page, test } from '@playwright/test';

/**
 * The shop on a 390 px phone: a product page's price and Add to Cart on the first screen (the buy bar), the fixed
 * top bars sliding away once the page is scrolled, and the filter sheet (Apply at its foot, a sort at once, the
 * filter named, a chip for each filter).
 */

const BURMESE_RUBY = 'Burmese Ruby (Manik) 4.55 Carat Cushion';

/** The part of the screen the page shows: below the header's visible part, above the bottom bar. */
async function pageArea(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector('header')?.getBoundingClientRect();
    const bar = document.querySelector('nav[aria-label="Shortcuts"]')?.getBoundingClientRect();
    return { top: header?.bottom ?? 0, bottom: bar?.top ?? window.innerHeight };
  });
}

test('a product page’s price and Add to Cart are on the first screen, and stay there as the page scrolls', async ({ page }) => {
  await page.goto('/gemstones-ruby');
  await page.getByRole('link', { name: 'Burmese Ruby (Manik)...' }).click();
  await expect(page.getByRole('heading', { level: 1, name: BURMESE_RUBY })).toBeVisible();
  const bar = page.locator('[data-buy-bar]');
  const add = bar.getByRole('button', { name: 'Add to Cart', exact: true });
  await expect(bar.getByTestId('buy-bar-price')).toHaveText(/^Price ₹[\d,]+\.\d\d(\d+% off)?$/);
  await expect(bar.getByRole('button', { name: 'Buy Now' })).toBeVisible();

  const inView = async () => {
    const area = await pageArea(page);
    const box = await add.boundingBox();
    const price = await bar.getByTestId('buy-bar-price').boundingBox();
    if (!box || !price) return 'not laid out';
    return [box, price].every((b) => b.y >= area.top && b.y + b.height <= area.bottom + 0.5) ? 'in view' : 'out of view';
  };
  expect(await inView()).toBe('in view');
  // Far down the page (the specifications, the reviews) it is still in reach, and it works.
  await page.getByRole('heading', { name: 'Gemstone Specifications' }).scrollIntoViewIfNeeded();
  await expect.poll(inView).toBe('in view');
  await add.click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  // At the very end of the page (the footer loads as it comes near), the last of the footer is above the buy bar.
  const lastLink = page.getByRole('contentinfo').getByRole('link').last();
  const clearOfBar = async () => {
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    const [link, buy] = [await lastLink.boundingBox(), await bar.boundingBox()];
    if (!link || !buy) return 'not laid out';
    return link.y + link.height <= buy.y ? 'clear' : `link ends at ${link.y + link.height}, the bar starts at ${buy.y}`;
  };
  await expect.poll(clearOfBar).toBe('clear');
});

test('the top bar and the promises slide away once the page is scrolled, and come back at the top', async ({ page }) => {
  await page.goto('/all');
  const header = page.getByRole('banner');
  const promises = header.getByRole('list', { name: 'Our promises' }).filter({ visible: true });
  const menu = header.getByRole('button', { name: 'Open menu' });
  await expect(promises).toBeVisible();
  const rowTop = async () => (await menu.boundingBox())?.y ?? -1;
  const startRow = await rowTop();

  await page.evaluate(() => window.scrollTo({ top: 600, behavior: 'instant' }));
  await expect(header).toHaveAttribute('data-compact', 'true');
  // The menu, search and cart row moves up by the two bars' height (52 px); the bars are out of view.
  await expect.poll(rowTop).toBeLessThanOrEqual(startRow - 50);
  const ribbon = (await page.getByTestId('test-payments').boundingBox())?.height ?? 0;
  await expect
    .poll(async () => ((await promises.boundingBox())?.y ?? 0) + ((await promises.boundingBox())?.height ?? 0))
    .toBeLessThanOrEqual(ribbon + 0.5);
  await expect(header.getByRole('link', { name: /^Cart, / })).toBeInViewport();

  // The menu opened while scrolled hangs from the whole header again.
  await menu.click();
  await expect(header).toHaveAttribute('data-compact', 'false');
  await expect(page.locator('#mobile-menu')).toBeVisible();
  await header.getByRole('button', { name: 'Close menu' }).click();

  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await expect(header).toHaveAttribute('data-compact', 'false');
  await expect.poll(rowTop).toBe(startRow);
  await expect(promises).toBeInViewport();
});

test('the filter sheet: Apply at its foot, a sort at once, the filter named, and a chip to remove each', async ({ page }) => {
  await page.goto('/gemstones-ruby');
  await expect(page.getByRole('heading', { level: 1, name: 'Ruby Gemstones' })).toBeVisible();
  await page.getByRole('button', { name: /^Filters/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Filter products' });
  const apply = sheet.getByRole('button', { name: 'Apply Filters' });

  // Apply is at the foot of the sheet before anything is scrolled, and stays there at the end of its fields.
  const atFoot = async () => {
    const [s, a] = [await sheet.boundingBox(), await apply.boundingBox()];
    if (!s || !a) return 'not laid out';
    const screenBottom = page.viewportSize()?.height ?? 0;
    return a.y + a.height <= Math.min(s.y + s.height, screenBottom) + 0.5 && a.y + a.height >= s.y + s.height - 40
      ? 'at the foot'
      : `at ${a.y}–${a.y + a.height} in a sheet ${s.y}–${s.y + s.height}`;
  };
  await expect.poll(atFoot).toBe('at the foot');
  await sheet.evaluate((el) => el.scrollTo({ top: el.scrollHeight, behavior: 'instant' }));
  await expect.poll(atFoot).toBe('at the foot');
  await sheet.evaluate((el) => el.scrollTo({ top: 0, behavior: 'instant' }));

  // A sort applies at once, with the price typed; the sheet stays open for more.
  await sheet.getByLabel('Max price (₹)').fill('50000');
  await sheet.getByLabel('Sort by').selectOption('asc');
  await expect(page).toHaveURL(/\/gemstones-ruby-max-50000-sort-asc$/);
  await expect(sheet).toBeVisible();
  await expect(sheet.getByLabel('Max price (₹)')).toHaveValue('50000');
  const prices = async () =>
    (await page.getByRole('main').getByRole('article').locator('p.font-bold').allTextContents()).map((t) =>
      Number(t.replace(/[^\d.]/g, '')),
    );
  // Behind the sheet, the listing is the rubies under ₹50,000, cheapest first.
  await expect
    .poll(async () => {
      const listed = await prices();
      return listed.length > 0 && listed.every((p, i) => p <= 50_000 && (i === 0 || (listed[i - 1] ?? 0) <= p));
    })
    .toBe(true);
  await sheet.getByLabel('Origin').selectOption({ label: 'Burma (Myanmar)' });
  await apply.click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/\/gemstones-ruby-max-50000-origin-burma-sort-asc$/);

  // The listing says what it shows, and each filter is a chip that removes it.
  const active = page.getByRole('region', { name: 'Active filters' });
  await expect(active.getByRole('heading')).toHaveText('Ruby Gemstones under ₹50,000, Burma (Myanmar)');
  await expect(active.getByRole('link')).toHaveText([
    'Gemstones',
    'Ruby',
    'Under ₹50,000',
    'Burma (Myanmar)',
    'Price: low to high',
  ]);
  await active.getByRole('link', { name: 'Remove filter: Under ₹50,000' }).click();
  await expect(page).toHaveURL(/\/gemstones-ruby-origin-burma-sort-asc$/);
  await expect(active.getByRole('heading')).toHaveText('Ruby Gemstones, Burma (Myanmar)');
  await expect(active.getByRole('link')).toHaveText(['Gemstones', 'Ruby', 'Burma (Myanmar)', 'Price: low to high']);
  await expect(page.getByTestId('filter-count')).toHaveText(/^4/);
});
