import { type APIRequestContext, expect as baseExpect, test } from '@playwright/test';
import { nameToFilterWord } from '../contract/filter.js';
import { adminNotice, signedInPage } from './helpers.js';

/** Pricing and payment calls can take a while on a busy machine. */
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Made to order in a real browser (docs/made-to-order.md): a buyer sets a ruby in a 22-karat solitaire ring of size 14
 * from the stone's page, sees it priced part by part, buys it now and pays; the merchant moves it through production
 * to ready with its HUID and ships it; the buyer follows it in My Orders.
 */

type Product = {
  _id: string;
  productname: string;
  slug: string;
  stockquantity: number;
  shape: string;
  weightcarrat: number | null;
  category: { categoryname: string };
  subcategory: { subcategoryname: string };
};
type Design = { _id: string; name: string; kind: string; shapes: string[]; mincarat: number; maxcarat: number };
type Price = { price: { total: number; metal: { grams: number; rate: number } } };

const PASSWORD = 'shopper-secret-1';
const uniqueMobile = () => `8${String(Date.now()).slice(-7)}${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
const SHIPPING = { Address: '12 Mall Road', City: 'Ludhiana', 'PIN Code': '141001' };
const rupees = (n: number) =>
  new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(n);
const productPath = (p: Product) =>
  `/${[nameToFilterWord(p.category.categoryname), nameToFilterWord(p.subcategory.subcategoryname), p.slug].map(encodeURIComponent).join('/')}`;

/** The demo shop's solitaire ring and a ruby in stock it fits, priced by the server in 22-karat gold at size 14. */
async function rubyForTheRing(request: APIRequestContext) {
  const designs = (await (await request.get('/p1/api/designs')).json()) as { designs: Design[] };
  const ring = designs.designs.find((d) => d.kind === 'ring' && /solitaire/i.test(d.name));
  expect(ring, 'the demo shop’s solitaire ring').toBeTruthy();
  const listed = await request.get('/p1/api/filter/gemstones-ruby');
  expect(listed.ok(), await listed.text()).toBe(true);
  for (const p of ((await listed.json()) as { products: Product[] }).products) {
    if (!/ruby/i.test(p.productname) || p.stockquantity < 2 || p.weightcarrat === null) continue;
    const q = new URLSearchParams({ productId: p._id, designId: ring!._id, metal: 'gold-22k', size: '14' });
    const priced = await request.get(`/p1/api/made-to-order/price?${q}`);
    if (priced.ok()) return { ruby: p, ring: ring!, price: ((await priced.json()) as Price).price };
  }
  throw new Error('no ruby of the demo shop fits the solitaire ring');
}

test.describe('made to order', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a buyer sets a ruby in a 22-karat ring of size 14 and pays, receipted; the merchant hallmarks it and ships it, invoiced', async ({
    page,
    browser,
    baseURL,
  }) => {
    const mobileno = uniqueMobile();
    expect(
      (await page.request.post('/u1/api/signup', { data: { fullname: 'Meera Kapoor', mobileno, password: PASSWORD } })).status(),
    ).toBe(201);
    expect((await page.request.post('/u1/api/signin', { data: { mobileno, password: PASSWORD } })).ok()).toBe(true);
    const { ruby, ring, price } = await rubyForTheRing(page.request);

    // The stone's page offers the setting once it is live; the buyer chooses the ring, 22-karat gold and size 14.
    await page.goto(productPath(ruby));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ruby.productname);
    const piece = page.getByTestId('set-in-piece');
    await expect(piece.getByRole('heading', { name: 'Set it in a ring / pendant' })).toBeVisible();
    await piece.getByLabel('Design').selectOption({ label: `${ring.name} (ring)` });
    await piece.getByLabel('Metal').selectOption('gold-22k');
    await piece.getByRole('button', { name: 'Size guide' }).click();
    await expect(piece.getByTestId('size-guide')).toContainText('Indian size = length in mm − 40');
    await piece.getByLabel('Ring size').selectOption('14');
    await expect(piece.getByTestId('piece-total')).toHaveText(rupees(price.total));
    await expect(piece.getByTestId('piece-price')).toContainText(
      `22 karat gold (916): ${price.metal.grams} g at ${rupees(price.metal.rate)}/g`,
    );
    await expect(piece.getByTestId('piece-price')).toContainText('GST as jewellery');
    await expect(piece.getByTestId('piece-price')).toContainText(/Made in \d+ working days/);

    // Buy now: the checkout holds this piece alone, its parts shown, and says such pieces return only if defective.
    await piece.getByRole('button', { name: 'Buy ring now' }).click();
    await expect(page).toHaveURL(/\/checkout\?product=.*&design=/);
    const summary = page.getByRole('complementary', { name: 'Order Summary' });
    await expect(summary.getByTestId('piece-parts')).toContainText(`${ring.name} (ring), 22 karat gold (916), ring size 14`);
    await expect(summary.getByTestId('piece-returns')).toContainText('returned only if defective');
    await expect(summary.getByTestId('checkout-total')).toHaveText(rupees(price.total));
    for (const [label, value] of Object.entries(SHIPPING)) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sandbox payment' });
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByText('Payment successful! Order placed.')).toBeVisible();
    await expect(page).toHaveURL(/\/my-orders\?placed=/);
    const orderId = new URL(page.url()).searchParams.get('placed') ?? '';
    const card = page.getByTestId('order-card').first();
    await expect(card.getByTestId('piece-stage')).toContainText('Being made: designing (step 1 of 6)');
    // Paid in advance: a receipt voucher at once, the tax invoice when the piece is made.
    const receipt = card.getByTestId('advance-receipt');
    await expect(receipt).toContainText('The tax invoice follows when your piece is made.');
    await expect(receipt).toContainText(/\(RV\/\d{2}-\d{2}\/\d{6}\)/);
    const receiptUrl = await receipt.getByRole('link', { name: 'Download receipt for your advance' }).getAttribute('href');
    const receiptPdf = await page.request.get(receiptUrl ?? '');
    expect(receiptPdf.status()).toBe(200);
    expect(receiptPdf.headers()['content-type']).toContain('application/pdf');
    await expect(card.getByRole('link', { name: 'Download invoice' })).toHaveCount(0);

    // The merchant moves it to polishing, then to ready with its HUID, and ships it.
    const admin = await signedInPage(browser, baseURL);
    await admin.goto(`/dashboard/orders/${orderId}`);
    const production = admin.getByTestId('production-section');
    await expect(production).toContainText('ring size 14');
    // Not ready: the shipment is refused.
    const ship = admin.getByTestId('shipment-section');
    await ship.getByLabel('Carrier').fill('BlueDart');
    await ship.getByLabel('Tracking number').fill('BD123456789IN');
    await ship.getByTestId('save-shipment').click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Yes, shipped' }).click();
    const refusal = adminNotice(admin, 'not ready yet');
    await expect(refusal).toBeVisible();
    await refusal.getByRole('button', { name: 'OK' }).click();

    await production.getByLabel('Move to').selectOption('polishing');
    await production.getByRole('button', { name: 'Move to polishing' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Yes, move it' }).click();
    await expect(adminNotice(admin, 'The piece is now at polishing')).toBeVisible();
    await expect(production.getByRole('listitem').and(production.locator('[aria-current="step"]'))).toHaveText('Polishing');

    await production.getByLabel('Move to').selectOption('ready');
    await production.getByLabel('HUID').fill('ab12cd');
    await production.getByRole('button', { name: 'Move to ready' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Yes, move it' }).click();
    await expect(adminNotice(admin, 'The piece is ready; the buyer has been told')).toBeVisible();
    await expect(production).toContainText('HUID: AB12CD');
    await expect(admin.getByTestId('admin-timeline')).toContainText('Hallmarking');

    await ship.getByTestId('save-shipment').click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Yes, shipped' }).click();
    await expect(adminNotice(admin, 'Shipment recorded')).toBeVisible();
    await expect(admin.getByTestId('detail-status')).toHaveText('Shipped');
    await admin.context().close();

    // The buyer follows it: ready, hallmarked, shipped.
    await page.goto('/my-orders');
    await expect(card.getByTestId('piece-stage')).toContainText('Hallmark (HUID): AB12CD');
    await expect(card.getByTestId('order-status')).toHaveText('Shipped');
    // made: the tax invoice beside the receipt it adjusts
    await expect(card.getByRole('link', { name: 'Download invoice' })).toBeVisible();
    await expect(card.getByTestId('advance-receipt')).not.toContainText('The tax invoice follows');
  });
});
