import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reviewRoutes } from '../../../contract/reviews';
import { type AdminReview, reviewsApi } from '../../api/reviews';
import { answerOf } from '../../test/answers';
import ReviewsPage from './ReviewsPage';

configure({ asyncUtilTimeout: 5000 });

const ID = '5b0c9a52-7d1e-4b8a-9c6f-2e5d4a1b8c70';
const review = (over: Partial<AdminReview> = {}): AdminReview => ({
  _id: ID,
  rating: 4,
  title: 'Lovely colour',
  body: 'The stone is exactly as pictured, with a deep even blue in daylight.',
  photos: ['/uploads/products/abc/640.webp'],
  author: 'Asha V.',
  verified: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  reply: null,
  helpful: 0,
  status: 'pending',
  rejectreason: '',
  product: { _id: 'p1', productname: 'Ceylon Blue Sapphire', slug: 'ceylon-blue-sapphire' },
  orderId: 'o1',
  lineId: 'l1',
  order: { _id: 'o1', number: 'RG-000042' },
  user: { _id: 'u1', fullname: 'Asha Rani Verma', mobileno: '9812345678' },
  ...over,
});
const listOf = (reviews: AdminReview[]) =>
  answerOf(reviewRoutes, 'GET /p1/api/admin/reviews', {
    success: true,
    reviews,
    pagination: { currentPage: 1, totalPages: 1, totalItems: reviews.length, limit: 20 },
  });
const saved = ({ order: _order, user: _user, ...r }: AdminReview) =>
  answerOf(reviewRoutes, 'PATCH /p1/api/admin/reviews/:id', { success: true, message: 'Review saved', review: r });

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <ReviewsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ReviewsPage', () => {
  it('opens on pending reviews, each as the buyer wrote it, with nothing to edit its words', async () => {
    const list = vi.spyOn(reviewsApi, 'adminList').mockResolvedValue(listOf([review()]));
    renderPage();
    const card = await screen.findByRole('listitem', { name: 'Review of Ceylon Blue Sapphire by Asha V.' });
    expect(list).toHaveBeenCalledWith({ status: 'pending', page: 1 });
    expect(card).toHaveTextContent('Lovely colour');
    expect(card).toHaveTextContent('RG-000042');
    expect(card).toHaveTextContent('Asha Rani Verma (9812345678)');
    expect(within(card).getByRole('img', { name: 'Rated 4.0 out of 5' })).toBeInTheDocument();
    // only the reply and the reason are fields: the rating, title and text are not
    expect(
      within(card)
        .getAllByRole('textbox')
        .map((t) => t.id),
    ).toEqual([`review-${ID}-reply`, `review-${ID}-reason`]);
    expect(within(card).queryByRole('spinbutton')).toBeNull();
  });

  it('rejects only with a reason', async () => {
    vi.spyOn(reviewsApi, 'adminList').mockResolvedValue(listOf([review()]));
    const moderate = vi
      .spyOn(reviewsApi, 'moderate')
      .mockResolvedValue(saved(review({ status: 'rejected', rejectreason: 'Not about the stone' })));
    renderPage();
    const card = await screen.findByRole('listitem', { name: 'Review of Ceylon Blue Sapphire by Asha V.' });
    await userEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    expect(moderate).not.toHaveBeenCalled();
    expect(within(card).getByText('Give a reason to reject a review')).toBeInTheDocument();
    await userEvent.type(within(card).getByLabelText('Reason to reject'), 'Not about the stone');
    await userEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    expect(moderate).toHaveBeenCalledWith(ID, { status: 'rejected', reason: 'Not about the stone' });
  });

  it('approves with the shop’s reply', async () => {
    vi.spyOn(reviewsApi, 'adminList').mockResolvedValue(listOf([review()]));
    const moderate = vi.spyOn(reviewsApi, 'moderate').mockResolvedValue(saved(review({ status: 'approved' })));
    renderPage();
    const card = await screen.findByRole('listitem', { name: 'Review of Ceylon Blue Sapphire by Asha V.' });
    await userEvent.type(within(card).getByLabelText('Reply from the shop (shown under the review)'), 'Thank you, Asha!');
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(moderate).toHaveBeenCalledWith(ID, { status: 'approved', reply: 'Thank you, Asha!' });
  });
});
