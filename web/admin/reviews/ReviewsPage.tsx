import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type AdminReview, reviewsApi } from '../../api/reviews';
import { Stars } from '../../storefront/components/Stars';
import { Button, Field, Select, Textarea } from '../../ui/form';
import { errorText, formatDateTime } from '../format';
import { notice } from '../ui/Notice';
import { LoadError, PageHeader } from '../ui/Page';

type Status = AdminReview['status'];
const STATUS_WORDS: Record<Status, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };
const STATUS_CLASS: Record<Status, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-800',
  rejected: 'bg-red-100 text-red-800',
};

/** One review as the buyer wrote it (never editable), with approve, reject with a reason, and the shop's reply. */
function ReviewCard({ review, onSaved }: { review: AdminReview; onSaved: () => void }) {
  const [reply, setReply] = useState(review.reply?.body ?? '');
  const [reason, setReason] = useState(review.rejectreason);
  const [error, setError] = useState<{ reason?: string; reply?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const id = `review-${review._id}`;

  async function save(status: 'approved' | 'rejected', e?: FormEvent) {
    e?.preventDefault();
    if (status === 'rejected' && !reason.trim()) {
      setError({ reason: 'Give a reason to reject a review' });
      return;
    }
    setBusy(true);
    setError({});
    try {
      await reviewsApi.moderate(review._id, {
        status,
        ...(status === 'rejected' ? { reason: reason.trim() } : {}),
        ...(reply.trim() ? { reply: reply.trim() } : {}),
      });
      notice.success(status === 'approved' ? 'Review approved' : 'Review rejected');
      onSaved();
    } catch (err) {
      setError({ form: errorText(err, 'The review could not be saved') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <li
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
      data-testid="admin-review"
      aria-label={`Review of ${review.product.productname} by ${review.author}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Stars rating={review.rating} />
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[review.status]}`}>
          {STATUS_WORDS[review.status]}
        </span>
        <span className="ml-auto text-xs text-gray-500">Written {formatDateTime(review.createdAt)}</span>
      </div>
      <p className="mt-2 text-sm text-gray-700">
        <span className="font-medium text-gray-900">{review.product.productname}</span> · order {review.order.number} ·{' '}
        {review.user ? `${review.user.fullname} (${review.user.mobileno})` : review.author}
      </p>
      {review.title ? <h2 className="mt-2 font-medium text-gray-900">{review.title}</h2> : null}
      <p className="mt-1 whitespace-pre-line text-sm text-gray-700">{review.body}</p>
      {review.photos.length ? (
        <ul className="mt-2 flex gap-2" aria-label="Photos">
          {review.photos.map((src, i) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noopener">
                <img
                  src={src}
                  alt={`${review.author}, ${i + 1} of ${review.photos.length}`}
                  className="size-16 rounded object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {review.status === 'rejected' && review.rejectreason ? (
        <p className="mt-2 text-xs text-red-800">Rejected: {review.rejectreason}</p>
      ) : null}
      <form onSubmit={(e) => save('approved', e)} noValidate className="mt-3 space-y-2">
        <Field id={`${id}-reply`} label="Reply from the shop (shown under the review)" error={error.reply}>
          <Textarea id={`${id}-reply`} rows={2} value={reply} onChange={(e) => setReply(e.target.value)} maxLength={2000} />
        </Field>
        <Field id={`${id}-reason`} label="Reason to reject" error={error.reason}>
          <Textarea
            id={`${id}-reason`}
            rows={2}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={error.reason}
            maxLength={500}
          />
        </Field>
        {error.form ? (
          <p role="alert" className="text-sm text-red-700">
            {error.form}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            {review.status === 'approved' ? 'Save reply' : 'Approve'}
          </Button>
          <Button type="button" variant="secondary" disabled={busy} onClick={() => void save('rejected')}>
            Reject
          </Button>
        </div>
      </form>
    </li>
  );
}

/** The merchant's Reviews screen: approve, reject with a reason, reply; a buyer's words are never edited. */
export default function ReviewsPage() {
  const qc = useQueryClient();
  const [status, setStatus] = useState<'' | Status>('pending');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['admin', 'reviews', status, page],
    queryFn: () => reviewsApi.adminList({ ...(status ? { status } : {}), page }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  return (
    <div>
      <PageHeader
        title="Reviews"
        subtitle="Buyers of delivered orders review what they bought. Approve or reject each one; you can reply but never change it."
      />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <Field id="review-status" label="Status">
          <Select
            id="review-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as typeof status);
              setPage(1);
            }}
          >
            <option value="pending">Pending</option>
            <option value="approved">Approved</option>
            <option value="rejected">Rejected</option>
            <option value="">All</option>
          </Select>
        </Field>
      </div>
      <LoadError query={query}>{errorText(query.error, 'Failed to fetch the reviews')}</LoadError>
      {query.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading reviews" className="h-40 animate-pulse rounded-xl bg-gray-100" />
      ) : data && data.reviews.length === 0 ? (
        <p className="text-sm text-gray-600">No reviews.</p>
      ) : (
        <ul className="space-y-4">
          {data?.reviews.map((r) => (
            <ReviewCard
              key={`${r._id}-${r.updatedAt}`}
              review={r}
              onSaved={() => void qc.invalidateQueries({ queryKey: ['admin', 'reviews'] })}
            />
          ))}
        </ul>
      )}
      {data && data.pagination.totalPages > 1 ? (
        <nav aria-label="Review pages" className="mt-4 flex items-center gap-3 text-sm">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <span>
            Page {data.pagination.currentPage} of {data.pagination.totalPages}
          </span>
          <Button variant="secondary" disabled={page >= data.pagination.totalPages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
