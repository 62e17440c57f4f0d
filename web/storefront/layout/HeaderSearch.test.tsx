import { cleanup, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productRoutes } from '../../../contract/products';
import { answerOf } from '../../test/answers';
import { HeaderSearch, searchPath } from './HeaderSearch';

configure({ asyncUtilTimeout: 5000 });

const asked: string[] = [];
beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const q = new URL(url, 'http://shop').searchParams.get('q') ?? '';
      const body = answerOf(productRoutes, 'GET /p1/api/suggest', {
        success: true,
        query: q,
        stones: [{ name: 'Ruby', path: '/gemstones-ruby', note: 'Gemstones' }],
        categories: [],
        products: [
          {
            _id: 'p1',
            productname: 'Burmese Ruby (Manik) 4.55 Carat Cushion',
            path: '/gemstones/ruby/burmese-ruby-manik-4-55-carat-cushion',
            image: '',
            price: 221300,
          },
        ],
      });
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderHeader() {
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <>
          <HeaderSearch />
          <Where />
        </>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
}

/** The wide screen's field (jsdom shows both; the phone's is inside its closed disclosure). */
const field = () => screen.getAllByRole('combobox', { name: 'Search stones and jewellery', hidden: true })[0] as HTMLInputElement;

describe('the header search', () => {
  it('is a GET form on /all with a search field, so it works before the app runs', () => {
    renderHeader();
    const form = field().closest('form') as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/all');
    expect(field().name).toBe('search');
  });

  it('asks from two letters on and lists stones and products', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(field());
    await user.type(field(), 'r');
    await user.type(field(), 'ubi');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'StoneRubyGemstones',
      'Burmese Ruby (Manik) 4.55 Carat Cushion₹2,21,300.00',
    ]);
    expect(asked.every((u) => new URL(u, 'http://shop').searchParams.get('q')!.length >= 2)).toBe(true);
    expect(asked.at(-1)).toContain('q=rubi');
  });

  it('moves through the suggestions with the arrow keys and opens the chosen one with Enter', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(field());
    await user.type(field(), 'rubi');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(field().getAttribute('aria-activedescendant')).toMatch(/-1$/);
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/gemstones/ruby/burmese-ruby-manik-4-55-carat-cushion');
  });

  it('Enter without a choice opens the listing of the search; Escape closes the list', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(field());
    await user.type(field(), 'yellow sapphire');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/search-yellow-sapphire');
    expect(searchPath('  Rubi  ')).toBe('/search-rubi');
  });
});
