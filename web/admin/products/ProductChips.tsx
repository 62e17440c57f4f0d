import { X } from 'lucide-react';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { COLOUR_PALETTE } from '../../../contract/catalogue';
import { Button, Input } from '../../ui/form';
import { addSize } from './productFormState';

/** CSS colours of the palette swatches (Gold and Silver are not CSS keywords with the right look). */
const SWATCH: Record<string, string> = { Gold: '#d4af37', Silver: '#c0c0c0', Gray: '#808080', Lime: '#32cd32' };
const swatch = (c: string) => SWATCH[c] ?? c.toLowerCase();

/** The product's sizes as chips: typed one at a time (Add or Enter), each removable. */
export function SizesFieldset({
  sizes,
  onChange,
  error,
  disabled,
}: {
  sizes: string[];
  onChange: (change: (sizes: string[]) => string[]) => void;
  error?: string;
  disabled: boolean;
}) {
  const [sizeDraft, setSizeDraft] = useState('');

  function commitSize() {
    onChange((s) => addSize(s, sizeDraft));
    setSizeDraft('');
  }
  function onSizeKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter') {
      e.preventDefault();
      commitSize();
    }
  }

  return (
    <fieldset disabled={disabled}>
      <legend className="mb-2 text-sm font-semibold text-gray-900">Sizes</legend>
      <div className="flex gap-2">
        <label htmlFor="pf-size" className="sr-only">
          Add a size
        </label>
        <Input
          id="pf-size"
          value={sizeDraft}
          onChange={(e) => setSizeDraft(e.target.value)}
          onKeyDown={onSizeKey}
          placeholder="e.g. 5 Ratti, then Enter"
        />
        <Button variant="secondary" onClick={commitSize}>
          Add
        </Button>
      </div>
      {sizes.length ? (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Sizes">
          {sizes.map((s) => (
            <li key={s} className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900">
              {s}
              <button
                type="button"
                onClick={() => onChange((all) => all.filter((x) => x !== s))}
                aria-label={`Remove size ${s}`}
                className="rounded-full p-0.5 hover:bg-brand-100"
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <p className="mt-1 text-sm text-red-600">{error}</p> : null}
    </fieldset>
  );
}

/** The palette's colours (and any saved colour outside it) as toggles. */
export function ColoursFieldset({
  colours,
  onChange,
  disabled,
}: {
  colours: string[];
  onChange: (change: (colours: string[]) => string[]) => void;
  disabled: boolean;
}) {
  const colourOptions = useMemo(
    () => [...COLOUR_PALETTE, ...colours.filter((c) => !(COLOUR_PALETTE as readonly string[]).includes(c))],
    [colours],
  );
  const toggleColour = (c: string) => onChange((cs) => (cs.includes(c) ? cs.filter((x) => x !== c) : [...cs, c]));

  return (
    <fieldset disabled={disabled}>
      <legend className="mb-2 text-sm font-semibold text-gray-900">Colours</legend>
      <div className="flex flex-wrap gap-2">
        {colourOptions.map((c) => {
          const on = colours.includes(c);
          return (
            <button
              key={c}
              type="button"
              aria-pressed={on}
              onClick={() => toggleColour(c)}
              className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium ${
                on ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-300 bg-white text-gray-700 hover:bg-gray-50'
              }`}
            >
              <span aria-hidden className="size-3.5 rounded-full border border-black/10" style={{ background: swatch(c) }} />
              {c}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
