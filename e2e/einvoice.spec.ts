import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { gstinCheckChar } from '../contract/gst-rules.js';
import { openSection, signedInPage } from './helpers.js';

const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * The merchant's e-invoice screens in a real browser, without changing what other journeys rely on: the E-invoices
 * screen from the sidebar (nothing registered in a shop with e-invoices off), and the E-invoices switch in Settings
 * refused while the seller's city and PIN code are missing.
 */
test('the E-invoices screen opens from the sidebar, and the switch in Settings needs the city and PIN code', async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL);
  await page.goto('/dashboard');
  await openSection(page, 'E-invoices');
  await expect(page).toHaveURL(/\/dashboard\/einvoices$/);
  await expect(page.getByRole('heading', { name: 'E-invoices' })).toBeVisible();
  await expect(page.getByText('No e-invoices yet.').first()).toBeVisible();
  await page.getByLabel('Status').selectOption('failed');
  await expect(page.getByText('No failed e-invoices.').first()).toBeVisible();

  await openSection(page, 'Settings');
  const city = page.getByLabel('City');
  await expect(city).toBeVisible();
  await expect(city).toHaveValue('');
  await page.getByLabel('Register invoices with the IRP (e-invoices)').check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.locator('#einvoice-error, #city-error, [data-testid="city-error"]').first()).toContainText(
    'E-invoices need the seller’s city and PIN code',
  );
  const settings = await page.request.get('/a1/api/admin/settings');
  expect((await settings.json()).settings.einvoice).toBe(false);
  await page.context().close();
});

/** The shop's own GSTIN, in Punjab, and a Maharashtra business buyer's. */
const SELLER_GSTIN = `03AAACR5055K1Z${gstinCheckChar('03AAACR5055K1Z')}`;
const BUYER_GSTIN = (() => {
  const first14 = `27AAPFE${String(Math.floor(Math.random() * 9000) + 1000)}R1Z`;
  return first14 + gstinCheckChar(first14);
})();
type TaxRow = { categoryId: string; categoryname: string; hsn: string; gstrate: number; isdefault: boolean };
type Product = { _id: string; stockquantity: number; productsizes: string[]; productcolours: string[] };

