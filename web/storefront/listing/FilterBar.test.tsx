import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category, Subcategory } from '../../api/catalogue';
import { categoryOf, subcategoryOf } from '../../test/fixtures';
import { FilterBar, FilterForm } from './FilterBar';
import { type CatalogueFilter, emptyFilter, formatFilter, parseFilter } from './filterGrammar';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const at = '2024-03-11T00:00:00.000Z';
const cat = (id: string, name: string): Category => categoryOf({ _id: id, categoryname: name, createdAt: at, updatedAt: at });
const sub = (id: string, name: string, c: Category): Subcategory =>
  subcategoryOf({
    _id: id,
    subcategoryname: name,
    category: { _id: c._id, categoryname: c.categoryname },
    createdAt: at,
    updatedAt: at,
  });
const gemstones = cat('c1', 'Gemstones');
const jewellery = cat('c2', 'Jewellery');
const categories = [gemstones, jewellery];
const subcategories = [
  sub('s1', 'Ruby', gemstones),
  sub('s2', 'Natural Yellow Sapphire', gemstones),
  sub('s3', 'Rings', jewellery),
  sub('s4', 'Pendants', jewellery),
];
const names = { categories: categories.map((c) => c.categoryname), subcategories: subcategories.map((s) => s.subcategoryname) };

function renderForm(filter: CatalogueFilter = emptyFilter()) {
  const onApply = vi.fn();
  const onClear = vi.fn();
  render(
    <FilterForm filter={filter} categories={categories} subcategories={subcategories} onApply={onApply} onClear={onClear} />,
  );
  return { onApply, onClear };
}

const optionLabels = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('FilterForm', () => {
  it('keeps the subcategory select disabled until a category is chosen, then offers only that category’s subcategories', async () => {
    renderForm();
    const subSelect = screen.getByLabelText('Subcategory');
    expect(subSelect).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Jewellery');
    expect(subSelect).toBeEnabled();
    expect(optionLabels(subSelect)).toEqual(['All subcategories', 'Rings', 'Pendants']);
    await userEvent.selectOptions(subSelect, 'Rings');
    expect(subSelect).toHaveValue('s3');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Gemstones');
    expect(subSelect).toHaveValue('');
    expect(optionLabels(subSelect)).toEqual(['All subcategories', 'Ruby', 'Natural Yellow Sapphire']);
    await userEvent.selectOptions(screen.getByLabelText('Category'), '');
    expect(subSelect).toBeDisabled();
  });

  it('names a stone by its display name while its address stays the one its name makes', async () => {
    const catseye = subcategoryOf({ ...sub('s5', 'Catseye', gemstones), displayname: "Cat's Eye" });
    const onApply = vi.fn();
    render(
      <FilterForm
        filter={emptyFilter()}
        categories={categories}
        subcategories={[...subcategories, catseye]}
        onApply={onApply}
        onClear={vi.fn()}
      />,
    );
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Gemstones');
    expect(optionLabels(screen.getByLabelText('Subcategory'))).toEqual([
      'All subcategories',
      'Ruby',
      'Natural Yellow Sapphire',
      "Cat's Eye",
    ]);
    await userEvent.selectOptions(screen.getByLabelText('Subcategory'), "Cat's Eye");
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(formatFilter(onApply.mock.calls[0]?.[0] as CatalogueFilter)).toBe('gemstones-catseye');
  });

  it('shows the filter read from the URL', () => {
    renderForm(parseFilter('gemstones-natural-yellow-sapphire-min-5000-max-90000-sort-asc-search-blue-stone', names));
    expect(screen.getByLabelText('Category')).toHaveValue('c1');
    expect(screen.getByLabelText('Subcategory')).toHaveValue('s2');
    expect(screen.getByLabelText('Min price (₹)')).toHaveValue(5000);
    expect(screen.getByLabelText('Max price (₹)')).toHaveValue(90000);
    expect(screen.getByLabelText('Sort by')).toHaveValue('asc');
    expect(screen.getByLabelText('Search')).toHaveValue('blue stone');
  });

  it('a subcategory alone in the URL selects its category too', () => {
    renderForm(parseFilter('rings', names));
    expect(screen.getByLabelText('Category')).toHaveValue('c2');
    expect(screen.getByLabelText('Subcategory')).toHaveValue('s3');
  });

  it('applies the chosen filter from page 1 and shows Applying... briefly', async () => {
    const { onApply } = renderForm({ ...emptyFilter(), page: 4 });
    await userEvent.type(screen.getByLabelText('Search'), 'Oval Ruby');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Gemstones');
    await userEvent.selectOptions(screen.getByLabelText('Subcategory'), 'Ruby');
    await userEvent.type(screen.getByLabelText('Min price (₹)'), '1000');
    await userEvent.type(screen.getByLabelText('Max price (₹)'), '25000.5');
    // A sort applies at once, with the rest of the form, on the desktop as in the phone's sheet.
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'desc');
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(formatFilter(onApply.mock.calls[0]?.[0] as CatalogueFilter)).toBe(
      'gemstones-ruby-min-1000-max-25000.5-sort-desc-search-oval-ruby',
    );
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(onApply).toHaveBeenCalledTimes(2);
    const applied = onApply.mock.calls[1]?.[0] as CatalogueFilter;
    expect(applied).toEqual({
      categories: ['Gemstones'],
      subcategories: ['Ruby'],
      search: ['oval', 'ruby'],
      min: 1000,
      max: 25000.5,
      sort: 'desc',
      page: 1,
    });
    expect(formatFilter(applied)).toBe('gemstones-ruby-min-1000-max-25000.5-sort-desc-search-oval-ruby');
    expect(screen.getByRole('button', { name: 'Applying...' })).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('button', { name: 'Apply Filters' })).toBeEnabled();
  });

  it('refuses a negative price, says so next to the fields, and applies nothing', async () => {
    const { onApply } = renderForm();
    const min = screen.getByLabelText('Min price (₹)');
    expect(min).toHaveAttribute('min', '0');
    expect(screen.getByLabelText('Max price (₹)')).toHaveAttribute('min', '0');
    await userEvent.type(min, '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Prices must be 0 or more');
    expect(min).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a max price below the min price', async () => {
    const { onApply } = renderForm();
    await userEvent.type(screen.getByLabelText('Min price (₹)'), '500');
    await userEvent.type(screen.getByLabelText('Max price (₹)'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Max price must not be less than min price');
  });

  it('Clear All asks for every product', async () => {
    const { onClear, onApply } = renderForm(parseFilter('rings-min-10', names));
    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(onApply).not.toHaveBeenCalled();
  });
});

