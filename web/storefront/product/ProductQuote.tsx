import { useId, useState } from 'react';
import type { User } from '../../api/auth';
import type { Product } from '../../api/catalogue';
import { Input, Select, Textarea } from '../../ui/form';
import { QuoteProblem, QuoteRequested, useQuoteRequest } from '../quotes/quoteRequest';

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
  const id = useId();
  const [open, setOpen] = useState(false);
  const [quantity, setQuantity] = useState('10');
  const [size, setSize] = useState(chosenSize);
  const [colour, setColour] = useState(chosenColour);
  const [note, setNote] = useState('');
  const { busy, done, problem, setProblem, send: request } = useQuoteRequest();
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
    if (await request([line], fullNote)) {
      setOpen(false);
      setNote('');
    }
  }

  return (
    <div className="mt-4 rounded-md border border-gray-200 p-3 text-sm" data-testid="product-quote">
      {done ? <QuoteRequested number={done} /> : null}
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
          <Input
            id={`${id}-quantity`}
            inputMode="numeric"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            aria-invalid={!quantityOk}
          />
          {product.productsizes.length > 0 && (
            <>
              <label htmlFor={`${id}-size`} className="block font-medium text-gray-700">
                Size
              </label>
              <Select id={`${id}-size`} value={size} onChange={(e) => setSize(e.target.value)}>
                {product.productsizes.map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </Select>
            </>
          )}
          {product.productcolours.length > 0 && (
            <>
              <label htmlFor={`${id}-colour`} className="block font-medium text-gray-700">
                Colour
              </label>
              <Select id={`${id}-colour`} value={colour} onChange={(e) => setColour(e.target.value)}>
                {product.productcolours.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </Select>
            </>
          )}
          <label htmlFor={`${id}-note`} className="block font-medium text-gray-700">
            A note for us (optional)
          </label>
          <Textarea id={`${id}-note`} value={note} maxLength={NOTE_MAX - 60} onChange={(e) => setNote(e.target.value)} />
          <QuoteProblem problem={problem} />
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
