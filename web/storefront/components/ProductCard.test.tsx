import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../api/catalogue';
import { productOf } from '../../test/fixtures';
import { gemFacts } from './links';
import { ProductCard } from './ProductCard';
import { ProductCardSkeleton } from './ProductCardSkeleton';

const at = '2025-01-01T00:00:00.000Z';
const product = (over: Partial<Product> = {}): Product =>
  productOf({
    _id: 'p1',
    productname: 'Burmese Ruby (Manik) 4.55 Carat Oval',
    slug: 'burmese-ruby-manik-4-55-carat-oval',
    productprice: 90000,
    productdescription: '',
    productimages: [],
    productvideo: '',
    productsizes: [],
    productcolours: [],
    rating: 4.8,
    reviewcount: 2,
    metatitle: '',
    metadescription: '',
    productbrand: '',
    stockquantity: 1,
    isActive: true,
    category: { _id: 'c1', categoryname: 'Gemstones' },
    subcategory: { _id: 's1', subcategoryname: 'Ruby' },
    treatment: 'Unheated, untreated',
    cut: '',
    certification: 'GIA',
    shape: 'Oval',
    composition: '',
    origin: 'Burma (Myanmar)',
    excatdimensions: '',
    dimensiontype: '',
    refractiveindex: '',
    specificgravity: '',
    returnpolicy: '',
    weightcarrat: 4.55,
    weightratti: 5,
    weightkachiratti: null,
    weightpakkiratti: null,
    weightgrams: null,
    createdAt: at,
    updatedAt: at,
    ...over,
  });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ success: false, message: 'Signed out' }), { status: 401 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard(p: Product) {
  const router = createMemoryRouter([{ path: '/', element: <ProductCard product={p} /> }]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('gem facts on a product card', () => {
  it('shows carat, shape and origin under the three-word name', () => {
    renderCard(product());
    expect(screen.getByRole('link', { name: 'Burmese Ruby (Manik)...' })).toBeTruthy();
    expect(screen.getByTestId('gem-facts').textContent).toBe('4.55 ct · Oval · Burma');
  });

  it('leaves out what a product does not have, and keeps the line (empty) so cards line up', () => {
    renderCard(product({ weightcarrat: null, shape: '', origin: '' }));
    const facts = screen.getByTestId('gem-facts');
    expect(facts.textContent).toBe('');
    expect(facts.className).toContain('h-4');
  });

  it('reads the facts of any product', () => {
    expect(gemFacts({ weightcarrat: 7.2, shape: 'Cushion', origin: 'Sri Lanka (Ceylon)' })).toBe('7.20 ct · Cushion · Sri Lanka');
    expect(gemFacts({ weightcarrat: 0, shape: ' ', origin: 'Colombia' })).toBe('Colombia');
    expect(gemFacts({ weightcarrat: 3, shape: 'Round', origin: '' })).toBe('3.00 ct · Round');
  });

  it('has a skeleton with a line for the facts as well (no shift when cards arrive)', () => {
    const { container } = render(<ProductCardSkeleton />);
    expect(container.querySelectorAll('.h-4').length).toBe(2);
  });
});
