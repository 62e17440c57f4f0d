import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currencyRoutes } from '../../../contract/currencies';
import { type Design, madeToOrderRoutes } from '../../../contract/made-to-order';
import type { Product } from '../../api/catalogue';
import { answerOf } from '../../test/answers';
import { aProduct } from '../../test/fixtures';
import { SetInPiece } from './SetInPiece';

const STONE = '66666666-6666-4666-8666-666666666666';
const RING = '11111111-1111-4111-8111-111111111111';
const PENDANT = '22222222-2222-4222-8222-222222222222';
const TOO_SMALL = '33333333-3333-4333-8333-333333333333';

const design = (over: Partial<Design>): Design => ({
  _id: RING,
  name: 'Solitaire ring',
  kind: 'ring',
  images: [],
  metals: [
    { metal: 'gold-22k', grams: 3.8 },
    { metal: 'silver-925', grams: 4.2 },
  ],
  gramspersize: 0.12,
  making: { type: 'percent', value: 12 },
  shapes: ['Oval', 'Round'],
  mincarat: 1,
  maxcarat: 8,
  days: 10,
  active: true,
  ...over,
});
const DESIGNS = [
  design({}),
  design({ _id: PENDANT, name: 'Classic pendant', kind: 'pendant', metals: [{ metal: 'gold-22k', grams: 2.4 }], days: 7 }),
  // Takes only stones of 5 carats or more: never offered for a 4.55-carat ruby.
  design({ _id: TOO_SMALL, name: 'Cocktail ring', mincarat: 5 }),
];

/** The server's price for a choice: made up per size so a test can tell which one was shown. */
const priceFor = (q: URLSearchParams) => {
  const size = Number(q.get('size') ?? 12);
  const metal = 27341;
  return answerOf(madeToOrderRoutes, 'GET /p1/api/made-to-order/price', {
    success: true,
    price: {
      stone: 221300,
      stonenet: 220748.13,
      metal: { grams: 3.8 + 0.12 * (size - 12), rate: 7195, amount: metal },
      making: 3488.75,
      taxable: 253305.68,
      gst: { rate: 3, amount: 7599.32 + size - 12 },
      total: 260905 + size - 12,
    },
    days: q.get('designId') === PENDANT ? 7 : 10,
  });
};

let asked: URLSearchParams[];
let stale: boolean;
beforeEach(() => {
  asked = [];
  stale = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      const url = new URL(path, 'http://shop.test');
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/a1/api/currencies')
        return json(
          answerOf(currencyRoutes, 'GET /a1/api/currencies', {
            success: true,
            base: 'INR',
            updatedAt: FRESH,
            currencies: [
              { code: 'INR', rate: 1, decimals: 2, symbol: '₹', updatedAt: FRESH },
              { code: 'USD', rate: 0.0118, decimals: 2, symbol: 'US$', updatedAt: FRESH },
            ],
          }),
        );
      if (url.pathname === '/p1/api/designs')
        return json(answerOf(madeToOrderRoutes, 'GET /p1/api/designs', { success: true, designs: DESIGNS }));
      if (url.pathname === '/p1/api/made-to-order/price') {
        asked.push(url.searchParams);
        if (stale && url.searchParams.get('metal') === 'gold-22k')
          return json({ success: false, message: 'Price on request' }, 409);
        return json(priceFor(url.searchParams));
      }
      return json({ success: false, message: 'Not found' }, 404);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});
/** The currencies' rates were given now: fresh enough to be charged. */
const FRESH = new Date().toISOString();

function renderFor(product: Product) {
  const onAdd = vi.fn(async () => undefined);
  const onBuy = vi.fn(async () => undefined);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={qc}>
      <SetInPiece product={product} onAdd={onAdd} onBuy={onBuy} busy={false} />
    </QueryClientProvider>,
  );
  return { ...view, onAdd, onBuy };
}

const RUBY = aProduct({ _id: STONE, shape: 'Oval', weightcarrat: 4.55 });