describe('FilterBar on phones', () => {
  it('shows a Filters button with the number of filters in force, opening a bottom sheet', async () => {
    const onApply = vi.fn();
    render(
      <FilterBar
        filter={parseFilter('gemstones-ruby-min-100-sort-asc', names)}
        categories={categories}
        subcategories={subcategories}
        onApply={onApply}
        onClear={vi.fn()}
      />,
    );
    expect(screen.getByTestId('filter-count')).toHaveTextContent('4');
    await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    // The sheet's code loads on first open: give the import time on a slow machine.
    const sheet = await screen.findByRole('dialog', { name: 'Filter products' }, { timeout: 15_000 });
    expect(within(sheet).getByLabelText('Subcategory')).toHaveValue('s1');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Apply Filters' }));
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('in the sheet, a sort applies at once with the rest of the form, and the sheet stays open', async () => {
    const onApply = vi.fn();
    render(
      <FilterBar
        filter={parseFilter('gemstones-ruby', names)}
        categories={categories}
        subcategories={subcategories}
        onApply={onApply}
        onClear={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Filter products' }, { timeout: 15_000 });
    await userEvent.type(within(sheet).getByLabelText('Max price (₹)'), '50000');
    await userEvent.selectOptions(within(sheet).getByLabelText('Sort by'), 'asc');
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(formatFilter(onApply.mock.calls[0]?.[0] as CatalogueFilter)).toBe('gemstones-ruby-max-50000-sort-asc');
    expect(screen.getByRole('dialog', { name: 'Filter products' })).toBeVisible();
  });

  it('shows no badge when no filter is in force', () => {
    render(
      <FilterBar
        filter={emptyFilter()}
        categories={categories}
        subcategories={subcategories}
        onApply={vi.fn()}
        onClear={vi.fn()}
      />,
    );
    expect(screen.queryByTestId('filter-count')).toBeNull();
  });
});

describe('gem filters in the form', () => {
  it('shows the gem terms read from the URL', () => {
    renderForm(
      parseFilter('gemstones-ruby-rattimin-4.5-rattimax-5.5-origin-burma-treatment-untreated-lab-gia-shape-oval', names),
    );
    expect(screen.getByLabelText('Min ratti')).toHaveValue(4.5);
    expect(screen.getByLabelText('Max ratti')).toHaveValue(5.5);
    expect(screen.getByLabelText('Origin')).toHaveValue('burma');
    expect(screen.getByLabelText('Treatment')).toHaveValue('untreated');
    expect(screen.getByLabelText('Lab certificate')).toHaveValue('gia');
    expect(screen.getByLabelText('Shape')).toHaveValue('oval');
  });

  it('applies carat, ratti, origin, shape, treatment and lab, and refuses a reversed range next to the fields', async () => {
    const { onApply } = renderForm();
    await userEvent.type(screen.getByLabelText('Min ratti'), '6');
    await userEvent.type(screen.getByLabelText('Max ratti'), '4.5');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Max ratti must not be less than min ratti');
    expect(onApply).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Min ratti'));
    await userEvent.type(screen.getByLabelText('Min ratti'), '4.5');
    await userEvent.type(screen.getByLabelText('Min carat'), '4');
    await userEvent.selectOptions(screen.getByLabelText('Origin'), 'Burma (Myanmar)');
    await userEvent.selectOptions(screen.getByLabelText('Shape'), 'Cushion');
    await userEvent.selectOptions(screen.getByLabelText('Treatment'), 'Untreated (unheated)');
    await userEvent.selectOptions(screen.getByLabelText('Lab certificate'), 'Any lab certificate');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    const applied = onApply.mock.calls[0]?.[0] as CatalogueFilter;
    expect(formatFilter(applied)).toBe(
      'caratmin-4-rattimin-4.5-rattimax-4.5-origin-burma-shape-cushion-treatment-untreated-lab-any',
    );
  });
});
