import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../api/client';
import { useCart } from '../../cart/useCart';

type Outcome = { added: number; errors: { row: number; message: string }[] };

const button =
  'rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * A bulk order for a signed-in buyer: a CSV file chosen or pasted (`SKU or slug, quantity[, size, colour]`, a header
 * row allowed), its good rows added to the cart and each bad row shown with its line number in the file.
 */
export function BulkUpload() {
  const { addCsv } = useCart();
  const [csv, setCsv] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const fileId = useId();
  const pasteId = useId();
  const hintId = useId();

  async function chooseFile(file: File | undefined) {
    if (!file) return;
    setCsv(await file.text());
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setOutcome(null);
    setRefused(null);
    try {
      const res = await addCsv(csv);
      setOutcome({ added: res.added, errors: res.errors });
    } catch (err) {
      setRefused(err instanceof ApiError && err.message ? err.message : 'The CSV could not be uploaded');
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className="mb-6 rounded-xl border border-gray-200 bg-white p-4">
      <summary className="cursor-pointer font-semibold text-gray-900">Upload a CSV</summary>
      <form className="mt-3 space-y-3" onSubmit={submit} aria-label="Upload a CSV">
        <p id={hintId} className="text-sm text-gray-600">
          One product a row: SKU or slug, quantity, and its size and colour if it has them (at most 200 rows; a header row is
          fine).
        </p>
        <div>
          <label htmlFor={fileId} className="block text-sm font-medium text-gray-800">
            CSV file
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv,text/plain"
            className="mt-1 block text-sm"
            onChange={(e) => void chooseFile(e.target.files?.[0])}
          />
        </div>
        <div>
          <label htmlFor={pasteId} className="block text-sm font-medium text-gray-800">
            Or paste its rows
          </label>
          <textarea
            id={pasteId}
            aria-describedby={hintId}
            rows={5}
            value={csv}
            onChange={(e) => setCsv(e.target.value)}
            placeholder={'sku,quantity,size,colour\nRUBY-0001,2,5 ratti,Red'}
            className="mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 font-mono text-sm"
          />
        </div>
        <button type="submit" className={button} disabled={busy || csv.trim() === ''}>
          {busy ? 'Adding…' : 'Add to cart'}
        </button>
        {refused ? (
          <p role="alert" className="text-sm text-red-700">
            {refused}
          </p>
        ) : null}
        {outcome ? (
          <div role="status" className="text-sm">
            <p className="font-medium text-gray-900" data-testid="bulk-added">
              {outcome.added} {outcome.added === 1 ? 'row' : 'rows'} added to your cart
            </p>
            {outcome.errors.length > 0 ? (
              <>
                <p className="mt-2 text-red-700">
                  {outcome.errors.length} {outcome.errors.length === 1 ? 'row was' : 'rows were'} not added:
                </p>
                <ul className="mt-1 list-disc pl-5 text-red-700" aria-label="Rows not added">
                  {outcome.errors.map((e) => (
                    <li key={e.row}>
                      Row {e.row}: {e.message}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        ) : null}
      </form>
    </details>
  );
}
