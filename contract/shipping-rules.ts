/**
 * The shipping form's rules, free of zod so the web app can use them without bundling it.
 * contract/shipping.ts re-exports these with the request-body schema the server uses.
 */
import { normaliseMobile } from './mobile.js';

const MOBILE_RE = /^\d{10}$/;
const PINCODE_RE = /^\d{6}$/;

/** The checkout's shipping form, in the order the shopper fills it. */
export const SHIPPING_FIELDS = ['fullname', 'mobileno', 'address', 'city', 'pincode'] as const;
export type ShippingField = (typeof SHIPPING_FIELDS)[number];
export type ShippingInput = { [K in ShippingField]: string };

/**
 * The checkout form's validation texts.
 * @forTests the tests check the form reports these texts
 */
export const SHIPPING_MESSAGES = {
  incomplete: 'Please fill in all shipping details.',
  mobileno: 'Enter a valid 10-digit mobile number',
  pincode: 'Enter a valid 6-digit PIN code',
  required: 'This field is required',
} as const;

/** The place of supply's texts, checked after the shipping rules. */
export const STATE_MESSAGES = {
  unknown: 'Select one of the states and union territories of India',
  missing: 'Select your state',
} as const;

/** Longest value kept per field (the web form stops typing there too; a mobile number may be typed `+91 98111 22334`). */
export const SHIPPING_MAX_LENGTH: Record<ShippingField, number> = {
  fullname: 100,
  mobileno: 20,
  address: 500,
  city: 100,
  pincode: 6,
};

type ShippingCheck = {
  /** The one message to show for the form: the first rule broken, in the order below; null when the form is valid. */
  first: string | null;
  /** A message beside each field that is wrong. */
  fields: Partial<Record<ShippingField, string>>;
  /** The values as they will be sent and stored: trimmed. */
  value: ShippingInput;
};

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * Checks a shipping form in this order: (1) every field filled after trimming,
 * (2) a 10-digit mobile number, (3) a 6-digit PIN code; then the length limits.
 */
export function checkShipping(input: Partial<Record<ShippingField, unknown>>): ShippingCheck {
  const value = Object.fromEntries(SHIPPING_FIELDS.map((f) => [f, text(input[f])])) as ShippingInput;
  value.mobileno = normaliseMobile(value.mobileno); // `+91 98111 22334` is the number 9811122334, as the server reads it
  const fields: ShippingCheck['fields'] = {};
  for (const f of SHIPPING_FIELDS) if (value[f] === '') fields[f] = SHIPPING_MESSAGES.required;
  if (value.mobileno !== '' && !MOBILE_RE.test(value.mobileno)) fields.mobileno = SHIPPING_MESSAGES.mobileno;
  if (value.pincode !== '' && !PINCODE_RE.test(value.pincode)) fields.pincode = SHIPPING_MESSAGES.pincode;
  for (const f of SHIPPING_FIELDS) {
    if (!fields[f] && value[f].length > SHIPPING_MAX_LENGTH[f]) {
      fields[f] = `Must be at most ${SHIPPING_MAX_LENGTH[f]} characters`;
    }
  }

  let first: string | null = null;
  if (SHIPPING_FIELDS.some((f) => value[f] === '')) first = SHIPPING_MESSAGES.incomplete;
  else if (fields.mobileno) first = SHIPPING_MESSAGES.mobileno;
  else if (fields.pincode) first = SHIPPING_MESSAGES.pincode;
  else {
    const long = SHIPPING_FIELDS.find((f) => fields[f]);
    if (long) first = fields[long] ?? null;
  }
  return { first, fields, value };
}
