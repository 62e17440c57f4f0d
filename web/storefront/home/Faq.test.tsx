import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { storefrontRoutes } from '../../../contract/storefront';
import { answerOf } from '../../test/answers';
import { Faq } from './Faq';

const faqOf = (answer: string) =>
  answerOf(storefrontRoutes, 'GET /a1/api/storefront', {
    success: true,
    storefront: { slides: [], banners: [], tiles: [], films: [], faq: [{ _id: 'f1', question: 'Where?', answer }] },
  }).storefront.faq;

describe('FAQ answers', () => {
  it('link a page of the shop, and leave a link to anywhere else as plain text', () => {
    render(
      <MemoryRouter>
        <Faq
          faq={faqOf('See [our rubies](/gemstones-ruby), not [this](/\\elsewhere.example/) or [that](//elsewhere.example).')}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'our rubies' })).toHaveAttribute('href', '/gemstones-ruby');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByTestId('faq')).toHaveTextContent('not [this](/\\elsewhere.example/) or [that](//elsewhere.example).');
  });
});
