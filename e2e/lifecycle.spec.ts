import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { adminNotice, signedInPage } from './helpers.js';

/** Payment and refund calls can take a while on a busy machine. */
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Orders after the payment in a real browser: a shopper cancels; an admin refunds part of an order and ships
 * it with a tracking link the shopper sees; a return is asked, approved and received, and the stone is on sale again.
 */

type Product = {
  _id: string;
  productname: string;
  slug: string;
  stockquantity: number;
  productsizes: string[];
  productcolours: string[];
};

const PASSWORD = 'shopper-secret-1';
let serial = 0;
const uniqueMobile = () => `6${String(Date.now()).slice(-7)}${String(serial++ % 100).padStart(2, '0')}`;
const SHIPPING = {
  fullname: 'Meera Kapoor',
  mobileno: '9876543210',
  address: '12 Mall Road',
  city: 'Ludhiana',
  pincode: '141001',
};

/** A toast of the storefront (the same words may also be on the page, in the timeline). */
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });

async function newShopper(page: Page) {
  const mobileno = uniqueMobile();
  const signup = await page.request.post('/u1/api/signup', { data: { fullname: 'Meera Kapoor', mobileno, password: PASSWORD } });
  expect(signup.status(), await signup.text()).toBe(201);
  const signin = await page.request.post('/u1/api/signin', { data: { mobileno, password: PASSWORD } });
  expect(signin.ok(), await signin.text()).toBe(true);
}

async function productWithStock(request: APIRequestContext, min: number, skip = 0): Promise<Product> {
  const res = await request.get('/p1/api/latest/all?limit=50');
  const { products } = (await res.json()) as { products: Product[] };
  const found = products.filter((p) => p.stockquantity >= min);
  expect(found.length).toBeGreaterThan(skip);
  return found[skip] as Product;
}

