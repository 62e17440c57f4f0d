import { addressShape, checkForeignAddress, HOME_COUNTRY } from '../../../contract/address-rules';
import { canonicalState, GSTIN_MESSAGES, gstinError, stateFromPin } from '../../../contract/gst-rules';
import {
  checkShipping,
  SHIPPING_FIELDS,
  SHIPPING_MAX_LENGTH,
  SHIPPING_MESSAGES,
  type ShippingField,
  type ShippingInput,
  STATE_MESSAGES,
} from '../../../contract/shipping-rules';

/**
 * What the checkout sends as `shippinginfo`: the country (left out for India, as before), the form's five fields,
 * the place of supply (India) or region (abroad) and a business buyer's GSTIN (India only).
 */
export type CheckoutShipping = ShippingInput & { country?: string; state: string; gstin?: string; legalname?: string };
/** The form's values as typed (the GSTIN may be blank: asked only for a business, for this order alone). */
export type CheckoutValues = ShippingInput & { country: string; state: string; gstin: string; legalname?: string };
type CheckoutField = 'country' | ShippingField | 'state' | 'gstin' | 'legalname';
export const CHECKOUT_FIELDS: readonly CheckoutField[] = ['country', ...SHIPPING_FIELDS, 'state', 'gstin', 'legalname'];

export const GSTIN_LENGTH = 15;

type CheckoutCheck = {
  /** The form's one message: the shipping rules first, in their order, then the state, then the GSTIN. */
  first: string | null;
  fields: Partial<Record<CheckoutField, string>>;
  /** Trimmed, the state as the GST list writes it, the GSTIN upper-cased and left out when blank. */
  value: CheckoutShipping;
};

/**
 * The checkout form's checks. In India: the shipping rules of contract/shipping-rules.ts unchanged, then a state of
 * India, then a valid GSTIN when one is given. Abroad: the same texts required, then the country's own rules
 * (contract/address-rules.ts, as the server checks them): its phone with country code, its postal code, its region.
 */
export function checkCheckoutShipping(input: CheckoutValues): CheckoutCheck {
  const country = input.country || HOME_COUNTRY;
  if (country !== HOME_COUNTRY) return checkAbroad(country, input);
  const base = checkShipping(input);
  const fields: CheckoutCheck['fields'] = { ...base.fields };
  const named = input.state.trim();
  const state = named ? canonicalState(named) : null;
  if (!state) fields.state = named ? STATE_MESSAGES.unknown : STATE_MESSAGES.missing;
  const gstin = input.gstin.trim().toUpperCase();
  const gstinProblem = gstin ? gstinError(gstin) : null;
  if (gstinProblem) fields.gstin = gstinProblem;
  const legalname = (input.legalname ?? '').trim().replace(/\s+/g, ' ');
  if (gstin && !legalname) fields.legalname = GSTIN_MESSAGES.legalname;
  return {
    first: base.first ?? fields.state ?? fields.gstin ?? fields.legalname ?? null,
    fields,
    value: { ...base.value, state: state ?? '', ...(gstin ? { gstin, legalname } : {}) },
  };
}

/** An address outside India: every text filled (the postal code where the country has one), then the country's rules. */
function checkAbroad(country: string, input: CheckoutValues): CheckoutCheck {
  const fields: CheckoutCheck['fields'] = {};
  const typed = Object.fromEntries(SHIPPING_FIELDS.map((f) => [f, input[f].trim()])) as ShippingInput;
  const required = SHIPPING_FIELDS.filter((f) => f !== 'pincode' || addressShape(country).postalRequired);
  for (const f of required) if (typed[f] === '') fields[f] = SHIPPING_MESSAGES.required;
  const foreign = checkForeignAddress(country, {
    mobileno: typed.mobileno,
    pincode: typed.pincode,
    state: input.state,
    gstin: '',
  });
  for (const f of ['country', 'mobileno', 'pincode', 'state'] as const) {
    if (!fields[f] && foreign.fields[f]) fields[f] = foreign.fields[f];
  }
  for (const f of ['fullname', 'address', 'city'] as const) {
    if (!fields[f] && typed[f].length > SHIPPING_MAX_LENGTH[f])
      fields[f] = `Must be at most ${SHIPPING_MAX_LENGTH[f]} characters`;
  }
  const incomplete = required.some((f) => typed[f] === '');
  const firstField = CHECKOUT_FIELDS.find((f) => fields[f]);
  return {
    first: incomplete ? SHIPPING_MESSAGES.incomplete : firstField ? (fields[firstField] ?? null) : null,
    fields,
    value: { ...typed, ...foreign.value },
  };
}

/** Starting values: what is known, the state from the PIN code when none is given. */
export function startingValues(initial: Partial<CheckoutValues> = {}): CheckoutValues {
  const pincode = initial.pincode ?? '';
  const country = initial.country || HOME_COUNTRY;
  return {
    country,
    fullname: initial.fullname ?? '',
    mobileno: initial.mobileno ?? '',
    address: initial.address ?? '',
    city: initial.city ?? '',
    pincode,
    state:
      country === HOME_COUNTRY
        ? (initial.state && canonicalState(initial.state)) || stateFromPin(pincode) || ''
        : (initial.state ?? ''),
    // A GSTIN is given for each order ("Buying for a business?"), never carried over from an address or an order.
    gstin: '',
    legalname: '',
  };
}

/**
 * A change of PIN code pre-fills the state it points to (the shopper may still pick another); a PIN code that
 * points nowhere leaves the state as it was.
 */
export function withPincode(values: CheckoutValues, pincode: string): CheckoutValues {
  if (values.country !== HOME_COUNTRY) return { ...values, pincode };
  const state = stateFromPin(pincode);
  return { ...values, pincode, state: state ?? values.state };
}

/** A saved address as the form needs it (contract/accounts.ts Address). */
export type SavedAddress = CheckoutValues & { _id: string; label: string; isdefault: boolean };

const same = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/** The saved address the form's values are (whatever the spacing and case), if any. */
export function matchingAddress(values: CheckoutValues, saved: readonly SavedAddress[]): SavedAddress | undefined {
  return saved.find(
    (a) =>
      (a.country || HOME_COUNTRY) === (values.country || HOME_COUNTRY) &&
      same(a.fullname, values.fullname) &&
      same(a.mobileno, values.mobileno) &&
      same(a.address, values.address) &&
      same(a.city, values.city) &&
      same(a.pincode, values.pincode) &&
      same(a.state, values.state),
  );
}