describe('Set it in a ring / pendant', () => {
  it('offers the designs the stone fits and shows the server’s price, broken down, for each choice', async () => {
    const { onAdd, onBuy } = renderFor(RUBY);
    expect(await screen.findByTestId('piece-total')).toHaveTextContent('₹2,60,905.00');
    const designChoice = screen.getByRole('combobox', { name: 'Design' });
    expect([...designChoice.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Solitaire ring (ring)',
      'Classic pendant (pendant)',
    ]);
    expect(asked.map((q) => Object.fromEntries(q))).toEqual([
      { productId: STONE, designId: RING, metal: 'gold-22k', size: '12' },
    ]);
    const breakdown = screen.getByTestId('piece-price');
    expect(breakdown).toHaveTextContent('Stone (before its own GST)₹2,20,748.13');
    expect(breakdown).toHaveTextContent('22 karat gold (916): 3.8 g at ₹7,195.00/g');
    expect(breakdown).toHaveTextContent('Making₹3,488.75');
    expect(breakdown).toHaveTextContent('GST as jewellery (3%)₹7,599.32');
    expect(breakdown).toHaveTextContent('Made in 10 working days');

    fireEvent.change(screen.getByRole('combobox', { name: 'Ring size' }), { target: { value: '14' } });
    await waitFor(() => expect(screen.getByTestId('piece-total')).toHaveTextContent('₹2,60,907.00'));
    expect(Object.fromEntries(asked.at(-1) ?? [])).toMatchObject({ size: '14', metal: 'gold-22k' });

    fireEvent.click(screen.getByRole('button', { name: 'Add ring to cart' }));
    expect(onAdd).toHaveBeenCalledWith({
      productId: STONE,
      quantity: 1,
      setting: { designId: RING, metal: 'gold-22k', size: 14 },
    });

    // A pendant has no size: none is asked or sent.
    fireEvent.change(designChoice, { target: { value: PENDANT } });
    await waitFor(() => expect(screen.getByText(/Made in 7 working days/)).toBeInTheDocument());
    expect(screen.queryByRole('combobox', { name: 'Ring size' })).toBeNull();
    expect(asked.at(-1)?.has('size')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Buy pendant now' }));
    expect(onBuy).toHaveBeenCalledWith({
      productId: STONE,
      quantity: 1,
      setting: { designId: PENDANT, metal: 'gold-22k', size: undefined },
    });
  });

  it('shows the chosen design’s first picture, none for a design without pictures', async () => {
    DESIGNS[1] = { ...(DESIGNS[1] as Design), images: ['/uploads/pp/1280.webp', '/uploads/qq/1280.webp'] };
    try {
      renderFor(RUBY);
      await screen.findByTestId('piece-total');
      expect(screen.queryByTestId('design-picture')).toBeNull();
      fireEvent.change(screen.getByRole('combobox', { name: 'Design' }), { target: { value: PENDANT } });
      const picture = await screen.findByRole('img', { name: 'Classic pendant, as it is made' });
      expect(picture).toHaveAttribute('src', '/uploads/pp/640.webp');
      expect(picture.getAttribute('srcset')).toContain('/uploads/pp/1280.webp 1280w');
    } finally {
      DESIGNS[1] = { ...(DESIGNS[1] as Design), images: [] };
    }
  });

  it('shows the piece’s price also in the currency picked in the header, converted as the rest of the page is', async () => {
    renderFor(RUBY);
    expect(await screen.findByTestId('piece-total')).toHaveTextContent('₹2,60,905.00');
    // rupees alone until another currency is picked
    expect(screen.queryByTestId('approx-price')).toBeNull();
    cleanup();

    window.localStorage.setItem('shop.currency', 'USD');
    renderFor(RUBY);
    // ₹2,60,905 × 0.0118 = US$3,078.679, rounded up to the cent as the server charges
    await waitFor(() => expect(screen.getByTestId('approx-price')).toHaveTextContent('≈ US$3,078.68'));
    expect(screen.getByTestId('piece-total')).toHaveTextContent('₹2,60,905.00');
    // a new choice is priced by the server again, and converted again
    fireEvent.change(screen.getByRole('combobox', { name: 'Ring size' }), { target: { value: '14' } });
    await waitFor(() => expect(screen.getByTestId('piece-total')).toHaveTextContent('₹2,60,907.00'));
    expect(screen.getByTestId('approx-price')).toHaveTextContent('≈ US$3,078.71');
  });

  it('shows "Price on request" and sells nothing while the metal’s rate is stale', async () => {
    stale = true;
    const { onAdd } = renderFor(RUBY);
    expect(await screen.findByText('Price on request')).toBeInTheDocument();
    expect(screen.queryByTestId('piece-total')).toBeNull();
    const add = screen.getByRole('button', { name: 'Add ring to cart' });
    expect(add).toBeDisabled();
    fireEvent.click(add);
    expect(onAdd).not.toHaveBeenCalled();
    // Silver's rate is current: that piece can be priced.
    fireEvent.change(screen.getByRole('combobox', { name: 'Metal' }), { target: { value: 'silver-925' } });
    await waitFor(() => expect(screen.getByTestId('piece-total')).toBeInTheDocument());
  });

  it('offers nothing for a stone no design fits, and nothing once the server says it cannot be set', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const noop = async () => undefined;
    const { unmount } = render(
      <QueryClientProvider client={qc}>
        <div data-testid="trillion">
          <SetInPiece
            product={aProduct({ _id: STONE, shape: 'Trillion', weightcarrat: 4.55 })}
            onAdd={noop}
            onBuy={noop}
            busy={false}
          />
        </div>
        <div data-testid="oval">
          <SetInPiece product={RUBY} onAdd={noop} onBuy={noop} busy={false} />
        </div>
      </QueryClientProvider>,
    );
    // The same designs came for both: only the oval ruby fits one.
    await waitFor(() => expect(screen.getByTestId('oval')).toContainElement(screen.getByTestId('set-in-piece')));
    expect(screen.getByTestId('trillion')).toBeEmptyDOMElement();
    expect(asked).toHaveLength(1);
    unmount();

    vi.mocked(fetch).mockImplementation(async (path) => {
      const url = new URL(String(path), 'http://shop.test');
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/p1/api/designs') return json({ success: true, designs: DESIGNS });
      asked.push(url.searchParams);
      return json({ success: false, message: 'Only a loose stone can be set in a piece' }, 409);
    });
    renderFor(RUBY);
    await waitFor(() => expect(asked).toHaveLength(2));
    await waitFor(() => expect(screen.queryByTestId('set-in-piece')).toBeNull());
  });

  it('gives the inner diameter of each Indian ring size in its guide', async () => {
    renderFor(RUBY);
    fireEvent.click(await screen.findByRole('button', { name: 'Size guide' }));
    expect(screen.getByTestId('size-guide')).toHaveTextContent('Indian size = length in mm − 40');
    expect(screen.getByRole('row', { name: '1 13.1 mm 16 17.8 mm' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: '14 17.2 mm 29 22.0 mm' })).toBeInTheDocument();
  });
});