/** A PDF read back as text by poppler's pdftotext. */
function pdfText(body: Buffer) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-einvoice-'));
  const file = path.join(dir, 'doc.pdf');
  fs.writeFileSync(file, body);
  try {
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A business buyer signs up and buys one unit in the sandbox with a GSTIN: answers the order's id and the buyer's page. */
async function businessOrder(page: Page) {
  const mobileno = `7${String(Date.now()).slice(-9)}`;
  const password = 'einvoice-buyer-1';
  expect((await page.request.post('/u1/api/signup', { data: { fullname: 'Kiran Traders', mobileno, password } })).status()).toBe(
    201,
  );
  expect((await page.request.post('/u1/api/signin', { data: { mobileno, password } })).ok()).toBe(true);
  const listed = await page.request.get('/p1/api/latest/all?limit=50');
  const p = ((await listed.json()) as { products: Product[] }).products.find((x) => x.stockquantity >= 2) as Product;
  const add = await page.request.post('/c2/api/add', {
    data: { productId: p._id, productsize: p.productsizes[0], productcolour: p.productcolours[0], quantity: 1 },
  });
  expect(add.ok(), await add.text()).toBe(true);
  const shippinginfo = {
    fullname: 'Kiran Traders',
    mobileno: '9876543210',
    address: '14 Zaveri Bazaar',
    city: 'Mumbai',
    pincode: '400002',
    state: 'Maharashtra',
    gstin: BUYER_GSTIN,
    legalname: 'Kiran Traders LLP',
  };
  const held = await page.request.post('/o1/api/razorpay-order', { data: { shippinginfo } });
  expect(held.ok(), await held.text()).toBe(true);
  const rz = ((await held.json()) as { razorpayOrder: { id: string } }).razorpayOrder.id;
  const paid = await page.request.post('/o1/api/sandbox/pay', { data: { razorpay_order_id: rz, outcome: 'success' } });
  expect(paid.ok(), await paid.text()).toBe(true);
  const signed = (await paid.json()) as Record<string, string>;
  const placed = await page.request.post('/o1/api/verify-and-place', {
    data: {
      razorpay_order_id: signed.razorpay_order_id,
      razorpay_payment_id: signed.razorpay_payment_id,
      razorpay_signature: signed.razorpay_signature,
      shippinginfo,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { order: { _id: string; invoice: { number: string } } }).order;
}

/**
 * With e-invoicing on (the city and PIN code in Settings, every category's HSN code given 6 digits), a business
 * buyer's invoice is registered with the stand-in IRP by the server's job: the order carries the IRN, the invoice PDF
 * prints it, and the E-invoices screen lists it registered. The journey puts the settings and the Tax screen back as
 * they were (other journeys set 4-digit HSN codes, refused while e-invoicing is on).
 */
test('with e-invoicing on, a business buyer’s invoice gets its IRN from the IRP and the PDF prints it', async ({
  browser,
  baseURL,
  page,
}) => {
  test.setTimeout(180_000);
  const admin = await signedInPage(browser, baseURL);
  const settingsBefore = (await (await admin.request.get('/a1/api/admin/settings')).json()).settings as Record<string, unknown>;
  const taxBefore = ((await (await admin.request.get('/a1/api/admin/tax')).json()) as { tax: TaxRow[] }).tax;
  try {
    const registered = await admin.request.put('/a1/api/admin/settings', {
      data: { gstin: SELLER_GSTIN, legalname: settingsBefore.legalname || 'Ratna Gems LLP' },
    });
    expect(registered.ok(), await registered.text()).toBe(true);
    // Every category under a 6-digit code (the IRP wants six digits), at its own rate.
    const sixDigits = taxBefore.map((r) => ({
      categoryId: r.categoryId,
      hsn: r.hsn.length >= 6 ? r.hsn : `${r.hsn}90`,
      gstrate: r.gstrate,
    }));
    const tax = await admin.request.put('/a1/api/admin/tax', { data: { tax: sixDigits } });
    expect(tax.ok(), await tax.text()).toBe(true);

    // The switch in Settings, with the seller's city and PIN code.
    await admin.goto('/dashboard');
    await openSection(admin, 'Settings');
    await admin.getByLabel('City').fill('Ludhiana');
    await admin.getByLabel('PIN code').fill('141001');
    await admin.getByLabel('Register invoices with the IRP (e-invoices)').check();
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await expect
      .poll(async () => (await (await admin.request.get('/a1/api/admin/settings')).json()).settings.einvoice)
      .toBe(true);

    const order = await businessOrder(page);
    // The job registers it as soon as the paid order's invoice is announced (docs/einvoice.md).
    let irn = '';
    await expect
      .poll(
        async () => {
          const res = await admin.request.get(`/o1/api/admin/orders/${order._id}`);
          const inv = (await res.json()).order.invoice as { irn: string | null; einvoicestatus: string };
          irn = inv.irn ?? '';
          return inv.einvoicestatus;
        },
        { timeout: 75_000, intervals: [1_000, 2_000, 5_000] },
      )
      .toBe('registered');
    expect(irn).toMatch(/^[0-9a-f]{64}$/);

    // The buyer's invoice PDF prints the IRN and the acknowledgement.
    const pdf = await page.request.get(`/o1/api/invoice/${order._id}`);
    expect(pdf.status()).toBe(200);
    const text = pdfText(await pdf.body());
    expect(text.replace(/ /g, '')).toContain(`IRN:${irn}`);
    expect(text).toMatch(/Ack No: \d{15}/);
    expect(text).toContain(`GSTIN: ${BUYER_GSTIN}`);

    // The merchant's E-invoices screen lists it registered with its IRN.
    await openSection(admin, 'E-invoices');
    const row = admin.getByRole('row').filter({ hasText: order.invoice.number });
    await expect(row.getByTestId('einvoice-status')).toHaveText('Registered');
    await expect(row).toContainText(irn);
  } finally {
    // Back as it was: e-invoicing off first (a 4-digit HSN code is refused while on), then the Tax screen and settings.
    const off = await admin.request.put('/a1/api/admin/settings', { data: { einvoice: false } });
    expect(off.ok(), await off.text()).toBe(true);
    const rows = taxBefore.filter((r) => !r.isdefault).map((r) => ({ categoryId: r.categoryId, hsn: r.hsn, gstrate: r.gstrate }));
    const tax = await admin.request.put('/a1/api/admin/tax', { data: { tax: rows } });
    expect(tax.ok(), await tax.text()).toBe(true);
    const back = await admin.request.put('/a1/api/admin/settings', {
      data: {
        city: settingsBefore.city,
        pincode: settingsBefore.pincode,
        gstin: settingsBefore.gstin,
        legalname: settingsBefore.legalname,
      },
    });
    expect(back.ok(), await back.text()).toBe(true);
    await admin.context().close();
  }
});
