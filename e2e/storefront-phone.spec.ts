import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.js';
import { appTookOver } from './helpers.js';

/**
 * The storefront on a 390 px phone (and a desktop where it applies): nothing scrolls sideways, the floating chat
 * and scroll-to-top buttons never lie over a control or a price, the explore banner keeps its gems off its words,
 * the top bar keeps its promises, checkout reads its total first; and the listing's rough edges: categories
 * with nothing on sale left out of the filters, a page past the last, one heading for all products, one
 * spelling of Iolite.
 */

type Product = { _id: string; productname: string; stockquantity: number; productsizes: string[]; productcolours: string[] };

const isPhone = () => test.info().project.name === 'phone';
const PASSWORD = 'shopper-secret-1';
let serial = 0;
const uniqueMobile = () => `6${String(Date.now()).slice(-7)}${String(serial++ % 100).padStart(2, '0')}`;

async function newShopper(page: Page) {
  const mobileno = uniqueMobile();
  const signup = await page.request.post('/u1/api/signup', { data: { fullname: 'Kavya Mehta', mobileno, password: PASSWORD } });
  expect(signup.status(), await signup.text()).toBe(201);
  const signin = await page.request.post('/u1/api/signin', { data: { mobileno, password: PASSWORD } });
  expect(signin.ok(), await signin.text()).toBe(true);
}

async function inStock(request: APIRequestContext, count: number): Promise<Product[]> {
  const res = await request.get('/p1/api/latest/all?limit=50');
  expect(res.ok()).toBe(true);
  const { products } = (await res.json()) as { products: Product[] };
  const found = products.filter((p) => p.stockquantity >= 3);
  expect(found.length).toBeGreaterThanOrEqual(count);
  return found.slice(0, count);
}

async function fillCart(page: Page, count: number) {
  const products = await inStock(page.request, count);
  for (const p of products) {
    const res = await page.request.post('/c2/api/add', {
      data: { productId: p._id, productsize: p.productsizes[0], productcolour: p.productcolours[0], quantity: 1 },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  return products;
}

async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, 'page width').toBeLessThanOrEqual(client as number);
}

/**
 * Everything a shopper taps or reads a price from that lies under a floating button, in the part of the screen the
 * page shows (below the fixed header, above the phone's bottom bar).
 */
function coveredByFloatingButtons(page: Page) {
  return page.evaluate(() => {
    const box = document.querySelector('[data-testid="floating-actions"]');
    if (!box) return ['no floating actions'];
    const visible = (el: Element) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    const buttons = Array.from(box.children)
      .filter(visible)
      .map((el) => el.getBoundingClientRect());
    const bar = document.querySelector('nav[aria-label="Shortcuts"]');
    const barTop = bar && visible(bar) ? bar.getBoundingClientRect().top : window.innerHeight;
    const header = document.querySelector('header');
    const headerBottom = header ? header.getBoundingClientRect().bottom : 0;
    const targets = document.querySelectorAll(
      'a[href],button,input,select,textarea,summary,[role="button"],[data-testid*="price"],[data-testid*="total"]',
    );
    const hits: string[] = [];
    for (const el of Array.from(targets)) {
      if (box.contains(el) || bar?.contains(el) || header?.contains(el) || !visible(el)) continue;
      // What shows of it: its box cut by every ancestor that clips (a truncated name's text runs on, unseen).
      const r = el.getBoundingClientRect();
      let [left, right, top, bottom] = [r.left, r.right, Math.max(r.top, headerBottom), Math.min(r.bottom, barTop)];
      for (let a = el.parentElement; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const c = a.getBoundingClientRect();
        [left, right, top, bottom] = [
          Math.max(left, c.left),
          Math.min(right, c.right),
          Math.max(top, c.top),
          Math.min(bottom, c.bottom),
        ];
      }
      if (right <= left || bottom <= top) continue;
      for (const b of buttons) {
        if (b.left < right && b.right > left && b.top < bottom && b.bottom > top) {
          const name = (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().replace(/\s+/g, ' ');
          hits.push(`${el.tagName.toLowerCase()} "${name.slice(0, 40)}" at y=${Math.round(r.top)}`);
        }
      }
    }
    return hits;
  });
}

/** Scrolls the page from top to bottom in steps; at each, nothing of the page may be under a floating button. */
async function expectFloatingButtonsClear(page: Page, what: string) {
  await expect(page.getByRole('link', { name: /Chat with us on WhatsApp/ })).toBeAttached();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += 220) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await expect.poll(() => coveredByFloatingButtons(page), { message: `${what} scrolled to ${y}` }).toEqual([]);
  }
}

