import { AxeBuilder } from '@axe-core/playwright';
import { type APIRequestContext, expect as baseExpect, type Page, type TestInfo, test } from '@playwright/test';
import { nameToFilterWord } from '../contract/filter.js';

/** Listing and payment calls can take a while on a busy machine: wait longer than the default. */
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * The buying half of the shop in a real browser: cart, checkout with the sandbox payment provider, my orders.
 * Runs on the desktop and phone projects against the e2e server (demo catalogue, sandbox payments).
 */

type Product = {
  _id: string;
  sku: string | null;
  productname: string;
  productprice: number;
  slug: string;
  stockquantity: number;
  productsizes: string[];
  productcolours: string[];
  category: { categoryname: string };
  subcategory: { subcategoryname: string };
};

const PASSWORD = 'shopper-secret-1';
let serial = 0;
const uniqueMobile = () => `7${String(Date.now()).slice(-7)}${String(serial++ % 100).padStart(2, '0')}`;
const rupees = (n: number, decimals = 2) =>
  new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(n);
/** The product page's path, written the way the server's canonical links and the sitemap write it. */
const productPath = (p: Product) =>
  `/${[nameToFilterWord(p.category.categoryname), nameToFilterWord(p.subcategory.subcategoryname), p.slug].map(encodeURIComponent).join('/')}`;

/** Signs a new shopper up and in; the browser context shares the session cookie. */
async function newShopper(page: Page, fullname = 'Meera Kapoor') {
  const mobileno = uniqueMobile();
  const signup = await page.request.post('/u1/api/signup', { data: { fullname, mobileno, password: PASSWORD } });
  expect(signup.status(), await signup.text()).toBe(201);
  const signin = await page.request.post('/u1/api/signin', { data: { mobileno, password: PASSWORD } });
  expect(signin.ok(), await signin.text()).toBe(true);
  return { fullname, mobileno };
}

/** Products that can be bought several times over, newest first. */
async function buyableProducts(request: APIRequestContext, count: number): Promise<Product[]> {
  const res = await request.get('/p1/api/latest/all?limit=50');
  expect(res.ok()).toBe(true);
  const { products } = (await res.json()) as { products: Product[] };
  const found = products.filter((p) => p.stockquantity >= 5);
  expect(found.length).toBeGreaterThanOrEqual(count);
  return found.slice(0, count);
}

async function addToCartByApi(page: Page, p: Product, quantity = 1) {
  const res = await page.request.post('/c2/api/add', {
    data: { productId: p._id, productsize: p.productsizes[0], productcolour: p.productcolours[0], quantity },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: `test-results/screens/${info.project.name}-${name}.png`, fullPage: true });
}

/**
 * No serious or critical axe violations (WCAG 2.1 A and AA rules) on the page. The layout's toast stack is left
 * out: it belongs to the shop frame, and a toast from the step just taken may still be showing.
 */
