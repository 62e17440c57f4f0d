import { type APIRequestContext, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from '../playwright.config.js';
import { sandboxPaidOrder } from './helpers.js';

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A stone in a category of its own, in the sizes and colours the sandbox buyer asks for. */
async function aProduct(request: APIRequestContext) {
  const cat = await request.post('/c1/api/create', { data: { categoryname: unique('Number Gems') } });
  expect(cat.status(), await cat.text()).toBe(201);
  const category = (await cat.json()).data;
  const sub = await request.post('/s2/api/create', { data: { subcategoryname: unique('Number Ruby'), category: category._id } });
  expect(sub.status(), await sub.text()).toBe(201);
  const subcategory = (await sub.json()).data;
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 155, g: 17, b: 30 } } })
    .png()
    .toBuffer();
  const created = await request.post('/p1/api/create', {
    multipart: {
      category: category._id,
      subcategory: subcategory._id,
      productname: unique('Numbered Burmese Ruby'),
      productdescription: 'Deep red, unheated, certified',
      productprice: '25000',
      stockquantity: '5',
      productsizes: '5 Ratti',
      productcolours: 'Red',
      images: { name: 'ruby.png', mimeType: 'image/png', buffer: png },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).product as { _id: string };
}

/**
 * The merchant finds an order by the buyer's phone number, typed as people type it, and sees the order
 * number the buyer sees in My Orders.
 */
test('the merchant finds an order by the buyer’s phone number and sees the buyer’s order number', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const signin = await page.request.post('/u1/api/signin', { data: E2E_ADMIN });
  expect(signin.status(), await signin.text()).toBe(200);
  const product = await aProduct(page.request);

  const mobileno = `6${String(Date.now()).slice(-9)}`;
  const { context } = await sandboxPaidOrder(browser, baseURL, product._id, {
    fullname: 'Harpreet Dhillon',
    mobileno,
    address: '22 Sarabha Nagar',
    city: 'Ludhiana',
    pincode: '141001',
  });
  // The buyer's order number, as My Orders shows it.
  const buyer = await context.newPage();
  await buyer.goto('/my-orders');
  const shown = buyer.getByTestId('order-number').first();
  await expect(shown).toHaveText(/^[A-Z]{1,6}-\d{6,}$/);
  const number = (await shown.textContent())?.trim() ?? '';
  await context.close();

  await page.goto('/dashboard/orders');
  await page
    .getByPlaceholder('Name, mobile, e-mail, order, invoice or payment no.')
    .fill(`+91 ${mobileno.slice(0, 5)} ${mobileno.slice(5)}`);
  await expect(page.getByTestId('orders-summary')).toHaveText('Showing 1 of 1 order (filtered)');
  await expect(page.getByTestId('order-id')).toHaveText(`Order ${number}`);
});
