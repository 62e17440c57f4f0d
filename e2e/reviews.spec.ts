import { expect as baseExpect, test } from '@playwright/test';
import sharp from 'sharp';
import { nameToFilterWord } from '../contract/filter.js';
import { openSection, signedInPage } from './helpers.js';

/** Payment and moderation calls can take a while on a busy machine. */
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * A verified review in a real browser: a buyer reviews a delivered order line with a photo from My Orders, the
 * merchant approves it with a reply on the Reviews screen, and the product page shows it with "Verified buyer".
 */

type Product = {
  _id: string;
  productname: string;
  slug: string;
  stockquantity: number;
  productsizes: string[];
  productcolours: string[];
  category: { categoryname: string };
  subcategory: { subcategoryname: string };
};

const PASSWORD = 'shopper-secret-1';
const SHIPPING = { fullname: 'Kiran Bedi', mobileno: '9876543210', address: '12 Mall Road', city: 'Ludhiana', pincode: '141001' };
const productPath = (p: Product) =>
  `/${[nameToFilterWord(p.category.categoryname), nameToFilterWord(p.subcategory.subcategoryname), p.slug].map(encodeURIComponent).join('/')}`;

test('a buyer reviews a delivered stone with a photo; the merchant approves and replies; the product page shows it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // The buyer signs up and buys a stone in the sandbox.
  const mobileno = `6${String(Date.now()).slice(-9)}`;
  expect(
    (await page.request.post('/u1/api/signup', { data: { fullname: 'Kiran Bedi', mobileno, password: PASSWORD } })).status(),
  ).toBe(201);
  expect((await page.request.post('/u1/api/signin', { data: { mobileno, password: PASSWORD } })).ok()).toBe(true);
  const listed = (await (await page.request.get('/p1/api/latest/all?limit=50')).json()) as { products: Product[] };
  const product = listed.products.find((p) => p.stockquantity >= 1) as Product;
  expect(product).toBeTruthy();
  const add = await page.request.post('/c2/api/add', {
    data: { productId: product._id, productsize: product.productsizes[0], productcolour: product.productcolours[0], quantity: 1 },
  });
  expect(add.ok(), await add.text()).toBe(true);
  const held = await page.request.post('/o1/api/razorpay-order', { data: { shippinginfo: SHIPPING } });
  expect(held.ok(), await held.text()).toBe(true);
  const rpId = ((await held.json()) as { razorpayOrder: { id: string } }).razorpayOrder.id;
  const paid = (await (
    await page.request.post('/o1/api/sandbox/pay', { data: { razorpay_order_id: rpId, outcome: 'success' } })
  ).json()) as Record<string, string>;
  const placed = await page.request.post('/o1/api/verify-and-place', { data: { ...paid, shippinginfo: SHIPPING } });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { order: { _id: string } }).order._id;

  // The merchant delivers it.
  const admin = await signedInPage(browser, baseURL);
  const delivered = await admin.request.patch(`/o1/api/admin/update/${orderId}`, { data: { deliverystatus: 'delivered' } });
  expect(delivered.ok(), await delivered.text()).toBe(true);

  // The buyer writes the review from My Orders, with a photo.
  await page.goto('/my-orders');
  const card = page.getByTestId('order-card').filter({ hasText: product.productname }).first();
  await card.getByRole('button', { name: 'Write a review' }).click();
  const form = page.getByRole('form', { name: 'Your review' });
  await form.getByLabel('5 stars').check({ force: true });
  await form.getByLabel('Title').fill('Glows in daylight');
  await form.getByLabel('Your review').fill('Clean, bright and exactly the colour in the pictures. Packed with care.');
  const photo = await sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 180, g: 20, b: 40 } } })
    .jpeg()
    .toBuffer();
  await form.getByLabel('Photos (up to 3)').setInputFiles({ name: 'stone.jpg', mimeType: 'image/jpeg', buffer: photo });
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(card.getByTestId('line-review-status')).toHaveText('Your review is waiting for approval');

  // The merchant approves it with a reply on the Reviews screen.
  await admin.goto('/dashboard');
  await openSection(admin, 'Reviews');
  const review = admin.getByRole('listitem', { name: `Review of ${product.productname} by Kiran B.` }).first();
  await expect(review).toContainText('Glows in daylight');
  await review.getByLabel('Reply from the shop (shown under the review)').fill('Thank you, Kiran! Wear it well.');
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(review).toHaveCount(0); // it leaves the pending list
  await admin.context().close();

  // Anyone sees it on the product page.
  await page.goto(productPath(product));
  const shown = page.getByRole('listitem', { name: 'Review by Kiran B.' }).filter({ hasText: 'Glows in daylight' });
  await expect(shown).toContainText('Verified buyer');
  await expect(shown.getByTestId('review-reply')).toContainText('Thank you, Kiran! Wear it well.');
  await expect(shown.getByRole('img', { name: 'From Kiran B., 1 of 1' })).toBeVisible();
  await expect(page.getByTestId('review-summary')).toBeVisible();
});
