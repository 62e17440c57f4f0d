import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { normaliseMobile } from './mobile.js';
import { checkShipping, SHIPPING_FIELDS, SHIPPING_MESSAGES, ShippingInfoInput } from './shipping.js';

const good = { fullname: 'Meera Kapoor', mobileno: '9876543210', address: '12 Mall Road', city: 'Ludhiana', pincode: '141001' };

describe('checkShipping', () => {
  it('accepts a complete form and trims what it returns', () => {
    const check = checkShipping({ ...good, fullname: '  Meera Kapoor ', pincode: ' 141001 ' });
    expect(check.first).toBeNull();
    expect(check.fields).toEqual({});
    expect(check.value).toEqual(good);
  });

  it('asks for every field first, whatever else is wrong, and marks each empty field', () => {
    const check = checkShipping({ ...good, mobileno: '12', address: '   ', pincode: 'abc' });
    expect(check.first).toBe(SHIPPING_MESSAGES.incomplete);
    expect(check.fields.address).toBe('This field is required');
    expect(check.fields.mobileno).toBe('Enter a valid 10-digit mobile number');
    expect(check.fields.pincode).toBe('Enter a valid 6-digit PIN code');
    expect(check.fields.fullname).toBeUndefined();
  });

  it('reads a mobile number typed with +91, a leading 0, spaces or dashes as its ten digits', () => {
    for (const typed of ['+91 98111 22334', '098111-22334', '91 9811122334', ' 98111 22334 ', '+91-98111-22334']) {
      const check = checkShipping({ ...good, mobileno: typed });
      expect(check.first).toBeNull();
      expect(check.value.mobileno).toBe('9811122334');
    }
    // a 91 or 0 that is part of a ten-digit number is kept
    expect(normaliseMobile('9198111223')).toBe('9198111223');
    expect(checkShipping({ ...good, mobileno: '+91 98111 2233' }).first).toBe('Enter a valid 10-digit mobile number');
    expect(checkShipping({ ...good, mobileno: '+44 98111 22334' }).first).toBe('Enter a valid 10-digit mobile number');
  });

  it('then the mobile number, then the PIN code', () => {
    expect(checkShipping({ ...good, mobileno: '98765 4321', pincode: '14100' }).first).toBe(
      'Enter a valid 10-digit mobile number',
    );
    expect(checkShipping({ ...good, mobileno: '98765432101' }).first).toBe('Enter a valid 10-digit mobile number');
    expect(checkShipping({ ...good, pincode: '14100' }).first).toBe('Enter a valid 6-digit PIN code');
    expect(checkShipping({ ...good, pincode: '14100a' }).first).toBe('Enter a valid 6-digit PIN code');
  });

  it('treats missing or non-text values as empty', () => {
    const check = checkShipping({ fullname: 5, mobileno: null });
    expect(check.first).toBe('Please fill in all shipping details.');
    for (const f of SHIPPING_FIELDS) expect(check.fields[f]).toBe('This field is required');
  });

  it('limits long values after the shipping rules', () => {
    const check = checkShipping({ ...good, address: 'x'.repeat(501) });
    expect(check.first).toBe('Must be at most 500 characters');
    expect(check.fields.address).toBe('Must be at most 500 characters');
  });

  it('any whitespace-only field means the form is incomplete', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SHIPPING_FIELDS), fc.stringMatching(/^[ \t\n]*$/), (f, blank) => {
        const check = checkShipping({ ...good, [f]: blank });
        return check.first === SHIPPING_MESSAGES.incomplete && check.fields[f] === SHIPPING_MESSAGES.required;
      }),
    );
  });

  it('a complete form is valid exactly when the mobile has 10 digits and the PIN 6', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.string({ minLength: 1, maxLength: 8 }), (mobileno, pincode) => {
        const check = checkShipping({ ...good, mobileno, pincode });
        const m = normaliseMobile(mobileno);
        const p = pincode.trim();
        if (m === '' || p === '') return check.first === SHIPPING_MESSAGES.incomplete;
        const expected = !/^\d{10}$/.test(m) ? SHIPPING_MESSAGES.mobileno : !/^\d{6}$/.test(p) ? SHIPPING_MESSAGES.pincode : null;
        return check.first === expected;
      }),
    );
  });
});

describe('ShippingInfoInput (request body schema)', () => {
  const Body = z.object({ shippinginfo: ShippingInfoInput });

  it('parses to trimmed values', () => {
    const parsed = Body.parse({ shippinginfo: { ...good, city: ' Ludhiana  ', extra: 'ignored' } });
    expect(parsed.shippinginfo).toEqual(good);
  });

  it('reports the form-level message first, then each field', () => {
    const result = Body.safeParse({ shippinginfo: { ...good, address: '', mobileno: '123' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['shippinginfo', 'Please fill in all shipping details.'],
      ['shippinginfo.mobileno', 'Enter a valid 10-digit mobile number'],
      ['shippinginfo.address', 'This field is required'],
    ]);
  });

  it('reports a bad PIN code once the rest is right', () => {
    const result = Body.safeParse({ shippinginfo: { ...good, pincode: '99' } });
    expect(result.error?.issues[0]?.message).toBe('Enter a valid 6-digit PIN code');
  });

  it('refuses missing shipping info and wrong types', () => {
    expect(Body.safeParse({}).success).toBe(false);
    expect(Body.safeParse({ shippinginfo: { ...good, pincode: 141001 } }).success).toBe(false);
  });
});
