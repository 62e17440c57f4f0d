import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { User } from '../../api/auth';
import { aCreditBuyer, aProduct, SHOPPER, userOf } from '../../test/fixtures';
import { stubQuoteRequests } from '../../test/quote-requests';
import { ProductQuote } from './ProductQuote';

const shop = stubQuoteRequests('Q/26-27/000011');

const DEALER = aCreditBuyer(null);
const RING = aProduct({ _id: 'p7', productsizes: ['6', '7', '8'], productcolours: ['Red', 'Pink'] });

function renderIt(user: User | null, product = RING) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <ProductQuote
          product={product}
          user={user}
          size={product.productsizes[0] ?? ''}
          colour={product.productcolours[0] ?? ''}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('Request a quote on the product page', () => {
  it('asks for a price on this product: the quantity, size and colour chosen, and a note', async () => {
    const user = renderIt(DEALER);
    await user.click(screen.getByRole('button', { name: 'Request a quote' }));
    const quantity = screen.getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '25');
    await user.selectOptions(screen.getByLabelText('Size'), '7');
    await user.selectOptions(screen.getByLabelText('Colour'), 'Pink');
    await user.type(screen.getByLabelText(/A note for us/), 'For a wedding set');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Quote Q/26-27/000011 requested');
    expect(shop.sent).toEqual([
      { lines: [{ productId: 'p7', quantity: 25, productsize: '7', productcolour: 'Pink' }], note: 'For a wedding set' },
    ]);
  });

  it('asks no size or colour of a product without them, and sends no note when none is typed', async () => {
    const user = renderIt(DEALER, aProduct({ _id: 'p8' }));
    await user.click(screen.getByRole('button', { name: 'Request a quote' }));
    expect(screen.queryByLabelText('Size')).toBeNull();
    expect(screen.queryByLabelText('Colour')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await screen.findByRole('status');
    expect(shop.sent).toEqual([{ lines: [{ productId: 'p8', quantity: 10 }] }]);
  });

  it('refuses a quantity that is not a whole number of 1 or more without asking the shop', async () => {
    const user = renderIt(DEALER);
    await user.click(screen.getByRole('button', { name: 'Request a quote' }));
    for (const bad of ['0', '2.5', 'ten']) {
      await user.clear(screen.getByLabelText('Quantity'));
      await user.type(screen.getByLabelText('Quantity'), bad);
      await user.click(screen.getByRole('button', { name: 'Send request' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Quantity must be a whole number of 1 or more');
    }
    expect(shop.sent).toEqual([]);
  });

  it('shows the shop’s refusal', async () => {
    shop.refuse = true;
    const user = renderIt(DEALER);
    await user.click(screen.getByRole('button', { name: 'Request a quote' }));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Quotes are for approved business accounts'));
  });

  it('is not offered to a visitor, a retail buyer or a business not approved', () => {
    const pending = userOf({ ...DEALER, business: { ...(DEALER.business as NonNullable<User['business']>), status: 'pending' } });
    for (const who of [null, SHOPPER, pending]) {
      const { unmount } = render(
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>
            <ProductQuote product={RING} user={who} size="6" colour="Red" />
          </MemoryRouter>
        </QueryClientProvider>,
      );
      expect(screen.queryByRole('button', { name: 'Request a quote' })).toBeNull();
      unmount();
    }
  });
});
