import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { rattiOf } from '../../../contract/gems';
import type { Product } from '../../api/catalogue';
import { aProduct } from '../../test/fixtures';
import { GemWeight, rattiNote } from './GemWeight';

afterEach(cleanup);

const product = (over: Partial<Product>) => aProduct({ productprice: 221300, weightcarrat: 4.55, saleprice: null, ...over });
/** A running sale, as the product routes send it with its price. */
const sale = { name: 'Diwali', percentoff: 18, endsAt: '2099-11-01T00:00:00.000Z' };

describe('GemWeight', () => {
  it('shows carat with ratti beside it, the ratti it uses, and the price per carat', () => {
    render(<GemWeight product={product({})} rattiInCarats={0.91} />);
    const box = screen.getByTestId('gem-weight');
    expect(box).toHaveTextContent('4.55 ct · 5.00 ratti');
    expect(box).toHaveTextContent('(1 ratti = 0.91 ct, the standard (pakki) ratti as weighed in Punjab)');
    expect(box).toHaveTextContent('Price per carat₹48,637');
  });

  it('uses the shop’s own factor and the sale price when a sale runs', () => {
    render(<GemWeight product={product({ saleprice: 182000, sale })} rattiInCarats={0.61} />);
    const box = screen.getByTestId('gem-weight');
    expect(box).toHaveTextContent('4.55 ct · 7.46 ratti');
    expect(box).toHaveTextContent('(1 ratti = 0.61 ct)');
    expect(box).toHaveTextContent('Price per carat₹40,000');
  });

  it('shows nothing for a product without a carat weight', () => {
    const { container } = render(<GemWeight product={product({ weightcarrat: null })} rattiInCarats={0.91} />);
    expect(container.innerHTML).toBe('');
    expect(rattiOf(9.1, 0.91)).toBe(10);
    expect(rattiNote(0.9)).toBe('1 ratti = 0.9 ct');
  });
});
