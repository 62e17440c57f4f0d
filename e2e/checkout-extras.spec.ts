import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import { gstinCheckChar } from '../contract/gst-rules.js';
import { E2E_ADMIN } from '../playwright.config.js';

/** Payment calls and PDFs can take a while on a busy machine. */
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * The checkout's GST details in a real browser: the state pre-filled from the PIN code, a business buyer's GSTIN,
 * and the tax invoice each order gets (CGST and SGST within Punjab, the shop's state; IGST elsewhere).
 */

type Product = {
  _id: string;
  productname: string;
  productprice: number;
  saleprice: number | null;
  stockquantity: number;
  productsizes: string[];
  productcolours: string[];
};
type Order = {
  _id: string;
  totalamount: number;
  discountamount: number;
  couponcode: string;
  shippinginfo: Record<string, string>;
};

const PASSWORD = 'shopper-secret-1';
let serial = 0;
const uniqueMobile = () => `8${String(Date.now()).slice(-7)}${String(serial++ % 100).padStart(2, '0')}`;
const rupees = (n: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(n);
/** A Maharashtra GSTIN with its right check character, and the same with a wrong one. */
const BUSINESS_GSTIN = `27AAPFK1234L1Z${gstinCheckChar('27AAPFK1234L1Z')}`;
/** The shop's own GSTIN, in Punjab (its state). */
const SELLER_GSTIN = `03AAACR5055K1Z${gstinCheckChar('03AAACR5055K1Z')}`;
const WRONG_GSTIN = `27AAPFK1234L1Z${gstinCheckChar('27AAPFK1234L1Z') === '3' ? '4' : '3'}`;

async function newShopper(page: Page, fullname: string) {
  const mobileno = uniqueMobile();
  const signup = await page.request.post('/u1/api/signup', { data: { fullname, mobileno, password: PASSWORD } });
  expect(signup.status(), await signup.text()).toBe(201);
  const signin = await page.request.post('/u1/api/signin', { data: { mobileno, password: PASSWORD } });
  expect(signin.ok(), await signin.text()).toBe(true);
  return { fullname, mobileno };
}

/** A product that can be bought several times over, at its list price (no sale running on it). */
async function plainProduct(request: APIRequestContext, skip = 0): Promise<Product> {
  const res = await request.get('/p1/api/latest/all?limit=50');
  expect(res.ok()).toBe(true);
  const { products } = (await res.json()) as { products: Product[] };
  const found = products.filter((p) => p.stockquantity >= 5 && p.saleprice === null);
  expect(found.length).toBeGreaterThan(skip);
  return found[skip] as Product;
}

async function addToCart(page: Page, p: Product, quantity = 1) {
  const res = await page.request.post('/c2/api/add', {
    data: { productId: p._id, productsize: p.productsizes[0], productcolour: p.productcolours[0], quantity },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const GSTIN_LABEL = 'GSTIN (for a business invoice)';

async function fillAddress(page: Page, v: { address: string; city: string; pincode: string }) {
  await field(page, 'Address').fill(v.address);
  await field(page, 'City').fill(v.city);
  await field(page, 'PIN Code').fill(v.pincode);
}

/** Continue to Payment, Pay in the sandbox window; returns the placed order's id from My Orders' address. */
async function payInSandbox(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sandbox payment' });
  await expect(dialog).toBeVisible();
  const amount = (await dialog.getByTestId('sandbox-amount').textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/my-orders\?placed=/);
  const id = new URL(page.url()).searchParams.get('placed') ?? '';
  expect(id).not.toBe('');
  test.info().annotations.push({ type: 'paid', description: `${id}: ${amount}` });
  return id;
}

async function myOrder(page: Page, id: string): Promise<Order> {
  const res = await page.request.get('/o1/api/my-orders');
  expect(res.ok()).toBe(true);
  const order = ((await res.json()) as { orders: Order[] }).orders.find((o) => o._id === id);
  expect(order, `order ${id} in My Orders`).toBeDefined();
  return order as Order;
}

/** The order's tax invoice, fetched with the shopper's own cookies, read back as text by poppler's pdftotext. */
async function invoiceText(page: Page, orderId: string): Promise<string> {
  const res = await page.request.get(`/o1/api/invoice/${orderId}`);
  expect(res.status(), 'invoice').toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/pdf/);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-invoice-'));
  const file = path.join(dir, 'invoice.pdf');
  fs.writeFileSync(file, await res.body());
  try {
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The rupee amount the invoice's totals print after a label (₹1,23,456.78), in paise. */
function amountAfter(text: string, label: string): number | null {
  const m = new RegExp(`${label.replace(/[()]/g, '\\$&')} ₹([\\d,]+\\.\\d{2})`).exec(text);
  return m ? Math.round(Number((m[1] as string).replace(/,/g, '')) * 100) : null;
}

test.describe('checkout: state and GSTIN, and the tax invoice', () => {
  test.describe.configure({ timeout: 180_000 });

  // A shop registered for GST issues tax invoices (one without a GSTIN issues bills of supply).
  test.beforeAll(async ({ browser, baseURL }) => {
    const admin = await adminRequest(browser, baseURL);
    const put = await admin.request.put('/a1/api/admin/settings', { data: { gstin: SELLER_GSTIN } });
    expect(put.ok(), await put.text()).toBe(true);
    await admin.close();
  });

  test('a Punjab shopper pays CGST and SGST; the invoice adds up to what was paid', async ({ page }) => {
    const shopper = await newShopper(page, 'Harpreet Gill');
    const product = await plainProduct(page.request);
    await addToCart(page, product, 2);

    await page.goto('/checkout');
    await expect(field(page, 'Full Name')).toHaveValue(shopper.fullname);
    await expect(field(page, 'State')).toHaveValue('');
    await fillAddress(page, { address: '12 Mall Road', city: 'Ludhiana', pincode: '141001' });
    await expect(field(page, 'State')).toHaveValue('Punjab');
    const id = await payInSandbox(page);

    const order = await myOrder(page, id);
    expect(order.shippinginfo.state).toBe('Punjab');
    expect(order.totalamount).toBe(Math.round(product.productprice * 200) / 100);
    const text = await invoiceText(page, id);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('Place of supply: Punjab (code 03)');
    expect(text).toContain(shopper.fullname);
    expect(text).toContain('GSTIN: Unregistered');
    expect(text).not.toContain('IGST');
    const paid = Math.round(order.totalamount * 100);
    const taxable = amountAfter(text, 'Total taxable value');
    const cgst = amountAfter(text, 'CGST');
    const sgst = amountAfter(text, 'SGST');
    expect([taxable, cgst, sgst].every((n) => n !== null && n > 0)).toBe(true);
    expect((taxable as number) + (cgst as number) + (sgst as number)).toBe(paid);
    expect(amountAfter(text, 'Total (amount paid)')).toBe(paid);
  });

  test('a Maharashtra business buyer pays IGST; a wrong GSTIN is refused beside the field, the right one is on the invoice', async ({
    page,
  }) => {
    await newShopper(page, 'Kiran Traders');
    const product = await plainProduct(page.request, 1);
    await addToCart(page, product);

    await page.goto('/checkout');
    await fillAddress(page, { address: '7 Marine Drive', city: 'Mumbai', pincode: '400001' });
    await expect(field(page, 'State')).toHaveValue('Maharashtra');
    await page.getByLabel('Buying for a business?').check();
    await field(page, 'Legal name of the business').fill('Kiran Traders LLP');
    const gstin = field(page, GSTIN_LABEL);
    await gstin.fill(WRONG_GSTIN.toLowerCase());
    await gstin.blur();
    await expect(page.getByTestId('error-gstin')).toHaveText('This GSTIN is not valid: its check digit does not match');
    await expect(gstin).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.locator('form').getByRole('alert')).toHaveText('This GSTIN is not valid: its check digit does not match');
    await expect(page.getByRole('dialog', { name: 'Sandbox payment' })).toHaveCount(0);

    await gstin.fill(BUSINESS_GSTIN);
    await expect(page.getByTestId('error-gstin')).toHaveCount(0);
    const id = await payInSandbox(page);

    const order = await myOrder(page, id);
    expect(order.shippinginfo).toMatchObject({ state: 'Maharashtra', gstin: BUSINESS_GSTIN, legalname: 'Kiran Traders LLP' });
    const text = await invoiceText(page, id);
    expect(text).toContain('Kiran Traders LLP');
    expect(text).toContain(`GSTIN: ${BUSINESS_GSTIN}`);
    expect(text).toContain('Place of supply: Maharashtra (code 27)');
    expect(text).not.toContain('CGST');
    const paid = Math.round(order.totalamount * 100);
    expect(paid).toBe(Math.round(product.productprice * 100));
    const taxable = amountAfter(text, 'Total taxable value');
    const igst = amountAfter(text, 'IGST');
    expect(taxable !== null && igst !== null && igst > 0).toBe(true);
    expect((taxable as number) + (igst as number)).toBe(paid);
    expect(amountAfter(text, 'Total (amount paid)')).toBe(paid);
  });

  test('the shopper corrects a state the PIN code got wrong, and the invoice follows the choice', async ({ page }) => {
    await newShopper(page, 'Neha Rawat');
    const product = await plainProduct(page.request, 2);
    await addToCart(page, product);

    await page.goto('/checkout');
    // A Chandigarh-area PIN code the shopper knows is in Punjab (Mohali).
    await fillAddress(page, { address: 'Sector 70', city: 'Mohali', pincode: '160071' });
    await expect(field(page, 'State')).toHaveValue('Chandigarh');
    await field(page, 'State').selectOption('Punjab');
    const id = await payInSandbox(page);
    expect((await myOrder(page, id)).shippinginfo.state).toBe('Punjab');
    const text = await invoiceText(page, id);
    expect(text).toContain('Place of supply: Punjab (code 03)');
    expect(text).toContain('CGST');
  });
});

/** An admin's own browser context, signed in through the API. */
async function adminRequest(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const res = await context.request.post('/u1/api/signin', { data: E2E_ADMIN });
  expect(res.status(), await res.text()).toBe(200);
  return context;
}

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const couponCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${serial++}`;

test.describe('checkout: coupons', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an admin’s coupon takes its discount off the checkout total, which is what is paid; bad codes say why', async ({
    page,
    browser,
    baseURL,
  }) => {
    const admin = await adminRequest(browser, baseURL);
    const good = couponCode('GEMS');
    const expired = couponCode('OLD');
    for (const body of [
      { code: good, percentoff: 10, startsAt: hoursFromNow(-1), endsAt: hoursFromNow(48), active: true },
      { code: expired, percentoff: 50, startsAt: hoursFromNow(-48), endsAt: hoursFromNow(-1), active: true },
    ]) {
      const made = await admin.request.post('/p1/api/admin/coupons', { data: body });
      expect(made.status(), await made.text()).toBe(201);
    }
    await admin.close();

    await newShopper(page, 'Simran Kaur');
    const product = await plainProduct(page.request, 3);
    await addToCart(page, product);
    const subtotalPaise = Math.round(product.productprice * 100);
    const discountPaise = Math.floor((subtotalPaise * 10 + 50) / 100);

    await page.goto('/checkout');
    const summary = page.getByRole('complementary', { name: 'Order Summary' });
    await expect(summary.getByTestId('checkout-total')).toHaveText(rupees(subtotalPaise / 100));
    await summary.getByRole('button', { name: 'Have a coupon?' }).click();
    const codeField = summary.getByLabel('Coupon code');
    const apply = summary.getByRole('button', { name: 'Apply' });

    await codeField.fill('NOSUCHCODE');
    await apply.click();
    await expect(summary.getByTestId('coupon-error')).toHaveText('This coupon code is not valid');
    await expect(codeField).toHaveAttribute('aria-invalid', 'true');
    await codeField.fill(expired);
    // an ended code is answered as an unknown one is (codes cannot be probed)
    const answered = page.waitForResponse((r) => r.url().endsWith('/c2/api/coupon') && r.request().method() === 'POST');
    await apply.click();
    expect((await answered).status()).toBe(404);
    await expect(summary.getByTestId('coupon-error')).toHaveText('This coupon code is not valid');
    await expect(summary.getByTestId('checkout-discount')).toHaveCount(0);
    await expect(summary.getByTestId('checkout-total')).toHaveText(rupees(subtotalPaise / 100));

    await codeField.fill(good.toLowerCase());
    await apply.click();
    await expect(summary.getByTestId('coupon-applied')).toContainText(`Coupon ${good} applied`);
    await expect(summary.getByTestId('checkout-discount')).toHaveText(`Discount (${good})−${rupees(discountPaise / 100)}`);
    const expectedTotal = rupees((subtotalPaise - discountPaise) / 100);
    await expect(summary.getByTestId('checkout-total')).toHaveText(expectedTotal);

    await fillAddress(page, { address: '21 Model Town', city: 'Ludhiana', pincode: '141002' });
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sandbox payment' });
    await expect(dialog.getByTestId('sandbox-amount')).toHaveText(expectedTotal);
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/my-orders\?placed=/);
    const id = new URL(page.url()).searchParams.get('placed') ?? '';
    const order = await myOrder(page, id);
    expect(order).toMatchObject({
      couponcode: good,
      discountamount: discountPaise / 100,
      totalamount: (subtotalPaise - discountPaise) / 100,
    });
    await expect(page.getByTestId('order-card').first().getByTestId('order-total')).toHaveText(expectedTotal);
    // The invoice adds up to what was paid after the discount.
    const text = await invoiceText(page, id);
    expect(amountAfter(text, 'Total (amount paid)')).toBe(subtotalPaise - discountPaise);
  });
});

test.describe('checkout: saved addresses', () => {
  test.describe.configure({ timeout: 180_000 });

  const savedGroup = (page: Page) => page.getByRole('group', { name: 'Saved addresses' });

  test('Save this address on the first order; the next checkout offers it, chosen, with the form filled', async ({ page }) => {
    const shopper = await newShopper(page, 'Gurpreet Sandhu');
    const product = await plainProduct(page.request, 4);
    await addToCart(page, product);

    await page.goto('/checkout');
    await expect(field(page, 'Full Name')).toHaveValue(shopper.fullname);
    await expect(savedGroup(page)).toHaveCount(0);
    await fillAddress(page, { address: '55 Sarabha Nagar', city: 'Ludhiana', pincode: '141001' });
    await page.getByLabel('Save this address').check();
    await payInSandbox(page);

    const res = await page.request.get('/u1/api/addresses');
    expect(res.ok()).toBe(true);
    const { addresses } = (await res.json()) as { addresses: Record<string, unknown>[] };
    expect(addresses).toHaveLength(1);
    expect(addresses[0]).toMatchObject({
      fullname: shopper.fullname,
      mobileno: shopper.mobileno,
      address: '55 Sarabha Nagar',
      city: 'Ludhiana',
      pincode: '141001',
      state: 'Punjab',
      isdefault: true,
    });

    await addToCart(page, product);
    await page.goto('/checkout');
    await expect(savedGroup(page).getByRole('radio', { name: new RegExp(shopper.fullname) })).toBeChecked();
    await expect(field(page, 'Address')).toHaveValue('55 Sarabha Nagar');
    await expect(field(page, 'State')).toHaveValue('Punjab');
    await expect(page.getByLabel('Save this address')).toHaveCount(0);
    const id = await payInSandbox(page);
    expect((await myOrder(page, id)).shippinginfo).toMatchObject({ address: '55 Sarabha Nagar', state: 'Punjab' });
    // Nothing was saved twice.
    expect(((await (await page.request.get('/u1/api/addresses')).json()) as { addresses: unknown[] }).addresses).toHaveLength(1);
  });

  test('the default saved address is chosen; choosing another fills the form with it and its state, never a saved GSTIN unasked', async ({
    page,
  }) => {
    const shopper = await newShopper(page, 'Meera Kapoor');
    for (const body of [
      {
        label: 'Home',
        fullname: shopper.fullname,
        mobileno: shopper.mobileno,
        address: '12 Mall Road',
        city: 'Ludhiana',
        pincode: '141001',
      },
      {
        label: 'Office',
        fullname: 'Kapoor Gems',
        mobileno: shopper.mobileno,
        address: '7 Marine Drive',
        city: 'Mumbai',
        pincode: '400001',
        gstin: BUSINESS_GSTIN,
        isdefault: true,
      },
    ]) {
      const made = await page.request.post('/u1/api/addresses', { data: body });
      expect(made.status(), await made.text()).toBe(201);
    }
    const product = await plainProduct(page.request, 5);
    await addToCart(page, product);

    await page.goto('/checkout');
    const group = savedGroup(page);
    await expect(group.getByRole('radio', { name: /^Office/ })).toBeChecked();
    await expect(field(page, 'Full Name')).toHaveValue('Kapoor Gems');
    // a business invoice is asked for on each order: the saved GSTIN is not put on this one by itself
    await expect(page.getByLabel('Buying for a business?')).not.toBeChecked();
    await expect(field(page, GSTIN_LABEL)).toHaveCount(0);

    await group.getByRole('radio', { name: /^Home/ }).check();
    await expect(field(page, 'Full Name')).toHaveValue(shopper.fullname);
    await expect(field(page, 'Address')).toHaveValue('12 Mall Road');
    await expect(field(page, 'City')).toHaveValue('Ludhiana');
    await expect(field(page, 'PIN Code')).toHaveValue('141001');
    await expect(field(page, 'State')).toHaveValue('Punjab');
    await expect(field(page, GSTIN_LABEL)).toHaveCount(0);
    const id = await payInSandbox(page);
    expect((await myOrder(page, id)).shippinginfo).toMatchObject({ fullname: shopper.fullname, address: '12 Mall Road' });
  });

  test('with no saved address, the second order starts from the last order’s address', async ({ page }) => {
    await newShopper(page, 'Arjun Singh');
    const product = await plainProduct(page.request, 6);
    await addToCart(page, product);
    await page.goto('/checkout');
    await fillAddress(page, { address: '4 Ghumar Mandi', city: 'Ludhiana', pincode: '141008' });
    await page.getByLabel('Buying for a business?').check();
    await field(page, 'Legal name of the business').fill('Arjun Gems LLP');
    await field(page, GSTIN_LABEL).fill(`03AACCR5678M1Z${gstinCheckChar('03AACCR5678M1Z')}`);
    await payInSandbox(page);

    await addToCart(page, product);
    await page.goto('/checkout');
    await expect(field(page, 'Address')).toHaveValue('4 Ghumar Mandi');
    await expect(field(page, 'City')).toHaveValue('Ludhiana');
    await expect(field(page, 'PIN Code')).toHaveValue('141008');
    await expect(field(page, 'State')).toHaveValue('Punjab');
    // the last order's GSTIN is not carried over: a business invoice is asked for again
    await expect(page.getByLabel('Buying for a business?')).not.toBeChecked();
    await expect(field(page, GSTIN_LABEL)).toHaveCount(0);
    await expect(savedGroup(page)).toHaveCount(0);
  });

  test('a buyer in New York picks the United States: the form asks for a US phone, ZIP code and state, offers the worldwide rate, and the order keeps the address abroad', async ({
    page,
  }) => {
    await newShopper(page, 'Ann Lee');
    const product = await plainProduct(page.request, 7);
    await addToCart(page, product);
    // She sees and pays in dollars.
    await page.goto('/');
    await page.getByLabel('Currency').selectOption('USD');
    await expect(page.getByTestId('approx-price').first()).toContainText('≈ US$');
    await page.goto('/checkout');
    const summary = page.getByRole('complementary', { name: 'Order Summary' });
    await expect(summary.getByRole('radio', { name: /Standard\s*3–10 business days/ })).toBeChecked();

    await field(page, 'Country').selectOption({ label: 'United States' });
    await expect(summary.getByRole('radio', { name: /Insured international\s*7–15 business days/ })).toBeChecked();
    await expect(summary.getByRole('radio', { name: /Standard/ })).toHaveCount(0);
    await expect(page.getByLabel('Buying for a business?')).toHaveCount(0);
    await field(page, 'Phone Number').fill('212 555 0123');
    await field(page, 'Address').fill('350 Fifth Avenue');
    await field(page, 'City').fill('New York');
    await field(page, 'ZIP code').fill('10118');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.locator('form').getByRole('alert')).toHaveText(
      'Enter a valid phone number for the United States, with its country code',
    );
    await field(page, 'Phone Number').fill('+1 212 555 0123');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.locator('form').getByRole('alert')).toHaveText('Enter the state or region for the United States');
    await field(page, 'State / Region').fill('NY');
    const summaryCharge = page.getByRole('complementary', { name: 'Order Summary' }).getByTestId('checkout-charge');
    await expect(summaryCharge).toContainText(/Charged in USDUS\$[\d,]+\.\d{2}/);
    const charged = ((await summaryCharge.textContent()) ?? '').replace('Charged in USD', '');
    const id = await payInSandbox(page);
    expect(test.info().annotations.at(-1)?.description).toContain(charged);

    const order = (await myOrder(page, id)) as Order & { currency: string };
    expect(order.currency).toBe('USD');
    expect(order.shippinginfo).toMatchObject({
      country: 'US',
      mobileno: '+12125550123',
      pincode: '10118',
      state: 'NY',
      city: 'New York',
    });
    // My Orders and the tax invoice name the country; the supply is to a foreign country, taxed as IGST.
    await expect(page.getByTestId('order-card').first()).toContainText(
      'Shipping to: Ann Lee, 350 Fifth Avenue, New York - 10118, NY, United States, +12125550123',
    );
    const text = await invoiceText(page, id);
    expect(text).toContain('Country: United States');
    expect(text).toContain('Place of supply: Foreign Country (code 96)');
    expect(text).toContain('Phone: +12125550123');
    expect(text).not.toContain('CGST');
  });

  test('a buyer in London picks pounds in the header: prices show about as much in pounds, the checkout charges the exact pounds, and the invoice says so', async ({
    page,
    browser,
    baseURL,
  }) => {
    // A shop registered for GST: an order shipped abroad gets an export invoice.
    const admin = await adminRequest(browser, baseURL);
    const put = await admin.request.put('/a1/api/admin/settings', { data: { gstin: SELLER_GSTIN } });
    expect(put.ok(), await put.text()).toBe(true);
    await admin.close();
    await newShopper(page, 'Tom Hale');
    const product = await plainProduct(page.request, 9);
    await addToCart(page, product);
    await page.goto('/');
    await page.getByLabel('Currency').selectOption('GBP');
    await expect(page.getByTestId('approx-price').first()).toContainText('≈ £');

    await page.goto('/checkout');
    await field(page, 'Country').selectOption({ label: 'United Kingdom' });
    await field(page, 'Phone Number').fill('+44 20 7946 0958');
    await field(page, 'Address').fill('10 Downing Street');
    await field(page, 'City').fill('London');
    await field(page, 'Postcode').fill('SW1A 2AA');
    const summary = page.getByRole('complementary', { name: 'Order Summary' });
    await expect(summary.getByRole('radio', { name: /Insured international/ })).toBeChecked();
    const charge = summary.getByTestId('checkout-charge');
    await expect(charge).toContainText('Charged in GBP');
    const shown = ((await charge.textContent()) ?? '').replace('Charged in GBP', '');
    expect(shown).toMatch(/^£[\d,]+\.\d{2}$/);

    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sandbox payment' });
    await expect(dialog.getByTestId('sandbox-amount')).toHaveText(shown);
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/my-orders\?placed=/);
    const id = new URL(page.url()).searchParams.get('placed') ?? '';
    const order = (await myOrder(page, id)) as Order & { currency: string; currencyamount: number };
    expect(order.currency).toBe('GBP');
    expect(`£${order.currencyamount.toLocaleString('en-GB', { minimumFractionDigits: 2 })}`).toBe(shown);
    const text = await invoiceText(page, id);
    expect(text).toContain('Tax Invoice — Export');
    expect(text).toContain(`Paid in: GBP ${order.currencyamount.toFixed(2)}`);
    expect(text).toMatch(/Exchange rate: 1 GBP = ₹[\d,]+\.\d{2}/);
  });
});
