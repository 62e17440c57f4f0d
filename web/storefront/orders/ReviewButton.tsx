import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { MAX_REVIEW_PHOTOS } from '../../../contract/reviews';
import { ApiError } from '../../api/client';
import type { Order } from '../../api/orders';
import { reviewsApi } from '../../api/reviews';
import { notify } from '../../ui/notify';
import { DialogPanel } from '../components/ConfirmButton';

type Line = Order['products'][number];

const STATUS_WORDS = {
  pending: 'Your review is waiting for approval',
  approved: 'Your review is published',
  rejected: 'Your review was not published',
} as const;

const BODY_MIN = 20;

/**
 * A delivered line's "Write a review" (stars, title, text, up to three photos), or where the buyer's review of it
 * stands. The review waits for the merchant before shoppers see it.
 */
export function LineReview({ order, line, name }: { order: Order; line: Line; name: string }) {
  if (order.deliverystatus !== 'delivered' || !line._id) return null;
  if (line.review) {
    return (
      <p className="mt-1 text-xs text-gray-600" data-testid="line-review-status">
        {STATUS_WORDS[line.review.status]}
      </p>
    );
  }
  return <ReviewButton orderId={order._id} lineId={line._id} name={name} />;
}

function ReviewButton({ orderId, lineId, name }: { orderId: string; lineId: string; name: string }) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [rating, setRating] = useState(0);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const id = `review-${lineId}`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (rating < 1) found.rating = 'Choose from 1 to 5 stars';
    if (body.trim().length < BODY_MIN) found.body = `Write at least ${BODY_MIN} characters`;
    if (photos.length > MAX_REVIEW_PHOTOS) found.photos = `Add at most ${MAX_REVIEW_PHOTOS} photos`;
    setErrors(found);
    if (Object.keys(found).length) return;
    const form = new FormData();
    form.append('orderId', orderId);
    form.append('lineId', lineId);
    form.append('rating', String(rating));
    form.append('title', title.trim());
    form.append('body', body.trim());
    for (const p of photos) form.append('photos', p);
    setBusy(true);
    try {
      await reviewsApi.create(form);
      notify.success('Thank you! Your review will appear once it is approved.');
      setOpen(false);
      await qc.invalidateQueries({ queryKey: ['orders', 'mine'] });
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length) setErrors(err.fieldErrors);
      else setErrors({ form: err instanceof Error ? err.message : 'Your review could not be sent' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(o) => !busy && setOpen(o)}>
      <Dialog.Trigger
        data-testid="write-review"
        className="mt-2 rounded-md border border-brand-700 px-3 py-1.5 text-xs font-medium text-brand-700 hover:bg-brand-50"
      >
        Write a review
      </Dialog.Trigger>
      <DialogPanel
        kind={Dialog}
        width="w-[min(94vw,32rem)]"
        title={`Review ${name}`}
        description="Only buyers of a delivered order review a product. Your review appears once the shop approves it."
      >
        <form onSubmit={submit} className="mt-4 space-y-4" noValidate aria-label="Your review">
          <fieldset>
            <legend className="text-sm font-medium">Your rating</legend>
            <div className="mt-1 flex gap-1" role="radiogroup" aria-label="Your rating">
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className="cursor-pointer">
                  <input
                    type="radio"
                    name={`${id}-rating`}
                    value={n}
                    checked={rating === n}
                    onChange={() => setRating(n)}
                    className="peer sr-only"
                    aria-label={`${n} ${n === 1 ? 'star' : 'stars'}`}
                  />
                  <span
                    aria-hidden="true"
                    className={`text-3xl peer-focus-visible:outline-2 peer-focus-visible:outline-brand-500 ${n <= rating ? 'text-gold-500' : 'text-gray-300'}`}
                  >
                    ★
                  </span>
                </label>
              ))}
            </div>
            {errors.rating ? <p className="text-sm text-red-600">{errors.rating}</p> : null}
          </fieldset>
          <div>
            <label htmlFor={`${id}-title`} className="block text-sm font-medium">
              Title
            </label>
            <input
              id={`${id}-title`}
              value={title}
              maxLength={100}
              onChange={(e) => setTitle(e.target.value)}
              className="mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm"
            />
            {errors.title ? <p className="text-sm text-red-600">{errors.title}</p> : null}
          </div>
          <div>
            <label htmlFor={`${id}-body`} className="block text-sm font-medium">
              Your review
            </label>
            <textarea
              id={`${id}-body`}
              rows={4}
              maxLength={2000}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              aria-invalid={errors.body ? true : undefined}
              className="mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-500"
            />
            {errors.body ? <p className="text-sm text-red-600">{errors.body}</p> : null}
          </div>
          <div>
            <label htmlFor={`${id}-photos`} className="block text-sm font-medium">
              Photos (up to {MAX_REVIEW_PHOTOS})
            </label>
            <input
              id={`${id}-photos`}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              multiple
              onChange={(e) => setPhotos([...(e.target.files ?? [])])}
              className="mt-1 block w-full text-sm"
            />
            {errors.photos ? <p className="text-sm text-red-600">{errors.photos}</p> : null}
          </div>
          {errors.form ? (
            <p role="alert" className="text-sm text-red-600">
              {errors.form}
            </p>
          ) : null}
          <div className="flex justify-end gap-3">
            <Dialog.Close className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium hover:bg-gray-50">
              Close
            </Dialog.Close>
            <button
              type="submit"
              disabled={busy}
              className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600 disabled:opacity-50"
            >
              {busy ? 'Sending...' : 'Submit review'}
            </button>
          </div>
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}
