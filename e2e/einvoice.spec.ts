import { expect as baseExpect, test } from '@playwright/test';
import { openSection, signedInPage } from './helpers.js';

const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * The merchant's e-invoice screens in a real browser, without changing what other journeys rely on: the E-invoices
 * screen from the sidebar (nothing registered in a shop with e-invoices off), and the E-invoices switch in Settings
 * refused while the seller's city and PIN code are missing.
 */
test('the E-invoices screen opens from the sidebar, and the switch in Settings needs the city and PIN code', async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL);
  await page.goto('/dashboard');
  await openSection(page, 'E-invoices');
  await expect(page).toHaveURL(/\/dashboard\/einvoices$/);
  await expect(page.getByRole('heading', { name: 'E-invoices' })).toBeVisible();
  await expect(page.getByText('No e-invoices yet.').first()).toBeVisible();
  await page.getByLabel('Status').selectOption('failed');
  await expect(page.getByText('No failed e-invoices.').first()).toBeVisible();

  await openSection(page, 'Settings');
  const city = page.getByLabel('City');
  await expect(city).toBeVisible();
  await expect(city).toHaveValue('');
  await page.getByLabel('Register invoices with the IRP (e-invoices)').check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.locator('#einvoice-error, #city-error, [data-testid="city-error"]').first()).toContainText(
    'E-invoices need the seller’s city and PIN code',
  );
  const settings = await page.request.get('/a1/api/admin/settings');
  expect((await settings.json()).settings.einvoice).toBe(false);
  await page.context().close();
});
