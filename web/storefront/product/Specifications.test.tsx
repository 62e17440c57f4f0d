import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Product } from '../../api/catalogue';
import { aProduct } from '../../test/fixtures';
import { GemWeight } from './GemWeight';
import { Specifications } from './Specifications';

afterEach(cleanup);

/** A 6.49 ct ruby whose product also carries ratti typed by other sums (pakki 180 mg, kachi 120 mg). */
const ruby = (over: Partial<Product> = {}) =>
  aProduct({ weightcarrat: 6.49, weightratti: 7.13, weightpakkiratti: 7.21, weightkachiratti: 10.82, ...over });

/** The ratti figure the weight under the price shows and the one the specification table shows. */
function bothRatti(product: Product, rattiInCarats: number) {
  render(
    <>
      <GemWeight product={product} rattiInCarats={rattiInCarats} />
      <Specifications product={product} rattiInCarats={rattiInCarats} />
    </>,
  );
  const header = /([\d.]+) ratti/.exec(screen.getByTestId('gem-weight').textContent ?? '')?.[1];
  const row = screen.getByRole('row', { name: /Weight \(Ratti\)/ });
  const table = /([\d.]+) ratti/.exec(within(row).getByRole('cell').textContent ?? '')?.[1];
  return { header, table };
}

describe('Specifications: the ratti', () => {
  it('is the carat weight by the shop’s setting, the same figure as under the price, never a typed one', () => {
    expect(bothRatti(ruby(), 0.91)).toEqual({ header: '7.13', table: '7.13' });
    const table = screen.getByRole('table');
    expect(table).not.toHaveTextContent('7.21');
    expect(table).not.toHaveTextContent('10.82');
    expect(screen.queryByRole('rowheader', { name: /Pakki|Kachi/ })).toBeNull();
    expect(screen.getByRole('row', { name: /Weight \(Carat\)/ })).toHaveTextContent('6.49 ct');
  });

  it('follows the shop’s own setting on both', () => {
    expect(bothRatti(ruby(), 0.61)).toEqual({ header: '10.64', table: '10.64' });
  });

  it('without a carat weight, the kachi and pakki ratti typed on the product are what there is', () => {
    render(<Specifications product={ruby({ weightcarrat: null })} rattiInCarats={0.91} />);
    expect(screen.getByRole('row', { name: /Weight \(Pakki Ratti\)/ })).toHaveTextContent('7.21');
    expect(screen.getByRole('row', { name: /Weight \(Kachi Ratti\)/ })).toHaveTextContent('10.82');
    expect(screen.queryByRole('row', { name: /Weight \(Ratti\)/ })).toBeNull();
  });
});
