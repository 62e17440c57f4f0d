import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ActiveFilters, filterHeading } from './ActiveFilters';
import { emptyFilter, parseFilter } from './filterGrammar';

afterEach(cleanup);

const names = {
  categories: ['Gemstones', 'Jewellery'],
  subcategories: [
    { name: 'Ruby', category: 'Gemstones' },
    { name: 'Rings', category: 'Jewellery' },
  ],
};
const read = (term: string) =>
  parseFilter(term, { categories: names.categories, subcategories: names.subcategories.map((s) => s.name) });

describe('the filter in force, named and taken apart', () => {
  it('names what the listing shows: its label as the page title words it, then the gem terms; never the sort', () => {
    expect(filterHeading(read('gemstones-ruby-max-50000-sort-desc'), names)).toBe('Ruby Gemstones under ₹50,000');
    expect(filterHeading(read('gemstones-ruby-rattimin-4.5-origin-burma'), names)).toBe(
      'Ruby Gemstones, From 4.5 ratti, Burma (Myanmar)',
    );
  });

  it('shows the heading and a chip for each filter, each a link to the listing without it', () => {
    render(
      <MemoryRouter>
        <ActiveFilters filter={read('gemstones-ruby-max-50000')} names={names} pageHeading="Ruby" />
      </MemoryRouter>,
    );
    const box = screen.getByRole('region', { name: 'Active filters' });
    expect(within(box).getByRole('heading', { level: 2 })).toHaveTextContent('Ruby Gemstones under ₹50,000');
    expect(within(box).getByRole('link', { name: 'Remove filter: Under ₹50,000' })).toHaveAttribute('href', '/gemstones-ruby');
    expect(within(box).getByRole('link', { name: 'Remove filter: Ruby' })).toHaveAttribute('href', '/gemstones-max-50000');
    expect(within(box).getByRole('link', { name: 'Remove filter: Gemstones' })).toHaveAttribute('href', '/ruby-max-50000');
  });

  it('names a stone by its display name in the heading and its chip, its address staying the name’s', () => {
    const shown = {
      categories: names.categories,
      subcategories: [...names.subcategories, { name: 'Catseye', category: 'Gemstones', shown: "Cat's Eye" }],
    };
    const filter = parseFilter('gemstones-catseye-max-50000', {
      categories: shown.categories,
      subcategories: shown.subcategories.map((s) => s.name),
    });
    render(
      <MemoryRouter>
        <ActiveFilters filter={filter} names={shown} pageHeading="Cat's Eye Gemstones" />
      </MemoryRouter>,
    );
    const box = screen.getByRole('region', { name: 'Active filters' });
    expect(within(box).getByRole('heading', { level: 2 })).toHaveTextContent("Cat's Eye Gemstones under ₹50,000");
    expect(within(box).getByRole('link', { name: "Remove filter: Cat's Eye" })).toHaveAttribute('href', '/gemstones-max-50000');
    expect(within(box).getByRole('link', { name: 'Remove filter: Under ₹50,000' })).toHaveAttribute('href', '/gemstones-catseye');
  });

  it('says no heading the page’s own already says, and nothing at all with no filter', () => {
    const { container } = render(
      <MemoryRouter>
        <ActiveFilters filter={read('gemstones-ruby')} names={names} pageHeading="Ruby Gemstones" />
        <ActiveFilters filter={emptyFilter()} names={names} pageHeading="All Products" />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getAllByRole('region', { name: 'Active filters' })).toHaveLength(1);
    expect(container).toHaveTextContent('GemstonesRuby');
  });

  it('adds no heading to a plain name search, which the page heading (Search results for "…") and its chip name', () => {
    render(
      <MemoryRouter>
        <ActiveFilters filter={read('rose-quartz-sort-desc')} names={names} pageHeading={'Search results for "rose quartz"'} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('heading')).toBeNull();
    const box = screen.getByRole('region', { name: 'Active filters' });
    expect(within(box).getByRole('link', { name: 'Remove filter: “rose quartz”' })).toHaveAttribute('href', '/sort-desc');
  });
});
