import { canonicalState, GSTIN_MESSAGES, gstinError, stateFromPin } from '../../../contract/gst-rules';
import {
  checkShipping,
  SHIPPING_FIELDS,
  type ShippingField,
  type ShippingInput,
  STATE_MESSAGES,
} from '../../../contract/shipping-rules';

/** What the checkout sends as `shippinginfo`: the form's five fields, the place of supply and a business buyer's GSTIN. */
export type CheckoutShipping = ShippingInput & { state: string; gstin?: string; legalname?: string };
/** The form's values as typed (the GSTIN may be blank: asked only for a business, for this order alone). */
export type CheckoutValues = ShippingInput & { state: string; gstin: string; legalname?: string };
type CheckoutField = ShippingField | 'state' | 'gstin' | 'legalname';
export const CHECKOUT_FIELDS: readonly CheckoutField[] = [...SHIPPING_FIELDS, 'state', 'gstin', 'legalname'];

export const GSTIN_LENGTH = 15;

type CheckoutCheck = {
  /** The form's one message: the shipping rules first, in their order, then the state, then the GSTIN. */
  first: string | null;
  fields: Partial<Record<CheckoutField, string>>;
  /** Trimmed, the state as the GST list writes it, the GSTIN upper-cased and left out when blank. */
  value: CheckoutShipping;
};

/** The checkout form's checks: the shipping rules of contract/shipping-rules.ts unchanged, then a state of India, then a valid GSTIN when one is given. */
export function checkCheckoutShipping(input: CheckoutValues): CheckoutCheck {
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

/** Starting values: what is known, the state from the PIN code when none is given. */
export function startingValues(initial: Partial<CheckoutValues> = {}): CheckoutValues {
  const pincode = initial.pincode ?? '';
  return {
    fullname: initial.fullname ?? '',
    mobileno: initial.mobileno ?? '',
    address: initial.address ?? '',
    city: initial.city ?? '',
    pincode,
    state: (initial.state && canonicalState(initial.state)) || stateFromPin(pincode) || '',
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
      same(a.fullname, values.fullname) &&
      same(a.mobileno, values.mobileno) &&
      same(a.address, values.address) &&
      same(a.city, values.city) &&
      same(a.pincode, values.pincode) &&
      same(a.state, values.state),
  );
}
