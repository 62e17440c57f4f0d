import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { addressShape, HOME_COUNTRY } from '../../../contract/address-rules';
import { countryName } from '../../../contract/countries';
import { STATE_NAMES } from '../../../contract/gst-rules';
import { SHIPPING_FIELDS, SHIPPING_MAX_LENGTH, type ShippingField } from '../../../contract/shipping-rules';
import { Checkbox, controlClass } from '../../ui/form';
import { COUNTRY_CHOICES } from '../components/countryChoices';
import {
  CHECKOUT_FIELDS,
  type CheckoutShipping,
  type CheckoutValues,
  checkCheckoutShipping,
  GSTIN_LENGTH,
  matchingAddress,
  type SavedAddress,
  startingValues,
  withPincode,
} from './checkoutShipping';

const LABELS: Record<ShippingField, string> = {
  fullname: 'Full Name',
  mobileno: 'Mobile Number',
  address: 'Address',
  city: 'City',
  pincode: 'PIN Code',
};

const INPUT_PROPS: Record<ShippingField, { autoComplete: string; inputMode?: 'numeric' | 'tel' }> = {
  fullname: { autoComplete: 'shipping name' },
  mobileno: { autoComplete: 'shipping tel-national', inputMode: 'tel' },
  address: { autoComplete: 'shipping street-address' },
  city: { autoComplete: 'shipping address-level2' },
  pincode: { autoComplete: 'shipping postal-code', inputMode: 'numeric' },
};

/** Abroad: the phone is typed with its country code, the postal code as the country writes it. */
const ABROAD_LABELS: Partial<Record<ShippingField, string>> = { mobileno: 'Phone Number' };
const ABROAD_INPUT_PROPS: Partial<Record<ShippingField, { autoComplete: string; inputMode?: 'numeric' | 'tel' }>> = {
  mobileno: { autoComplete: 'shipping tel', inputMode: 'tel' },
  pincode: { autoComplete: 'shipping postal-code' },
};
const ABROAD_MAX_LENGTH: Partial<Record<ShippingField, number>> = { mobileno: 40, pincode: 20 };

/** "+1 …": how a phone number of the country starts. */
function phoneHint(country: string): string | undefined {
  return isSupportedCountry(country) ? `+${getCountryCallingCode(country)} …` : undefined;
}

type Props = {
  initial?: Partial<CheckoutValues>;
  /** Payment is under way: fields and the button are disabled. */
  busy: boolean;
  /** Something else stops checkout (an unavailable cart line); the button is disabled. */
  blocked?: boolean;
  /** The shopper's saved addresses, the default first: choosing one fills the form. */
  saved?: readonly SavedAddress[];
  /** The order's total as it will be charged, shown beside the button. */
  totalToPay?: string;
  /** The button's words ('Continue to Payment' unless the order is placed another way, on credit). */
  submitLabel?: string;
  /** The country chosen changed (the checkout asks for that country's shipping rates). */
  onCountryChange?: (country: string) => void;
  /** `save`: the shopper asked to keep this new address. */
  onSubmit: (shipping: CheckoutShipping, options: { save: boolean }) => void;
};

const NEW_ADDRESS = 'new';

/**
 * The shipping form of the checkout. On Continue to Payment it checks the fields in the order of contract/shipping-rules.ts (then the state
 * and the GSTIN) and shows the first broken rule above the button and each field's problem beside it, keeping
 * whatever was typed. The PIN code pre-fills the state; a GSTIN is checked as soon as the shopper leaves it.
 */
