import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductPromises } from './ProductPromises';

afterEach(cleanup);

describe('ProductPromises', () => {
  it('says Free Delivery only when the rate its checkout would charge is free', () => {
    render(<ProductPromises delivery={{ name: 'Standard', amount: 0, mindays: 3, maxdays: 10 }} />);
    expect(screen.getByTestId('delivery-promise')).toHaveTextContent(/^Free Delivery$/);
    expect(screen.getByText('Secure Payment')).toBeInTheDocument();
    expect(screen.getByText('Best Quality')).toBeInTheDocument();
  });

  it('names the charge when the rate is not free, and promises nothing when the shop does not deliver in India', () => {
    render(<ProductPromises delivery={{ name: 'Standard', amount: 150, mindays: 3, maxdays: 10 }} />);
    expect(screen.getByTestId('delivery-promise')).toHaveTextContent(/^Delivery ₹150$/);
    cleanup();
    render(<ProductPromises delivery={null} />);
    expect(screen.getByTestId('delivery-promise')).toHaveTextContent(/^Delivery at checkout$/);
    expect(screen.queryByText(/Free/)).toBeNull();
  });
});
