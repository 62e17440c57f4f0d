import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authRoutes } from '../../../contract/auth';
import { reviewRoutes } from '../../../contract/reviews';
import { authApi } from '../../api/auth';
import { type PublicReview, reviewsApi } from '../../api/reviews';
import { answerOf } from '../../test/answers';
import { SHOPPER } from '../../test/fixtures';
import { ProductReviews } from './ProductReviews';

configure({ asyncUtilTimeout: 5000 });

const PRODUCT = '3f0c9a52-7d1e-4b8a-9c6f-2e5d4a1b8c7f';
const review = (over: Partial<PublicReview>): PublicReview => ({
  _id: 'r1',
  rating: 5,
  title: 'Lovely colour',
  body: 'The stone is exactly as pictured, with a deep even blue in daylight.',
  photos: ['/uploads/products/abc/640.webp'],
  author: 'Asha V.',
  verified: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  reply: { body: 'Thank you, Asha! Wear it in good health.', createdAt: '2026-11-21T10:00:00.000Z' },
  helpful: 2,
  ...over,
});
const answer = (reviews: PublicReview[]) =>
  answerOf(reviewRoutes, 'GET /p1/api/reviews/:productId', {
    success: true,
    reviews,
    summary: { average: 4.5, count: 2, histogram: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 } },
    pagination: { currentPage: 1, totalPages: 1, totalItems: 2, limit: 10 },
  });

function renderReviews(reviewcount: number) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <ProductReviews productId={PRODUCT} reviewcount={reviewcount} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ProductReviews', () => {
  it('says No reviews yet, without asking the server, when the product has no approved review', () => {
    const list = vi.spyOn(reviewsApi, 'list');
    renderReviews(0);
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
    expect(list).not.toHaveBeenCalled();
  });

  it('shows the summary and each review with Verified buyer, its photos, the shop’s reply and Helpful', async () => {
    vi.spyOn(authApi, 'checkUser').mockRejectedValue(new Error('signed out'));
    const list = vi
      .spyOn(reviewsApi, 'list')
      .mockResolvedValue(
        answer([review({}), review({ _id: 'r2', rating: 4, author: 'Vikram S.', photos: [], reply: null, helpful: 0 })]),
      );
    renderReviews(2);
    const summary = await screen.findByTestId('review-summary');
    expect(summary).toHaveTextContent('4.5');
    expect(summary).toHaveTextContent('2 reviews');
    expect(within(summary).getByLabelText('5 stars: 1')).toBeInTheDocument();
    expect(within(summary).getByLabelText('3 stars: 0')).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith(PRODUCT, { page: 1, sort: 'recent' });

    const asha = screen.getByRole('listitem', { name: 'Review by Asha V.' });
    expect(asha).toHaveTextContent('Verified buyer');
    expect(asha).toHaveTextContent('Lovely colour');
    expect(within(asha).getByRole('img', { name: 'From Asha V., 1 of 1' })).toHaveAttribute(
      'src',
      '/uploads/products/abc/640.webp',
    );
    expect(within(asha).getByTestId('review-reply')).toHaveTextContent('Thank you, Asha! Wear it in good health.');
    expect(asha).toHaveTextContent('Helpful (2)');
    const vikram = screen.getByRole('listitem', { name: 'Review by Vikram S.' });
    expect(within(vikram).queryByTestId('review-reply')).toBeNull();
    expect(within(vikram).getByRole('link', { name: 'Sign in to vote' })).toHaveAttribute('href', '/signin');

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Most helpful');
    expect(list).toHaveBeenLastCalledWith(PRODUCT, { page: 1, sort: 'helpful' });
  });

  it('counts a signed-in shopper’s Helpful vote once', async () => {
    vi.spyOn(authApi, 'checkUser').mockResolvedValue(
      answerOf(authRoutes, 'GET /u1/api/checkuser', { success: true, user: SHOPPER }),
    );
    vi.spyOn(reviewsApi, 'list').mockResolvedValue(answer([review({})]));
    const helpful = vi
      .spyOn(reviewsApi, 'helpful')
      .mockResolvedValue(answerOf(reviewRoutes, 'POST /p1/api/reviews/:id/helpful', { success: true, helpful: 3 }));
    renderReviews(2);
    const button = await screen.findByRole('button', { name: 'Helpful (2)' });
    await userEvent.click(button);
    expect(helpful).toHaveBeenCalledWith('r1');
    expect(await screen.findByRole('button', { name: 'Helpful (3)' })).toBeDisabled();
  });
});
