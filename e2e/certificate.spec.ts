import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.js';

/**
 * A stone's lab certificate: the admin picks the lab, types the report number and uploads the report (a PDF) in
 * the product form; a shopper sees them on the product page with the report to view and "Verify with the lab".
 * The page is set in the shop's own typefaces.
 */

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A small PDF, made fresh: header, one page, trailer, `%%EOF`. */
const smallPdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );

async function signInAsAdmin(request: APIRequestContext) {
  const res = await request.post('/u1/api/signin', { data: E2E_ADMIN });
  expect(res.status(), await res.text()).toBe(200);
}

/** A category, a subcategory and a product without a certificate, through the admin API. */
async function productWithoutCertificate(request: APIRequestContext) {
  const categoryname = unique('Cert Gems');
  const cat = await request.post('/c1/api/create', { data: { categoryname } });
  expect(cat.status(), await cat.text()).toBe(201);
  const category = (await cat.json()).data;
  const subcategoryname = unique('Cert Ruby');
  const sub = await request.post('/s2/api/create', { data: { subcategoryname, category: category._id } });
  expect(sub.status(), await sub.text()).toBe(201);
  const subcategory = (await sub.json()).data;
  const productname = unique('Certified Burmese Ruby');
  const created = await request.post('/p1/api/create', {
    multipart: {
      category: category._id,
      subcategory: subcategory._id,
      productname,
      productdescription: 'Unheated ruby from Mogok with its GIA report.',
      productprice: '95000',
      stockquantity: '1',
      weightcarrat: '2.05',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()).product;
  return { productname, path: `/${categoryname}/${subcategoryname}/${product.slug}`.toLowerCase().replace(/ /g, '-') };
}

async function openEditForm(page: Page, productname: string) {
  await page.goto('/dashboard/products');
  await page.getByPlaceholder('Search by product name, SKU, category, subcategory, or ID...').fill(productname);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('search-summary')).toHaveText(`Showing results for: "${productname}"`);
  await page
    .getByRole('button', { name: `Edit ${productname}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(dialog.getByLabel(/^Category/)).toBeEnabled();
  return dialog;
}

test('the admin adds a GIA report to a stone; the shopper sees it, opens the PDF and can verify it with GIA', async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page.request);
  const { productname, path } = await productWithoutCertificate(page.request);

  const dialog = await openEditForm(page, productname);
  const lab = dialog.getByLabel('Lab', { exact: true });
  await expect(lab.getByRole('option', { name: 'Gübelin' })).toBeAttached();
  await lab.selectOption({ label: 'GIA' });
  // A GIA number is digits: the form says so before anything is sent.
  await dialog.getByLabel('Report number').fill('GIA-21414');
  await dialog.getByRole('button', { name: 'Update Product' }).click();
  await expect(dialog.getByText('A GIA report number is 5 to 12 digits')).toBeVisible();
  await dialog.getByLabel('Report number').fill('2141438167');
  await dialog
    .getByLabel('Lab report file')
    .setInputFiles({ name: 'gia-2141438167.pdf', mimeType: 'application/pdf', buffer: smallPdf() });
  await expect(dialog.getByText('gia-2141438167.pdf')).toBeVisible();
  await dialog.getByRole('button', { name: 'Update Product' }).click();
  await expect(page.getByTestId('notice')).toContainText('Product operation completed successfully');
  await expect(dialog).toBeHidden();

  // The shopper, signed out, on the product page.
  const shop = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const shopper = await shop.newPage();
  await shopper.goto(path);
  await expect(shopper.getByRole('heading', { name: productname })).toBeVisible();
  const box = shopper.getByTestId('lab-certificate');
  await expect(box).toContainText('LabGIA');
  await expect(box).toContainText('Report no.2141438167');
  const verify = box.getByRole('link', { name: 'Verify with the lab' });
  await expect(verify).toHaveAttribute('href', 'https://www.gia.edu/report-check?reportno=2141438167');
  await expect(verify).toHaveAttribute('target', '_blank');
  const view = box.getByRole('link', { name: 'View the report (PDF)' });
  const href = await view.getAttribute('href');
  expect(href).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\/certificate\.pdf$/);
  const pdf = await shopper.request.get(href as string);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['content-disposition']).toBe('inline; filename="lab-report.pdf"');
  expect((await pdf.body()).equals(smallPdf())).toBe(true);

  // The page is set in the brand typefaces, served by the shop: Inter for text, Playfair Display for headings.
  await shopper.evaluate(() => document.fonts.ready);
  expect(await shopper.locator('link[rel="preload"][as="font"]').getAttribute('href')).toMatch(
    /^\/assets\/inter-latin-wght-normal-.*\.woff2$/,
  );
  const fonts = await shopper.evaluate(() => ({
    body: getComputedStyle(document.body).fontFamily,
    heading: getComputedStyle(document.querySelector('h1') as Element).fontFamily,
    inter: document.fonts.check('400 16px Inter'),
    playfair: document.fonts.check('700 24px "Playfair Display"'),
  }));
  expect(fonts.body).toMatch(/^Inter,/);
  expect(fonts.heading).toMatch(/^"Playfair Display",/);
  expect(fonts.inter).toBe(true);
  expect(fonts.playfair).toBe(true);
  await shop.close();

  // IGI: its own verify address; SSEF: the number without a link.
  const again = await openEditForm(page, productname);
  await again.getByLabel('Lab', { exact: true }).selectOption({ label: 'IGI' });
  await again.getByLabel('Report number').fill('LG612345678');
  await again.getByRole('button', { name: 'Update Product' }).click();
  await expect(again).toBeHidden();
  await page.goto(path);
  await expect(page.getByTestId('lab-certificate').getByRole('link', { name: 'Verify with the lab' })).toHaveAttribute(
    'href',
    'https://www.igi.org/verify-your-report/?r=LG612345678',
  );
  const ssef = await openEditForm(page, productname);
  await ssef.getByLabel('Lab', { exact: true }).selectOption({ label: 'SSEF' });
  await ssef.getByLabel('Report number').fill('123456');
  await ssef.getByRole('button', { name: 'Update Product' }).click();
  await expect(ssef).toBeHidden();
  await page.goto(path);
  await expect(page.getByTestId('lab-certificate')).toContainText('LabSSEF');
  await expect(page.getByTestId('lab-certificate').getByRole('link', { name: 'View the report (PDF)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Verify with the lab' })).toHaveCount(0);
});
