import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { type PublicReview, type ReviewSort, type ReviewSummary, reviewsApi } from '../../api/reviews';
import { useSession } from '../../auth/session';
import { formatRating, NoReviews, Stars } from '../components/Stars';

const SORTS: [ReviewSort, string][] = [
  ['recent', 'Most recent'],
  ['helpful', 'Most helpful'],
  ['rating-high', 'Highest rating'],
  ['rating-low', 'Lowest rating'],
];

const reviewDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** The average, the count and how many reviews gave each number of stars. */
function Summary({ summary }: { summary: ReviewSummary }) {
  return (
    <div className="flex flex-wrap items-start gap-6" data-testid="review-summary">
      <div>
        <p className="text-4xl font-bold text-gray-900 tabular-nums">
          {summary.average === null ? '–' : formatRating(summary.average)}
        </p>
        {summary.average === null ? null : <Stars rating={summary.average} />}
        <p className="mt-1 text-sm text-gray-600">
          {summary.count} {summary.count === 1 ? 'review' : 'reviews'}
        </p>
      </div>
      <ol className="min-w-48 flex-1 space-y-1 text-sm" aria-label="Reviews by stars">
        {([5, 4, 3, 2, 1] as const).map((stars) => {
          const n = summary.histogram[stars];
          const share = summary.count ? Math.round((n / summary.count) * 100) : 0;
          return (
            <li key={stars} className="flex items-center gap-2" aria-label={`${stars} stars: ${n}`}>
              <span className="w-10 text-gray-700">{stars} ★</span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-gray-200" aria-hidden="true">
                <span className="block h-full bg-gold-500" style={{ width: `${share}%` }} />
              </span>
              <span className="w-8 text-right text-gray-600 tabular-nums">{n}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** "Helpful": one vote per signed-in shopper; a visitor is asked to sign in. */
function Helpful({ review }: { review: PublicReview }) {
  const { user } = useSession();
  const [count, setCount] = useState(review.helpful);
  const [voted, setVoted] = useState(false);
  const [error, setError] = useState('');
  if (!user) {
    return (
      <p className="text-xs text-gray-600">
        Helpful ({count}) ·{' '}
        <Link to="/signin" className="text-brand-700 hover:underline">
          Sign in to vote
        </Link>
      </p>
    );
  }
  async function vote() {
    setError('');
    try {
      const answer = await reviewsApi.helpful(review._id);
      setCount(answer.helpful);
      setVoted(true);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Your vote could not be saved');
    }
  }
  return (
    <p className="flex items-center gap-2 text-xs text-gray-600">
      <button
        type="button"
        onClick={vote}
        disabled={voted}
        aria-pressed={voted}
        className="rounded-full border border-gray-300 px-3 py-1 font-medium text-gray-800 hover:bg-gray-50 disabled:opacity-60"
      >
        Helpful ({count})
      </button>
      {error ? <span role="alert">{error}</span> : null}
    </p>
  );
}

function ReviewItem({ review }: { review: PublicReview }) {
  return (
    <li className="py-5" data-testid="review" aria-label={`Review by ${review.author}`}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Stars rating={review.rating} />
        {review.title ? <h3 className="font-semibold text-gray-900">{review.title}</h3> : null}
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-gray-600">
        <span className="font-medium text-gray-800">{review.author}</span>
        {review.verified ? (
          <span className="rounded-full bg-green-100 px-2 py-0.5 font-semibold text-green-800">Verified buyer</span>
        ) : null}
        <time dateTime={review.createdAt}>{reviewDate.format(new Date(review.createdAt))}</time>
      </p>
      <p className="mt-2 whitespace-pre-line text-gray-800">{review.body}</p>
      {review.photos.length > 0 ? (
        <ul className="mt-3 flex gap-2" aria-label="Photos">
          {review.photos.map((src, i) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noopener">
                <img
                  src={src}
                  alt={`From ${review.author}, ${i + 1} of ${review.photos.length}`}
                  loading="lazy"
                  className="size-20 rounded-md object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {review.reply ? (
        <div className="mt-3 rounded-md border-l-4 border-brand-100 bg-brand-50 p-3 text-sm" data-testid="review-reply">
          <p className="text-xs font-semibold text-gray-700">Reply from the shop</p>
          <p className="mt-1 whitespace-pre-line text-gray-800">{review.reply.body}</p>
        </div>
      ) : null}
      <div className="mt-3">
        <Helpful review={review} />
      </div>
    </li>
  );
}

/**
 * The product page's reviews: the summary (average, count, histogram) and the approved reviews, sorted as the
 * shopper picks, 10 a page, each with "Verified buyer", its photos, the shop's reply and "Helpful". A product
 * without an approved review shows "No reviews yet".
 */
export function ProductReviews({ productId, reviewcount }: { productId: string; reviewcount: number }) {
  const [sort, setSort] = useState<ReviewSort>('recent');
  const [page, setPage] = useState(1);
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: ['reviews', productId, sort, page],
    queryFn: () => reviewsApi.list(productId, { page, sort }),
    enabled: reviewcount > 0,
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-10 scroll-mt-24">
      <h2 id="reviews-heading" className="mb-4 font-serif text-2xl font-bold text-gray-900">
        Customer Reviews
      </h2>
      {reviewcount === 0 || (data && data.summary.count === 0) ? (
        <NoReviews className="text-sm text-gray-600" />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-gray-700">
          The reviews could not be loaded.{' '}
          <button
            type="button"
            className="text-brand-700 underline"
            onClick={() => void qc.invalidateQueries({ queryKey: ['reviews', productId] })}
          >
            Try again
          </button>
        </p>
      ) : !data ? (
        <div role="status" aria-busy="true" aria-label="Loading reviews" className="h-32 animate-pulse rounded-lg bg-gray-100" />
      ) : (
        <>
          <Summary summary={data.summary} />
          <div className="mt-6 flex items-center gap-2 text-sm">
            <label htmlFor="review-sort" className="text-gray-700">
              Sort by
            </label>
            <select
              id="review-sort"
              value={sort}
              onChange={(e) => {
                setSort(e.target.value as ReviewSort);
                setPage(1);
              }}
              className="rounded-md border border-gray-300 px-2 py-1"
            >
              {SORTS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <ul className="divide-y divide-gray-200">
            {data.reviews.map((r) => (
              <ReviewItem key={r._id} review={r} />
            ))}
          </ul>
          {data.pagination.totalPages > 1 ? (
            <nav aria-label="Review pages" className="mt-2 flex items-center gap-3 text-sm">
              <button
                type="button"
                disabled={page <= 1}
                onClick={() => setPage((p) => p - 1)}
                className="text-brand-700 disabled:text-gray-400"
              >
                Previous
              </button>
              <span>
                Page {data.pagination.currentPage} of {data.pagination.totalPages}
              </span>
              <button
                type="button"
                disabled={page >= data.pagination.totalPages}
                onClick={() => setPage((p) => p + 1)}
                className="text-brand-700 disabled:text-gray-400"
              >
                Next
              </button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
