import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { gstinCheckChar } from '../contract/gst-rules.js';
import { E2E_ADMIN } from '../playwright.config.js';
import { adminNotice, expectNoSidewaysScroll, isPhone, openSection, signedInPage } from './helpers.js';

/** Payments and PDFs can take a while on a busy machine. */
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * The back-office side of GST in a real browser: the shop's settings (the storefront shows the support phone the
 * admin saved), a category's GST rate on the Tax screen, the month's GSTR-1 on the Reports screen with a business
 * buyer's paid order in it (and its CSV), and the order's tax invoice downloaded from the order's page.
 */

type Product = { _id: string; stockquantity: number; productsizes: string[]; productcolours: string[] };

const PASSWORD = 'shopper-secret-1';
let serial = 0;
const uniqueMobile = () => `6${String(Date.now()).slice(-7)}${String(serial++ % 100).padStart(2, '0')}`;
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** A valid GSTIN of a Maharashtra business (its check character computed as GSTN does). */
const BUYER_GSTIN = (() => {
  const first14 = `27AAPFU${String(Math.floor(Math.random() * 9000) + 1000)}R1Z`;
  return first14 + gstinCheckChar(first14);
})();

/** A full-page picture of a screen, for a person to look at (test-results/screens). */
async function shoot(page: Page, name: string) {
  fs.mkdirSync('test-results/screens', { recursive: true });
  await page.screenshot({ path: `test-results/screens/gst-${name}-${isPhone(page) ? 'phone' : 'desktop'}.png`, fullPage: true });
}

