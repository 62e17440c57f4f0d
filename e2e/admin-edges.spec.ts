import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from '../playwright.config.js';
import { sandboxPaidOrder } from './helpers.js';

/**
 * The back-office's rough edges, on a phone and a desktop: the dashboard fits the screen and its chart's axis reads
 * round amounts, order cards are compact rows that open, a delivery change is confirmed (or its failure said),
 * counts agree with their nouns, and the phone's navigation drawer wears the sidebar's colours.
 */

const isPhone = () => test.info().project.name === 'phone';
let serial = 0;
const uniqueMobile = () => `5${String(Date.now()).slice(-7)}${String(serial++ % 100).padStart(2, '0')}`;
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function signIn(request: APIRequestContext, creds: { mobileno: string; password: string }) {
  const res = await request.post('/u1/api/signin', { data: creds });
  expect(res.status(), await res.text()).toBe(200);
}

async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, 'page width').toBeLessThanOrEqual(client as number);
}

/** A stone of ₹1,50,000 in a category of its own (the chart then reaches past ₹1L). */
async function costlyProduct(request: APIRequestContext) {
  const cat = await request.post('/c1/api/create', { data: { categoryname: unique('Edge Gems') } });
  expect(cat.status(), await cat.text()).toBe(201);
  const category = (await cat.json()).data;
  const sub = await request.post('/s2/api/create', { data: { subcategoryname: unique('Edge Ruby'), category: category._id } });
  expect(sub.status(), await sub.text()).toBe(201);
  const subcategory = (await sub.json()).data;
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 155, g: 17, b: 30 } } })
    .png()
    .toBuffer();
  const created = await request.post('/p1/api/create', {
    multipart: {
      category: category._id,
      subcategory: subcategory._id,
      productname: unique('Edge Burmese Ruby'),
      productdescription: 'Deep red, unheated, certified',
      productprice: '150000',
      stockquantity: '5',
      productsizes: '5 Ratti',
      productcolours: 'Red',
      treatment: 'Unheated',
      images: { name: 'ruby.png', mimeType: 'image/png', buffer: png },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).product as { _id: string; productname: string };
}

/** A shopper buys the product through the sandbox; returns the paid order. */
async function paidOrder(browser: Browser, baseURL: string | undefined, productId: string) {
  const shopper = {
    fullname: 'Rohan Gill',
    mobileno: uniqueMobile(),
    address: '7 Model Town',
    city: 'Jalandhar',
    pincode: '144003',
  };
  const { context, order } = await sandboxPaidOrder(browser, baseURL, productId, shopper);
  await context.close();
  return order;
}

async function searchOrders(page: Page, text: string) {
  if (isPhone()) {
    await page.getByRole('button', { name: /^Filters/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Filter Options' });
    await sheet.getByPlaceholder('Name, mobile, e-mail, order, invoice or payment no.').fill(text);
    await sheet.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(sheet).toBeHidden();
  } else {
    await page.getByPlaceholder('Name, mobile, e-mail, order, invoice or payment no.').fill(text);
  }
}

test('orders: a compact row that opens, a confirmed (or refused) delivery change, counts in the right number', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(page.request, E2E_ADMIN);
  const product = await costlyProduct(page.request);
  const order = await paidOrder(browser, baseURL, product._id);

  await page.goto('/dashboard/orders');
  await searchOrders(page, order.razorpay_order_id);
  await expect(page.getByTestId('orders-summary')).toHaveText('Showing 1 of 1 order (filtered)');
  await expect(page.getByText('Page 1 of 1 (1 total order)')).toBeVisible();

  const card = page.locator(`[data-order-id="${order._id}"]`);
  await expect(card).toBeVisible();
  // Scannable: date, id, customer, what was bought, total, statuses and the delivery select in a short row.
  await expect(card.getByTestId('order-glance')).toContainText(`Rohan Gill · Jalandhar — 1 item: ${product.productname}`);
  await expect(card.getByTestId('order-total')).toHaveText('₹1,50,000.00');
  await expect(card.getByText('Stock available')).toBeHidden();
  const compact = await card.boundingBox();
  expect(compact?.height ?? Number.POSITIVE_INFINITY, 'a closed card is a short row').toBeLessThanOrEqual(isPhone() ? 340 : 220);
  await expectNoSidewaysScroll(page);

  await card.getByRole('button', { name: 'Show products and shipping' }).click();
  await expect(card.getByText('Stock available')).toBeVisible();
  await expect(card.getByRole('region', { name: 'Shipping info' })).toContainText('7 Model Town');
  await card.getByRole('button', { name: 'Hide products and shipping' }).click();
  await expect(card.getByText('Stock available')).toBeHidden();

  // The change is confirmed with a toast.
  await card.getByLabel('Delivery Status').selectOption('shipped');
  await expect(page.getByText('Delivery status updated to shipped')).toBeVisible();
  await expect(card.getByLabel('Delivery Status')).toHaveValue('shipped');

  // A refused change says so, and the select shows what the server still has.
  await page.route('**/o1/api/admin/update/**', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: 'This order was changed by someone else.' }),
    }),
  );
  await card.getByLabel('Delivery Status').selectOption('delivered');
  // Delivered with no shipment recorded skips the lifecycle: asked first.
  const ask = page.getByRole('alertdialog', { name: 'Mark as delivered without a shipment?' });
  await ask.getByRole('button', { name: 'Yes, mark delivered' }).click();
  await expect(page.getByText('This order was changed by someone else.')).toBeVisible();
  await expect(card.getByLabel('Delivery Status')).toHaveValue('shipped');
  await page.unroute('**/o1/api/admin/update/**');
});

