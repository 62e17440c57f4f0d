import { expect, test } from '@playwright/test';

const uniqueMobile = () => `8${String(Date.now()).slice(-9)}`;

test('sign up signs in at once and carries on where the shopper was → sign out → sign in → header shows the name', async ({
  page,
}) => {
  const mobileno = uniqueMobile();
  await page.goto('/signup?next=%2Fcart');
  await page.getByLabel('Full Name').fill('Meera Kapoor');
  // typed as people write it: +91, spaces
  await page.getByLabel('Mobile No').fill(`+91 ${mobileno.slice(0, 5)} ${mobileno.slice(5)}`);
  await page.getByLabel('Password', { exact: true }).fill('meera-secret-1');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('dialog')).toContainText('Success!');
  await expect(page.getByRole('dialog')).toContainText('You have successfully signed up!');
  // 'Success!' needs no tap: the page moves on by itself, signed in, back where the shopper was.
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('account-label').first()).toHaveText('Meera Kapoor');
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page.getByTestId('account-label').first()).toHaveText('Account');

  await page.goto('/signin');
  await page.getByLabel('Mobile No').fill(`0${mobileno}`);
  await page.getByLabel('Password', { exact: true }).fill('meera-secret-1');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog')).toContainText('Success!');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('account-label').first()).toHaveText('Meera Kapoor');

  await page.reload();
  await expect(page.getByTestId('account-label').first()).toHaveText('Meera Kapoor');

  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page.getByTestId('account-label').first()).toHaveText('Account');
  await page.reload();
  await expect(page.getByTestId('account-label').first()).toHaveText('Account');
});

test('a wrong password shows the server message in an Error! alert', async ({ page }) => {
  await page.goto('/signin');
  await page.getByLabel('Mobile No').fill('0000000000');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog')).toContainText('Error!');
  await expect(page.getByRole('dialog')).toContainText('Invalid mobile number or password');
});

test('sign-up errors read as sentences next to their fields', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Mobile No').fill('12345');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('dialog')).toContainText('Error!');
  await expect(page.getByRole('dialog')).toContainText('Full name is required');
  await expect(page.getByRole('dialog')).not.toContainText('fullname:');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('fullname-error')).toHaveText('Full name is required');
  await expect(page.getByTestId('mobileno-error')).toHaveText('Mobile number must be exactly 10 digits');
  await expect(page.getByTestId('password-error')).toHaveText('Password must be at least 8 characters');
  await expect(page.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');
});

test('sign-in never sends the shopper to another site', async ({ page }) => {
  const mobileno = uniqueMobile();
  expect(
    (
      await page.request.post('/u1/api/signup', { data: { fullname: 'Tara Sood', mobileno, password: 'tara-secret-1' } })
    ).status(),
  ).toBe(201);
  await page.goto('/signin?next=%2F%2Fevil.example%2Fphish');
  await page.getByLabel('Mobile No').fill(mobileno);
  await page.getByLabel('Password', { exact: true }).fill('tara-secret-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
});
