import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { MSG91_STAND_IN } from '../playwright.config.js';
import { adminNotice, expectNoSidewaysScroll, openSection, signedInPage } from './helpers.js';

/** Messages go out from the server's outbox every few seconds; a busy machine may take longer. */
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * A new shopper's account: sign up with an e-mail, change the name, save addresses, change the password,
 * sign out of other devices, and get back in with a code sent by SMS (read at the MSG91 stand-in). The
 * merchant sees the messages in the Outbox and retries one the SMS provider refused.
 */

let serial = 0;
const uniqueMobile = () => `7${String(Date.now()).slice(-7)}${String(serial++ % 100).padStart(2, '0')}`;
const FORGOT_MESSAGE = 'If an account uses this number, a 6-digit code is on its way by SMS. It is valid for 10 minutes.';

type Sms = { template_id: string; vars: string[] };
async function smsTo(request: APIRequestContext, mobile: string): Promise<Sms[]> {
  const res = await request.get(`${MSG91_STAND_IN}/e2e/messages?mobile=${mobile}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as Sms[];
}
/** The newest password code the stand-in received for a number, once it has `count` of them. */
async function passwordCode(request: APIRequestContext, mobile: string, count: number) {
  let codes: string[] = [];
  await expect
    .poll(
      async () => {
        codes = (await smsTo(request, mobile)).filter((m) => m.template_id === 'e2e-password-code').map((m) => m.vars[0] ?? '');
        return codes.length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(count);
  const code = codes.at(-1) ?? '';
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

/** The outbox's messages: table rows on a wide screen, list items on a phone (hidden ones are not in the roles). */
const entries = (page: Page) => page.getByRole('row').or(page.getByRole('listitem'));

test.describe('accounts', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a shopper signs up with an e-mail, looks after the account, and gets back in with an SMS code', async ({
    page,
    browser,
    baseURL,
  }) => {
    const mobileno = uniqueMobile();
    const email = `meera.${mobileno}@example.com`;

    // Sign up: a malformed e-mail reads as a sentence next to the field.
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Meera Kapoor');
    await page.getByLabel('Mobile No').fill(mobileno);
    await page.getByLabel('E-mail (optional)').fill('meera-at-example');
    await page.getByLabel('Password', { exact: true }).fill('meera-secret-1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('dialog')).toContainText('Enter a valid e-mail address');
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByTestId('email-error')).toHaveText('Enter a valid e-mail address');
    await expect(page.getByLabel('E-mail (optional)')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('E-mail (optional)').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('dialog')).toContainText('You have successfully signed up!');
    // Sign-up signs the shopper in at once; signing out to see /account ask for it.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('account-label').first()).toHaveText('Meera Kapoor');
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await expect(page.getByTestId('account-label').first()).toHaveText('Account');

    // Signed out, /account asks to sign in first and comes back.
    await page.goto('/account');
    await expect(page).toHaveURL(/\/signin\?next=%2Faccount$/);
    await page.getByLabel('Mobile No').fill(mobileno);
    await page.getByLabel('Password', { exact: true }).fill('meera-secret-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await expect(page.getByLabel('E-mail (optional)')).toHaveValue(email);

    // The account label in the header leads here.
    await page.goto('/');
    await page.getByRole('link', { name: /My account: Meera Kapoor/ }).click();
    await expect(page).toHaveURL(/\/account$/);

    // Name and language.
    await page.getByLabel('Full Name').fill('Meera K. Kapoor');
    await page.getByLabel('Language of messages').selectOption('hi');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByTestId('details-outcome')).toHaveText('Your details have been saved.');
    await expect(page.getByTestId('account-label').first()).toHaveText('Meera K. Kapoor');
    const me = await (await page.request.get('/u1/api/checkuser')).json();
    expect(me.user).toMatchObject({ fullname: 'Meera K. Kapoor', email, language: 'hi' });

    // Saved addresses: a wrong PIN code reads as a sentence; the first address is the default; the default moves.
    await expect(page.getByText('No saved addresses yet. Save one to check out faster.')).toBeVisible();
    await page.getByRole('button', { name: 'Add an address' }).click();
    const form = page.getByRole('form', { name: 'New address' });
    await form.getByLabel('Label (optional, e.g. Home)').fill('Home');
    await form.getByLabel('Full Name').fill('Meera Kapoor');
    await form.getByLabel('Mobile Number').fill('9876543210');
    await form.getByLabel('Address', { exact: true }).fill('12 Mall Road');
    await form.getByLabel('City').fill('Ludhiana');
    await form.getByLabel('PIN Code').fill('1410');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(form.getByTestId('address-new-pincode-error')).toBeVisible();
    await expect(form.getByTestId('address-new-pincode-error')).not.toContainText('pincode:');
    await form.getByLabel('PIN Code').fill('141001');
    await form.getByRole('button', { name: 'Save address' }).click();
    const cards = page.getByTestId('address-card');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Home');
    await expect(cards.first()).toContainText('Ludhiana 141001, Punjab');
    await expect(cards.first().getByTestId('address-default')).toHaveText('Default');

    await page.getByRole('button', { name: 'Add an address' }).click();
    const second = page.getByRole('form', { name: 'New address' });
    await second.getByLabel('Label (optional, e.g. Home)').fill('Office');
    await second.getByLabel('Full Name').fill('Meera Kapoor');
    await second.getByLabel('Mobile Number').fill('9876543211');
    await second.getByLabel('Address', { exact: true }).fill('7 Ferozepur Road');
    await second.getByLabel('City').fill('Ludhiana');
    await second.getByLabel('PIN Code').fill('141002');
    await second.getByRole('button', { name: 'Save address' }).click();
    await expect(cards).toHaveCount(2);
    const office = cards.filter({ hasText: 'Office' });
    await expect(office.getByTestId('address-default')).toHaveCount(0);
    await office.getByRole('button', { name: 'Set as default' }).click();
    await expect(page.getByTestId('addresses-outcome')).toHaveText('Default address changed.');
    // The default comes first.
    await expect(cards.first()).toContainText('Office');
    await expect(cards.first().getByTestId('address-default')).toBeVisible();

    await cards.filter({ hasText: 'Home' }).getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit address' });
    await edit.getByLabel('Address', { exact: true }).fill('14 Mall Road');
    await edit.getByRole('button', { name: 'Save address' }).click();
    await expect(cards.filter({ hasText: 'Home' })).toContainText('14 Mall Road');

    page.once('dialog', (d) => void d.accept());
    await cards
      .filter({ hasText: 'Office' })
      .getByRole('button', { name: /^Delete/ })
      .click();
    await expect(page.getByTestId('addresses-outcome')).toHaveText('Address deleted.');
    await expect(cards).toHaveCount(1);
    await expect(cards.first().getByTestId('address-default')).toBeVisible();
    await expectNoSidewaysScroll(page);

    // Change password: the current one is needed, and must be right.
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password').fill('meera-secret-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByTestId('password-outcome')).toBeVisible();
    await expect(page.getByTestId('password-outcome')).not.toHaveText(/Your password has been changed/);
    await expect(page.getByTestId('current-password-error')).toBeVisible();
    await page.getByLabel('Current password').fill('meera-secret-1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByTestId('password-outcome')).toHaveText(
      'Your password has been changed. Your other devices have been signed out.',
    );

    // Sign out of other devices: the other device's session ends, this one stays.
    const other = await signedInPage(browser, baseURL, { mobileno, password: 'meera-secret-2' });
    expect((await other.request.get('/u1/api/checkuser')).status()).toBe(200);
    await page.getByRole('button', { name: 'Sign out of other devices' }).click();
    await expect(page.getByTestId('devices-outcome')).toHaveText('Signed out of every other device.');
    expect((await other.request.get('/u1/api/checkuser')).status()).toBe(401);
    expect((await page.request.get('/u1/api/checkuser')).status()).toBe(200);
    await other.context().close();

    // Forgot password: the number, the code from the SMS, a new password; then sign in with it.
    await page.getByRole('button', { name: 'Sign out', exact: true }).first().click();
    await expect.poll(async () => (await page.request.get('/u1/api/checkuser')).status()).toBe(401);
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // The sign-in form may still show while the page's code arrives: fill the new page's field.
    await expect(page.getByRole('heading', { name: 'Forgot password', level: 1 })).toBeVisible();
    await page.getByLabel('Mobile No').fill(mobileno);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByTestId('code-sent')).toHaveText(FORGOT_MESSAGE);
    const code = await passwordCode(page.request, mobileno, 1);

    // A wrong code reads as a sentence.
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('6-digit code').fill(wrong);
    await page.getByLabel('New password', { exact: true }).fill('meera-secret-3');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.locator('#code-error')).toHaveText('This code is wrong or has expired. Please ask for a new one.');
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByTestId('signin-notice')).toHaveText(
      'Your password has been changed. Please sign in with the new password.',
    );
    await page.getByLabel('Mobile No').fill(mobileno);
    await page.getByLabel('Password', { exact: true }).fill('meera-secret-3');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog')).toContainText('Success!');
    await expect(page.getByTestId('account-label').first()).toHaveText('Meera K. Kapoor');

    // A number without an account gets the very same answer.
    const stranger = uniqueMobile();
    const ctx = await browser.newContext({ baseURL });
    const visitor = await ctx.newPage();
    await visitor.goto('/forgot-password');
    await visitor.getByLabel('Mobile No').fill(stranger);
    await visitor.getByRole('button', { name: 'Send code' }).click();
    await expect(visitor.getByTestId('code-sent')).toHaveText(FORGOT_MESSAGE);
    await ctx.close();
  });

  test('a new number signs in with a code sent by SMS: asked only for a name, the account is made and signed in', async ({
    page,
  }) => {
    const mobileno = uniqueMobile();
    await page.goto('/signin');
    await page.getByLabel('Mobile No').fill(`+91 ${mobileno.slice(0, 5)} ${mobileno.slice(5)}`);
    await page.getByRole('button', { name: 'Get a code by SMS' }).click();
    await expect(page.getByTestId('code-sent')).toContainText('A 6-digit code is on its way by SMS');
    let code = '';
    await expect
      .poll(
        async () => {
          code =
            (await smsTo(page.request, mobileno))
              .filter((m) => m.template_id === 'e2e-signin-code')
              .map((m) => m.vars[0] ?? '')
              .at(-1) ?? '';
          return code;
        },
        { timeout: 30_000 },
      )
      .toMatch(/^\d{6}$/);
    await page.getByLabel('Code from SMS').fill(code);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByTestId('code-sent')).toContainText('Tell us your name to create your account');
    await page.getByLabel('Full Name').fill('Simran Kaur');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('account-label')).toHaveText('Simran Kaur');
    const me = await page.request.get('/u1/api/checkuser');
    expect(((await me.json()) as { user: { mobileno: string } }).user.mobileno).toBe(mobileno);
  });

  test('the merchant sees the messages in the Outbox and retries one the SMS provider refused', async ({
    page,
    browser,
    baseURL,
  }) => {
    // A shopper whose number the SMS provider refuses buys a stone.
    const mobileno = uniqueMobile();
    const signup = await page.request.post('/u1/api/signup', {
      data: { fullname: 'Kabir Anand', mobileno, password: 'kabir-secret-1' },
    });
    expect(signup.status(), await signup.text()).toBe(201);
    expect((await page.request.post('/u1/api/signin', { data: { mobileno, password: 'kabir-secret-1' } })).ok()).toBe(true);
    expect((await page.request.post(`${MSG91_STAND_IN}/e2e/refuse?mobile=${mobileno}`)).ok()).toBe(true);
    await buyOne(page);

    const admin = await signedInPage(browser, baseURL);
    await admin.goto('/dashboard');
    await openSection(admin, 'Outbox');
    await expect(admin).toHaveURL(/\/dashboard\/outbox$/);
    await expect(admin.getByRole('heading', { name: 'Outbox' })).toBeVisible();

    // The refused SMS shows as failed, with the provider's words.
    await admin.getByLabel('Status').selectOption('failed');
    const failed = entries(admin).filter({ hasText: mobileno }).filter({ hasText: 'Order placed' });
    await expect(async () => {
      await admin.getByRole('button', { name: 'Refresh' }).click();
      await expect(failed).toHaveCount(1, { timeout: 2_000 });
    }).toPass({ timeout: 40_000 });
    await expect(failed.getByTestId('outbox-status')).toHaveText('Failed');
    await expect(failed.getByTestId('outbox-error')).toContainText('Invalid mobile number');
    await expect(failed).toContainText('SMS');
    await expectNoSidewaysScroll(admin);

    // The number is accepted again; Retry sends it.
    expect((await admin.request.post(`${MSG91_STAND_IN}/e2e/accept?mobile=${mobileno}`)).ok()).toBe(true);
    await failed.getByRole('button', { name: `Retry SMS Order placed to ${mobileno}` }).click();
    await expect(adminNotice(admin, 'The message will be sent again shortly')).toBeVisible();
    await expect
      .poll(async () => (await smsTo(admin.request, mobileno)).map((m) => m.template_id), { timeout: 40_000 })
      .toContain('e2e-order-placed');

    await admin.getByLabel('Status').selectOption('sent');
    const sent = entries(admin).filter({ hasText: mobileno }).filter({ hasText: 'Order placed' });
    await expect(async () => {
      await admin.getByRole('button', { name: 'Refresh' }).click();
      await expect(sent).toHaveCount(1, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(sent.getByTestId('outbox-status')).toHaveText('Sent');
    await expect(sent.getByRole('button', { name: /^Retry/ })).toHaveCount(0);

    // Every kind of message is there: the shop's own new-order note too.
    await admin.getByLabel('Status').selectOption('');
    await expect(entries(admin).filter({ hasText: 'New order (to the shop)' }).first()).toBeVisible();
    await admin.context().close();
  });
});

type Product = { _id: string; stockquantity: number; productsizes: string[]; productcolours: string[] };

/** Buys one of a product in stock through the API with the sandbox provider. */
async function buyOne(page: Page) {
  const res = await page.request.get('/p1/api/latest/all?limit=50');
  const { products } = (await res.json()) as { products: Product[] };
  const p = products.find((x) => x.stockquantity >= 2);
  expect(p).toBeDefined();
  const product = p as Product;
  const shippinginfo = {
    fullname: 'Kabir Anand',
    mobileno: '9876543210',
    address: '3 Model Town',
    city: 'Ludhiana',
    pincode: '141002',
  };
  const add = await page.request.post('/c2/api/add', {
    data: { productId: product._id, productsize: product.productsizes[0], productcolour: product.productcolours[0], quantity: 1 },
  });
  expect(add.ok(), await add.text()).toBe(true);
  const held = await page.request.post('/o1/api/razorpay-order', { data: { shippinginfo } });
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
      shippinginfo,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
}