test('the dashboard fits a phone, and its chart reads round amounts on its axis', async ({ page, browser, baseURL }) => {
  await signIn(page.request, E2E_ADMIN);
  const product = await costlyProduct(page.request);
  await paidOrder(browser, baseURL, product._id);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const chart = page.getByTestId('revenue-chart');
  await expect(chart).toBeVisible();
  await expect(page.getByTestId('low-stock').or(page.getByText(/Every product has more than/))).toBeVisible();
  await expectNoSidewaysScroll(page);

  // ₹0, ₹1L, ₹2L…: whole amounts in equal steps.
  const labels = await chart.getByTestId('chart-axis-label').allTextContents();
  expect(labels.length).toBeGreaterThanOrEqual(2);
  for (const l of labels) expect(l).toMatch(/^₹\d+(K|L|Cr)?$/);
  const unit: Record<string, number> = { K: 1e3, L: 1e5, Cr: 1e7 };
  const values = labels.map((l) => {
    const m = /^₹(\d+)(K|L|Cr)?$/.exec(l) as RegExpExecArray;
    return Number(m[1]) * (m[2] ? (unit[m[2]] as number) : 1);
  });
  expect(values[0]).toBe(0);
  const step = (values[1] as number) - (values[0] as number);
  expect(values).toEqual(values.map((_, i) => i * step));
  expect(values.at(-1)).toBeGreaterThanOrEqual(150000);

  // Every date under the bars is inside the chart.
  const svg = await chart.boundingBox();
  if (!svg) throw new Error('no chart');
  for (const label of await chart.getByTestId('chart-day-label').all()) {
    const b = await label.boundingBox();
    if (!b) throw new Error('no label');
    expect(b.x).toBeGreaterThanOrEqual(svg.x - 0.5);
    expect(b.x + b.width).toBeLessThanOrEqual(svg.x + svg.width + 0.5);
  }
  // The panel counts agree with their nouns.
  for (const text of await page.getByRole('region', { name: /Low stock|Awaiting shipment/ }).allTextContents()) {
    expect(text).not.toMatch(/\b1 (orders|products)\b/);
  }
});

test('the phone navigation drawer wears the sidebar colours, edge to edge', async ({ page }) => {
  await signIn(page.request, E2E_ADMIN);
  await page.goto('/dashboard');
  const BRAND_900 = 'rgb(63, 13, 31)';
  if (!isPhone()) {
    // A wide screen has the sidebar instead, in the same colours.
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    const sidebar = page.getByTestId('admin-sidebar');
    await expect(sidebar).toBeVisible();
    expect(await sidebar.evaluate((s) => getComputedStyle(s).backgroundColor)).toBe(BRAND_900);
    return;
  }
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByTestId('admin-drawer');
  await expect(drawer).toBeVisible();
  const nav = drawer.getByRole('navigation', { name: 'Sections' });
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
  const colours = await drawer.evaluate((d) => {
    const title = d.querySelector('h2');
    return { drawer: getComputedStyle(d).backgroundColor, title: title ? getComputedStyle(title).color : '' };
  });
  // brand-900 behind everything, the title in the sidebar's gold: no white frame around a dark box.
  expect(colours.drawer).toBe(BRAND_900);
  expect(colours.title).not.toBe('rgb(17, 24, 39)');
  const d = await drawer.boundingBox();
  const n = await nav.boundingBox();
  if (!d || !n) throw new Error('not laid out');
  expect(n.width).toBeGreaterThanOrEqual(d.width - 24 - 1);
  await nav.getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  await expect(drawer).toBeHidden();
});
