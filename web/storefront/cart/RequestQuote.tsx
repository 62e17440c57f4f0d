import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CartItem } from '../../api/cart';
import { ApiError } from '../../api/client';
import { wholesaleApi } from '../../api/wholesale';

/**
 * "Request a quote" on the cart page of an approved business: asks the merchant for a price on the cart's lines (one
 * line a product, quantities added up; made-to-order pieces are priced by the day's metal rate and left out). The
 * cart is not changed; the answer shows under "Your quotes" on the account page.
 */
export function RequestQuote({ items }: { items: CartItem[] }) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const byProduct = new Map<string, number>();
  for (const l of items) {
    if (l.setting || !l.productId) continue;
    byProduct.set(l.productId, (byProduct.get(l.productId) ?? 0) + l.quantity);
  }
  const lines = [...byProduct].map(([productId, quantity]) => ({ productId, quantity }));
  if (lines.length === 0) return null;

  async function send() {
    setBusy(true);
    setProblem('');
    try {
      const res = await wholesaleApi.requestQuote(lines, note.trim() || undefined);
      setDone(res.quote.number);
      setOpen(false);
      setNote('');
      void qc.invalidateQueries({ queryKey: ['quotes', 'mine'] });
    } catch (err) {
      setProblem(
        (err instanceof ApiError && err.status < 500 && err.body?.message) || 'The request could not be sent. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-4 border-t border-gray-200 pt-4 text-sm" data-testid="request-quote">
      {done ? (
        <p role="status" className="mb-2 text-green-800">
          Quote {done} requested: we will price it shortly. See it on{' '}
          <Link to="/account" className="underline">
            your account
          </Link>
          .
        </p>
      ) : null}
      {open ? (
        <div className="space-y-2">
          <label htmlFor="quote-note" className="block font-medium text-gray-700">
            A note for us (optional)
          </label>
          <textarea
            id="quote-note"
            value={note}
            maxLength={1000}
            onChange={(e) => setNote(e.target.value)}
            className="w-full rounded-md border border-gray-300 px-3 py-2"
          />
          {problem ? (
            <p role="alert" className="text-red-700">
              {problem}
            </p>
          ) : null}
          <button
            type="button"
            onClick={() => void send()}
            disabled={busy}
            className="w-full rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800 disabled:opacity-60"
          >
            {busy ? 'Sending...' : `Send request (${lines.length} ${lines.length === 1 ? 'line' : 'lines'})`}
          </button>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="w-full rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800"
        >
          Request a quote
        </button>
      )}
    </div>
  );
}
