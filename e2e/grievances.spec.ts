import { expect as baseExpect, test } from '@playwright/test';
import { MSG91_STAND_IN } from '../playwright.config.js';
import { openSection, signedInPage } from './helpers.js';

/** Messages go out from the server's outbox every few seconds; a busy machine may take longer. */
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * A buyer complains to the grievance officer named on the Contact page, gets a ticket number at once, and reads the
 * officer's reply on the account page; the merchant answers from the Grievances screen and finds a complaint whose
 * acknowledgement could not be sent through the dashboard's to-do list.
 */

let serial = 0;
const uniqueMobile = () => `8${String(Date.now()).slice(-7)}${String(serial++ % 100).padStart(2, '0')}`;

test('a buyer files a grievance, gets a ticket at once and reads the officer’s reply', async ({ page, browser, baseURL }) => {
  const admin = await signedInPage(browser, baseURL);
  const officer = {
    name: 'Harjit Singh',
    designation: 'Grievance Officer',
    email: 'grievance@ratnagems.in',
    phone: '+91 98765 43210',
  };
  const saved = await admin.request.put('/a1/api/admin/settings', { data: { grievanceofficer: officer } });
  expect(saved.status(), await saved.text()).toBe(200);

  const mobileno = uniqueMobile();
  const password = 'kavya-secret-1';
  expect((await page.request.post('/u1/api/signup', { data: { fullname: 'Kavya Rao', mobileno, password } })).status()).toBe(201);
  expect((await page.request.post('/u1/api/signin', { data: { mobileno, password } })).ok()).toBe(true);

  await page.goto('/contact');
  await expect(page.getByTestId('grievance-officer')).toContainText('Harjit Singh, Grievance Officer');
  await expect(page.getByTestId('footer-grievance-officer')).toContainText('Harjit Singh');
  const form = page.getByRole('form', { name: 'File a grievance' });
  await form.getByLabel('Subject').fill('Certificate missing');
  await form.getByLabel('Your complaint').fill('The lab certificate was not in the parcel with my ruby.');
  await form.getByRole('button', { name: 'File grievance' }).click();
  const filed = page.getByTestId('grievance-filed');
  await expect(filed).toContainText(/GR\/\d{2}-\d{2}\/\d{6}/);
  const number = ((await filed.textContent()) ?? '').match(/GR\/\d{2}-\d{2}\/\d{6}/)?.[0] ?? '';

  await page.goto('/account');
  const mine = page.getByTestId('my-grievances');
  await expect(mine).toContainText(number);
  await expect(mine).toContainText('Open');

  await admin.goto('/dashboard');
  await openSection(admin, 'Grievances');
  const card = admin.getByRole('listitem', { name: `Grievance ${number}` });
  await card.getByLabel('Reply to the complainant').fill('We have posted the certificate to you today.');
  await card.getByLabel('Resolved').check();
  await card.getByRole('button', { name: 'Send reply' }).click();
  await expect(card).toContainText('We have posted the certificate to you today.');
  await expect(card).toContainText('Resolved');

  await page.reload();
  await expect(mine).toContainText('We have posted the certificate to you today.');
  await expect(mine).toContainText('Resolved');
  await admin.context().close();
});

test('the dashboard’s to-do list leads the merchant to a message that could not be sent', async ({ page, browser, baseURL }) => {
  // Someone not signed in complains from a number the SMS provider refuses: the acknowledgement fails.
  const mobileno = uniqueMobile();
  expect((await page.request.post(`${MSG91_STAND_IN}/e2e/refuse?mobile=${mobileno}`)).ok()).toBe(true);
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'File a grievance' });
  await form.getByLabel('Name').fill('Gurpreet Kaur');
  await form.getByLabel('Mobile No').fill(mobileno);
  await form.getByLabel('Subject').fill('Wrong stone sent');
  await form.getByLabel('Your complaint').fill('I ordered a blue sapphire and received a different stone.');
  await form.getByRole('button', { name: 'File grievance' }).click();
  await expect(page.getByTestId('grievance-filed')).toContainText('GR/');

  const admin = await signedInPage(browser, baseURL);
  await expect
    .poll(
      async () => {
        const res = await admin.request.get('/u1/api/admin/outbox?status=failed');
        const { messages } = (await res.json()) as { messages: { to: string }[] };
        return messages.some((m) => m.to === mobileno);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await admin.goto('/dashboard');
  const todo = admin.getByTestId('todo');
  await todo.getByRole('link', { name: /Failed messages/ }).click();
  await expect(admin).toHaveURL(/\/dashboard\/outbox\?status=failed$/);
  await expect(admin.getByLabel('Status')).toHaveValue('failed');
  await expect(admin.getByText(mobileno).first()).toBeVisible();
  await admin.context().close();
});