test.describe('floating chat and scroll-to-top', () => {
  test('never cover Add to Cart, prices or Continue to Payment, and stay clear of the bottom bar', async ({ page }) => {
    test.setTimeout(180_000);
    await newShopper(page);
    await fillCart(page, 3);

    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
    await expectFloatingButtonsClear(page, '/cart');

    await page.goto('/checkout');
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeVisible();
    await expectFloatingButtonsClear(page, '/checkout');

    await page.goto('/all');
    await expect(page.getByRole('button', { name: /Add to Cart/ }).first()).toBeVisible();
    await expectFloatingButtonsClear(page, '/all');

    const href = await page.getByRole('article').first().getByRole('link').first().getAttribute('href');
    await page.goto(href ?? '/');
    await expect(page.getByRole('button', { name: 'Buy Now' })).toBeVisible();
    await expectFloatingButtonsClear(page, 'a product page');

    // Scrolled down a long page, both are there and work; on a phone they sit in the bottom bar's own slot, beside its tabs.
    await page.goto('/all');
    await expect(page.getByRole('button', { name: /Add to Cart/ }).first()).toBeVisible();
    await page.evaluate(() => window.scrollTo({ top: 900, behavior: 'instant' }));
    const toTop = page.getByRole('button', { name: 'Scroll to top' });
    await expect(toTop).toBeVisible();
    if (isPhone()) {
      const bar = await page.getByRole('navigation', { name: 'Shortcuts' }).boundingBox();
      const tabs = await page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('link').last().boundingBox();
      for (const b of [await toTop.boundingBox(), await page.getByRole('link', { name: /Chat with us/ }).boundingBox()]) {
        if (!b || !bar || !tabs) throw new Error('not laid out');
        expect(b.y).toBeGreaterThanOrEqual(bar.y);
        expect(b.y + b.height).toBeLessThanOrEqual(bar.y + bar.height + 0.5);
        expect(b.x).toBeGreaterThanOrEqual(tabs.x + tabs.width);
      }
    }
    await toTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test('the home page does not scroll sideways and the explore banner keeps its gems off its words', async ({ page }) => {
  await page.goto('/');
  const banner = page.locator('section[aria-labelledby="explore"]');
  await banner.scrollIntoViewIfNeeded();
  const art = banner.getByTestId('explore-art');
  await expect(art).toBeVisible();
  const words = banner.getByTestId('explore-text');
  for (const part of [
    words.getByRole('heading', { name: 'Explore Our Gemstone Collection' }),
    words.getByText('10,000+ gemstones'),
    words.getByText(/Zodiac stones, Vedic Navratna/),
    words.getByText('Explore Now'),
  ]) {
    // The picture and the words are measured together, and again until the page has settled (the app taking the
    // page over and the settings' lines arriving can move the banner between two separate measurements).
    const apart = async () => {
      const [picture, b] = await Promise.all([art.boundingBox(), part.boundingBox()]);
      if (!picture || !b) throw new Error('not laid out');
      return (
        b.x + b.width <= picture.x ||
        picture.x + picture.width <= b.x ||
        b.y + b.height <= picture.y ||
        picture.y + picture.height <= b.y
      );
    };
    await expect.poll(apart, { message: `${await part.textContent()} is clear of the picture` }).toBe(true);
  }
  await expectNoSidewaysScroll(page);
});

test('the top bar keeps Free Shipping, Secure Payment and Easy Returns beside the phone and e-mail', async ({ page }) => {
  await page.goto('/about');
  const header = page.getByRole('banner');
  // Free shipping as the shipping zones give it: India's Standard rate costs nothing, abroad is free from ₹1,50,000.
  for (const t of ['+91 98765 43210', 'support@ratnagems.in', 'Free Shipping in India', 'Secure Payment', 'Easy Returns']) {
    const el = header.getByText(t).filter({ visible: true });
    await expect(el, t).toBeVisible();
    const b = await el.boundingBox();
    expect(b && b.x >= 0 && b.x + b.width <= (page.viewportSize()?.width ?? 0), `${t} fits the screen`).toBe(true);
  }
  // The page starts below the taller header, and the logo and the search icon do not overlap.
  const main = await page
    .locator('main')
    .evaluate((m) => m.getBoundingClientRect().top + Number.parseFloat(getComputedStyle(m).paddingTop));
  const headerBox = await header.boundingBox();
  expect(main).toBeGreaterThanOrEqual((headerBox?.y ?? 0) + (headerBox?.height ?? 0) - 1);
  const logo = await header.getByRole('link', { name: 'Ratna Gems', exact: true }).boundingBox();
  const search = await header
    .getByRole('button', { name: 'Search', exact: true })
    .or(header.getByRole('combobox'))
    .first()
    .boundingBox();
  if (!logo || !search) throw new Error('not laid out');
  expect(logo.x + logo.width).toBeLessThanOrEqual(search.x);
  await expectNoSidewaysScroll(page);
});

test('the home page’s hero starts right under the header, the test payments note above both, and nothing moves', async ({
  page,
}) => {
  await page.goto('/');
  const hero = page.getByTestId('hero');
  await expect(hero.getByRole('link').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const [ribbon, header, heroBox] = await Promise.all([
    page.getByTestId('test-payments').boundingBox(),
    page.getByRole('banner').boundingBox(),
    hero.boundingBox(),
  ]);
  if (!ribbon || !header || !heroBox) throw new Error('not laid out');
  // No band between them: the hero's top is the header's bottom (its 1 px border may lie over the picture).
  const gap = heroBox.y - (header.y + header.height);
  expect(gap, `${gap} px between the header and the hero`).toBeLessThanOrEqual(0.5);
  expect(gap).toBeGreaterThanOrEqual(-1);
  // The sandbox shop's note is shown, above the header rather than under it.
  expect(ribbon.y).toBe(0);
  expect(ribbon.y + ribbon.height).toBeLessThanOrEqual(header.y + 0.5);
  await expect(page.getByTestId('test-payments')).toBeInViewport();
  // The hero never moved while the page loaded (a web font swapping in may nudge a line of text elsewhere).
  const shifts = await page.evaluate(
    () =>
      new Promise<{ total: number; hero: string[] }>((resolve) => {
        const heroEl = document.querySelector('[data-testid="hero"]');
        const result = { total: 0, hero: [] as string[] };
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] };
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Shift[]) {
            if (e.hadRecentInput) continue;
            result.total += e.value;
            for (const { node } of e.sources) {
              if (node && heroEl && (node.contains(heroEl) || heroEl.contains(node))) result.hero.push(node.nodeName);
            }
          }
        }).observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(result)));
      }),
  );
  expect(shifts.hero).toEqual([]);
  expect(shifts.total).toBeLessThan(0.01);
});

