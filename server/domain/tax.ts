/**
 * GST arithmetic, in integer paise (docs/gst.md). Prices are GST-inclusive. Per line:
 * tax = round(amount − amount ÷ (1 + rate)) to the paisa, taxable value = amount − tax; CGST = tax ÷ 2
 * rounded down, SGST = the rest (supply within the seller's state), else IGST = tax. An order-wide discount
 * is spread over the lines in proportion to their amounts, the left-over paise on the largest line.
 */

type TaxSplit = { taxable: number; cgst: number; sgst: number; igst: number; tax: number };

const isPaise = (n: number) => Number.isSafeInteger(n) && n >= 0;

/**
 * Tax inside a GST-inclusive amount at a rate in basis points (300 = 3%): amount × rate ÷ (10000 + rate),
 * rounded half up, in exact integer arithmetic.
 * @forTests unit-tested with amounts whose rounding matters
 */
export function taxInside(amountPaise: number, rateBp: number): number {
  if (!isPaise(amountPaise) || !Number.isInteger(rateBp) || rateBp < 0) throw new Error('bad amount or rate');
  const a = BigInt(amountPaise);
  const r = BigInt(rateBp);
  const d = 10000n + r;
  return Number((2n * a * r + d) / (2n * d));
}

export function splitLine(amountPaise: number, rateBp: number, intraState: boolean): TaxSplit {
  const tax = taxInside(amountPaise, rateBp);
  const taxable = amountPaise - tax;
  if (intraState) {
    const cgst = Math.floor(tax / 2);
    return { taxable, cgst, sgst: tax - cgst, igst: 0, tax };
  }
  return { taxable, cgst: 0, sgst: 0, igst: tax, tax };
}

/**
 * Each line's share of an order-wide discount: in proportion to the line amounts (rounded down), the
 * paise left over on the largest line (the first of equals); a line never takes more than its amount, so
 * what the largest cannot take goes to the next largest.
 */
export function spreadDiscount(amounts: number[], discountPaise: number): number[] {
  const total = amounts.reduce((s, a) => s + a, 0);
  if (!amounts.every(isPaise) || !isPaise(discountPaise)) throw new Error('bad amounts or discount');
  if (discountPaise > total) throw new Error('discount larger than the order');
  if (discountPaise === 0 || total === 0) return amounts.map(() => 0);
  const shares = amounts.map((a) => Number((BigInt(a) * BigInt(discountPaise)) / BigInt(total)));
  let left = discountPaise - shares.reduce((s, x) => s + x, 0);
  const bySize = amounts.map((a, i) => ({ a, i })).sort((x, y) => y.a - x.a || x.i - y.i);
  for (const { a, i } of bySize) {
    if (left === 0) break;
    const room = a - (shares[i] as number);
    const take = Math.min(room, left);
    shares[i] = (shares[i] as number) + take;
    left -= take;
  }
  return shares;
}

type TaxInputLine = { amountPaise: number; rateBp: number };
type TaxedLine = TaxInputLine & { discountPaise: number; valuePaise: number } & TaxSplit;

/** Lines (gross amounts at their rates) and an order-wide discount → each line's value after discount and its tax. */
export function taxOrder(lines: TaxInputLine[], discountPaise: number, intraState: boolean) {
  const shares = spreadDiscount(
    lines.map((l) => l.amountPaise),
    discountPaise,
  );
  const taxed: TaxedLine[] = lines.map((l, i) => {
    const valuePaise = l.amountPaise - (shares[i] as number);
    return { ...l, discountPaise: shares[i] as number, valuePaise, ...splitLine(valuePaise, l.rateBp, intraState) };
  });
  const sum = (k: 'taxable' | 'cgst' | 'sgst' | 'igst' | 'valuePaise') => taxed.reduce((s, l) => s + l[k], 0);
  return {
    lines: taxed,
    totals: { taxable: sum('taxable'), cgst: sum('cgst'), sgst: sum('sgst'), igst: sum('igst'), total: sum('valuePaise') },
  };
}

// ---------------------------------------------------------------- financial year and numbers
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The Indian financial year (April–March, India time) an instant falls in, as `yy-yy` (e.g. `26-27`). */
export function financialYear(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const y = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? y : y - 1;
  const yy = (n: number) => String(n % 100).padStart(2, '0');
  return `${yy(start)}-${yy(start + 1)}`;
}

/** The calendar day an instant falls on in India, YYYY-MM-DD. */
export function indiaDate(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

const MAX_DOCUMENT_NUMBER = 16;

/**
 * `<prefix>/<yy-yy>/<000042>` (at most 15 characters with a prefix of up to 3 letters). A longer prefix
 * pads the number with fewer zeros; should the number then outgrow 16 characters it is written without
 * separators (`ABCDEF2627001000`), so a number is never longer than GST allows (16).
 */
export function documentNumber(prefix: string, fy: string, seq: number): string {
  if (!/^[A-Z]{1,6}$/.test(prefix) || !/^\d{2}-\d{2}$/.test(fy) || !Number.isInteger(seq) || seq < 1) {
    throw new Error('bad document number parts');
  }
  const width = Math.min(6, MAX_DOCUMENT_NUMBER - prefix.length - 7);
  const full = `${prefix}/${fy}/${String(seq).padStart(width, '0')}`;
  if (full.length <= MAX_DOCUMENT_NUMBER) return full;
  const compact = `${prefix}${fy.replace('-', '')}${String(seq).padStart(MAX_DOCUMENT_NUMBER - prefix.length - 4, '0')}`;
  if (compact.length > MAX_DOCUMENT_NUMBER) throw new Error('document number too long');
  return compact;
}
