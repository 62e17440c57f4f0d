import { expect as baseExpect, test } from '@playwright/test';
import { nameToFilterWord } from '../contract/filter.js';
import { gstinCheckChar } from '../contract/gst-rules.js';
import { openSection, signedInPage } from './helpers.js';

/** Payment calls can take a while on a busy machine. */
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * The trade path in a real browser: a dealer applies for a business account on the account page, the merchant
 * makes a price group and approves the business with it, the dealer sees trade prices on the listing's cards and the
 * stone's page, asks for a quote there, the merchant prices it on the Quotes screen, and the dealer pays it in the
 * sandbox to a new address with the shipping rate chosen; the quote reads Ordered and the order is in My Orders.
 */

type Product = {
  _id: string;
  productname: string;
  slug: string;
  productprice: number;
  saleprice: number | null;
  stockquantity: number;
  category: { categoryname: string };
  subcategory: { subcategoryname: string };
};

const PASSWORD = 'dealer-secret-2';
const digits = (n: number) => `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-n);
const productPath = (p: Product) =>
  `/${[nameToFilterWord(p.category.categoryname), nameToFilterWord(p.subcategory.subcategoryname), p.slug].map(encodeURIComponent).join('/')}`;
const rupees = (n: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(n);

test('a dealer applies, is approved with a price group, sees trade prices, asks for a quote and pays the price quoted', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const tag = digits(5);
  const legalname = `Kapoor Trade Gems ${tag} LLP`;
  const group = `Jewellers ${tag}`;

  // The dealer signs up and applies under "Buy for your business".
  const mobileno = `6${digits(9)}`;
  const signup = await page.request.post('/u1/api/signup', { data: { fullname: 'Anil Kapoor', mobileno, password: PASSWORD } });
  expect(signup.status(), await signup.text()).toBe(201);
  expect((await page.request.post('/u1/api/signin', { data: { mobileno, password: PASSWORD } })).ok()).toBe(true);
  await page.goto('/account');
  const apply = page.getByRole('region', { name: 'Buy for your business' });
  await apply.getByLabel('Legal name').fill(legalname);
  const first14 = `03AABCK${digits(4)}K1Z`;
  await apply.getByLabel('GSTIN').fill(`${first14}${gstinCheckChar(first14)}`);
  await apply.getByLabel('State').selectOption('Punjab');
  await apply.getByLabel('Address').fill('9 Chaura Bazar');
  await apply.getByLabel('City').fill('Ludhiana');
  await apply.getByLabel('PIN code').fill('141008');
  await apply.getByRole('button', { name: 'Apply for a business account' }).click();
  await expect(apply).toContainText('Your application is waiting for approval');

  // The merchant makes a price group of 15% off and approves the business with it.
  const admin = await signedInPage(browser, baseURL);
  await admin.goto('/dashboard');
  await openSection(admin, 'Price groups');
  const newGroup = admin.getByRole('form', { name: 'New price group' });
  await newGroup.getByLabel('Name').fill(group);
  await newGroup.getByLabel('Percent off list prices (0–60)').fill('15');
  await newGroup.getByRole('button', { name: 'Create price group' }).click();
  await expect(admin.getByRole('list', { name: 'Price groups' }).getByText(group)).toBeVisible();

  await openSection(admin, 'Businesses');
  await admin.getByRole('button', { name: `Review ${legalname}` }).click();
  const review = admin.getByRole('form', { name: `Review ${legalname}` });
  await review.getByLabel('Status').selectOption('approved');
  await review.getByLabel('Price group').selectOption({ label: `${group} (15% off)` });
  await review.getByRole('button', { name: 'Save' }).click();
  await expect(review).toBeHidden();

  // A stone in stock, not on sale: its trade price is 15% off its list price.
  const listed = await page.request.get('/p1/api/latest/all?limit=50');
  const { products } = (await listed.json()) as { products: Product[] };
  const stone = products.find((p) => p.stockquantity >= 3 && p.saleprice == null) as Product;
  expect(stone, 'a stone in stock and not on sale').toBeDefined();
  const trade = Math.floor((stone.productprice * 85 * 100 + 50) / 100) / 100;

  // The dealer sees trade prices on the listing's cards and on the stone's page (asked of /my-prices).
  await page.goto('/all');
  await expect(page.getByTestId('card-trade-price').first()).toContainText('Trade price');
  await page.goto(productPath(stone));
  await expect(page.getByTestId('trade-price')).toContainText(`Trade price ${rupees(trade)}`);

  // ...and asks for a price on 3 of it there.
  const asking = page.getByTestId('product-quote');
  await asking.getByRole('button', { name: 'Request a quote' }).click();
  await asking.getByLabel('Quantity').fill('3');
  await asking.getByLabel('A note for us (optional)').fill('For a wedding order');
  await asking.getByRole('button', { name: 'Send request' }).click();
  const requested = asking.getByRole('status');
  await expect(requested).toContainText(/Quote Q\/\d\d-\d\d\/\d{6} requested/);
  const number = /Q\/\d\d-\d\d\/\d{6}/.exec((await requested.textContent()) ?? '')?.[0] as string;

  // The merchant prices it on the Quotes screen: 20% off the list price, valid for the week the form offers.
  const quoted = Math.round(stone.productprice * 0.8 * 100) / 100;
  await openSection(admin, 'Quotes');
  await admin.getByRole('button', { name: `Open ${number}` }).click();
  const answer = admin.getByRole('form', { name: `Answer ${number}` });
  await expect(answer).toContainText('For a wedding order');
  await answer.getByLabel(`Unit price of ${stone.productname}`).fill(String(quoted));
  await answer.getByRole('button', { name: 'Send quote' }).click();
  await expect(answer).toBeHidden();

  // The dealer accepts it on the account page, ships it to a new address by Standard, and pays in the sandbox.
  await page.goto('/account');
  const quotes = page.getByRole('region', { name: 'Your quotes' });
  const mine = quotes.getByTestId('quote').filter({ hasText: number });
  await expect(mine.getByTestId('quote-status')).toHaveText('Priced');
  await mine.getByRole('button', { name: 'Accept and pay' }).click();
  const form = mine.getByTestId('quote-checkout');
  await form.getByLabel('Address', { exact: true }).fill('12 Ghumar Mandi');
  await form.getByLabel('City', { exact: true }).fill('Ludhiana');
  await form.getByLabel('PIN Code', { exact: true }).fill('141001');
  await form.getByRole('radio', { name: /Standard/ }).check();
  const lot = Math.round(quoted * 3 * 100) / 100;
  await expect(form.getByTestId('total-to-pay')).toHaveText(rupees(lot));
  await form.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('dialog', { name: 'Sandbox payment' }).getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/my-orders\?placed=/);
  const orderId = new URL(page.url()).searchParams.get('placed') as string;

  // The order is the quoted lot to that address; the quote reads Ordered.
  const mineNow = await page.request.get('/o1/api/my-orders');
  expect(mineNow.ok(), await mineNow.text()).toBe(true);
  const placed = ((await mineNow.json()).orders as { _id: string }[]).find((o) => o._id === orderId) as unknown as {
    quoteId: string;
    totalamount: number;
    products: { productname: string; quantity: number; productprice: number }[];
    shippinginfo: { address: string; pincode: string };
  };
  expect(placed.quoteId).toBeTruthy();
  expect(placed.products.map((p) => [p.productname, p.quantity, p.productprice])).toEqual([[stone.productname, 3, quoted]]);
  expect(placed.totalamount).toBe(lot);
  expect(placed.shippinginfo).toMatchObject({ address: '12 Ghumar Mandi', pincode: '141001' });
  await page.goto('/account');
  await expect(
    page
      .getByRole('region', { name: 'Your quotes' })
      .getByTestId('quote')
      .filter({ hasText: number })
      .getByTestId('quote-status'),
  ).toHaveText('Ordered');
  await admin.context().close();
});