async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-sonner-toaster]')
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe on ${what}`,
  ).toEqual([]);
}

async function fillShipping(
  page: Page,
  values: Partial<Record<'Full Name' | 'Mobile Number' | 'Address' | 'City' | 'PIN Code', string>>,
) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
}

/** The product's own Add to Cart (related products below have theirs too). */
const productAddToCart = (page: Page) => page.getByRole('button', { name: 'Add to Cart', exact: true }).first();
const continueToPayment = (page: Page) => page.getByRole('button', { name: 'Continue to Payment' }).click();
const formMessage = (page: Page) => page.locator('form').getByRole('alert');

test.describe('buying', () => {
  test.describe.configure({ timeout: 180_000 });

  test('browse → filter → product → add → cart → checkout checks → sandbox pay → my orders', async ({ page }, info) => {
    const shopper = await newShopper(page, 'Meera Kapoor');

    // Browse the catalogue and filter it by a category.
    await page.goto('/all');
    await expect(page.getByTestId('listing-count')).toContainText(/Showing \d+ of \d+ products/);
    const filters = page.getByRole('form', { name: 'Filter products' });
    if (!(await filters.isVisible()))
      await page
        .getByRole('button', { name: /filters/i })
        .first()
        .click();
    const category = filters.getByLabel('Category', { exact: true });
    // The demo shop's Gemstones (other journeys add categories that may hold no products yet).
    const firstCategory = await category
      .locator('option', { hasText: /^Gemstones$/ })
      .first()
      .textContent();
    await category.selectOption({ label: firstCategory ?? '' });
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(new RegExp(`/${nameToFilterWord(firstCategory ?? '')}`));
    await expect(page.getByTestId('listing-count')).toContainText(/Showing [1-9]\d* of \d+ products/);

    // Open the first product of the listing with stock to spare (other journeys buy the newest stones down to their
    // last pieces) and add it to the cart.
    const listed = await page.request.get(`/p1/api/filter/${nameToFilterWord(firstCategory ?? '')}`);
    expect(listed.ok()).toBe(true);
    const { products: onPage } = (await listed.json()) as { products: Product[] };
    const name = onPage.find((p) => p.stockquantity >= 5)?.productname ?? '';
    expect(name.length).toBeGreaterThan(0);
    const card = page.locator(`main article a[title="${name.replaceAll('"', '\\"')}"]`).first();
    await card.click();
    await expect(page).toHaveURL(/\/[^/]+\/[^/]+\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await productAddToCart(page).click();
    await expect(page.getByText('Added to cart!')).toBeVisible();
    await expect(page.getByTestId('cart-count').first()).toHaveText('1');

    // The cart: one line, raise the quantity to 2.
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-line')).toContainText(name);
    await expect(page.getByRole('button', { name: `Decrease quantity of ${name}` })).toBeDisabled();
    await page.getByRole('button', { name: `Increase quantity of ${name}` }).click();
    await expect(page.getByText('Quantity updated')).toBeVisible();
    await expect(page.getByTestId('line-quantity')).toHaveText('2');
    const total = (await page.getByTestId('cart-total').textContent()) ?? '';
    await shot(page, info, 'cart');
    await expectAccessible(page, '/cart');

    // Checkout: every shipping rule in its order, with its text.
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId('summary-line')).toContainText(name);
    // One meaning of "items": the cart's line count, with free shipping and the ways to pay shown.
    await expect(page.getByRole('complementary', { name: 'Order Summary' })).toContainText('Subtotal (1 item)');
    await expect(page.getByTestId('checkout-shipping')).toHaveText(/Shipping\s*Free/);
    // The shipping choice: India's Standard (free, chosen) and Express, each with its delivery days.
    const method = page.getByRole('group', { name: 'Shipping method' });
    await expect(method.getByRole('radio', { name: /Standard\s*3–10 business days\s*Free/ })).toBeChecked();
    await expect(method.getByRole('radio', { name: /Express\s*2–5 business days/ })).not.toBeChecked();
    await expect(page.getByTestId('payment-methods')).toContainText('UPI');
    await fillShipping(page, { 'Full Name': '', 'Mobile Number': '' });
    await continueToPayment(page);
    await expect(formMessage(page)).toHaveText('Please fill in all shipping details.');
    await expect(page.getByTestId('error-address')).toHaveText('This field is required');
    await expect(page.getByLabel('Address', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await shot(page, info, 'checkout-errors');
    await expectAccessible(page, '/checkout with errors');

    await fillShipping(page, {
      'Full Name': shopper.fullname,
      'Mobile Number': '98765',
      Address: '12 Mall Road',
      City: 'Ludhiana',
      'PIN Code': '1410',
    });
    await continueToPayment(page);
    await expect(formMessage(page)).toHaveText('Enter a valid 10-digit mobile number');
    await expect(page.getByTestId('error-address')).toHaveCount(0);

    await fillShipping(page, { 'Mobile Number': shopper.mobileno });
    await continueToPayment(page);
    await expect(formMessage(page)).toHaveText('Enter a valid 6-digit PIN code');
    await expect(page.getByLabel('City', { exact: true })).toHaveValue('Ludhiana');

    await fillShipping(page, { 'PIN Code': '141001' });
    await continueToPayment(page);

    // Sandbox payment.
    const dialog = page.getByRole('dialog', { name: 'Sandbox payment' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'the sandbox payment dialog');
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByText('Payment successful! Order placed.')).toBeVisible();
    await expect(page).toHaveURL(/\/my-orders\?placed=/);

    // My orders shows it.
    const order = page.getByTestId('order-card').first();
    await expect(order).toContainText(name);
    await expect(order).toContainText('Qty: 2');
    await expect(order.getByTestId('order-payment')).toHaveText('Paid');
    await expect(order).toContainText('Shipping to: Meera Kapoor, 12 Mall Road, Ludhiana - 141001');
    await expect(order.getByTestId('order-shipping')).toHaveText('Shipping: Standard (3–10 business days), Free');
    await expect(order).toContainText(/Payment ID: pay_/);
    const paid = Number((await order.getByTestId('order-total').textContent())?.replace(/[^\d.]/g, ''));
    expect(rupees(paid, 0)).toBe(total);
    await expect(page.getByTestId('cart-count').first()).toHaveText('0');
    await shot(page, info, 'my-orders');
    await expectAccessible(page, '/my-orders');
  });

  test('Buy Now checks out only that product and the rest of the cart stays for later', async ({ page }, info) => {
    await newShopper(page, 'Arjun Singh');
    const [first, second] = await buyableProducts(page.request, 2);
    await addToCartByApi(page, first!, 2);

    await page.goto(productPath(second!));
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/checkout\?product=/);
    await expect(page.getByTestId('summary-line')).toHaveCount(1);
    await expect(page.getByTestId('summary-line')).toContainText(second!.productname);
    await expect(page.getByTestId('checkout-total')).toHaveText(rupees(second!.productprice));
    await shot(page, info, 'checkout-buy-now');

    await fillShipping(page, { Address: '4 Ghumar Mandi', City: 'Ludhiana', 'PIN Code': '141001' });
    await continueToPayment(page);
    await page.getByRole('dialog', { name: 'Sandbox payment' }).getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/my-orders/);
    await expect(page.getByTestId('order-card')).toHaveCount(1);
    await expect(page.getByTestId('order-card')).toContainText(second!.productname);
    await expect(page.getByTestId('order-total')).toHaveText(rupees(second!.productprice));

    // The full cart is still there.
    await expect(page.getByTestId('cart-count').first()).toHaveText('1');
    await page.goto('/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-line')).toContainText(first!.productname);
    await expect(page.getByTestId('line-quantity')).toHaveText('2');
  });

  test('a visitor fills a cart without an account, and checkout asks to sign in and keeps both stones', async ({ page }) => {
    const [first, second] = await buyableProducts(page.request, 2);
    // An account the visitor already has, with nothing in its cart.
    const mobileno = uniqueMobile();
    expect(
      (await page.request.post('/u1/api/signup', { data: { fullname: 'Nikhil Bedi', mobileno, password: PASSWORD } })).status(),
    ).toBe(201);
    await page.context().clearCookies();

    // Add to Cart, signed out: the stone goes into the visitor's cart and they stay on the page.
    for (const [i, product] of [first, second].entries()) {
      const path = productPath(product!);
      await page.goto(path);
      await productAddToCart(page).click();
      await expect(page.getByText('Added to cart!').first()).toBeVisible();
      await expect(page.getByTestId('cart-count').first()).toHaveText(String(i + 1));
      await expect(page).toHaveURL((url) => decodeURIComponent(url.pathname) === decodeURIComponent(path));
    }
    await page.goto('/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(2);

    // Checkout asks them to sign in, then carries on to the payment with both stones.
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/signin\?next=%2Fcheckout$/);
    await page.getByLabel('Mobile No').fill(mobileno);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId('summary-line')).toHaveCount(2);
    await expect(page.getByTestId('summary-line').filter({ hasText: first!.productname })).toHaveCount(1);
    await expect(page.getByTestId('summary-line').filter({ hasText: second!.productname })).toHaveCount(1);
    const cart = await (await page.request.get('/c2/api/all')).json();
    expect(cart.data.map((l: { productId: string }) => l.productId).sort()).toEqual([first!._id, second!._id].sort());
    // The visitor's cart is now the account's: its cookie is gone.
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('gcart');
  });

  test('signed-out Buy Now, cart and orders come back after sign-in', async ({ page }) => {
    const [product] = await buyableProducts(page.request, 1);
    const mobileno = uniqueMobile();
    expect(
      (await page.request.post('/u1/api/signup', { data: { fullname: 'Ira Sethi', mobileno, password: PASSWORD } })).status(),
    ).toBe(201);
    await page.context().clearCookies(); // signing up signed this browser in: start signed out
    for (const path of ['/checkout', '/my-orders']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/signin\\?next=${encodeURIComponent(path)}$`));
    }
    await page.goto(productPath(product!));
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/signin\?next=/);
    await page.getByLabel('Mobile No').fill(mobileno);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/checkout\?product=/);
    await expect(page.getByTestId('summary-line')).toHaveCount(1);
    await expect(page.getByTestId('summary-line')).toContainText(product!.productname);
  });

  test('empty cart and empty orders', async ({ page }, info) => {
    await newShopper(page, 'Kavya Iyer');
    await page.goto('/cart');
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await expect(page.getByTestId('cart-item-count')).toHaveText('0 items');
    await expect(page.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/');
    await shot(page, info, 'cart-empty');
    await expectAccessible(page, 'the empty /cart');

    await page.goto('/my-orders');
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    await expect(page.getByText("You haven't placed any orders yet.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/products');
    await shot(page, info, 'my-orders-empty');
    await expectAccessible(page, 'the empty /my-orders');

    await page.getByRole('link', { name: 'Start Shopping' }).click();
    await expect(page).toHaveURL(/\/all$/);
    await expect(page.getByTestId('listing-count')).toContainText(/Showing [1-9]\d* of [1-9]\d* products/);
    // Typed or linked, /shop means all products too.
    await page.goto('/shop');
    await expect(page).toHaveURL(/\/all$/);
    await expect(page.getByTestId('listing-count')).toContainText(/Showing [1-9]\d* of [1-9]\d* products/);
  });

  test('a buyer uploads a CSV of stones: the good rows join the cart, each bad row is shown with its number', async ({
    page,
  }, info) => {
    await newShopper(page, 'Farhan Qureshi');
    const stones = await buyableProducts(page.request, 3);
    const rows = stones.map((p, i) => `${p.sku ?? p.slug},${i + 1},${p.productsizes[0] ?? ''},${p.productcolours[0] ?? ''}`);
    const csv = ['SKU or slug,Quantity,Size,Colour', ...rows, 'NO-SUCH-STONE,1', `${stones[0]?.slug},many`].join('\n');
    await page.goto('/cart');
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await page.getByText('Upload a CSV').click();
    await page.getByLabel('CSV file').setInputFiles({ name: 'order.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(page.getByLabel('Or paste its rows')).toHaveValue(csv);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('bulk-added')).toHaveText('3 rows added to your cart');
    const notAdded = page.getByRole('list', { name: 'Rows not added' }).getByRole('listitem');
    await expect(notAdded).toHaveText([
      'Row 5: No product has the SKU or slug "NO-SUCH-STONE"',
      'Row 6: Quantity must be a whole number from 1 to 1000',
    ]);
    await expect(page.getByTestId('cart-item-count')).toHaveText('3 items');
    for (const p of stones) await expect(page.getByText(p.productname, { exact: true }).first()).toBeVisible();
    await shot(page, info, 'cart-bulk-upload');
    await expectAccessible(page, 'the cart with a CSV uploaded');
  });

  test('cart screen: steppers, remove and clear with confirmation', async ({ page }, info) => {
    await newShopper(page, 'Rohan Mehta');
    const [a, b] = await buyableProducts(page.request, 2);
    await addToCartByApi(page, a!, 2);
    await addToCartByApi(page, b!, 1);

    await page.goto('/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expect(page.getByTestId('cart-item-count')).toHaveText('2 items');
    await expect(page.getByTestId('cart-total')).toHaveText(rupees(a!.productprice * 2 + b!.productprice, 0));
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Shopping Cart');

    await page.getByRole('button', { name: `Decrease quantity of ${a!.productname}` }).click();
    await expect(page.getByText('Quantity updated')).toBeVisible();
    await expect(page.getByRole('button', { name: `Decrease quantity of ${a!.productname}` })).toBeDisabled();
    await expect(page.getByTestId('cart-total')).toHaveText(rupees(a!.productprice + b!.productprice, 0));

    await page.getByRole('button', { name: `Remove ${b!.productname}` }).click();
    await expect(page.getByText('Item removed from cart')).toBeVisible();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-count').first()).toHaveText('1');

    await page.getByRole('button', { name: 'Clear Cart' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to clear your entire cart?' });
    await expect(confirm).toBeVisible();
    await shot(page, info, 'cart-clear-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);

    await page.getByRole('button', { name: 'Clear Cart' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, clear it' }).click();
    await expect(page.getByText('Cart cleared successfully')).toBeVisible();
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await expect(page.getByTestId('cart-count').first()).toHaveText('0');
  });

  test('sandbox Fail keeps the payment open; Cancel says Payment cancelled. and no order is placed', async ({ page }, info) => {
    const shopper = await newShopper(page, 'Simran Kaur');
    const [product] = await buyableProducts(page.request, 1);
    await addToCartByApi(page, product!);

    await page.goto('/checkout');
    await fillShipping(page, { Address: '21 Model Town', City: 'Ludhiana', 'PIN Code': '141002' });
    await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue(shopper.fullname);
    await continueToPayment(page);
    const dialog = page.getByRole('dialog', { name: 'Sandbox payment' });
    await expect(dialog.getByTestId('sandbox-amount')).toHaveText(rupees(product!.productprice));
    await dialog.getByRole('button', { name: 'Fail' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Payment failed');
    await shot(page, info, 'sandbox-failed');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Payment cancelled.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByLabel('PIN Code', { exact: true })).toHaveValue('141002');

    const mine = await (await page.request.get('/o1/api/my-orders')).json();
    expect(mine.orders).toEqual([]);

    // Escape closes the payment window the same way; then a second try pays.
    await continueToPayment(page);
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByText('Payment cancelled.').first()).toBeVisible();
    await continueToPayment(page);
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/my-orders\?placed=/);
    await expect(page.getByTestId('order-card')).toHaveCount(1);
    // The new order stands out with a confirmation; the earlier attempt's 'Payment cancelled.' is gone.
    await expect(page.getByTestId('order-card')).toHaveAttribute('data-placed', 'true');
    await expect(page.getByText('Thank you! Your order is placed and paid.')).toBeVisible();
    await expect(page.getByText('Payment successful! Order placed.')).toBeVisible();
    await expect(page.getByText('Payment cancelled.')).toHaveCount(0);
  });
});