test('checkout shows the total and the items first, and the form starts on the first screen of a phone', async ({ page }) => {
  await newShopper(page);
  await fillCart(page, 3);
  await page.goto('/checkout');
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  const form = page.getByRole('form', { name: 'Shipping Details' });
  await expect(form).toBeVisible();
  await expect(summary).toContainText('Subtotal (3 items)');
  const total = await summary.getByTestId('checkout-total').boundingBox();
  const formTop = await form.getByRole('heading', { name: 'Shipping Details' }).boundingBox();
  if (!total || !formTop) throw new Error('not laid out');
  const screen = page.viewportSize()?.height ?? 0;
  expect(total.y + total.height, 'the total is on the first screen').toBeLessThanOrEqual(screen);
  if (isPhone()) {
    expect(total.y + total.height, 'the total comes before the form').toBeLessThanOrEqual(formTop.y);
    expect(formTop.y + formTop.height, 'the form starts on the first screen').toBeLessThanOrEqual(screen);
    // The lines are one tap away.
    await expect(summary.getByTestId('summary-line').first()).toBeHidden();
    await summary.getByRole('button', { name: 'Show all 3 items' }).click();
    await expect(summary.getByTestId('summary-line')).toHaveCount(3);
    for (const line of await summary.getByTestId('summary-line').all()) await expect(line).toBeVisible();
  }
  await expectNoSidewaysScroll(page);
});

