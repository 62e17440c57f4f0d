import { type APIRequestContext, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from '../playwright.config.js';

const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function signInAsAdmin(request: APIRequestContext) {
  const res = await request.post('/u1/api/signin', { data: E2E_ADMIN });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe('menus from the catalogue', () => {
  test('the merchant adds a stone under Other Gemstones; the shopper finds it there by its display name', async ({
    page,
    browser,
  }) => {
    await signInAsAdmin(page.request);
    const tag = suffix();
    const name = `Moonstone${tag}`;
    const shown = `Moon Stone ${tag}`;

    // The subcategory, with the name shoppers read and the menu it goes under.
    await page.goto('/dashboard/subcategory');
    await page.getByRole('button', { name: 'Add Subcategory' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Subcategory' });
    await dialog.getByLabel(/^Category/).selectOption({ label: 'Gemstones' });
    await dialog.getByLabel(/Subcategory Name/).fill(name);
    await dialog.getByLabel('Display Name').fill(shown);
    await dialog.getByLabel('Add to Menu').selectOption({ label: 'Other Gemstones' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('notice')).toContainText('The subcategory has been added successfully.');
    await expect(page.getByText(`Shown as ${shown}`).filter({ visible: true })).toBeVisible();

    // The Menus screen has it last under Other Gemstones, not shown until a stone of it is for sale.
    await page.goto('/dashboard/menus');
    const other = page.getByRole('region', { name: 'Other Gemstones' });
    const place = other.getByTestId('menu-place').last();
    await expect(place).toContainText(`${shown} · Gemstones`);
    await expect(place).toContainText('Not shown: no active product yet');

    const categories = (await (await page.request.get('/c1/api/all')).json()).data as { _id: string; categoryname: string }[];
    const gemstones = categories.find((c) => c.categoryname === 'Gemstones');
    const subs = (await (await page.request.get(`/s2/api/cat/${gemstones?._id}`)).json()).data as {
      _id: string;
      subcategoryname: string;
    }[];
    const sub = subs.find((s) => s.subcategoryname === name);
    const productname = `Ceylon Moonstone ${tag}`;
    const created = await page.request.post('/p1/api/create', {
      multipart: {
        category: gemstones?._id as string,
        subcategory: sub?._id as string,
        productname,
        productdescription: 'A blue-sheen moonstone from Sri Lanka.',
        productprice: '8500',
        stockquantity: '2',
        images: {
          name: 'moonstone.png',
          mimeType: 'image/png',
          buffer: await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 210, b: 235 } } })
            .png()
            .toBuffer(),
        },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Other Gemstones' }).getByTestId('menu-place').last()).not.toContainText(
      'Not shown',
    );

    // A shopper, with no release in between: the menu lists it by its display name, at its name's address.
    const shopper = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const shop = await shopper.newPage();
    await shop.goto('/');
    const nav = shop.getByRole('navigation', { name: 'Gemstones and jewellery' });
    await nav.getByRole('button', { name: 'Other Gemstones' }).click();
    const link = nav.getByRole('link', { name: shown, exact: true });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', `/gemstones-moonstone${tag}`);
    // Once in the menu, never twice, and the stones that were listed twice are listed once.
    await expect(nav.getByRole('link', { name: /^Amethyst/ })).toHaveText(['Amethyst']);
    await nav.getByRole('button', { name: 'Vedic Stones' }).click();
    await expect(nav.getByRole('link', { name: /^Hessonite/ })).toHaveText(['Hessonite (Gomed)']);
    await expect(nav.getByRole('link', { name: "Cat's Eye (Lehsunia)" })).toHaveAttribute('href', '/gemstones-catseye');
    await nav.getByRole('button', { name: 'Other Gemstones' }).click();
    await nav.getByRole('link', { name: shown, exact: true }).click();
    await expect(shop).toHaveURL(new RegExp(`/gemstones-moonstone${tag}$`));
    await expect(shop.getByRole('heading', { level: 1, name: shown })).toBeVisible();
    await expect(shop.getByRole('article').filter({ hasText: 'Ceylon Moonstone' })).toBeVisible();
    // The listing's filter names it the same way.
    const form = shop.getByRole('form', { name: 'Filter products' });
    await expect(form.getByLabel('Subcategory')).toHaveValue(sub?._id as string);
    await expect(form.getByLabel('Subcategory').locator('option:checked')).toHaveText(shown);
    await shopper.close();
  });
});
