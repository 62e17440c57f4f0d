/// <reference lib="dom" />
import { expect, type Page, test } from '@playwright/test';
import { nameToFilterWord } from '../contract/filter.js';
import { ensureTestCatalogue, VAULT } from './browse-catalogue.js';
import { appTookOver } from './helpers.js';

/**
 * A phone (390 px) with its CPU slowed 6× on server-rendered pages: the menu, a pagination link, the filters and
 * Add to Cart / Buy Now tapped at first paint, before the app has taken the page over, each do what they say; and
 * the navigation controls with JavaScript off. Runs in the phone project (playwright.config.ts).
 */
const BASE = `http://localhost:${process.env.E2E_PORT ?? 3100}`;
const SAPPHIRE_TERM = '/test-vault-moonlight-sapphire';
const SAPPHIRE_TOTAL = VAULT.sapphireCount + 1;
const FEATURED_PATH = '/test-vault/moonlight-sapphire/moonlight-sapphire-oval-cut-certified-stone';
const PASSWORD = 'shopper-secret-1';
let serial = 0;

test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: BASE });
  await ensureTestCatalogue(api);
  await api.dispose();
});

/** The phone's CPU, 6× slower (Chrome DevTools Protocol). */
async function slowCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
}

/**
 * Holds every script of the app until released: the page shows the server's markup and only the tap keeper
 * (inline in the head, not an app chunk) has run. This is the window a slow phone on 4G has for seconds.
 */
async function holdAppScripts(page: Page) {
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route(/\/assets\/[^?]+\.js(\?.*)?$/, async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  return release;
}

/** Opens a page and returns at its first paint (not waiting for its scripts). */
async function openAtFirstPaint(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.locator('h1')).toBeVisible();
}

/** Whether React has taken the element over. */
const isLive = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const el = document.querySelector(sel);
    return el !== null && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
  }, selector);

async function newShopper(page: Page) {
  const mobileno = `6${String(Date.now()).slice(-7)}${String(serial++ % 100).padStart(2, '0')}`;
  const signup = await page.request.post('/u1/api/signup', { data: { fullname: 'Asha Verma', mobileno, password: PASSWORD } });
  expect(signup.status(), await signup.text()).toBe(201);
  const signin = await page.request.post('/u1/api/signin', { data: { mobileno, password: PASSWORD } });
  expect(signin.ok(), await signin.text()).toBe(true);
}

type CartLine = { productId: string | null; productname: string; quantity: number };
async function cartOf(page: Page): Promise<CartLine[]> {
  const res = await page.request.get('/c2/api/all');
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: CartLine[] }).data;
}