/** A business buyer buys one unit with the sandbox provider; returns the order id. */
async function businessOrder(page: Page) {
  const mobileno = uniqueMobile();
  const signup = await page.request.post('/u1/api/signup', {
    data: { fullname: 'Ananya Traders', mobileno, password: PASSWORD },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const signin = await page.request.post('/u1/api/signin', { data: { mobileno, password: PASSWORD } });
  expect(signin.ok(), await signin.text()).toBe(true);
  const res = await page.request.get('/p1/api/latest/all?limit=50');
  const products = ((await res.json()) as { products: Product[] }).products.filter((p) => p.stockquantity >= 2);
  const p = products[Math.floor(Math.random() * products.length)] as Product;
  const add = await page.request.post('/c2/api/add', {
    data: { productId: p._id, productsize: p.productsizes[0], productcolour: p.productcolours[0], quantity: 1 },
  });
  expect(add.ok(), await add.text()).toBe(true);
  const shippinginfo = {
    fullname: 'Ananya Traders',
    mobileno: '9876543210',
    address: '4 Linking Road, Bandra',
    city: 'Mumbai',
    pincode: '400050',
    state: 'Maharashtra',
    gstin: BUYER_GSTIN,
    legalname: 'Ananya Traders LLP',
  };
  const held = await page.request.post('/o1/api/razorpay-order', { data: { shippinginfo } });
  expect(held.ok(), await held.text()).toBe(true);
  const orderId = ((await held.json()) as { razorpayOrder: { id: string } }).razorpayOrder.id;
  const paid = await page.request.post('/o1/api/sandbox/pay', { data: { razorpay_order_id: orderId, outcome: 'success' } });
  expect(paid.ok(), await paid.text()).toBe(true);
  const result = (await paid.json()) as Record<string, string>;
  const placed = await page.request.post('/o1/api/verify-and-place', {
    data: {
      razorpay_order_id: result.razorpay_order_id,
      razorpay_payment_id: result.razorpay_payment_id,
      razorpay_signature: result.razorpay_signature,
      shippinginfo,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = ((await placed.json()) as { order: { _id: string; invoice: { number: string } | null } }).order;
  expect(order.invoice?.number).toMatch(/^[A-Z]{1,6}\/\d{2}-\d{2}\/\d{6}$/);
  return { id: order._id, invoice: order.invoice?.number as string };
}

test.describe('GST in the back-office', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an admin changes the support phone on the Settings screen; a GSTIN with a wrong check digit is refused', async ({
    browser,
    baseURL,
    viewport,
  }) => {
    const admin = await signedInPage(browser, baseURL, E2E_ADMIN, viewport);
    const before = ((await (await admin.request.get('/a1/api/admin/settings')).json()) as { settings: Record<string, unknown> })
      .settings;
    const phone = `+91 161 ${String(Date.now()).slice(-3)} ${String(Math.floor(Math.random() * 9000) + 1000)}`;
    try {
      await admin.goto('/dashboard');
      await openSection(admin, 'Settings');
      await expect(admin).toHaveURL(/\/dashboard\/settings$/);
      const gstin = admin.getByLabel('GSTIN');
      const good = `03AAECR${String(Math.floor(Math.random() * 9000) + 1000)}F1Z`;
      const valid = good + gstinCheckChar(good);
      const wrong = good + (valid.endsWith('A') ? 'B' : 'A');
      await gstin.fill(wrong);
      await expect(admin.getByTestId('gstin-error')).toHaveText('This GSTIN is not valid: its check digit does not match');
      await gstin.fill(valid);
      await expect(admin.getByTestId('gstin-error')).toHaveCount(0);
      // Left as it was (a GSTIN once saved can be changed but not removed).
      await gstin.fill(String(before.gstin));
      await admin.getByLabel(/Support phone/).fill(phone);
      await admin.getByRole('button', { name: 'Save settings' }).click();
      await expect(adminNotice(admin, 'Settings saved')).toBeVisible();
      await expectNoSidewaysScroll(admin);
      await shoot(admin, 'settings');

      await admin.reload();
      await expect(admin.getByLabel(/Support phone/)).toHaveValue(phone);
      await expect(admin.getByLabel('GSTIN')).toHaveValue(String(before.gstin));

      // The storefront shows it at once: the header of a rendered listing, the contact page, the footer.
      const shopper = await browser.newPage({ baseURL, ...(viewport ? { viewport } : {}) });
      await shopper.goto('/all');
      await expect(shopper.getByTestId('header-phone')).toHaveText(phone);
      await shopper.goto('/contact');
      await expect(shopper.getByTestId('contact-phone')).toHaveText(phone);
      await expect(shopper.getByTestId('contact-phone')).toHaveAttribute('href', `tel:${phone.replace(/[^\d+]/g, '')}`);
      await shopper.getByRole('contentinfo').scrollIntoViewIfNeeded();
      await expect(shopper.getByTestId('footer-phone')).toHaveText(phone);
      await shopper.close();
    } finally {
      // The other journeys expect the shop's own contacts.
      const restore = await admin.request.put('/a1/api/admin/settings', {
        data: { supportphone: before.supportphone },
      });
      expect(restore.ok(), await restore.text()).toBe(true);
      await admin.context().close();
    }
  });

  test('an admin sets a category’s HSN code and GST rate on the Tax screen', async ({ browser, baseURL, viewport }) => {
    const admin = await signedInPage(browser, baseURL, E2E_ADMIN, viewport);
    // A category of its own, so the shop's other categories keep their rates.
    const categoryname = unique('E2E Corals');
    const created = await admin.request.post('/c1/api/create', { data: { categoryname } });
    expect(created.status(), await created.text()).toBe(201);

    await admin.goto('/dashboard');
    await openSection(admin, 'Tax');
    await expect(admin).toHaveURL(/\/dashboard\/tax$/);
    await expect(admin.getByRole('heading', { name: 'Tax', level: 1 })).toBeVisible();
    const row = admin.getByTestId('tax-row').filter({ hasText: categoryname });
    await expect(row.getByTestId('tax-hsn')).toHaveText('7103');
    await expect(row.getByTestId('tax-rate')).toHaveText('0.25%');
    await expect(row).toContainText('Default');
    await expect(row.getByTestId('tax-basis')).toContainText('HSN 7103): 0.25%, Schedule VI, since 1 October 2019');

    await row.getByRole('button', { name: `Edit tax of ${categoryname}` }).click();
    const form = admin.getByRole('form', { name: `Tax of ${categoryname}` });
    await form.getByLabel(`HSN code of ${categoryname}`).fill('71');
    await form.getByLabel(`GST rate (%) of ${categoryname}`).fill('29');
    await form.getByRole('button', { name: `Save tax of ${categoryname}` }).click();
    await expect(form).toContainText('HSN code must be 4 to 8 digits');
    await expect(form).toContainText('GST rate must be between 0 and 28');
    await form.getByLabel(`HSN code of ${categoryname}`).fill('7116');
    await form.getByLabel(`GST rate (%) of ${categoryname}`).fill('5');
    await form.getByRole('button', { name: `Save tax of ${categoryname}` }).click();
    await expect(adminNotice(admin, `${categoryname}: HSN 7116, GST 5%`)).toBeVisible();
    await expect(row.getByTestId('tax-hsn')).toHaveText('7116');
    await expect(row.getByTestId('tax-rate')).toHaveText('5%');
    await expect(row).not.toContainText('Default');
    await expectNoSidewaysScroll(admin);
    await shoot(admin, 'tax');

    // Kept by the server, not only on screen.
    const tax = (await (await admin.request.get('/a1/api/admin/tax')).json()) as {
      tax: { categoryname: string; hsn: string; gstrate: number }[];
    };
    expect(tax.tax.find((t) => t.categoryname === categoryname)).toMatchObject({ hsn: '7116', gstrate: 5 });
    await admin.context().close();
  });

  test('the month’s GSTR-1 lists a business buyer’s paid order; the CSV and the order’s invoice PDF download', async ({
    page,
    browser,
    baseURL,
    viewport,
  }, testInfo) => {
    const admin = await signedInPage(browser, baseURL, E2E_ADMIN, viewport);
    // Registered for GST (a shop without a GSTIN issues bills of supply and files no GSTR-1).
    const seller = `03AAACR5055K1Z${gstinCheckChar('03AAACR5055K1Z')}`;
    const registered = await admin.request.put('/a1/api/admin/settings', { data: { gstin: seller } });
    expect(registered.ok(), await registered.text()).toBe(true);
    const order = await businessOrder(page);

    await admin.goto('/dashboard');
    await openSection(admin, 'Reports');
    await expect(admin).toHaveURL(/\/dashboard\/reports$/);
    await expect(admin.getByLabel('Month')).toHaveValue(/^\d{4}-\d{2}$/);
    const b2b = admin.getByTestId('section-b2b');
    const row = b2b.getByRole('row').filter({ hasText: order.invoice });
    await expect(row).toContainText(BUYER_GSTIN);
    await expect(row).toContainText('Maharashtra');
    for (const name of ['B2C large', 'B2C small', 'HSN summary', 'Credit notes']) {
      await expect(admin.getByRole('heading', { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await expect(admin.getByTestId('section-hsn').getByRole('row')).not.toHaveCount(0);
    await expectNoSidewaysScroll(admin);
    await shoot(admin, 'reports');

    const csvDownload = admin.waitForEvent('download');
    await admin.getByRole('link', { name: 'Download CSV' }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(/^gstr1-\d{4}-\d{2}\.csv$/);
    const csvText = fs.readFileSync((await csv.path()) as string, 'utf8');
    expect(csvText.split('\n')[0]).toContain('section');
    expect(csvText).toContain(order.invoice);
    expect(csvText).toContain(BUYER_GSTIN);

    // A month with nothing in it says so.
    await admin.getByLabel('Month').fill('2020-01');
    await expect(admin.getByText('GSTR-1 for January 2020')).toBeVisible();
    await expect(b2b).toContainText('Nothing this month.');

    // The order's page: Download invoice gives the PDF with its number.
    await admin.goto(`/dashboard/orders/${order.id}`);
    const link = admin.getByTestId('invoice-link');
    await expect(link).toHaveText('Download invoice');
    await expect(admin.getByTestId('payment-section')).toContainText(order.invoice);
    await shoot(admin, 'order');
    const pdfDownload = admin.waitForEvent('download');
    await link.click();
    const pdf = await pdfDownload;
    const file = testInfo.outputPath('invoice.pdf');
    await pdf.saveAs(file);
    expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(order.invoice);
    expect(text).toContain(BUYER_GSTIN);
    await admin.context().close();
  });
});