export function ShippingForm({
  initial,
  busy,
  blocked = false,
  saved = [],
  totalToPay,
  submitLabel = 'Continue to Payment',
  onCountryChange,
  onSubmit,
}: Props) {
  const [values, setValues] = useState<CheckoutValues>(() => startingValues(initial));
  const [submitted, setSubmitted] = useState(false);
  const [gstinLeft, setGstinLeft] = useState(false);
  const [save, setSave] = useState(false);
  // "Buying for a business?": asked for each order, unticked at the start; untick it and no GSTIN is sent.
  const [business, setBusiness] = useState(false);
  // The saved address the form holds now; edited, it is a new address (which may be saved).
  const current = matchingAddress(values, saved);
  const abroad = values.country !== HOME_COUNTRY;
  const shape = addressShape(values.country);
  const check = checkCheckoutShipping(
    business && values.country === HOME_COUNTRY ? values : { ...values, gstin: '', legalname: '' },
  );
  const shown = submitted ? check : null;
  const gstinProblem = (submitted || gstinLeft) && values.gstin.trim() ? check.fields.gstin : undefined;

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (check.first) {
      const firstBad = CHECKOUT_FIELDS.find((f) => check.fields[f]);
      if (firstBad) document.getElementById(`ship-${firstBad}`)?.focus();
      return;
    }
    onSubmit(check.value, { save: save && !current });
  }

  function chooseBusiness(on: boolean) {
    setBusiness(on);
    if (!on) setValues((v) => ({ ...v, gstin: '', legalname: '' }));
    setGstinLeft(false);
  }

  function choose(id: string) {
    const address = saved.find((a) => a._id === id);
    if (address) {
      setValues((v) => ({ ...startingValues(address), gstin: v.gstin, legalname: v.legalname }));
      if (address.country !== values.country) onCountryChange?.(address.country);
    } else setValues((v) => ({ ...v, address: '', city: '', pincode: '', state: '' }));
    setGstinLeft(false);
  }

  function chooseCountry(country: string) {
    // The region of one country means nothing in another; India's state comes back from the PIN code.
    setValues((v) => withPincode({ ...v, country, state: '' }, v.pincode));
    if (country !== HOME_COUNTRY) chooseBusiness(false);
    onCountryChange?.(country);
  }

  const change = (f: ShippingField, value: string) =>
    setValues((v) => (f === 'pincode' ? withPincode(v, value) : { ...v, [f]: value }));

  return (
    <form onSubmit={submit} noValidate aria-labelledby="shipping-heading" className="space-y-4">
      <h2 id="shipping-heading" className="text-lg font-semibold">
        Shipping Details
      </h2>
      {saved.length > 0 ? (
        <fieldset className="space-y-2" disabled={busy}>
          <legend className="mb-2 text-sm font-medium text-gray-800">Saved addresses</legend>
          {saved.map((a) => (
            <label
              key={a._id}
              className="flex cursor-pointer gap-3 rounded-md border border-gray-200 p-3 text-sm has-checked:border-brand-500 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name="saved-address"
                value={a._id}
                checked={current?._id === a._id}
                onChange={() => choose(a._id)}
                className="mt-0.5 accent-brand-700"
              />
              <span className="min-w-0">
                <span className="block font-medium text-gray-900">
                  {a.label || a.fullname}
                  {a.isdefault ? <span className="ml-2 text-xs font-normal text-gray-600">(default)</span> : null}
                </span>
                <span className="block break-words text-gray-700">
                  {[
                    a.fullname,
                    a.address,
                    a.city,
                    a.pincode,
                    a.state,
                    a.country && a.country !== HOME_COUNTRY ? countryName(a.country) : '',
                  ]
                    .filter(Boolean)
                    .join(', ')}
                </span>
              </span>
            </label>
          ))}
          <label className="flex cursor-pointer gap-3 rounded-md border border-gray-200 p-3 text-sm has-checked:border-brand-500 has-checked:bg-brand-50">
            <input
              type="radio"
              name="saved-address"
              value={NEW_ADDRESS}
              checked={!current}
              onChange={() => choose(NEW_ADDRESS)}
              className="mt-0.5 accent-brand-700"
            />
            <span className="font-medium text-gray-900">A new address</span>
          </label>
        </fieldset>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label htmlFor="ship-country" className="mb-1 block text-sm font-medium text-gray-800">
            Country
          </label>
          <select
            id="ship-country"
            name="country"
            value={values.country}
            disabled={busy}
            autoComplete="shipping country"
            aria-invalid={shown?.fields.country ? true : undefined}
            aria-describedby={shown?.fields.country ? 'ship-country-error' : undefined}
            onChange={(e) => chooseCountry(e.target.value)}
            className={controlClass('roomy')}
          >
            {COUNTRY_CHOICES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
          {shown?.fields.country ? (
            <p id="ship-country-error" className="mt-1 text-sm text-red-700" data-testid="error-country">
              {shown.fields.country}
            </p>
          ) : null}
        </div>
        {SHIPPING_FIELDS.map((f) => {
          const error = shown?.fields[f];
          const id = `ship-${f}`;
          const wide = f === 'fullname' || f === 'address';
          const control = {
            id,
            name: f,
            value: values[f],
            maxLength: (abroad && ABROAD_MAX_LENGTH[f]) || SHIPPING_MAX_LENGTH[f],
            disabled: busy,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${id}-error` : undefined,
            onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => change(f, e.target.value),
            className: controlClass('roomy'),
            ...((abroad && ABROAD_INPUT_PROPS[f]) || INPUT_PROPS[f]),
            ...(abroad && f === 'mobileno' ? { placeholder: phoneHint(values.country) } : {}),
          };
          const label = abroad ? (f === 'pincode' ? shape.postalLabel : ABROAD_LABELS[f]) : undefined;
          const optional = abroad && f === 'pincode' && !shape.postalRequired;
          return (
            <div key={f} className={wide ? 'sm:col-span-2' : undefined}>
              <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
                {label ?? LABELS[f]}
                {optional ? <span className="font-normal text-gray-600"> (optional)</span> : null}
              </label>
              {f === 'address' ? (
                <textarea rows={3} {...control} />
              ) : (
                <input type={f === 'mobileno' ? 'tel' : 'text'} {...control} />
              )}
              {error ? (
                <p id={`${id}-error`} className="mt-1 text-sm text-red-700" data-testid={`error-${f}`}>
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        {abroad ? (
          <div>
            <label htmlFor="ship-state" className="mb-1 block text-sm font-medium text-gray-800">
              State / Region
              {shape.regionRequired ? null : <span className="font-normal text-gray-600"> (optional)</span>}
            </label>
            <input
              id="ship-state"
              name="state"
              type="text"
              value={values.state}
              maxLength={100}
              disabled={busy}
              autoComplete="shipping address-level1"
              aria-invalid={shown?.fields.state ? true : undefined}
              aria-describedby={shown?.fields.state ? 'ship-state-error' : undefined}
              onChange={(e) => setValues((v) => ({ ...v, state: e.target.value }))}
              className={controlClass('roomy')}
            />
            {shown?.fields.state ? (
              <p id="ship-state-error" className="mt-1 text-sm text-red-700" data-testid="error-state">
                {shown.fields.state}
              </p>
            ) : null}
          </div>
        ) : (
          <div>
            <label htmlFor="ship-state" className="mb-1 block text-sm font-medium text-gray-800">
              State
            </label>
            <select
              id="ship-state"
              name="state"
              value={values.state}
              disabled={busy}
              autoComplete="shipping address-level1"
              aria-invalid={shown?.fields.state ? true : undefined}
              aria-describedby={shown?.fields.state ? 'ship-state-error' : 'ship-state-hint'}
              onChange={(e) => setValues((v) => ({ ...v, state: e.target.value }))}
              className={controlClass('roomy')}
            >
              <option value="">Select your state</option>
              {STATE_NAMES.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
            {shown?.fields.state ? (
              <p id="ship-state-error" className="mt-1 text-sm text-red-700" data-testid="error-state">
                {shown.fields.state}
              </p>
            ) : (
              <p id="ship-state-hint" className="mt-1 text-xs text-gray-600">
                Filled in from the PIN code; change it if it is not right.
              </p>
            )}
          </div>
        )}
      </div>
      {abroad ? null : (
        <Checkbox label="Buying for a business?" name="business" checked={business} disabled={busy} onChange={chooseBusiness} />
      )}
      {business ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="ship-gstin" className="mb-1 block text-sm font-medium text-gray-800">
              GSTIN (for a business invoice)
            </label>
            <input
              id="ship-gstin"
              name="gstin"
              type="text"
              value={values.gstin}
              maxLength={GSTIN_LENGTH}
              disabled={busy}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={gstinProblem ? true : undefined}
              aria-describedby={gstinProblem ? 'ship-gstin-error' : undefined}
              onChange={(e) => setValues((v) => ({ ...v, gstin: e.target.value.toUpperCase().replace(/\s/g, '') }))}
              onBlur={() => setGstinLeft(true)}
              className={controlClass('roomy', 'uppercase')}
            />
            {gstinProblem ? (
              <p id="ship-gstin-error" className="mt-1 text-sm text-red-700" data-testid="error-gstin">
                {gstinProblem}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="ship-legalname" className="mb-1 block text-sm font-medium text-gray-800">
              Legal name of the business
            </label>
            <input
              id="ship-legalname"
              name="legalname"
              type="text"
              value={values.legalname ?? ''}
              maxLength={200}
              disabled={busy}
              autoComplete="organization"
              aria-invalid={shown?.fields.legalname ? true : undefined}
              aria-describedby={shown?.fields.legalname ? 'ship-legalname-error' : undefined}
              onChange={(e) => setValues((v) => ({ ...v, legalname: e.target.value }))}
              className={controlClass('roomy')}
            />
            {shown?.fields.legalname ? (
              <p id="ship-legalname-error" className="mt-1 text-sm text-red-700" data-testid="error-legalname">
                {shown.fields.legalname}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
      {current ? null : (
        <Checkbox label="Save this address" name="save-address" checked={save} disabled={busy} onChange={setSave} />
      )}
      {shown?.first ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {shown.first}
        </p>
      ) : null}
      {totalToPay ? (
        <p className="flex items-baseline justify-between border-t border-gray-200 pt-4 font-semibold text-gray-900">
          <span>Total to pay</span>
          <span className="tabular-nums" data-testid="total-to-pay">
            {totalToPay}
          </span>
        </p>
      ) : null}
      <button
        type="submit"
        disabled={busy || blocked}
        className="flex w-full items-center justify-center rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-600 disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        {busy ? 'Processing...' : submitLabel}
      </button>
    </form>
  );
}
