import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { User } from '../../api/auth';
import type { Product } from '../../api/catalogue';
import { ApiError } from '../../api/client';
import { wholesaleApi } from '../../api/wholesale';

/** The longest note the shop keeps with a quote (contract/wholesale.ts, QuoteRequestBody). */
const NOTE_MAX = 1000;

/**
 * "Request a quote" on the product page of an approved business: this product, a quantity (and the size and colour
 * where the product comes in them) and a note, sent to the merchant to price. Nothing is shown to anyone else. The
 * answer shows under "Your quotes" on the account page.
 */
export function ProductQuote({
  product,
  user,
  size: chosenSize,
  colour: chosenColour,
}: {
  product: Product;
  user: User | null;
  size: string;
  colour: string;
}) {
  const qc = useQueryClient();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [quantity, setQuantity] = useState('10');
  const [size, setSize] = useState(chosenSize);
  const [colour, setColour] = useState(chosenColour);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  if (user?.business?.status !== 'approved') return null;

  const count = Number(quantity);
  const quantityOk = /^\d+$/.test(quantity.trim()) && count >= 1 && count <= 100_000;
  const fullNote = note.trim();
  // The size and colour go on the quote's line (and so on the order paid from it), as Add to Cart sends them.
  const line = {
    productId: product._id,
    quantity: count,
    ...(product.productsizes.length && size ? { productsize: size } : {}),
    ...(product.productcolours.length && colour ? { productcolour: colour } : {}),
  };

  async function send() {
    if (!quantityOk) {
      setProblem('Quantity must be a whole number of 1 or more');
      return;
    }
    if (fullNote.length > NOTE_MAX) {
      setProblem(`Note must be at most ${NOTE_MAX} characters`);
      return;
    }
    setBusy(true);
    setProblem('');
    try {
      const res = await wholesaleApi.requestQuote([line], fullNote || undefined);
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

  const field = 'w-full rounded-md border border-gray-300 px-3 py-2';
  return (
    <div className="mt-4 rounded-md border border-gray-200 p-3 text-sm" data-testid="product-quote">
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
        <form
          className="space-y-2"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <p className="font-semibold text-gray-900">Request a quote</p>
          <label htmlFor={`${id}-quantity`} className="block font-medium text-gray-700">
            Quantity
          </label>
          <input
            id={`${id}-quantity`}
            inputMode="numeric"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            aria-invalid={!quantityOk}
            className={field}
          />
          {product.productsizes.length > 0 && (
            <>
              <label htmlFor={`${id}-size`} className="block font-medium text-gray-700">
                Size
              </label>
              <select id={`${id}-size`} value={size} onChange={(e) => setSize(e.target.value)} className={field}>
                {product.productsizes.map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </select>
            </>
          )}
          {product.productcolours.length > 0 && (
            <>
              <label htmlFor={`${id}-colour`} className="block font-medium text-gray-700">
                Colour
              </label>
              <select id={`${id}-colour`} value={colour} onChange={(e) => setColour(e.target.value)} className={field}>
                {product.productcolours.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            </>
          )}
          <label htmlFor={`${id}-note`} className="block font-medium text-gray-700">
            A note for us (optional)
          </label>
          <textarea
            id={`${id}-note`}
            value={note}
            maxLength={NOTE_MAX - 60}
            onChange={(e) => setNote(e.target.value)}
            className={field}
          />
          {problem ? (
            <p role="alert" className="text-red-700">
              {problem}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800 disabled:opacity-60"
          >
            {busy ? 'Sending...' : 'Send request'}
          </button>
        </form>
      ) : (
        <button
          type="button"
          onClick={() => {
            setSize(chosenSize);
            setColour(chosenColour);
            setOpen(true);
          }}
          className="w-full rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800"
        >
          Request a quote
        </button>
      )}
    </div>
  );
}
