/**
 * India's GST rules shared by the server and the web app (free of zod, so the storefront can use them
 * without bundling it): the 36 states and union territories with their GST state codes, the state a PIN
 * code points to, and the GSTIN format with its check character.
 */

/**
 * The GST state-code list (codes 25 and 28 are retired: Daman and Diu merged into 26, old Andhra Pradesh).
 * @forTests the tests check every state and its code
 */
export const GST_STATES = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
] as const;
/** The states and union territories A–Z, as every state list in the shop offers them. */
export const STATE_NAMES = GST_STATES.map((s) => s.name).sort((a, b) => a.localeCompare(b, 'en'));

/** The state's name as the GST list writes it, matched without regard to case or extra spaces; null if none. */
export function canonicalState(name: string): string | null {
  const key = name.trim().replace(/\s+/g, ' ').toLowerCase();
  return GST_STATES.find((s) => s.name.toLowerCase() === key)?.name ?? null;
}

export function stateCode(name: string): string | null {
  const canonical = canonicalState(name);
  return GST_STATES.find((s) => s.name === canonical)?.code ?? null;
}

function stateByCode(code: string): string | null {
  return GST_STATES.find((s) => s.code === code)?.name ?? null;
}

/**
 * PIN code prefixes (India Post's postal circles and their districts) → state. The longest matching
 * prefix wins. It only pre-fills the shopper's choice: a PIN near a border may belong to its neighbour,
 * and the shopper's choice of state is what counts.
 */
const PIN_PREFIXES: Record<string, string> = {
  '11': 'Delhi',
  '12': 'Haryana',
  '13': 'Haryana',
  '14': 'Punjab',
  '15': 'Punjab',
  '160': 'Chandigarh',
  '17': 'Himachal Pradesh',
  '18': 'Jammu and Kashmir',
  '190': 'Jammu and Kashmir',
  '191': 'Jammu and Kashmir',
  '192': 'Jammu and Kashmir',
  '193': 'Jammu and Kashmir',
  '194': 'Ladakh',
  '20': 'Uttar Pradesh',
  '21': 'Uttar Pradesh',
  '22': 'Uttar Pradesh',
  '23': 'Uttar Pradesh',
  '24': 'Uttar Pradesh',
  '246': 'Uttarakhand',
  '248': 'Uttarakhand',
  '249': 'Uttarakhand',
  '25': 'Uttar Pradesh',
  '26': 'Uttar Pradesh',
  '262': 'Uttarakhand',
  '263': 'Uttarakhand',
  '27': 'Uttar Pradesh',
  '28': 'Uttar Pradesh',
  '30': 'Rajasthan',
  '31': 'Rajasthan',
  '32': 'Rajasthan',
  '33': 'Rajasthan',
  '34': 'Rajasthan',
  '36': 'Gujarat',
  '37': 'Gujarat',
  '38': 'Gujarat',
  '39': 'Gujarat',
  '3962': 'Dadra and Nagar Haveli and Daman and Diu',
  '40': 'Maharashtra',
  '403': 'Goa',
  '41': 'Maharashtra',
  '42': 'Maharashtra',
  '43': 'Maharashtra',
  '44': 'Maharashtra',
  '45': 'Madhya Pradesh',
  '46': 'Madhya Pradesh',
  '47': 'Madhya Pradesh',
  '48': 'Madhya Pradesh',
  '49': 'Chhattisgarh',
  '50': 'Telangana',
  '51': 'Andhra Pradesh',
  '52': 'Andhra Pradesh',
  '53': 'Andhra Pradesh',
  '56': 'Karnataka',
  '57': 'Karnataka',
  '58': 'Karnataka',
  '59': 'Karnataka',
  '60': 'Tamil Nadu',
  '605': 'Puducherry',
  '61': 'Tamil Nadu',
  '62': 'Tamil Nadu',
  '63': 'Tamil Nadu',
  '64': 'Tamil Nadu',
  '67': 'Kerala',
  '68': 'Kerala',
  '68255': 'Lakshadweep',
  '69': 'Kerala',
  '70': 'West Bengal',
  '71': 'West Bengal',
  '72': 'West Bengal',
  '73': 'West Bengal',
  '737': 'Sikkim',
  '74': 'West Bengal',
  '744': 'Andaman and Nicobar Islands',
  '75': 'Odisha',
  '76': 'Odisha',
  '77': 'Odisha',
  '78': 'Assam',
  '790': 'Arunachal Pradesh',
  '791': 'Arunachal Pradesh',
  '792': 'Arunachal Pradesh',
  '793': 'Meghalaya',
  '794': 'Meghalaya',
  '795': 'Manipur',
  '796': 'Mizoram',
  '797': 'Nagaland',
  '798': 'Nagaland',
  '799': 'Tripura',
  '80': 'Bihar',
  '81': 'Bihar',
  '814': 'Jharkhand',
  '815': 'Jharkhand',
  '816': 'Jharkhand',
  '82': 'Bihar',
  '822': 'Jharkhand',
  '825': 'Jharkhand',
  '826': 'Jharkhand',
  '827': 'Jharkhand',
  '828': 'Jharkhand',
  '829': 'Jharkhand',
  '83': 'Jharkhand',
  '84': 'Bihar',
  '85': 'Bihar',
};