// Moved from the checkout's GST journeys, which run on one screen: this one is about both layouts.
test.describe('checkout: layout', () => {
  test('the order summary is read before the long form on a phone and sits beside it on a wide screen', async ({
    page,
  }, info) => {
    await newShopper(page);
    await fillCart(page, 3);

    await page.goto('/checkout');
    const summary = page.getByRole('complementary', { name: 'Order Summary' });
    const form = page.getByRole('form', { name: 'Shipping Details' });
    await expect(form).toBeVisible();
    await expect(summary).toContainText('Subtotal (3 items)');
    await expect(summary.getByTestId('checkout-shipping')).toHaveText(/Shipping\s*Free/);
    await expect(summary.getByTestId('payment-methods').getByRole('listitem')).toHaveText([
      'Credit and debit cards',
      'UPI',
      'Net banking',
      'Wallets',
    ]);
    await expect(form.getByTestId('total-to-pay')).toHaveText((await summary.getByTestId('checkout-total').textContent()) ?? '');
    const s = await summary.boundingBox();
    const f = await form.boundingBox();
    if (!s || !f) throw new Error('not laid out');
    const phone = (page.viewportSize()?.width ?? 0) < 640;
    if (phone) {
      // Above the form, with the third line folded away until asked for.
      expect(s.y + s.height).toBeLessThanOrEqual(f.y);
      await expect(summary.getByTestId('summary-line').nth(2)).toBeHidden();
      await summary.getByRole('button', { name: 'Show all 3 items' }).click();
      await expect(summary.getByTestId('summary-line').nth(2)).toBeVisible();
    } else {
      expect(s.x).toBeGreaterThanOrEqual(f.x + f.width);
      await expect(summary.getByTestId('summary-line')).toHaveCount(3);
      await expect(summary.getByTestId('summary-line').nth(2)).toBeVisible();
    }
    // No sideways scroll.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `test-results/screens/${info.project.name}-checkout-layout.png`, fullPage: true });
  });
});

async function adminRequest(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const res = await context.request.post('/u1/api/signin', { data: E2E_ADMIN });
  expect(res.ok(), await res.text()).toBe(true);
  return context;
}

test('a category with nothing on sale is not offered in the filters, with or without JavaScript; admins still see it', async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = await adminRequest(browser, baseURL);
  const name = `Empty Shelf ${Date.now().toString(36)}`;
  const made = await admin.request.post('/c1/api/create', { data: { categoryname: name } });
  expect(made.status(), await made.text()).toBe(201);

  await page.goto('/all');
  let select = page.getByRole('form', { name: 'Filter products' }).getByLabel('Category');
  if (isPhone()) {
    await page.locator('summary').filter({ hasText: 'Filters' }).click();
    select = page.getByRole('dialog', { name: 'Filter products' }).getByLabel('Category');
  }
  await expect(select.locator('option')).toContainText(['All categories', 'Gemstones', 'Jewellery']);
  expect(await select.locator('option').allTextContents()).not.toContain(name);

  // The page as the server renders it, read without the app: the same choices.
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto('/all');
  const options = await plain.locator('select[name="category"] option').allTextContents();
  expect(options).toContain('Gemstones');
  expect(options).not.toContain(name);
  await noScript.close();

  const adminPage = await admin.newPage();
  await adminPage.goto('/dashboard/category');
  await expect(adminPage.getByText(name, { exact: true }).filter({ visible: true })).toBeVisible();
  await admin.close();
});

test('a page past the last shows the last page, rendered and in the app, under the All Products heading', async ({
  browser,
  page,
  baseURL,
}) => {
  const api = await (await page.request.get('/p1/api/filter/all')).json();
  const last = api.pagination.totalPages as number;
  expect(last).toBeGreaterThan(1);

  await page.goto('/all-page-999');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Products');
  await expect(page.getByTestId('listing-count')).toHaveText(/^Showing [1-9]\d* of [\d,]+ products?$/);
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: /pagination/i }).locator('[aria-current="page"]')).toHaveText(String(last));

  // Moving between pages in the app: every page of all products has the same heading.
  await page.goto('/all-page-2');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Products');

  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto('/all-page-999');
  await expect(plain.getByRole('heading', { level: 1 })).toHaveText('All Products');
  await expect(plain.getByTestId('listing-count')).toHaveText(/^Showing [1-9]\d* of/);
  expect(await plain.getByRole('article').count()).toBeGreaterThan(0);
  await noScript.close();
});

