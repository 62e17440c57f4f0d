import { type FormEvent, useState } from 'react';
import {
  checkShipping,
  SHIPPING_FIELDS,
  SHIPPING_MAX_LENGTH,
  type ShippingField,
  type ShippingInput,
} from '../../../contract/shipping-rules';

const LABELS: Record<ShippingField, string> = {
  fullname: 'Full Name',
  mobileno: 'Mobile Number',
  address: 'Address',
  city: 'City',
  pincode: 'PIN Code',
};

const INPUT_PROPS: Record<ShippingField, { autoComplete: string; inputMode?: 'numeric' | 'tel' }> = {
  fullname: { autoComplete: 'shipping name' },
  mobileno: { autoComplete: 'shipping tel-national', inputMode: 'numeric' },
  address: { autoComplete: 'shipping street-address' },
  city: { autoComplete: 'shipping address-level2' },
  pincode: { autoComplete: 'shipping postal-code', inputMode: 'numeric' },
};

const inputClass =
  'w-full rounded-md border px-3 py-2.5 text-base focus:outline-none focus:ring-2 focus:ring-brand-100 disabled:bg-gray-50';

type Props = {
  initial?: Partial<ShippingInput>;
  /** Payment is under way: fields and the button are disabled. */
  busy: boolean;
  /** Something else stops checkout (an unavailable cart line); the button is disabled. */
  blocked?: boolean;
  onSubmit: (shipping: ShippingInput) => void;
};

/**
 * The shipping form of the checkout. On Continue to Payment it checks the fields in SPEC order and shows the
 * first broken rule above the button and each field's problem beside it, keeping whatever was typed.
 */
export function ShippingForm({ initial, busy, blocked = false, onSubmit }: Props) {
  const [values, setValues] = useState<ShippingInput>(() => ({
    fullname: initial?.fullname ?? '',
    mobileno: initial?.mobileno ?? '',
    address: initial?.address ?? '',
    city: initial?.city ?? '',
    pincode: initial?.pincode ?? '',
  }));
  const [submitted, setSubmitted] = useState(false);
  const check = checkShipping(values);
  const shown = submitted ? check : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (check.first) {
      const firstBad = SHIPPING_FIELDS.find((f) => check.fields[f]);
      if (firstBad) document.getElementById(`ship-${firstBad}`)?.focus();
      return;
    }
    onSubmit(check.value);
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="shipping-heading" className="space-y-4">
      <h2 id="shipping-heading" className="text-lg font-semibold">
        Shipping Details
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {SHIPPING_FIELDS.map((f) => {
          const error = shown?.fields[f];
          const id = `ship-${f}`;
          const wide = f === 'fullname' || f === 'address';
          return (
            <div key={f} className={wide ? 'sm:col-span-2' : undefined}>
              <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
                {LABELS[f]}
              </label>
              {f === 'address' ? (
                <textarea
                  id={id}
                  name={f}
                  rows={3}
                  value={values[f]}
                  maxLength={SHIPPING_MAX_LENGTH[f]}
                  disabled={busy}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
                  className={`${inputClass} ${error ? 'border-red-500' : 'border-gray-300 focus:border-brand-500'}`}
                  {...INPUT_PROPS[f]}
                />
              ) : (
                <input
                  id={id}
                  name={f}
                  type={f === 'mobileno' ? 'tel' : 'text'}
                  value={values[f]}
                  maxLength={SHIPPING_MAX_LENGTH[f]}
                  disabled={busy}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
                  className={`${inputClass} ${error ? 'border-red-500' : 'border-gray-300 focus:border-brand-500'}`}
                  {...INPUT_PROPS[f]}
                />
              )}
              {error ? (
                <p id={`${id}-error`} className="mt-1 text-sm text-red-700" data-testid={`error-${f}`}>
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      {shown?.first ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {shown.first}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={busy || blocked}
        className="flex w-full items-center justify-center rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-600 disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        {busy ? 'Processing...' : 'Continue to Payment'}
      </button>
    </form>
  );
}
