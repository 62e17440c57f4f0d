import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from '../playwright.config.js';
import { expectNotice, signedInPage, signIn } from './helpers.js';

/**
 * Promotions as the merchant and a shopper meet them: the back-office's Sales and Coupons screens, and (below)
 * the home page's content edited from the Storefront screen, and a banner's sale paid at its price.
 */

const unique = (label: string) => `${label}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`;

/** A DataTable row (a table row from 768 px, a card on a phone) holding `text`. */
const rowWith = (page: Page, text: string) =>
  page
    .locator('tr:visible, li:visible, article:visible')
    .filter({ hasText: text })
    .filter({ has: page.getByRole('button', { name: /^Edit / }) })
    .first();

test.describe('promotions in the back-office', () => {
  test('an admin creates a sale on a subcategory, sees it run, ends it now; and creates a coupon', async ({ page }) => {
    await signIn(page.request, E2E_ADMIN);

    // ---- a sale
    const name = unique('Opal week ');
    await page.goto('/dashboard/sales');
    await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible();
    // The demo's two sales are listed, running.
    await expect(rowWith(page, 'Emerald sale')).toContainText('20%');
    await page.getByRole('button', { name: 'Add Sale' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Sale' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Please enter the sale’s name')).toBeVisible();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Percent off').fill('12');
    await dialog.getByRole('radio', { name: 'A subcategory' }).check();
    await dialog.getByRole('combobox', { name: 'Subcategory' }).selectOption({ label: 'Gemstones › Opal' });
    await expect(dialog.getByLabel('Starts (India time)')).not.toHaveValue('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectNotice(page, 'Sale created');
    const row = rowWith(page, name);
    await expect(row).toContainText('12%');
    await expect(row).toContainText('Gemstones › Opal');
    await expect(row).toContainText(/running/i);

    // The storefront gives it: an opal's sale price is 12% off its list price.
    const sales = (await (await page.request.get('/p1/api/sales')).json()) as { sales: { name: string; percentoff: number }[] };
    expect(sales.sales.find((s) => s.name === name)?.percentoff).toBe(12);
    const opals = (await (await page.request.get('/p1/api/filter/gemstones-opal')).json()) as {
      products: { productprice: number; saleprice: number | null; sale: { name: string } | null }[];
    };
    const opal = opals.products[0];
    expect(opal?.sale?.name).toBe(name);
    const listPaise = Math.round((opal?.productprice ?? 0) * 100);
    expect(opal?.saleprice).toBe(Math.floor((listPaise * 88 + 50) / 100) / 100);

    // End now: it stops, and the opals are back at their list price.
    await row.getByRole('button', { name: `End ${name} now` }).click();
    await expectNotice(page, `${name} has ended.`);
    await expect(rowWith(page, name)).toContainText(/ended/i);
    await expect(rowWith(page, name).getByRole('button', { name: `End ${name} now` })).toHaveCount(0);
    await expect
      .poll(async () => {
        const again = (await (await page.request.get('/p1/api/filter/gemstones-opal')).json()) as {
          products: { sale: unknown }[];
        };
        return again.products[0]?.sale ?? null;
      })
      .toBeNull();

    // ---- a coupon
    const code = unique('WELCOME');
    await page.goto('/dashboard/coupons');
    await expect(page.getByRole('heading', { name: 'Coupons', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add Coupon' }).click();
    const form = page.getByRole('dialog', { name: 'Add Coupon' });
    await form.getByLabel('Code').fill(code.toLowerCase());
    await form.getByRole('radio', { name: 'Fixed amount off' }).check();
    await form.getByLabel('Amount off (₹)').fill('500');
    await form.getByLabel('Minimum order (₹)').fill('5000');
    await form.getByLabel('Total uses').fill('50');
    await form.getByRole('button', { name: 'Save' }).click();
    await expectNotice(page, 'Coupon created');
    const coupon = rowWith(page, code);
    await expect(coupon).toContainText('₹500.00');
    await expect(coupon).toContainText('0 of 50');
    await expect(coupon).toContainText('₹5,000.00');
    await expect(coupon).toContainText(/running/i);

    // Edit: switch it off; the shop refuses it from then on.
    await coupon.getByRole('button', { name: `Edit ${code}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Coupon' });
    await expect(edit.getByLabel('Code')).toHaveValue(code);
    await edit.getByLabel(/^On/).uncheck();
    await edit.getByRole('button', { name: 'Update' }).click();
    await expectNotice(page, 'Coupon updated');
    await expect(rowWith(page, code)).toContainText(/off/i);
    const all = (await (await page.request.get('/p1/api/admin/coupons')).json()) as {
      coupons: { code: string; active: boolean; amountoff: number; minorder: number; maxuses: number; peruser: number }[];
    };
    expect(all.coupons.find((c) => c.code === code)).toMatchObject({
      active: false,
      amountoff: 500,
      minorder: 5000,
      maxuses: 50,
      peruser: 1,
    });
  });
});

type Content = {
  slides: { _id: string; image: string; kicker: string; heading: string; text: string; cta: string; link: string }[];
  faq: { _id: string; question: string; answer: string }[];
};

/** Puts the demo's slides and FAQ back, as other journeys expect them. */
async function restore(request: APIRequestContext, saved: Content) {
  const strip = <T extends { _id: string }>(rows: T[]) => rows.map(({ _id, ...rest }) => rest);
  expect((await request.put('/a1/api/admin/storefront/slides', { data: { slides: strip(saved.slides) } })).status()).toBe(200);
  expect((await request.put('/a1/api/admin/storefront/faq', { data: { faq: strip(saved.faq) } })).status()).toBe(200);
}

test.describe('the home page from the back-office', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the emerald banner leads to emerald stones at 20% off, and the price paid is the sale price', async ({ page }) => {
    const mobileno = `6${String(Date.now()).slice(-7)}${Math.floor(Math.random() * 90 + 10)}`;
    const password = 'shopper-secret-1';
    expect((await page.request.post('/u1/api/signup', { data: { fullname: 'Meera Kapoor', mobileno, password } })).status()).toBe(
      201,
    );
    await signIn(page.request, { mobileno, password });

    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Offers' }).getByRole('link', { name: /Natural Emerald/ });
    await expect(banner.getByTestId('promo-badge')).toHaveText('20% OFF');
    await banner.click();
    await expect(page).toHaveURL(/\/gemstones-emerald$/);

    // Every emerald listed is 20% off, its list price struck through.
    const cards = page.locator('[data-sale]');
    await expect(cards.first()).toBeVisible();
    const listed = (await (await page.request.get('/p1/api/filter/gemstones-emerald')).json()) as {
      products: { _id: string; productname: string; productprice: number; saleprice: number; stockquantity: number }[];
    };
    expect(listed.products.length).toBeGreaterThan(0);
    await expect(cards).toHaveCount(listed.products.length);
    for (const card of await cards.all()) await expect(card).toHaveAttribute('data-sale', '20');
    const stone = listed.products.find((p) => p.stockquantity >= 1);
    expect(stone).toBeTruthy();
    if (!stone) return;
    const listPaise = Math.round(stone.productprice * 100);
    const salePaise = Math.floor((listPaise * 80 + 50) / 100);
    expect(Math.round(stone.saleprice * 100)).toBe(salePaise);
    const rupees = (paise: number) =>
      `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

    // The stone's page says so, and so do the cart and the payment.
    await page
      .getByRole('article')
      .filter({ has: page.getByRole('img', { name: stone.productname, exact: true }) })
      .getByRole('heading')
      .getByRole('link')
      .click();
    await expect(page.getByRole('heading', { name: stone.productname, level: 1 })).toBeVisible();
    const price = page.locator('main [data-sale="20"]').first();
    await expect(price).toContainText(rupees(salePaise));
    await expect(price.locator('s')).toContainText(rupees(listPaise));
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
    await expect
      .poll(async () => ((await (await page.request.get('/c2/api/count')).json()) as { data: { count: number } }).data.count)
      .toBe(1);
    await page.goto('/cart');
    const amount = async (testId: string) =>
      Number((await page.getByTestId(testId).first().textContent())?.replace(/[^\d.]/g, ''));
    await expect.poll(() => amount('cart-total')).toBe(salePaise / 100);
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    for (const [label, value] of [
      ['Full Name', 'Meera Kapoor'],
      ['Mobile Number', mobileno],
      ['Address', '12 Mall Road'],
      ['City', 'Ludhiana'],
      ['PIN Code', '141001'],
    ] as const) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    const held = page.waitForResponse((r) => r.url().endsWith('/o1/api/razorpay-order') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const checkout = (await (await held).json()) as { razorpayOrder: { amount: number } };
    expect(checkout.razorpayOrder.amount).toBe(salePaise);
    const dialog = page.getByRole('dialog', { name: 'Sandbox payment' });
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/my-orders\?placed=/);
    const order = page.getByTestId('order-card').first();
    await expect(order.getByTestId('order-payment')).toHaveText('Paid');
    await expect.poll(() => amount('order-total')).toBe(salePaise / 100);
    const mine = (await (await page.request.get('/o1/api/my-orders')).json()) as { orders: { totalamount: number }[] };
    expect(mine.orders[0]?.totalamount).toBe(salePaise / 100);
  });

  test('an admin replaces a hero slide with an uploaded picture and changes an FAQ answer; the home page shows both', async ({
    page,
    browser,
    baseURL,
  }) => {
    const admin = await signedInPage(browser, baseURL);
    const saved = ((await (await admin.request.get('/a1/api/admin/storefront')).json()) as { storefront: Content }).storefront;
    try {
      await admin.goto('/dashboard/storefront');
      await expect(admin.getByRole('heading', { name: 'Storefront', level: 1 })).toBeVisible();
      const slides = admin.getByRole('region', { name: 'Hero slides' });
      const heading = `Sapphires of Ceylon ${Date.now().toString(36)}`;
      await slides.getByLabel('Slide 1 heading').fill(heading);
      await slides.getByLabel('Slide 1 link').fill('/gemstones-emerald');
      const png = await sharp({ create: { width: 1600, height: 640, channels: 3, background: { r: 15, g: 82, b: 186 } } })
        .png()
        .toBuffer();
      const uploaded = admin.waitForResponse((r) => r.url().endsWith('/a1/api/admin/storefront/image'));
      await slides.getByLabel('Slide 1 picture').setInputFiles({ name: 'ceylon.png', mimeType: 'image/png', buffer: png });
      const url = ((await (await uploaded).json()) as { url: string }).url;
      expect(url).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\/1280\.webp$/);
      // The live preview shows the new slide before it is saved.
      const preview = slides.getByTestId('preview-slides');
      await expect(preview).toContainText(heading);
      await expect(preview.locator('img').first()).toHaveAttribute('src', url);
      await slides.getByRole('button', { name: 'Save hero slides' }).click();
      await expectNotice(admin, 'Saved');

      const faq = admin.getByRole('region', { name: 'FAQ' });
      const answer = `Yes, to about 200 countries now (${Date.now().toString(36)}).`;
      const shipping = saved.faq.findIndex((f) => f.question === 'Do you ship outside India?');
      expect(shipping).toBeGreaterThanOrEqual(0);
      await faq.getByLabel(`Question ${shipping + 1} answer`).fill(answer);
      await expect(faq.getByTestId('preview-faq')).toContainText('Do you ship outside India?');
      await faq.getByRole('button', { name: 'Save faq' }).click();
      await expectNotice(admin, 'Saved');

      // A shopper's home page (server-rendered) shows both at once.
      await page.goto('/');
      const hero = page.getByTestId('hero');
      // The FAQ is in the server's markup, and the app takes that markup over rather than replacing it.
      await page.locator('section[aria-labelledby="faq"]').evaluate((el) => el.setAttribute('data-from-server', ''));
      // Pause works once the app has taken the page over (a tap before that is tried again).
      await expect(async () => {
        const pause = hero.getByRole('button', { name: 'Pause slideshow' });
        if (await pause.isVisible()) await pause.click();
        await expect(hero.getByRole('button', { name: 'Play slideshow' })).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await expect(page.locator('section[aria-labelledby="faq"][data-from-server]')).toHaveCount(1);
      const first = hero.locator('[aria-roledescription="slide"]').first();
      await expect(first).toContainText(heading);
      await expect(first.getByRole('link')).toHaveAttribute('href', '/gemstones-emerald');
      const img = first.locator('img');
      await expect(img).toHaveAttribute('src', url);
      await expect(img).toHaveAttribute('srcset', new RegExp(`${url.replace('1280.webp', '320\\.webp')} 320w`));
      await expect(img).toHaveAttribute('width', '1600');
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      const question = page.locator('details', { hasText: 'Do you ship outside India?' });
      await question.locator('summary').click();
      await expect(question).toContainText(answer);
    } finally {
      await restore(admin.request, saved);
      await admin.context().close();
    }
  });
});
