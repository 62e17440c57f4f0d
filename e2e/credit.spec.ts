import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { gstinCheckChar } from '../contract/gst-rules.js';
import { signedInPage } from './helpers.js';

/** Payment calls and PDFs can take a while on a busy machine. */
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Trade on credit in a real browser: a dealer given 30-day terms places an order on credit at checkout, the merchant
 * records the NEFT payment on the back-office order page, the order shows Paid in My Orders; the merchant pays ₹100
 * back by NEFT (never through Razorpay) and reads the business's statement on the Businesses screen; the dealer's
 * statement of account lists the invoice, the payment, the credit note and the money paid back, as a table and a PDF.
 */

type Product = { _id: string; stockquantity: number; productsizes: string[]; productcolours: string[]; saleprice: number | null };
type Order = { _id: string; number: string; totalamount: number; paymentstatus: string; amountdue: number; duedate: string };

const PASSWORD = 'dealer-secret-1';
const uniqueDigits = (n: number) => String(Date.now()).slice(-n);
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** A dealer signs up, applies for a business account, and the merchant approves it with 30 days and ₹50,00,000. */
async function dealerWithCredit(page: Page, browser: Parameters<typeof signedInPage>[0], baseURL: string | undefined) {
  const mobileno = `7${uniqueDigits(9)}`;
  const signup = await page.request.post('/u1/api/signup', { data: { fullname: 'Rohit Jain', mobileno, password: PASSWORD } });
  expect(signup.status(), await signup.text()).toBe(201);
  const signin = await page.request.post('/u1/api/signin', { data: { mobileno, password: PASSWORD } });
  expect(signin.ok(), await signin.text()).toBe(true);
  const first14 = `03AABCJ${uniqueDigits(4)}K1Z`;
  const applied = await page.request.post('/u1/api/business', {
    data: {
      legalname: 'Jain Gems Private Limited',
      gstin: `${first14}${gstinCheckChar(first14)}`,
      address: '4 Sarafa Bazaar',
      city: 'Ludhiana',
      state: 'Punjab',
      pincode: '141008',
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const { business } = (await applied.json()) as { business: { _id: string } };
  const admin = await signedInPage(browser, baseURL);
  const terms = await admin.request.patch(`/u1/api/admin/businesses/${business._id}`, {
    data: { status: 'approved', creditdays: 30, creditlimit: 5_000_000 },
  });
  expect(terms.ok(), await terms.text()).toBe(true);
  return admin;
}

test('a dealer buys on credit, the merchant records a NEFT payment and pays part back by NEFT, and both read the statement', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = await dealerWithCredit(page, browser, baseURL);
  const res = await page.request.get('/p1/api/latest/all?limit=50');
  const { products } = (await res.json()) as { products: Product[] };
  const product = products.find((p) => p.stockquantity >= 2 && p.saleprice === null) as Product;
  expect(product).toBeDefined();
  const add = await page.request.post('/c2/api/add', {
    data: { productId: product._id, productsize: product.productsizes[0], productcolour: product.productcolours[0], quantity: 1 },
  });
  expect(add.ok(), await add.text()).toBe(true);

  // Checkout: the terms and the credit available are shown before the order is placed on credit.
  await page.goto('/checkout');
  const howToPay = page.getByRole('group', { name: 'How to pay' });
  await expect(howToPay.getByTestId('credit-terms')).toHaveText(
    'Pay within 30 days of the order. Available credit: ₹50,00,000.00 of ₹50,00,000.00.',
  );
  await howToPay.getByRole('radio', { name: /Place order on credit/ }).check();
  await field(page, 'Address').fill('4 Sarafa Bazaar');
  await field(page, 'City').fill('Ludhiana');
  await field(page, 'PIN Code').fill('141008');
  await page.getByRole('button', { name: 'Place order on credit' }).click();
  await expect(page).toHaveURL(/\/my-orders\?placed=/);
  const id = new URL(page.url()).searchParams.get('placed') ?? '';
  const mine = async () =>
    ((await (await page.request.get('/o1/api/my-orders')).json()) as { orders: Order[] }).orders.find(
      (o) => o._id === id,
    ) as Order;
  const placed = await mine();
  expect(placed.paymentstatus).toBe('Due');
  const card = page.getByTestId('order-card').filter({ hasText: placed.number });
  await expect(card.getByRole('status')).toContainText('Thank you! Your order is placed on credit: please pay');
  await expect(card.getByTestId('order-payment')).toHaveText('Due');
  await expect(card.getByTestId('order-due')).toContainText('Due on');
  await expect(card.getByRole('button', { name: 'Pay now' })).toBeVisible();

  // The merchant records the NEFT payment of the whole amount.
  await admin.goto(`/dashboard/orders/${id}`);
  const credit = admin.getByTestId('credit-section');
  await expect(credit.getByTestId('credit-duedate')).toHaveText(placed.duedate);
  await credit.getByRole('button', { name: 'Record a payment' }).click();
  const dialog = admin.getByTestId('record-payment-dialog');
  await dialog.getByLabel(/Amount/).fill(placed.amountdue.toFixed(2));
  await dialog.getByLabel(/Method/).selectOption('neft');
  await dialog.getByLabel(/Reference/).fill('UTR20261128001');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await admin.getByRole('button', { name: 'Yes, record it' }).click();
  await expect(admin.getByTestId('detail-payment')).toHaveText('Paid');
  await expect(credit.getByTestId('credit-payment')).toContainText('NEFT · UTR20261128001');

  // The dealer sees the order paid, nothing left to pay.
  await page.goto('/my-orders');
  await expect(card.getByTestId('order-payment')).toHaveText('Paid');
  await expect(card.getByTestId('order-due')).toHaveCount(0);
  await expect(card.getByTestId('order-payments')).toContainText('paid by NEFT');

  // The merchant pays ₹100 back by NEFT: the Refund form asks how, and the refund is processed at once.
  await admin.getByTestId('open-refund').click();
  const refund = admin.getByTestId('refund-dialog');
  await expect(refund).toContainText('was received outside the shop and is paid back outside it');
  await refund.getByLabel(/Amount/).fill('100');
  await refund.getByLabel(/Reason/).fill('Price agreed lower');
  await refund.getByLabel(/Paid back by/).selectOption('neft');
  await refund.getByLabel(/Reference/).fill('UTR20261129002');
  await refund.getByTestId('submit-refund').click();
  await admin.getByRole('button', { name: 'Yes, refund' }).click();
  await expect(admin.getByTestId('refund-paid-back')).toHaveText(/paid back by NEFT UTR20261129002/);
  await expect(admin.getByTestId('detail-payment')).toHaveText('Partially refunded');

  // The merchant reads the business's statement on the Businesses screen.
  await admin.goto('/dashboard/businesses');
  await admin.getByLabel('Status', { exact: true }).selectOption('approved');
  // Newest first: this dealer's business heads the list.
  await admin.getByRole('button', { name: 'Statement of Jain Gems Private Limited' }).first().click();
  const merchantView = admin.getByTestId('business-statement');
  await expect(merchantView.getByTestId('statement-line')).toHaveCount(4);
  await expect(merchantView.getByTestId('statement-closing')).toContainText('Closing balance₹0.00');
  const merchantPdf = await admin.request.get(
    (await merchantView.getByRole('link', { name: 'Download PDF' }).getAttribute('href')) ?? '',
  );
  expect(merchantPdf.status()).toBe(200);
  expect(merchantPdf.headers()['content-type']).toMatch(/^application\/pdf/);
  await admin.context().close();

  // The statement of account: the invoice, the credit note, the payment and the money paid back (a debit), closing at
  // nothing owed; and the same as a PDF.
  await page.goto('/account');
  const statement = page.getByRole('region', { name: 'Statement of account' });
  const lines = statement.getByTestId('statement-line');
  await expect(lines).toHaveCount(4);
  await expect(lines.nth(0)).toContainText('Invoice');
  await expect(lines.nth(1)).toContainText('Credit note');
  await expect(lines.nth(2)).toContainText('Payment');
  await expect(lines.nth(2)).toContainText(`NEFT UTR20261128001 order ${placed.number}`);
  await expect(lines.nth(3)).toContainText('Refund');
  await expect(lines.nth(3)).toContainText(`NEFT UTR20261129002 order ${placed.number}`);
  await expect(statement.getByTestId('statement-closing')).toContainText('Closing balance₹0.00');
  const href = (await statement.getByRole('link', { name: 'Download PDF' }).getAttribute('href')) ?? '';
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toMatch(/^application\/pdf/);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-statement-'));
  try {
    const file = path.join(dir, 'statement.pdf');
    fs.writeFileSync(file, await pdf.body());
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Statement of account');
    expect(text).toContain('Jain Gems Private Limited');
    expect(text).toContain('UTR20261128001');
    expect(text).toContain('UTR20261129002');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
