import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { categoryRoutes } from '../../../contract/categories';
import type { ShopMenu } from '../../../contract/menus';
import { MENUS_KEY } from '../../ssr';
import { answerOf } from '../../test/answers';
import { DesktopMenus, MobileMenus } from './NavMenus';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The menus the shop answers with: Vedic Stones and Jewellery filled, the rest empty. */
const shopMenus = (extraOther: ShopMenu['links'] = []) =>
  answerOf(categoryRoutes, 'GET /c1/api/menus', {
    success: true,
    menus: [
      { menu: 'zodiac', label: 'Zodiac Stones', links: [{ label: 'Ruby (Leo)', to: '/gemstones-ruby' }] },
      {
        menu: 'vedic',
        label: 'Vedic Stones',
        links: [
          { label: 'Ruby (Manik)', to: '/gemstones-ruby' },
          { label: "Cat's Eye (Lehsunia)", to: '/gemstones-catseye' },
        ],
      },
      { menu: 'exclusive', label: 'Exclusive Gemstones', links: [] },
      {
        menu: 'other',
        label: 'Other Gemstones',
        links: [{ label: 'Lapis Lazuli', to: '/gemstones-lapislazuli' }, ...extraOther],
      },
      { menu: 'jewellery', label: 'Jewellery', links: [{ label: 'Rings', to: '/jewellery-rings' }] },
    ],
  });

let answer: () => Promise<Response>;
let asked: string[];
beforeEach(() => {
  asked = [];
  answer = async () => json(shopMenus());
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string) => {
      asked.push(path);
      return path.startsWith('/c1/api/menus') ? answer() : new Promise<Response>(() => {});
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(element: React.ReactElement, carried?: ShopMenu[]) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (carried) qc.setQueryData(MENUS_KEY, carried);
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return qc;
}

const FIVE = ['Zodiac Stones', 'Vedic Stones', 'Exclusive Gemstones', 'Other Gemstones', 'Jewellery'];

describe('the header menus', () => {
  it('are the five by name before the shop answers, so the header stands still, then list what the shop placed', async () => {
    let release: (r: Response) => void = () => {};
    answer = () => new Promise<Response>((resolve) => (release = resolve));
    show(<DesktopMenus />);
    const nav = screen.getByRole('navigation', { name: 'Gemstones and jewellery' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(FIVE);
    expect(within(nav).queryAllByRole('link', { hidden: true })).toEqual([]);

    await act(async () => release(json(shopMenus())));
    const vedic = await within(nav).findByRole('link', { name: "Cat's Eye (Lehsunia)", hidden: true });
    expect(vedic.getAttribute('href')).toBe('/gemstones-catseye');
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(FIVE);
    expect(asked).toEqual(['/c1/api/menus']);
  });

  it('open on a click to show their links, the display names at the unchanged addresses', async () => {
    show(<DesktopMenus />);
    const nav = screen.getByRole('navigation', { name: 'Gemstones and jewellery' });
    await within(nav).findByRole('link', { name: 'Lapis Lazuli', hidden: true });
    await userEvent.click(within(nav).getByRole('button', { name: 'Other Gemstones' }));
    expect(within(nav).getByRole('button', { name: 'Other Gemstones' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Lapis Lazuli' }).getAttribute('href')).toBe('/gemstones-lapislazuli');
  });

  it('use the menus the page carried without asking for them', () => {
    show(<MobileMenus />, shopMenus().menus);
    const panel = screen.getByRole('navigation', { name: 'Gemstones and jewellery' });
    expect(within(panel).getByRole('link', { name: 'Rings', hidden: true }).getAttribute('href')).toBe('/jewellery-rings');
    expect(within(panel).getByRole('link', { name: 'Ruby (Manik)', hidden: true }).getAttribute('href')).toBe('/gemstones-ruby');
    expect(asked).toEqual([]);
  });

  it('show a subcategory the merchant added once the shop answers with it', async () => {
    const qc = show(<MobileMenus />, shopMenus().menus);
    const panel = screen.getByRole('navigation', { name: 'Gemstones and jewellery' });
    expect(within(panel).queryByRole('link', { name: 'Moonstone', hidden: true })).toBeNull();
    answer = async () => json(shopMenus([{ label: 'Moonstone', to: '/gemstones-moonstone' }]));
    await act(() => qc.invalidateQueries({ queryKey: MENUS_KEY }));
    const added = await within(panel).findByRole('link', { name: 'Moonstone', hidden: true });
    expect(added.getAttribute('href')).toBe('/gemstones-moonstone');
  });
});
