import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { categoryRoutes } from '../../../contract/categories';
import { type AdminMenus, adminApi } from '../../api/admin';
import { catalogueApi } from '../../api/catalogue';
import { answerOf } from '../../test/answers';
import { categoryOf, subcategoryOf } from '../../test/fixtures';
import { Notices } from '../ui/Notice';
import MenusPage from './MenusPage';

const at = '2025-03-10T06:30:00.000Z';
const gemstones = categoryOf({ _id: 'c-gems', categoryname: 'Gemstones', createdAt: at, updatedAt: at });
const stone = (id: string, name: string, displayname?: string) =>
  subcategoryOf({
    _id: id,
    subcategoryname: name,
    ...(displayname ? { displayname } : {}),
    category: { _id: gemstones._id, categoryname: 'Gemstones' },
    createdAt: at,
    updatedAt: at,
  });

const place = (subcategory: string, name: string, note = '', shown = true) => ({
  category: null,
  subcategory,
  name: `${name} · Gemstones`,
  note,
  to: `/gemstones-${name.toLowerCase()}`,
  shown,
});
const laidOut = (other: AdminMenus['menus'][number]['entries']): AdminMenus =>
  answerOf(categoryRoutes, 'GET /c1/api/admin/menus', {
    success: true,
    menus: [
      { menu: 'zodiac', label: 'Zodiac Stones', entries: [place('s-ruby', 'Ruby', 'Leo')] },
      { menu: 'vedic', label: 'Vedic Stones', entries: [] },
      { menu: 'exclusive', label: 'Exclusive Gemstones', entries: [] },
      { menu: 'other', label: 'Other Gemstones', entries: other },
      { menu: 'jewellery', label: 'Jewellery', entries: [] },
    ],
  });

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <MenusPage />
        <Notices />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('menus screen', () => {
  it('lists each menu’s places, says which are not shown, and saves a place added, a note and a new order', async () => {
    vi.spyOn(adminApi.menus, 'get').mockResolvedValue(laidOut([place('s-topaz', 'Topaz', '', false)]));
    vi.spyOn(adminApi.categories, 'all').mockResolvedValue(
      answerOf(categoryRoutes, 'GET /c1/api/all', { success: true, data: [gemstones] }),
    );
    vi.spyOn(catalogueApi, 'allSubcategories').mockResolvedValue([
      stone('s-ruby', 'Ruby'),
      stone('s-topaz', 'Topaz'),
      stone('s-lapis', 'Lapislazuli', 'Lapis Lazuli'),
    ]);
    const save = vi.spyOn(adminApi.menus, 'save').mockResolvedValue(laidOut([]));
    const user = userEvent.setup();
    renderPage();

    const other = await screen.findByRole('region', { name: 'Other Gemstones' });
    expect(within(other).getByTestId('menu-place').textContent).toContain('Not shown: no active product yet');
    const choose = within(other).getByLabelText('Add to Other Gemstones');
    await waitFor(() => expect(within(choose).getAllByRole('option')).toHaveLength(4));
    // What is already in the menu is not offered again; a stone is offered by its display name.
    expect(
      within(choose)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a category or subcategory…', 'Gemstones (all)', 'Ruby · Gemstones', 'Lapis Lazuli · Gemstones']);
    expect(screen.getByRole('button', { name: 'Save menus' })).toBeDisabled();
    await user.selectOptions(choose, 'Lapis Lazuli · Gemstones');
    await user.click(within(other).getByRole('button', { name: 'Add' }));
    await user.type(within(other).getByLabelText('Note for Lapis Lazuli · Gemstones'), 'Lajward');
    await user.click(within(other).getByRole('button', { name: 'Move Lapis Lazuli · Gemstones up' }));
    await user.click(screen.getByRole('button', { name: 'Save menus' }));

    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const body = save.mock.calls[0]?.[0];
    expect(body?.menus.find((m) => m.menu === 'other')?.entries).toEqual([
      { category: null, subcategory: 's-lapis', note: 'Lajward' },
      { category: null, subcategory: 's-topaz', note: '' },
    ]);
    expect(body?.menus.find((m) => m.menu === 'zodiac')?.entries).toEqual([
      { category: null, subcategory: 's-ruby', note: 'Leo' },
    ]);
    expect(await screen.findByText('Menus saved')).toBeTruthy();
  });

  it('takes a place out of a menu', async () => {
    vi.spyOn(adminApi.menus, 'get').mockResolvedValue(laidOut([place('s-topaz', 'Topaz')]));
    vi.spyOn(adminApi.categories, 'all').mockResolvedValue(
      answerOf(categoryRoutes, 'GET /c1/api/all', { success: true, data: [gemstones] }),
    );
    vi.spyOn(catalogueApi, 'allSubcategories').mockResolvedValue([stone('s-topaz', 'Topaz')]);
    const save = vi.spyOn(adminApi.menus, 'save').mockResolvedValue(laidOut([]));
    const user = userEvent.setup();
    renderPage();
    const other = await screen.findByRole('region', { name: 'Other Gemstones' });
    await user.click(await within(other).findByRole('button', { name: 'Remove Topaz · Gemstones from Other Gemstones' }));
    expect(within(other).getByText('Nothing in this menu.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save menus' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[0].menus.find((m) => m.menu === 'other')?.entries).toEqual([]);
  });
});