test('Iolite is spelt one way: on the misspelt page, in the names and on the product page', async ({ page }) => {
  await page.goto('/gemstones-lolite');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iolite Gemstones');
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const res = await page.request.get('/p1/api/filter/gemstones-lolite');
  const { products } = (await res.json()) as { products: { productname: string }[] };
  expect(products.length).toBeGreaterThanOrEqual(3);
  for (const p of products) {
    expect(p.productname).toContain('Iolite');
    expect(p.productname).not.toMatch(/lolite/i);
  }
  await cards.first().getByRole('link').first().click();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText('Iolite');
  await expect(heading).not.toContainText(/lolite/i);
  await expect(page).toHaveTitle(/Iolite/);
  expect(await page.title()).not.toMatch(/lolite/i);
});

/** Parts of a sale card's price cut short or lying outside its card: [card, what] for each. */
function clippedSalePrices(page: Page) {
  return page.locator('main article').evaluateAll((cards) =>
    cards.flatMap((card) => {
      const sale = card.querySelector('[data-sale]');
      if (!sale) return [];
      const box = card.getBoundingClientRect();
      const name = card.querySelector('h2, h3')?.textContent ?? '?';
      const hits: string[] = [];
      for (const el of Array.from(sale.querySelectorAll('p, s, span'))) {
        if (el.closest('.sr-only')) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0) continue;
        const block = getComputedStyle(el).display !== 'inline';
        if ((block && el.scrollWidth > el.clientWidth + 0.5) || r.left < box.left - 0.5 || r.right > box.right + 0.5) {
          hits.push(`${name}: "${el.textContent}"`);
        }
      }
      return hits;
    }),
  );
}

test('a sale card shows its price, the struck list price and "20% off" whole', async ({ page }) => {
  await page.goto('/gemstones-emerald');
  const sale = page.locator('main article [data-sale="20"]');
  await expect(sale.first()).toBeVisible();
  expect(await sale.count()).toBeGreaterThan(1);
  await expect(sale.first().locator('s')).toContainText(/₹[\d,]+\.\d\d/);
  await expect(sale.first()).toContainText('20% off');
  expect(await clippedSalePrices(page)).toEqual([]);
  await expectNoSidewaysScroll(page);
});

test('a product page: one ratti figure, delivery as India’s rate has it, and the picture opens full size', async ({ page }) => {
  await page.goto('/gemstones-ruby');
  await page.getByRole('link', { name: 'Burmese Ruby (Manik)...' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Burmese Ruby (Manik) 4.55 Carat Cushion' })).toBeVisible();

  // The weight under the price and the specification table give the same ratti, from the carat and the shop's setting.
  await expect(page.getByTestId('gem-weight')).toContainText('4.55 ct · 5.00 ratti');
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /Weight \(Ratti\)/ })).toHaveText(/Weight \(Ratti\)\s*5\.00 ratti/);
  await expect(table.getByRole('rowheader', { name: /Pakki|Kachi/ })).toHaveCount(0);

  // India's Standard rate is free for it (the shop's zones as every shop starts).
  await expect(page.getByTestId('delivery-promise')).toHaveText('Free Delivery');

  // The main picture opens full size from the keyboard; Escape closes it and focus comes back to it. (Before the app
  // has taken the page over, the link is the server's plain link to the picture, which a browser follows.)
  await appTookOver(page);
  const opener = page.getByRole('link', { name: 'View the picture full size' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog', { name: /full size$/ });
  await expect(viewer).toBeVisible();
  const picture = viewer.getByRole('img');
  await expect(picture).toHaveAttribute('src', /\/1280\.webp$/);
  await expect(picture).toHaveJSProperty('complete', true);
  const shown = await picture.boundingBox();
  const screenSize = page.viewportSize();
  if (!shown || !screenSize) throw new Error('not laid out');
  // As large as the screen lets it be: the whole of its narrower side, less the viewer's margin.
  expect(Math.min(shown.width, shown.height)).toBeGreaterThan(Math.min(screenSize.width, screenSize.height) - 60);
  await expect(viewer.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(opener).toBeFocused();

  // A tap opens it as well, and Close closes it.
  await opener.click();
  await expect(viewer).toBeVisible();
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();
});