async function stockOf(request: APIRequestContext, slug: string) {
  const res = await request.get(`/p1/api/slug/${encodeURIComponent(slug)}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { product: { stockquantity: number } }).product.stockquantity;
}

/** The shopper buys `quantity` of a product through the API with the sandbox provider; returns the order id. */
async function buy(page: Page, p: Product, quantity: number) {
  const add = await page.request.post('/c2/api/add', {
    data: { productId: p._id, productsize: p.productsizes[0], productcolour: p.productcolours[0], quantity },
  });
  expect(add.ok(), await add.text()).toBe(true);
  const held = await page.request.post('/o1/api/razorpay-order', { data: { shippinginfo: SHIPPING } });
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
      shippinginfo: SHIPPING,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { order: { _id: string } }).order._id;
}

test.describe('orders after the payment', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a shopper cancels an order within 24 hours and sees the refund', async ({ page }) => {
    await newShopper(page);
    const product = await productWithStock(page.request, 3);
    const before = await stockOf(page.request, product.slug);
    await buy(page, product, 1);
    expect(await stockOf(page.request, product.slug)).toBe(before - 1);

    await page.goto('/my-orders');
    const card = page.getByTestId('order-card').first();
    await expect(card).toContainText(product.productname);
    await card.getByTestId('cancel-order').click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this order?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(toast(page, 'Your order has been cancelled. The refund has been processed.')).toBeVisible();
    await expect(card.getByTestId('order-status')).toHaveText('Cancelled');
    await expect(card.getByTestId('order-payment')).toHaveText('Refunded');
    await expect(card.getByTestId('order-refund')).toContainText('refunded');
    await expect(card.getByTestId('cancel-order')).toHaveCount(0);
    await card.getByText('Order timeline').click();
    await expect(card.locator('[data-type="cancelled"]')).toBeVisible();
    await expect(card.locator('[data-type="refund_processed"]')).toBeVisible();
    expect(await stockOf(page.request, product.slug)).toBe(before);
  });

  test('an admin refunds part of an order and ships it; the shopper sees the refund and the tracking link', async ({
    page,
    browser,
    baseURL,
  }) => {
    await newShopper(page);
    const product = await productWithStock(page.request, 3, 1);
    const orderId = await buy(page, product, 2);
    const admin = await signedInPage(browser, baseURL);

    // From the orders list to the order's page.
    await admin.goto('/dashboard/orders');
    // The newest order comes first (on a phone the search sits in the filter sheet).
    const cardLink = admin.locator(`[data-order-id="${orderId}"]`).getByTestId('order-detail-link');
    await cardLink.click();
    await expect(admin).toHaveURL(new RegExp(`/dashboard/orders/${orderId}$`));
    const left = (await admin.getByTestId('refundable-amount').textContent()) ?? '';

    await admin.getByTestId('open-refund').click();
    const dialog = admin.getByTestId('refund-dialog');
    const amount = dialog.getByLabel('Amount (₹)');
    // The amount starts empty; "Refund everything" fills in what is left.
    await expect(amount).toHaveValue('');
    await dialog.getByRole('button', { name: 'Refund everything' }).click();
    const everything = Number(await amount.inputValue());
    expect(everything).toBeGreaterThan(1);
    expect(left.replace(/[^\d.]/g, '')).toBe(everything.toFixed(2));
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(dialog.getByTestId('refund-reason-error')).toHaveText('Give a reason for the refund');
    await amount.fill('1.50');
    await dialog.getByLabel('Reason').fill('A small scratch on the setting');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Yes, refund' }).click();
    await expect(adminNotice(admin, 'Refund processed')).toBeVisible();
    await expect(admin.getByTestId('refunded-amount')).toHaveText('₹1.50');
    await expect(admin.getByTestId('refund-row')).toContainText('processed');
    await expect(admin.getByTestId('detail-payment')).toHaveText('Partially refunded');

    // Ship it with a tracking link.
    const ship = admin.getByTestId('shipment-section');
    await ship.getByLabel('Carrier').fill('BlueDart');
    await ship.getByLabel('Tracking number').fill('BD123456789IN');
    await ship.getByLabel('Tracking link').fill('http://bluedart.example/BD123456789IN');
    await ship.getByTestId('save-shipment').click();
    await expect(ship.getByTestId('trackingurl-error')).toHaveText('The tracking link must be an https:// address');
    await ship.getByLabel('Tracking link').fill('https://bluedart.example/BD123456789IN');
    await ship.getByTestId('save-shipment').click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Yes, shipped' }).click();
    await expect(adminNotice(admin, 'Shipment recorded')).toBeVisible();
    await expect(admin.getByTestId('detail-status')).toHaveText('Shipped');
    await expect(admin.getByTestId('admin-timeline')).toContainText('Refund started');

    // The shopper sees both.
    await page.goto('/my-orders');
    const card = page.getByTestId('order-card').first();
    await expect(card.getByTestId('order-status')).toHaveText('Shipped');
    await expect(card.getByTestId('order-refund')).toContainText('₹1.50 refunded');
    await expect(card.getByTestId('tracking-link')).toHaveAttribute('href', 'https://bluedart.example/BD123456789IN');
    await expect(card.getByTestId('cancel-order')).toHaveCount(0);
    await admin.context().close();
  });

  test('a shopper asks for a return; the admin approves and receives it, and the stone is on sale again', async ({
    page,
    browser,
    baseURL,
  }) => {
    await newShopper(page);
    const product = await productWithStock(page.request, 3, 2);
    const before = await stockOf(page.request, product.slug);
    const orderId = await buy(page, product, 1);
    const admin = await signedInPage(browser, baseURL);
    const delivered = await admin.request.patch(`/o1/api/admin/update/${orderId}`, { data: { deliverystatus: 'delivered' } });
    expect(delivered.ok()).toBe(true);

    await page.goto('/my-orders');
    const card = page.getByTestId('order-card').first();
    await card.getByTestId('request-return').click();
    const ask = page.getByRole('dialog', { name: 'Return this order?' });
    await ask.getByLabel('Reason').fill('meh');
    await ask.getByTestId('submit-return').click();
    await expect(ask.getByTestId('return-reason-error')).toHaveText('Tell us why, in at least 5 characters');
    await ask.getByLabel('Reason').fill('The colour is not what the pictures showed');
    await ask.getByTestId('submit-return').click();
    await expect(toast(page, 'Your return request has been sent. We will get back to you shortly.')).toBeVisible();
    await expect(card.getByTestId('order-return')).toContainText('Return requested');

    await admin.goto(`/dashboard/orders/${orderId}`);
    const ret = admin.getByTestId('return-section');
    await expect(ret).toContainText('The colour is not what the pictures showed');
    await ret.getByTestId('approve-return').click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Yes, approve' }).click();
    await expect(ret.getByTestId('return-status')).toHaveText('approved');
    await ret.getByTestId('receive-return').click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Yes, received' }).click();
    await expect(adminNotice(admin, 'Return received; the units are back on sale. The refund has been processed.')).toBeVisible();
    await expect(admin.getByTestId('detail-status')).toHaveText('Returned');
    await expect(admin.getByTestId('detail-payment')).toHaveText('Refunded');
    expect(await stockOf(page.request, product.slug)).toBe(before);

    await page.reload();
    await expect(card.getByTestId('order-return')).toContainText('Return received');
    await expect(card.getByTestId('order-refund')).toContainText('refunded');
    await admin.context().close();
  });
});
