import { expect, type Page, test } from '@playwright/test';

/**
 * Finding stones the way gem buyers choose them, on the demo catalogue: gem facts on cards, the header search
 * (typo-tolerant, Hindi names), the gem filters, carat with ratti and price per carat, and the lab certificate.
 */

const isPhone = () => test.info().project.name === 'phone';
const BURMESE_RUBY = 'Burmese Ruby (Manik) 4.55 Carat Cushion';

/** The header's search field: on a phone behind the search icon. */
async function headerSearch(page: Page) {
  if (isPhone()) await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
  const field = page.getByRole('combobox', { name: 'Search stones and jewellery' });
  await expect(field).toBeVisible();
  return field;
}

test('cards show carat, shape and origin under the name', async ({ page }) => {
  await page.goto('/gemstones-ruby');
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: 'Burmese Ruby (Manik)...' }) });
  await expect(card.getByTestId('gem-facts')).toHaveText('4.55 ct · Cushion · Burma');
  // Every card of the listing keeps one line for them: the name, facts and price rows line up.
  const heights = await page.getByTestId('gem-facts').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
  expect(new Set(heights).size).toBe(1);
});

test('rubi in the header search suggests the ruby and rubies, and Enter lists the search', async ({ page }) => {
  await page.goto('/about');
  const field = await headerSearch(page);
  await field.fill('rubi');
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(list.getByRole('option').first()).toContainText('Ruby');
  await expect(
    list
      .getByRole('option')
      .filter({ hasText: /Ruby \(Manik\)/ })
      .first(),
  ).toBeVisible();
  // Arrow keys move through the suggestions; the stone itself opens the ruby page (other journeys may have made
  // categories with "ruby" in their names, so it need not be the first).
  await field.press('ArrowDown');
  await expect(field).toHaveAttribute('aria-activedescendant', /-0$/);
  await list
    .getByRole('option')
    .filter({ hasText: /^StoneRuby/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/gemstones-ruby$/);
  await expect(page.getByRole('link', { name: 'Burmese Ruby (Manik)...' })).toBeVisible();

  // A Hindi name: Pukhraj is the yellow sapphire.
  const again = await headerSearch(page);
  await again.fill('pukhraj');
  await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toContainText(
    'Natural Yellow Sapphire',
  );
  // Enter without a choice lists the search.
  await again.fill('ruby');
  await again.press('Enter');
  await expect(page).toHaveURL(/\/search-ruby$/);
  await expect(page.getByRole('link', { name: 'Burmese Ruby (Manik)...' })).toBeVisible();
});

test('Enter on a misspelt or Hindi stone name lists that stone, never "No products found"', async ({ page }) => {
  await page.goto('/about');
  const cases: [string, RegExp, string | null][] = [
    ['rubi', /Ruby/, 'Ruby'],
    ['emrald', /Emerald/, 'Emerald'],
    ['saphire', /Sapphire/, 'Sapphire'],
    ['yelow saphire', /Yellow Sapphire/, 'Yellow Sapphire'],
    ['cats eye', /Cat's Eye/, "Cat's Eye"],
    // The demo's cat's eyes carry their Hindi name spelt Lehsuniya.
    ['lehsunia', /Cat's Eye/, "Cat's Eye"],
    ['lehsuniya', /Cat's Eye/, null],
  ];
  for (const [typed, stone, readAs] of cases) {
    const field = await headerSearch(page);
    await field.fill(typed);
    await field.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search-${typed.replace(/ /g, '-')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search results for "${typed}"`);
    await expect(page.getByRole('article').first()).toContainText(stone);
    await expect(page.getByText('No products found')).toHaveCount(0);
    if (readAs) await expect(page.getByTestId('listing-didyoumean')).toHaveText(`Showing results for ${readAs}`);
    else await expect(page.getByTestId('listing-didyoumean')).toHaveCount(0);
  }
});

test('the header search works before the app runs (a plain GET form)', async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: isPhone() ? { width: 390, height: 844 } : { width: 1366, height: 768 },
  });
  const page = await context.newPage();
  await page.goto('/gemstones-ruby');
  if (isPhone()) await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
  const field = page.getByRole('combobox', { name: 'Search stones and jewellery' });
  await field.fill('emerald');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/search-emerald$/);
  await expect(page.getByRole('article').first()).toContainText('Emerald');
  await context.close();
});

test('a 5-ratti untreated Burmese ruby is found through the filters; its page shows ratti and price per carat', async ({
  page,
}) => {
  await page.goto('/gemstones-ruby');
  if (isPhone()) await page.getByRole('button', { name: /^Filters/ }).click();
  const form = page.getByRole('form', { name: 'Filter products' }).filter({ visible: true });
  await form.getByLabel('Min ratti').fill('4.5');
  await form.getByLabel('Max ratti').fill('5.5');
  await form.getByLabel('Origin').selectOption({ label: 'Burma (Myanmar)' });
  await form.getByLabel('Treatment').selectOption({ label: 'Untreated (unheated)' });
  await form.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/\/gemstones-ruby-rattimin-4\.5-rattimax-5\.5-origin-burma-treatment-untreated$/);
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByTestId('gem-facts')).toHaveText('4.55 ct · Cushion · Burma');

  // The listing's address is the filter: loaded afresh (rendered by the server), it lists the same stone.
  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(1);

  await page.getByRole('link', { name: 'Burmese Ruby (Manik)...' }).click();
  await expect(page.getByRole('heading', { level: 1, name: BURMESE_RUBY })).toBeVisible();
  const weight = page.getByTestId('gem-weight');
  await expect(weight).toContainText('4.55 ct · 5.00 ratti');
  await expect(weight).toContainText('1 ratti = 0.91 ct, the standard (pakki) ratti as weighed in Punjab');
  await expect(weight).toContainText(/Price per carat₹[\d,]+/);
});
