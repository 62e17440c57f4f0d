import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentNumber, financialYear, indiaDate, splitLine, spreadDiscount, taxInside, taxOrder } from './tax.js';

const rateBp = fc.integer({ min: 0, max: 2800 }); // 0–28% with 2 decimals
const line = fc.record({
  unit: fc.integer({ min: 0, max: 50_000_000 }), // up to ₹5,00,000 a unit
  qty: fc.integer({ min: 1, max: 1000 }),
  rateBp,
});

describe('GST split of a GST-inclusive amount', () => {
  it('worked examples from the contract’s rule', () => {
    // ₹1,030.00 at 3%: taxable 1,000.00, tax 30.00 → CGST 15.00 + SGST 15.00
    expect(splitLine(103_000, 300, true)).toEqual({ taxable: 100_000, cgst: 1500, sgst: 1500, igst: 0, tax: 3000 });
    expect(splitLine(103_000, 300, false)).toEqual({ taxable: 100_000, cgst: 0, sgst: 0, igst: 3000, tax: 3000 });
    // ₹999.99 at 3%: tax = round(99999 × 3 / 103) = round(2912.592…) = 2913 paise; odd → SGST takes the paisa
    expect(splitLine(99_999, 300, true)).toEqual({ taxable: 97_086, cgst: 1456, sgst: 1457, igst: 0, tax: 2913 });
    expect(taxInside(5150, 300)).toBe(150); // exactly 150
    expect(taxInside(51, 300)).toBe(1); // 1.485… → 1
    expect(taxInside(52, 300)).toBe(2); // 1.514… → 2
    expect(taxInside(0, 300)).toBe(0);
    expect(taxInside(12_345, 0)).toBe(0);
  });

  it('property: the parts add up exactly, nothing negative, tax as the contract rounds it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), rateBp, fc.boolean(), (amount, r, intra) => {
        const s = splitLine(amount, r, intra);
        expect(s.taxable + s.cgst + s.sgst + s.igst).toBe(amount);
        for (const v of Object.values(s)) expect(v).toBeGreaterThanOrEqual(0);
        // round(amount − amount ÷ (1 + rate)), checked with exact fractions: |tax − exact| ≤ ½ paisa
        const exact2 = (2n * BigInt(amount) * BigInt(r)) / BigInt(10000 + r); // 2 × exact, floored
        expect(Math.abs(2 * s.tax - Number(exact2))).toBeLessThanOrEqual(1);
        if (intra) {
          expect(s.igst).toBe(0);
          expect(s.cgst).toBe(Math.floor(s.tax / 2));
          expect(s.sgst - s.cgst).toBeGreaterThanOrEqual(0);
          expect(s.sgst - s.cgst).toBeLessThanOrEqual(1);
        } else {
          expect(s.cgst + s.sgst).toBe(0);
          expect(s.igst).toBe(s.tax);
        }
      }),
      { numRuns: 5000 },
    );
  });
});

describe('an order-wide discount spread over the lines', () => {
  it('in proportion, the left-over paisa on the largest line', () => {
    expect(spreadDiscount([30_000, 10_000], 1000)).toEqual([750, 250]);
    expect(spreadDiscount([100, 100, 100], 100)).toEqual([34, 33, 33]); // 33 each, 1 left → first largest
    expect(spreadDiscount([100, 200, 100], 101)).toEqual([25, 51, 25]);
    expect(spreadDiscount([1, 1, 1], 2)).toEqual([1, 1, 0]); // the largest cannot take 2 paise off 1
    expect(spreadDiscount([500], 500)).toEqual([500]);
    expect(() => spreadDiscount([500], 501)).toThrow();
  });

  it('property: any prices, quantities, rates and discounts → shares sum to the discount, parts sum to what was paid, no negative tax', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.boolean(),
        (ls, fraction, intra) => {
          const amounts = ls.map((l) => l.unit * l.qty);
          const gross = amounts.reduce((s, a) => s + a, 0);
          const discount = Math.floor(gross * fraction);
          const paid = gross - discount;
          const { lines, totals } = taxOrder(
            ls.map((l, i) => ({ amountPaise: amounts[i] as number, rateBp: l.rateBp })),
            discount,
            intra,
          );
          expect(lines.reduce((s, l) => s + l.discountPaise, 0)).toBe(discount);
          expect(totals.total).toBe(paid);
          expect(totals.taxable + totals.cgst + totals.sgst + totals.igst).toBe(paid);
          for (const l of lines) {
            expect(l.discountPaise).toBeGreaterThanOrEqual(0);
            expect(l.valuePaise).toBeGreaterThanOrEqual(0);
            expect(l.valuePaise).toBe(l.amountPaise - l.discountPaise);
            expect(l.taxable + l.cgst + l.sgst + l.igst).toBe(l.valuePaise);
            for (const k of ['taxable', 'cgst', 'sgst', 'igst'] as const) expect(l[k]).toBeGreaterThanOrEqual(0);
            // the proportional share, within the paise left over
            if (gross > 0) expect(Math.abs(l.discountPaise - (l.amountPaise * discount) / gross)).toBeLessThan(ls.length + 1);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('financial year and document numbers', () => {
  it('the year turns at 1 April 00:00 India time (31 March 18:30 UTC)', () => {
    expect(financialYear(new Date('2027-03-31T18:29:59.999Z'))).toBe('26-27');
    expect(financialYear(new Date('2027-03-31T18:30:00.000Z'))).toBe('27-28');
    expect(indiaDate(new Date('2027-03-31T18:30:00.000Z'))).toBe('2027-04-01');
    expect(financialYear(new Date('2026-11-24T12:00:00Z'))).toBe('26-27');
    expect(financialYear(new Date('2026-01-15T00:00:00Z'))).toBe('25-26');
    expect(financialYear(new Date('2099-12-31T23:00:00Z'))).toBe('99-00');
  });

  it('numbers read <prefix>/<yy-yy>/<000001>, never more than 16 characters', () => {
    expect(documentNumber('RG', '26-27', 42)).toBe('RG/26-27/000042');
    expect(documentNumber('CN', '26-27', 7)).toBe('CN/26-27/000007');
    expect(documentNumber('ABCDEF', '26-27', 42)).toBe('ABCDEF/26-27/042');
    expect(documentNumber('ABCDEF', '26-27', 1000)).toBe('ABCDEF2627001000');
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z]{1,6}$/),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 1, max: 999_999 }),
        (prefix, y, seq) => {
          const fy = `${String(y).padStart(2, '0')}-${String((y + 1) % 100).padStart(2, '0')}`;
          const n = documentNumber(prefix, fy, seq);
          expect(n.length).toBeLessThanOrEqual(16);
          expect(n.startsWith(prefix)).toBe(true);
          expect(Number(n.slice(-String(seq).length))).toBe(seq);
        },
      ),
    );
  });
});