test.describe('before the app runs, on a slow phone', () => {
  test.beforeEach(async ({ page }) => {
    await slowCpu(page);
  });

  test('the menu opens and its links lead to their pages', async ({ page }) => {
    const release = await holdAppScripts(page);
    await openAtFirstPaint(page, SAPPHIRE_TERM);
    expect(await isLive(page, 'h1')).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).tap();
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    await menu.getByText('Jewellery', { exact: true }).tap();
    await menu.getByRole('link', { name: 'Rings', exact: true }).tap();
    await expect(page).toHaveURL(/\/jewellery-rings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Rings' })).toBeVisible();
    release();
  });

  test('the app is fetched only once the first pictures are in, and then takes the page over', async ({ page }) => {
    let releasePictures = () => {};
    const held = new Promise<void>((r) => {
      releasePictures = r;
    });
    await page.route(/\/uploads\/products\/.+\.webp$/, async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await page.goto('/all', { waitUntil: 'domcontentloaded' });
    releasePictures();
    await expect.poll(() => isLive(page, 'h1'), { timeout: 30_000 }).toBe(true);
    const timing = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const first = document.querySelector<HTMLImageElement>('main img[fetchpriority="high"]')?.currentSrc ?? '';
      return {
        contentLoaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd,
        scripts: resources.filter((r) => /\/assets\/[^?]+\.js$/.test(r.name)).map((r) => r.startTime),
        picture: resources.find((r) => r.name === first)?.responseEnd,
      };
    });
    // A module script in the head is fetched and run before the document's content has loaded; the app's come after
    // it, and after the first picture has arrived.
    expect(timing.scripts.length).toBeGreaterThan(0);
    expect(timing.picture).toBeDefined();
    expect(Math.min(...timing.scripts)).toBeGreaterThan(timing.contentLoaded);
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.picture as number);
  });

  test('a pagination link opens the next page', async ({ page }) => {
    const release = await holdAppScripts(page);
    await openAtFirstPaint(page, SAPPHIRE_TERM);
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next page' }).tap();
    await expect(page).toHaveURL(`${SAPPHIRE_TERM}-page-2`);
    await expect(page.getByTestId('listing-count')).toHaveText(`Showing ${SAPPHIRE_TOTAL - 30} of ${SAPPHIRE_TOTAL} products`);
    release();
  });

  test('the filters open as a sheet and apply: the server reads the form', async ({ page }) => {
    const release = await holdAppScripts(page);
    await openAtFirstPaint(page, '/all');
    await page.getByRole('button', { name: /^Filters/ }).tap();
    const sheet = page.getByRole('dialog', { name: 'Filter products' });
    await expect(sheet).toBeVisible();
    await sheet.getByLabel('Search').fill('Moonlight');
    await sheet.getByLabel('Category', { exact: true }).selectOption({ label: VAULT.category });
    await sheet.getByLabel('Sort by').selectOption('desc');
    await sheet.getByRole('button', { name: 'Apply Filters' }).tap();
    await expect(page).toHaveURL(`/${nameToFilterWord(VAULT.category)}-sort-desc-search-moonlight`);
    await expect(page.getByTestId('listing-count')).toHaveText(`Showing 30 of ${SAPPHIRE_TOTAL} products`);
    await expect(page.getByRole('main').getByRole('article').locator('p.font-bold').first()).toHaveText('₹35,000.00');
    // A tap on the shade closes the sheet, still before the app runs.
    await page.getByRole('button', { name: /^Filters/ }).tap();
    await expect(page.getByRole('dialog', { name: 'Filter products' })).toBeVisible();
    await page.mouse.click(195, 40);
    await expect(page.getByRole('dialog', { name: 'Filter products' })).toBeHidden();
    release();
  });

  test('a menu opened before the app runs stays open when it takes over, and closes on the next page', async ({ page }) => {
    const release = await holdAppScripts(page);
    await openAtFirstPaint(page, SAPPHIRE_TERM);
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await page.locator('#mobile-menu').getByText('Jewellery', { exact: true }).tap();
    release();
    await expect.poll(() => isLive(page, 'h1'), { timeout: 30_000 }).toBe(true);
    // Taken over: the menu is still open and now says so.
    await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Rings', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    // A page change in the app closes it.
    await page.locator('#mobile-menu').getByRole('link', { name: 'Rings', exact: true }).tap();
    await expect(page).toHaveURL(/\/jewellery-rings$/);
    await expect(page.locator('#mobile-menu')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('a filter sheet filled in before the app runs keeps what was typed when it takes over', async ({ page }) => {
    const release = await holdAppScripts(page);
    await openAtFirstPaint(page, SAPPHIRE_TERM);
    await page.getByRole('button', { name: /^Filters/ }).tap();
    const sheet = page.getByRole('dialog', { name: 'Filter products' });
    await sheet.getByLabel('Search').fill('Oval');
    await sheet.getByLabel('Sort by').selectOption('asc');
    release();
    await expect.poll(() => isLive(page, 'h1'), { timeout: 30_000 }).toBe(true);
    await expect(sheet.getByLabel('Search')).toHaveValue('Oval');
    const pageLoads: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') pageLoads.push(r.url());
    });
    await sheet.getByRole('button', { name: 'Apply Filters' }).tap();
    // Applied by the app: the search and sort typed before it ran are in the address.
    await expect(page).toHaveURL(`${SAPPHIRE_TERM}-sort-asc-search-oval`);
    await expect(page.getByTestId('listing-count')).toHaveText('Showing 1 of 1 product');
    await expect(sheet).toBeHidden();
    expect(pageLoads).toEqual([]);
  });

  test('Add to Cart tapped by a signed-out shopper is carried out once the app runs: into their own cart', async ({ page }) => {
    const release = await holdAppScripts(page);
    await openAtFirstPaint(page, SAPPHIRE_TERM);
    const add = page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).first();
    await add.tap();
    // Kept, and shown as under way, while nothing of the app has run.
    await expect(add).toHaveAttribute('aria-busy', 'true');
    expect(await isLive(page, 'h1')).toBe(false);
    expect(page.url()).toBe(`${BASE}${SAPPHIRE_TERM}`);
    release();
    await expect(page.getByText('Added to cart!')).toBeVisible({ timeout: 30_000 });
    expect(page.url()).toBe(`${BASE}${SAPPHIRE_TERM}`);
    expect(await cartOf(page)).toHaveLength(1);
  });

  test('Add to Cart tapped (twice) by a signed-in shopper puts the stone in the cart exactly once', async ({ page }) => {
    await newShopper(page);
    const release = await holdAppScripts(page);
    await openAtFirstPaint(page, SAPPHIRE_TERM);
    const card = page.getByRole('main').getByRole('article').nth(2);
    const name = (await card.getByRole('link').getAttribute('title')) as string;
    const add = card.getByRole('button', { name: 'Add to Cart' });
    await add.tap();
    await add.tap();
    await expect(add).toHaveAttribute('aria-busy', 'true');
    expect(await cartOf(page)).toEqual([]);
    release();
    await expect(page.getByTestId('cart-count')).toHaveText('1', { timeout: 30_000 });
    await expect(page.getByText('Added to cart!')).toBeVisible();
    await expect(add).not.toHaveAttribute('aria-busy', 'true');
    const lines = await cartOf(page);
    expect(lines.map((l) => [l.productname, l.quantity])).toEqual([[name, 1]]);
    // Once live, a tap goes to the app directly: one more of the same stone.
    await add.tap();
    await expect.poll(async () => (await cartOf(page)).map((l) => l.quantity)).toEqual([2]);
    expect(page.url()).toBe(`${BASE}${SAPPHIRE_TERM}`);
  });

  test('Buy Now on a product page, tapped before the app runs, goes to checkout with just that stone, the cart untouched', async ({
    page,
  }) => {
    await newShopper(page);
    const logged: string[] = [];
    page.on('console', (m) => logged.push(`${m.type()}: ${m.text()}`));
    const release = await holdAppScripts(page);
    await openAtFirstPaint(page, FEATURED_PATH);
    // The second size, chosen on the server's page, is the one bought.
    await page.getByText('6 Ratti', { exact: true }).tap();
    // The choice shows at once (the pill of the checked radio is highlighted by CSS).
    await expect(page.getByRole('radio', { name: '6 Ratti' })).toBeChecked();
    const border = (text: string) => page.getByText(text, { exact: true }).evaluate((el) => getComputedStyle(el).borderColor);
    expect(await border('6 Ratti')).not.toBe(await border('5 Ratti'));
    await page.getByRole('button', { name: 'Buy Now' }).tap();
    await expect(page.getByRole('button', { name: 'Buy Now' })).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page).toHaveURL(/\/checkout\?product=[0-9a-f-]{36}&qty=1&size=6\+Ratti(&|$)/, { timeout: 30_000 });
    const summary = page.getByRole('complementary', { name: 'Order Summary' });
    await expect(summary.getByTestId('summary-line'), logged.join('\n')).toContainText(VAULT.featured.productname);
    await expect(summary.getByTestId('summary-line')).toContainText('6 Ratti');
    // Bought straight from the product page: nothing went into the cart.
    const lines = (await (await page.request.get('/c2/api/all')).json()).data as CartLine[];
    expect(lines, logged.join('\n')).toEqual([]);
  });

  test('home: a best-seller tab and the slideshow Pause tapped before the app runs are carried out once it does', async ({
    page,
  }) => {
    const release = await holdAppScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const best = page.locator('section[aria-labelledby="best-sellers"]');
    const ruby = best.getByRole('tab', { name: 'Ruby' });
    await expect(ruby).toBeVisible();
    await ruby.tap();
    const pause = page.getByRole('button', { name: 'Pause slideshow' });
    await pause.tap();
    await expect(ruby).toHaveAttribute('aria-busy', 'true');
    await expect(pause).toHaveAttribute('aria-busy', 'true');
    expect(await isLive(page, '#best-tab-Ruby')).toBe(false);
    await expect(ruby).toHaveAttribute('aria-selected', 'false');
    release();
    await expect(ruby).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await expect(ruby).not.toHaveAttribute('aria-busy', 'true');
  });

  test('a shopper who scrolled the page before the app ran keeps the place when it takes over', async ({ page }) => {
    const release = await holdAppScripts(page);
    await openAtFirstPaint(page, SAPPHIRE_TERM);
    await page.evaluate(() => window.scrollTo({ top: 900, behavior: 'instant' }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
    release();
    // The app has taken the listing over (the mark its screen sets once its controls are live)...
    await appTookOver(page);
    expect(await page.evaluate(() => performance.getEntriesByName('shop:live').length)).toBe(1);
    // ...and the page stays where the shopper put it (a smooth scroll to the top would have begun by now).
    await expect(page.getByRole('button', { name: 'Scroll to top' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
  });

  test('without holding anything back: taps at first paint do what they say', async ({ page }) => {
    await newShopper(page);
    await openAtFirstPaint(page, SAPPHIRE_TERM);
    const add = page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).first();
    await add.tap();
    await expect(page.getByTestId('cart-count')).toHaveText('1', { timeout: 30_000 });
    expect((await cartOf(page)).map((l) => l.quantity)).toEqual([1]);
    await openAtFirstPaint(page, SAPPHIRE_TERM);
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await page.locator('#mobile-menu').getByText('Vedic Stones', { exact: true }).tap();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Ruby (Manik)' }).tap();
    await expect(page).toHaveURL(/\/gemstones-ruby$/);
  });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a shopper browses from the menu, pages through and searches the catalogue', async ({ page }) => {
    await page.goto('/all');
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await page.locator('#mobile-menu').getByText('Exclusive Gemstones', { exact: true }).tap();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Tanzanite' }).tap();
    await expect(page).toHaveURL(/\/gemstones-tanzanite$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.goto(SAPPHIRE_TERM);
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.getByRole('link', { name: 'Next page' }).tap();
    await expect(page).toHaveURL(`${SAPPHIRE_TERM}-page-2`);
    await expect(page.getByTestId('listing-count')).toHaveText(`Showing ${SAPPHIRE_TOTAL - 30} of ${SAPPHIRE_TOTAL} products`);
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 1' }).tap();
    await expect(page).toHaveURL(SAPPHIRE_TERM);

    await page.getByRole('button', { name: /^Filters/ }).tap();
    const sheet = page.getByRole('dialog', { name: 'Filter products' });
    // The form starts from the filter in force (this category and subcategory) and searches within it.
    await expect(sheet.getByLabel('Subcategory')).toHaveValue(/.+/);
    await sheet.getByLabel('Search').fill('Oval');
    await sheet.getByRole('button', { name: 'Apply Filters' }).tap();
    await expect(page).toHaveURL(`${SAPPHIRE_TERM}-search-oval`);
    await expect(page.getByTestId('listing-count')).toHaveText('Showing 1 of 1 product');
    await expect(page.getByRole('main').getByRole('article')).toContainText(['Moonlight Sapphire Oval']);
    // Clear All: every product again.
    await page.getByRole('button', { name: /^Filters/ }).tap();
    await page.getByRole('dialog', { name: 'Filter products' }).getByRole('button', { name: 'Clear All' }).tap();
    await expect(page).toHaveURL(/\/all$/);
    await expect(page.getByTestId('listing-count')).toHaveText(/^Showing 30 of \d+ products$/);
  });
});
