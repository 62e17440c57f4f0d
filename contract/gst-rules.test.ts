import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalState,
  GST_STATES,
  GSTIN_MESSAGES,
  gstinCheckChar,
  gstinError,
  gstinState,
  STATE_NAMES,
  stateFromPin,
} from './gst-rules.js';

/** GSTINs published by their holders (invoices, GST portal examples): the check digit is theirs, not ours. */
const PUBLISHED = ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '07AAGFF2194N1Z1', '33GSPTN0231G1ZM', '24AAACC1206D1ZM'];
const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const digit = fc.constantFrom(...'0123456789');
/** A well-formed GSTIN of any state, with its check character. */
const gstinArb = fc
  .tuple(
    fc.constantFrom(...GST_STATES.map((s) => s.code)),
    fc.array(upper, { minLength: 5, maxLength: 5 }),
    fc.array(digit, { minLength: 4, maxLength: 4 }),
    upper,
    fc.constantFrom(...'123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
  )
  .map(([code, pan1, pan2, pan3, entity]) => {
    const first14 = `${code}${pan1.join('')}${pan2.join('')}${pan3}${entity}Z`;
    return first14 + gstinCheckChar(first14);
  });

describe('GSTIN', () => {
  it('accepts published GSTINs, in any case and with spaces around', () => {
    for (const g of PUBLISHED) {
      expect(gstinError(g)).toBeNull();
      expect(gstinError(` ${g.toLowerCase()} `)).toBeNull();
    }
    expect(gstinState('27AAPFU0939F1ZV')).toBe('Maharashtra');
    expect(gstinState('07AAGFF2194N1Z1')).toBe('Delhi');
  });

  it('refuses a published GSTIN with any one character changed', () => {
    for (const g of PUBLISHED) {
      for (let i = 0; i < 15; i++) {
        for (const c of CHARS) {
          if (c === g[i]) continue;
          const changed = g.slice(0, i) + c + g.slice(i + 1);
          expect(gstinError(changed), changed).not.toBeNull();
        }
      }
    }
  });

  it('property: a valid GSTIN with one character changed is refused; swapping two neighbours too', () => {
    fc.assert(
      fc.property(gstinArb, fc.integer({ min: 0, max: 14 }), fc.constantFrom(...CHARS), (g, i, c) => {
        expect(gstinError(g)).toBeNull();
        fc.pre(c !== g[i]);
        expect(gstinError(g.slice(0, i) + c + g.slice(i + 1))).not.toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it('says why: format, state code, check digit', () => {
    expect(gstinError('')).toBe(GSTIN_MESSAGES.format);
    expect(gstinError('27AAPFU0939F1Z')).toBe(GSTIN_MESSAGES.format);
    expect(gstinError('27AAPFU0939F1ZVX')).toBe(GSTIN_MESSAGES.format);
    expect(gstinError('27AAPFU0939F1ZW')).toBe(GSTIN_MESSAGES.check);
    const first14 = '99AAPFU0939F1Z';
    expect(gstinError(first14 + gstinCheckChar(first14))).toBe(GSTIN_MESSAGES.state);
    const retired = '25AAPFU0939F1Z'; // Daman and Diu, merged into 26 in 2020
    expect(gstinError(retired + gstinCheckChar(retired))).toBe(GSTIN_MESSAGES.state);
  });
});

describe('states and PIN codes', () => {
  it('lists the 36 states and union territories once each, with unique GST codes', () => {
    expect(GST_STATES).toHaveLength(36);
    expect(new Set(STATE_NAMES).size).toBe(36);
    expect(new Set(GST_STATES.map((s) => s.code)).size).toBe(36);
    for (const must of ['Jammu and Kashmir', 'Delhi', 'Dadra and Nagar Haveli and Daman and Diu', 'Ladakh', 'Punjab']) {
      expect(STATE_NAMES).toContain(must);
    }
  });

  it('matches state names without regard to case or spacing', () => {
    expect(canonicalState('punjab')).toBe('Punjab');
    expect(canonicalState('  TAMIL   nadu ')).toBe('Tamil Nadu');
    expect(canonicalState('Bombay')).toBeNull();
  });

  it('points PIN codes to their states', () => {
    const cases: [string, string | null][] = [
      ['141001', 'Punjab'], // Ludhiana
      ['143001', 'Punjab'], // Amritsar
      ['160017', 'Chandigarh'],
      ['110001', 'Delhi'],
      ['122001', 'Haryana'], // Gurugram
      ['400001', 'Maharashtra'], // Mumbai
      ['411001', 'Maharashtra'], // Pune
      ['403001', 'Goa'],
      ['560001', 'Karnataka'],
      ['500001', 'Telangana'],
      ['520001', 'Andhra Pradesh'],
      ['600001', 'Tamil Nadu'],
      ['605001', 'Puducherry'],
      ['682001', 'Kerala'],
      ['682555', 'Lakshadweep'],
      ['700001', 'West Bengal'],
      ['737101', 'Sikkim'],
      ['744101', 'Andaman and Nicobar Islands'],
      ['781001', 'Assam'],
      ['800001', 'Bihar'],
      ['834001', 'Jharkhand'],
      ['751001', 'Odisha'],
      ['302001', 'Rajasthan'],
      ['380001', 'Gujarat'],
      ['226001', 'Uttar Pradesh'],
      ['248001', 'Uttarakhand'],
      ['171001', 'Himachal Pradesh'],
      ['180001', 'Jammu and Kashmir'],
      ['194101', 'Ladakh'],
      ['462001', 'Madhya Pradesh'],
      ['492001', 'Chhattisgarh'],
      ['999999', null], // army post office
      ['12345', null],
      ['041001', null],
    ];
    for (const [pin, state] of cases) expect(stateFromPin(pin), pin).toBe(state);
  });

  it('property: every 6-digit PIN code points to one of the 36 states or to none', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100000, max: 999999 }), (n) => {
        const s = stateFromPin(String(n));
        expect(s === null || STATE_NAMES.includes(s as (typeof STATE_NAMES)[number])).toBe(true);
      }),
    );
  });
});

describe('the state lists', () => {
  it('offer every state and union territory once, A–Z', () => {
    expect(STATE_NAMES).toEqual([...GST_STATES.map((s) => s.name)].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(STATE_NAMES).size).toBe(GST_STATES.length);
    expect(STATE_NAMES[0]).toBe('Andaman and Nicobar Islands');
    expect(STATE_NAMES.at(-1)).toBe('West Bengal');
  });
});
