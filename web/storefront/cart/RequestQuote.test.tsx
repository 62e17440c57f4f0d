import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { A_RING_SETTING, aCartLine } from '../../test/fixtures';
import { stubQuoteRequests } from '../../test/quote-requests';
import { RequestQuote } from './RequestQuote';

const shop = stubQuoteRequests('Q/26-27/000009');

const ITEMS = [
  aCartLine({ cartItemId: 'c1', productId: 'p1', quantity: 3 }),
  aCartLine({ cartItemId: 'c2', productId: 'p1', quantity: 2, productsize: '7' }),
  aCartLine({ cartItemId: 'c3', productId: 'p2', quantity: 4 }),
  aCartLine({ cartItemId: 'c4', productId: 'p3', quantity: 1, setting: A_RING_SETTING }),
];

function renderIt() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <RequestQuote items={ITEMS} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('Request a quote', () => {
  it('asks for a price on the cart’s products (quantities added up, set pieces left out) with a note', async () => {
    const user = renderIt();
    await user.click(screen.getByRole('button', { name: 'Request a quote' }));
    await user.type(screen.getByLabelText(/A note for us/), 'For a wedding set');
    await user.click(screen.getByRole('button', { name: 'Send request (2 lines)' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Quote Q/26-27/000009 requested');
    expect(shop.sent).toEqual([
      {
        lines: [
          { productId: 'p1', quantity: 5 },
          { productId: 'p2', quantity: 4 },
        ],
        note: 'For a wedding set',
      },
    ]);
  });

  it('shows the shop’s refusal', async () => {
    shop.refuse = true;
    const user = renderIt();
    await user.click(screen.getByRole('button', { name: 'Request a quote' }));
    await user.click(screen.getByRole('button', { name: 'Send request (2 lines)' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Quotes are for approved business accounts'));
  });
});