/** The state a 6-digit PIN code points to; null when it is not a PIN code or points to none (e.g. army post). */
export function stateFromPin(pincode: string): string | null {
  const pin = pincode.trim();
  if (!/^[1-8]\d{5}$/.test(pin)) return null;
  for (let len = 5; len >= 2; len--) {
    const state = PIN_PREFIXES[pin.slice(0, len)];
    if (state) return state;
  }
  return null;
}

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** State code, PAN (5 letters, 4 digits, a letter), entity number, Z (default), check character. */
const GSTIN_RE = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z][A-Z][0-9A-Z]$/;

/**
 * The check character of a GSTIN's first 14 characters (GSTN's mod-36 scheme: weights 1, 2, 1, 2, …).
 * @forTests tests make valid GSTINs for their sellers and buyers
 */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARS.indexOf(first14[i] ?? '');
    if (value < 0) throw new Error('not a GSTIN character');
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36] as string;
}

export const GSTIN_MESSAGES = {
  format: 'Enter a valid 15-character GSTIN',
  check: 'This GSTIN is not valid: its check digit does not match',
  state: 'This GSTIN is not valid: its first two digits are not a state code',
  /** A business buyer's invoice prints the legal name the GSTIN is registered under. */
  legalname: 'Enter the business’s legal name, as registered for GST',
} as const;

/** Why a GSTIN (upper-cased, trimmed) is refused; null when it is valid. */
export function gstinError(input: string): string | null {
  const g = input.trim().toUpperCase();
  const m = GSTIN_RE.exec(g);
  if (!m) return GSTIN_MESSAGES.format;
  if (!stateByCode(m[1] as string)) return GSTIN_MESSAGES.state;
  if (gstinCheckChar(g.slice(0, 14)) !== g[14]) return GSTIN_MESSAGES.check;
  return null;
}

/** The state a valid GSTIN is registered in. */
export function gstinState(gstin: string): string | null {
  return stateByCode(gstin.trim().slice(0, 2));
}

/**
 * The GST rate the rate schedules set for the HSN codes a gem and jewellery shop sells under (notification
 * 1/2017-Central Tax (Rate): Schedule V is 3%, Schedule VI 0.25%), in basis points (25 = 0.25%), with where each
 * comes from. Loose coloured stones (7103) moved from 3% to 0.25% on 1 October 2019 (notification 24/2019-Central
 * Tax (Rate)); a stone set in a ring is jewellery (7113).
 */
export const USUAL_GST_RATES: Readonly<Record<string, { rateBp: number; basis: string }>> = {
  '7101': { rateBp: 300, basis: 'Pearls (HSN 7101): 3%, Schedule V of notification 1/2017-Central Tax (Rate)' },
  '7102': { rateBp: 25, basis: 'Diamonds (HSN 7102): 0.25%, Schedule VI of notification 1/2017-Central Tax (Rate)' },
  '7103': {
    rateBp: 25,
    basis:
      'Precious and semi-precious stones, not strung, mounted or set (HSN 7103): 0.25%, Schedule VI, since 1 October 2019 (notification 24/2019-Central Tax (Rate))',
  },
  '7113': { rateBp: 300, basis: 'Jewellery (HSN 7113): 3%, Schedule V of notification 1/2017-Central Tax (Rate)' },
};

/** The HSN code of a category without a row of its own: loose stones. */
export const DEFAULT_HSN = '7103';
