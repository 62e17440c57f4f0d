import fs from 'node:fs/promises';
import { expect as baseExpect, test } from '@playwright/test';

const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * The buyer's own data in a real browser: "Download my data" on the account page gives a JSON file of the buyer's
 * own account, and "Delete my account" with the password signs them out for good.
 */
test('a buyer downloads their data, then deletes their account and can no longer sign in', async ({ page }) => {
  const mobileno = `6${String(Date.now()).slice(-9)}`;
  const password = 'shopper-secret-1';
  expect((await page.request.post('/u1/api/signup', { data: { fullname: 'Nikhil Arora', mobileno, password } })).status()).toBe(
    201,
  );
  expect((await page.request.post('/u1/api/signin', { data: { mobileno, password } })).ok()).toBe(true);

  await page.goto('/account');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await fs.readFile((await download.path()) as string, 'utf8')) as {
    profile: { mobileno: string; fullname: string };
    orders: unknown[];
    reviews: unknown[];
  };
  expect(data.profile).toMatchObject({ mobileno, fullname: 'Nikhil Arora' });
  expect(data.orders).toEqual([]);
  expect(data.reviews).toEqual([]);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const form = page.getByRole('form', { name: 'Delete my account' });
  await form.getByLabel('Password', { exact: true }).fill('not my password');
  await form.getByRole('button', { name: 'Delete my account' }).click();
  await expect(form.getByText('Password is incorrect').first()).toBeVisible();
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);

  expect((await page.request.get('/u1/api/checkuser')).status()).toBe(401);
  expect((await page.request.post('/u1/api/signin', { data: { mobileno, password } })).status()).toBe(401);
});
