import fs from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from '../playwright.config.js';
import { expectNotice, sandboxPaidOrder } from './helpers.js';

/** A unique 10-digit mobile number per call. */
let seq = 0;
const uniqueMobile = () => {
  seq += 1;
  return `7${String(Date.now()).slice(-7)}${String(seq).padStart(2, '0')}`;
};
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A small real PNG (a ruby-red square), made fresh so no binary fixture is needed. */
const rubyPng = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 155, g: 17, b: 30 } } })
    .png()
    .toBuffer();

async function signInApi(request: APIRequestContext, creds: { mobileno: string; password: string }) {
  const res = await request.post('/u1/api/signin', { data: creds });
  expect(res.status(), await res.text()).toBe(200);
}

async function signInAsAdmin(page: Page) {
  await signInApi(page.request, E2E_ADMIN);
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1366) < 768;

async function shoot(page: Page, name: string, project: string) {
  fs.mkdirSync('test-results/screens', { recursive: true });
  await page.screenshot({ path: `test-results/screens/admin-${name}-${project}.png`, fullPage: true });
}

/** Creates a category, subcategory and an in-stock product through the admin API; returns ids and names. */
async function createCatalogueViaApi(request: APIRequestContext, stock = 5) {
  const categoryname = unique('E2E Gems');
  const cat = await request.post('/c1/api/create', { data: { categoryname } });
  expect(cat.status(), await cat.text()).toBe(201);
  const category = (await cat.json()).data;
  const subcategoryname = unique('E2E Ruby');
  const sub = await request.post('/s2/api/create', { data: { subcategoryname, category: category._id } });
  expect(sub.status(), await sub.text()).toBe(201);
  const subcategory = (await sub.json()).data;
  const productname = unique('E2E Burmese Ruby');
  const created = await request.post('/p1/api/create', {
    multipart: {
      category: category._id,
      subcategory: subcategory._id,
      productname,
      productdescription: 'Deep red, unheated, certified',
      productprice: '1250.50',
      stockquantity: String(stock),
      productsizes: '5 Ratti, 7 Ratti',
      productcolours: 'Red',
      productbrand: 'Ratna',
      treatment: 'Unheated',
      weightcarrat: '2.5',
      images: { name: 'ruby.png', mimeType: 'image/png', buffer: await rubyPng() },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { category, subcategory, product: (await created.json()).product };
}

/** A shopper signs up, signs in, adds the product to the cart and pays in the sandbox; returns the order. */
async function placeOrderAsShopper(browser: Browser, baseURL: string, productId: string) {
  const fullname = unique('Asha Verma');
  const shopper = { fullname, mobileno: uniqueMobile(), address: '12 Mall Road', city: 'Ludhiana', pincode: '141001' };
  return { ...(await sandboxPaidOrder(browser, baseURL, productId, shopper)), fullname };
}

/** Types into the orders search: the filter bar on a wide screen, the 'Filter Options' sheet on a phone. */
async function searchOrders(page: Page, text: string) {
  if (isPhone(page)) {
    await page.getByRole('button', { name: /^Filters/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Filter Options' });
    await sheet.getByPlaceholder('Name, mobile, e-mail, order, invoice or payment no.').fill(text);
    await sheet.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(sheet).toBeHidden();
  } else {
    await page.getByPlaceholder('Name, mobile, e-mail, order, invoice or payment no.').fill(text);
  }
}

test.describe('admin back-office', () => {
  test('anonymous visitors go to /signin and shoppers to /', async ({ page }) => {
    await page.goto('/dashboard/products');
    await expect(page).toHaveURL(/\/signin$/);

    const mobileno = uniqueMobile();
    const password = 'plain-shopper-1';
    expect((await page.request.post('/u1/api/signup', { data: { fullname: 'Ravi Gill', mobileno, password } })).status()).toBe(
      201,
    );
    await signInApi(page.request, { mobileno, password });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
    // and the admin API refuses the shopper too
    expect((await page.request.get('/o1/api/admin/stats')).status()).toBe(403);
    expect((await page.request.get('/o1/api/admin/orders/export.csv')).status()).toBe(403);
  });

  test('signs in, navigates the six sections, remembers the sidebar and signs out', async ({ page }) => {
    await page.goto('/signin');
    await page.getByLabel('Mobile No').fill(E2E_ADMIN.mobileno);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // 'Success!' moves on by itself, an administrator to the back-office.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('revenue-chart')).toBeVisible();

    const sections: [string, string, string][] = [
      ['Categories', '/dashboard/category', 'Categories'],
      ['Subcategories', '/dashboard/subcategory', 'Subcategories'],
      ['Products', '/dashboard/products', 'Products'],
      ['Users', '/dashboard/users', 'User Management'],
      ['Orders', '/dashboard/orders', 'Orders Management'],
      ['Dashboard', '/dashboard', 'Dashboard'],
    ];
    for (const [link, path, heading] of sections) {
      if (isPhone(page)) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('dialog').getByRole('link', { name: link, exact: true }).click();
        await expect(page.getByRole('dialog')).toBeHidden();
      } else {
        await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: link, exact: true }).click();
      }
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }

    if (!isPhone(page)) {
      const sidebar = page.getByTestId('admin-sidebar');
      await page.getByRole('button', { name: 'Collapse sidebar' }).click();
      await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
      await page.reload();
      await expect(page.getByTestId('admin-sidebar')).toHaveAttribute('data-collapsed', 'true');
      await page.getByRole('button', { name: 'Expand sidebar' }).click();
      await expect(page.getByTestId('admin-sidebar')).toHaveAttribute('data-collapsed', 'false');
    }

    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('category → subcategory → product with an image; it shows in the shop until switched off', async ({ page }) => {
    // Eight back-office screens and the shop twice: 58 s of the 60 s default on a busy machine.
    test.setTimeout(120_000);
    await signInAsAdmin(page);
    const categoryname = unique('Gemstones');
    const subcategoryname = unique('Ruby');
    const productname = unique('Pigeon Blood Ruby');

    await page.goto('/dashboard/category');
    await page.getByRole('button', { name: 'Add Category' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Category' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Please enter a category name')).toBeVisible();
    await dialog.getByLabel(/Category Name/).fill(`  ${categoryname}  `);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectNotice(page, 'Category created successfully', { closesByItself: true });
    await expect(page.getByText(categoryname, { exact: true }).filter({ visible: true })).toBeVisible();

    await page.goto('/dashboard/subcategory');
    await page.getByRole('button', { name: 'Add Subcategory' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Subcategory' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Please fill in all fields')).toBeVisible();
    await dialog.getByLabel(/^Category/).selectOption({ label: categoryname });
    await dialog.getByLabel(/Subcategory Name/).fill(subcategoryname);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectNotice(page, 'The subcategory has been added successfully.');
    await expect(page.getByText(subcategoryname, { exact: true }).filter({ visible: true })).toBeVisible();

    await page.goto('/dashboard/products');
    await page.getByRole('button', { name: 'Add Product' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Product' });
    const subSelect = dialog.getByLabel(/^Subcategory/);
    await expect(subSelect).toBeDisabled();
    await dialog.getByLabel(/^Category/).selectOption({ label: categoryname });
    await expect(subSelect.getByRole('option', { name: subcategoryname })).toBeAttached();
    await subSelect.selectOption({ label: subcategoryname });
    await dialog.getByLabel(/^Product Name/).fill(productname);
    await dialog.getByLabel(/^Description/).fill('A deep red ruby from Mogok, unheated.');
    await dialog.getByLabel(/^Price/).fill('45000.75');
    await dialog.getByLabel(/^Stock Quantity/).fill('3');
    await dialog.getByLabel('Brand').fill('Ratna Gems');
    await dialog.getByLabel('Add a size').fill('5 Ratti');
    await dialog.getByLabel('Add a size').press('Enter');
    await dialog.getByRole('button', { name: 'Red', exact: true }).click();
    await dialog.getByLabel('Origin').fill('Burma');
    await dialog.getByLabel('Weight (carat)').fill('3.2');
    await dialog.getByLabel('Product images').setInputFiles({ name: 'ruby.png', mimeType: 'image/png', buffer: await rubyPng() });
    await expect(dialog.getByRole('list', { name: 'New images' }).getByRole('img')).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await expectNotice(page, 'Product operation completed successfully');
    await expect(dialog).toBeHidden();

    await page.getByPlaceholder('Search by product name, SKU, category, subcategory, or ID...').fill(productname);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('search-summary')).toHaveText(`Showing results for: "${productname}"`);
    // While the search's answer replaces the list, the row can stand twice for a moment.
    await expect(page.getByText('3 in stock').filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByText('₹45,000.75').filter({ visible: true }).first()).toBeVisible();
    const toggle = page.getByRole('switch', { name: `${productname} is active` });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');

    // the view-details popup
    await page.getByRole('button', { name: `View ${productname}` }).click();
    const details = page.getByTestId('product-details');
    await expect(details).toContainText('Ratna Gems');
    await expect(details).toContainText(subcategoryname);
    await details.getByRole('button', { name: 'Close' }).last().click();
    await expect(details).toBeHidden();

    // the storefront shows it: by its product page address and through the listing search
    const found = await (await page.request.get(`/p1/api/admin/all?search=${encodeURIComponent(productname)}`)).json();
    const product = found.products[0];
    expect(product.productname).toBe(productname);
    expect(product.productimages[0]).toMatch(/^\/uploads\//);
    const productPath = `/${categoryname}/${subcategoryname}/${product.slug}`.toLowerCase().replace(/ /g, '-');
    expect((await page.request.get(`/p1/api/slug/${product.slug}`)).status()).toBe(200);
    const listing = await (await page.request.get(`/p1/api/filter/search-${product.slug}`)).json();
    expect(listing.products.map((p: { _id: string }) => p._id)).toContain(product._id);
    const shop = await page
      .context()
      .browser()!
      .newContext({ baseURL: new URL(page.url()).origin });
    const shopper = await shop.newPage();
    await shopper.goto(productPath);
    await expect(shopper.getByRole('heading', { name: productname })).toBeVisible();

    // switched off: gone from the shop
    await toggle.click();
    await expect(page.getByRole('switch', { name: `${productname} is inactive` })).toHaveAttribute('aria-checked', 'false');
    expect((await page.request.get(`/p1/api/slug/${product.slug}`)).status()).toBe(404);
    const after = await (await page.request.get(`/p1/api/filter/search-${product.slug}`)).json();
    expect(after.products.map((p: { _id: string }) => p._id)).not.toContain(product._id);
    await shopper.goto(productPath);
    await expect(shopper.getByText('Product Not Found')).toBeVisible();
    await shop.close();

    // edit it (price) and delete it, then its subcategory and category
    await page.getByRole('button', { name: `Edit ${productname}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Product' });
    await expect(dialog.getByRole('list', { name: 'Current images' }).getByRole('img')).toHaveCount(1);
    await dialog.getByLabel(/^Price/).fill('47000');
    await dialog.getByRole('button', { name: 'Update Product' }).click();
    await expectNotice(page, 'Product operation completed successfully');
    await expect(page.getByText('₹47,000.00').filter({ visible: true })).toBeVisible();

    await page.getByRole('button', { name: `Delete ${productname}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure?');
    await expect(confirm).toContainText("You won't be able to revert this!");
    await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
    await expectNotice(page, 'Product has been deleted successfully');
    await expect(page.getByText(`No products found matching "${productname}"`)).toBeVisible();

    await page.goto('/dashboard/subcategory');
    await page.getByRole('button', { name: `Delete ${subcategoryname}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete it!' }).click();
    await expectNotice(page, 'The subcategory has been deleted.');
    await page.goto('/dashboard/category');
    await page.getByRole('button', { name: `Delete ${categoryname}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete it!' }).click();
    await expectNotice(page, 'Category has been deleted.');
    await expect(page.getByText(categoryname, { exact: true }).filter({ visible: true })).toBeHidden();
  });

  test('creates, edits and deletes a user', async ({ page }) => {
    await signInAsAdmin(page);
    const fullname = unique('Meera Kapoor');
    const mobileno = uniqueMobile();
    await page.goto('/dashboard/users');
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
    await page.getByRole('button', { name: 'Add User' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel(/Full Name/).fill(fullname);
    await dialog.getByLabel(/Mobile No/).fill(mobileno);
    await expect(dialog.getByLabel('Role')).toHaveValue('USER');
    await dialog.getByLabel(/Password/).fill('staff-pass-123');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectNotice(page, 'User added!');
    await expect(page.getByText(fullname, { exact: true }).filter({ visible: true })).toBeVisible();

    const renamed = `${fullname} Sharma`;
    await page.getByRole('button', { name: `Edit ${fullname}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit User' });
    await expect(dialog.getByLabel(/Password/)).toHaveAttribute('placeholder', 'Leave blank to keep current password');
    await dialog.getByLabel(/Full Name/).fill(renamed);
    await dialog.getByLabel('Role').selectOption('ADMIN');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expectNotice(page, 'User updated!');
    await expect(page.getByText(renamed, { exact: true }).filter({ visible: true })).toBeVisible();
    // the blank password kept the old one
    const check = await page
      .context()
      .browser()!
      .newContext({ baseURL: new URL(page.url()).origin });
    await signInApi(check.request, { mobileno, password: 'staff-pass-123' });
    await check.close();

    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('This will delete the user permanently!');
    await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
    await expectNotice(page, 'User has been deleted.');
    await expect(page.getByText(renamed, { exact: true }).filter({ visible: true })).toBeHidden();
  });

  test("changes an order's delivery status, the customer sees it, and exports the orders as CSV", async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInAsAdmin(page);
    const { product } = await createCatalogueViaApi(page.request);
    const { context: customer, order } = await placeOrderAsShopper(browser, baseURL!, product._id);

    await page.goto('/dashboard/orders');
    await expect(page.getByRole('heading', { name: 'Orders Management' })).toBeVisible();
    await searchOrders(page, `  ${order.razorpay_order_id}  `);
    await expect(page.getByTestId('orders-summary')).toHaveText('Showing 1 of 1 order (filtered)');
    const card = page.locator(`[data-order-id="${order._id}"]`);
    await expect(card).toContainText(product.productname);
    await expect(card.getByTestId('payment-status')).toHaveText('PAID');
    await expect(card).toContainText('Stock available');
    await card.getByLabel('Delivery Status').selectOption('shipped');
    await expect(page.getByText('Delivery status updated to shipped')).toBeVisible();
    await expect(card.getByLabel('Delivery Status')).toHaveValue('shipped');
    await expect(card.getByText('Shipped', { exact: true })).toBeVisible();

    const mine = await customer.newPage();
    await mine.goto('/my-orders');
    await expect(mine.getByText('Shipped', { exact: true }).first()).toBeVisible();
    await customer.close();

    // CSV of the filtered orders
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Order ID,Date \(IST\),Customer/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(order._id);
    expect(lines[1]).toContain(',shipped,');
    expect(lines[1]).toContain('1250.50');
    const res = await page.request.get(`/o1/api/admin/orders/export.csv?search=${order.razorpay_order_id}`);
    expect(res.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers()['content-disposition']).toMatch(/^attachment;/);
  });

  test('screenshots of every admin screen, with no serious accessibility faults', async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await signInAsAdmin(page);
    const screens: [string, string, string][] = [
      ['dashboard', '/dashboard', 'Dashboard'],
      ['categories', '/dashboard/category', 'Categories'],
      ['subcategories', '/dashboard/subcategory', 'Subcategories'],
      ['products', '/dashboard/products', 'Products'],
      ['users', '/dashboard/users', 'User Management'],
      ['orders', '/dashboard/orders', 'Orders Management'],
    ];
    for (const [name, path, heading] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await shoot(page, name, testInfo.project.name);
      const audit = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      const serious = audit.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${name}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
    await page.goto('/dashboard/products');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Product' }).getByLabel(/^Category/)).toBeEnabled();
    await shoot(page, 'product-form', testInfo.project.name);
    if (isPhone(page)) {
      await page.goto('/dashboard/orders');
      await page.getByRole('button', { name: /^Filters/ }).click();
      await expect(page.getByRole('dialog', { name: 'Filter Options' })).toBeVisible();
      await shoot(page, 'orders-filter-sheet', testInfo.project.name);
    }
  });
});
