import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import { paiseToRupees } from '../../../contract/common.js';
import { stateCode } from '../../../contract/gst-rules.js';
import type { DbOrTx } from '../../db/client.js';
import { creditNotes, invoices, orders, receiptVouchers, refundVouchers } from '../../db/schema.js';
import { indiaDate } from '../../domain/tax.js';

/** Inter-state supplies to consumers above this go to B2C large (₹1,00,000). */
const B2CL_ABOVE_PAISE = 10_000_000;

const r = paiseToRupees;
const pos = (state: string) => `${stateCode(state) ?? '97'}-${state}`;

type Taxes = { taxable: number; igst: number; cgst: number; sgst: number };
const zero = (): Taxes => ({ taxable: 0, igst: 0, cgst: 0, sgst: 0 });
const add = (a: Taxes, b: Taxes, sign = 1) => {
  a.taxable += sign * b.taxable;
  a.igst += sign * b.igst;
  a.cgst += sign * b.cgst;
  a.sgst += sign * b.sgst;
};
const money = (t: Taxes) => ({ taxablevalue: r(t.taxable), igst: r(t.igst), cgst: r(t.cgst), sgst: r(t.sgst) });

/** First instant of a month in India, and of the next. */
function monthBounds(month: string): [Date, Date] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const start = new Date(`${month}-01T00:00:00+05:30`);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return [start, new Date(`${next}-01T00:00:00+05:30`)];
}

type InvoiceRow = typeof invoices.$inferSelect;
type CreditNoteRow = typeof creditNotes.$inferSelect;

/**
 * The month's tax invoices and the credit notes against tax invoices (India time), in number order. Bills of
 * supply (issued while the shop had no GSTIN) and their notes charge no tax and are not part of GSTR-1.
 */
export async function monthDocuments(db: DbOrTx, month: string) {
  const [start, end] = monthBounds(month);
  const invs = await db
    .select()
    .from(invoices)
    .where(and(gte(invoices.issuedAt, start), lt(invoices.issuedAt, end), eq(invoices.kind, 'tax-invoice')))
    .orderBy(asc(invoices.fy), asc(invoices.seq));
  const allNotes = await db
    .select()
    .from(creditNotes)
    .where(and(gte(creditNotes.issuedAt, start), lt(creditNotes.issuedAt, end)))
    .orderBy(asc(creditNotes.fy), asc(creditNotes.seq));
  const noteInvoices = allNotes.length
    ? await db
        .select()
        .from(invoices)
        .where(
          inArray(
            invoices.id,
            allNotes.map((n) => n.invoiceId),
          ),
        )
    : [];
  const invoiceById = new Map<string, InvoiceRow>([...invs, ...noteInvoices].map((i) => [i.id, i]));
  const notes: CreditNoteRow[] = allNotes.filter((n) => invoiceById.get(n.invoiceId)?.kind === 'tax-invoice');
  const exportOrders = invs.filter((i) => i.export).map((i) => i.orderId);
  const shipped = exportOrders.length
    ? await db
        .select({
          id: orders.id,
          portcode: orders.shipmentPortCode,
          shippingbill: orders.shipmentBillNumber,
          shippingbilldate: orders.shipmentBillDate,
        })
        .from(orders)
        .where(inArray(orders.id, exportOrders))
    : [];
  /** The CSB-V shipping bill of each export's parcel, as the shipment recorded it ("" where it has not). */
  const shippingBill = (orderId: string) => {
    const row = shipped.find((o) => o.id === orderId);
    return {
      portcode: row?.portcode ?? '',
      shippingbill: row?.shippingbill ?? '',
      shippingbilldate: row?.shippingbilldate ?? '',
    };
  };
  // Receipt vouchers for advances (made-to-order pieces) and refund vouchers for advances paid back: no tax is
  // reported on them (goods), but they are documents issued, counted in table 13. A shop not registered issues them
  // without tax and files no return.
  const receipts = await db
    .select()
    .from(receiptVouchers)
    .where(and(gte(receiptVouchers.issuedAt, start), lt(receiptVouchers.issuedAt, end), eq(receiptVouchers.taxed, true)))
    .orderBy(asc(receiptVouchers.fy), asc(receiptVouchers.seq));
  const refundsPaid = await db
    .select()
    .from(refundVouchers)
    .where(and(gte(refundVouchers.issuedAt, start), lt(refundVouchers.issuedAt, end), eq(refundVouchers.taxed, true)))
    .orderBy(asc(refundVouchers.fy), asc(refundVouchers.seq));
  return { invs, notes, receipts, refundVouchers: refundsPaid, invoiceById, shippingBill };
}

/** A consumer's invoice reported one by one: inter-state and above ₹1,00,000. */
export const isB2cl = (inv: InvoiceRow) => !inv.buyer.gstin && !inv.intraState && inv.totalPaise > B2CL_ABOVE_PAISE;

/**
 * GSTR-1 for a month (India time): invoices issued and credit notes issued in it, in the return's sections.
 * B2B by buyer GSTIN; B2C large (inter-state, above ₹1,00,000) one by one; B2C small by place of supply and
 * rate, net of consumer credit notes; registered buyers' credit notes; the HSN summary net of all credit notes.
 */
export async function gstr1(db: DbOrTx, month: string) {
  const { invs, notes, receipts, refundVouchers: paidBack, invoiceById, shippingBill } = await monthDocuments(db, month);

  const b2b = [];
  const b2cl = [];
  const exp = [];
  const b2cs = new Map<string, Taxes & { pos: string; rate: number }>();
  const hsn = new Map<string, Taxes & { hsn: string; quantity: number }>();
  const small = (state: string, rateBp: number) => {
    const key = `${state}|${rateBp}`;
    let row = b2cs.get(key);
    if (!row) {
      row = { ...zero(), pos: pos(state), rate: rateBp / 100 };
      b2cs.set(key, row);
    }
    return row;
  };
  const hsnRow = (code: string) => {
    let row = hsn.get(code);
    if (!row) {
      row = { ...zero(), hsn: code, quantity: 0 };
      hsn.set(code, row);
    }
    return row;
  };
  const lineTaxes = (l: { taxable: number; igst: number; cgst: number; sgst: number }): Taxes => ({
    taxable: l.taxable,
    igst: l.igst,
    cgst: l.cgst,
    sgst: l.sgst,
  });

  for (const inv of invs) {
    const totals = { taxable: inv.taxablePaise, igst: inv.igstPaise, cgst: inv.cgstPaise, sgst: inv.sgstPaise };
    const head = { invoice: inv.number, date: indiaDate(inv.issuedAt), value: r(inv.totalPaise), pos: pos(inv.placeOfSupply) };
    if (inv.export) exp.push(exportRow(inv.export, head, totals, shippingBill(inv.orderId)));
    else if (inv.buyer.gstin) b2b.push({ gstin: inv.buyer.gstin, ...head, ...money(totals) });
    else if (isB2cl(inv)) b2cl.push({ ...head, ...money(totals) });
    else for (const l of inv.lines) add(small(inv.placeOfSupply, l.rateBp), lineTaxes(l));
    for (const l of inv.lines) {
      const row = hsnRow(l.hsn);
      row.quantity += l.quantity;
      add(row, lineTaxes(l));
    }
  }

  const creditnotes = [];
  for (const n of notes) {
    const inv = invoiceById.get(n.invoiceId);
    if (!inv) continue;
    const totals = { taxable: n.taxablePaise, igst: n.igstPaise, cgst: n.cgstPaise, sgst: n.sgstPaise };
    if (inv.buyer.gstin || inv.export) {
      creditnotes.push({
        type: inv.export ? ('EXP' as const) : ('B2B' as const),
        gstin: inv.export ? '' : (inv.buyer.gstin ?? ''),
        note: n.number,
        date: indiaDate(n.issuedAt),
        invoice: inv.number,
        value: r(n.totalPaise),
        ...money(totals),
      });
    } else {
      for (const l of n.lines) add(small(inv.placeOfSupply, l.rateBp), lineTaxes(l), -1);
    }
    for (const l of n.lines) {
      if (l.valuePaise <= 0) continue;
      const row = hsnRow(l.hsn);
      row.quantity -= l.quantity;
      add(row, lineTaxes(l), -1);
    }
  }

  // The month's vouchers, one by one: the advances received and paid back, with the tax their supply carries (not
  // reported as tax of the month: GST on goods is due with the invoice).
  const voucherHead = (v: (typeof receipts)[number] | (typeof paidBack)[number]) => ({
    voucher: v.number,
    date: indiaDate(v.issuedAt),
    gstin: v.buyer.gstin ?? '',
    value: r(v.totalPaise),
    pos: pos(v.placeOfSupply),
    ...money({ taxable: v.taxablePaise, igst: v.igstPaise, cgst: v.cgstPaise, sgst: v.sgstPaise }),
  });
  const orderReceipts = paidBack.length
    ? await db
        .select({ orderId: receiptVouchers.orderId, number: receiptVouchers.number })
        .from(receiptVouchers)
        .where(
          inArray(
            receiptVouchers.orderId,
            paidBack.map((v) => v.orderId),
          ),
        )
        .orderBy(asc(receiptVouchers.issuedAt), asc(receiptVouchers.fy), asc(receiptVouchers.seq))
    : [];
  const receiptvouchers = receipts.map(voucherHead);
  const refundvouchers = paidBack.map((v) => ({
    ...voucherHead(v),
    receipt: orderReceipts
      .filter((rv) => rv.orderId === v.orderId)
      .map((rv) => rv.number)
      .join(' '),
  }));

  return {
    month,
    b2b,
    b2cl,
    exp,
    b2cs: [...b2cs.values()]
      .sort((a, b) => a.pos.localeCompare(b.pos) || a.rate - b.rate)
      .map((row) => ({ pos: row.pos, rate: row.rate, ...money(row) })),
    hsn: [...hsn.values()]
      .sort((a, b) => a.hsn.localeCompare(b.hsn))
      .map((row) => ({ hsn: row.hsn, quantity: row.quantity, ...money(row) })),
    creditnotes,
    receiptvouchers,
    refundvouchers,
  };
}

/**
 * An export's row (table 6A): zero-rated under the LUT (WOPAY) or with IGST paid (WPAY), as fixed on its invoice.
 * The currency is the one the order was paid in (INR unless the buyer paid in another); the values stay in rupees,
 * as the return is filed; the shipping bill and port code are the courier's
 * CSB-V details recorded with the shipment (empty until they are).
 */
function exportRow(
  exported: NonNullable<InvoiceRow['export']>,
  head: { invoice: string; date: string; value: number },
  totals: Taxes,
  bill: { portcode: string; shippingbill: string; shippingbilldate: string },
) {
  return {
    type: exported.type,
    invoice: head.invoice,
    date: head.date,
    value: head.value,
    currency: exported.currency ?? 'INR',
    ...bill,
    taxablevalue: r(totals.taxable),
    igst: r(totals.igst),
  };
}

type Gstr1 = Awaited<ReturnType<typeof gstr1>>;

const CSV_COLUMNS = [
  'section',
  'gstin',
  'invoice',
  'note',
  'date',
  'value',
  'pos',
  'rate',
  'hsn',
  'quantity',
  'taxablevalue',
  'igst',
  'cgst',
  'sgst',
  'type',
  'currency',
  'portcode',
  'shippingbill',
  'shippingbilldate',
  'voucher',
  'receipt',
] as const;

const cell = (v: unknown) => {
  const s = v === undefined || v === null ? '' : String(v);
  // Quote when needed; a leading formula character is neutralised for spreadsheets.
  const safe = /^[=+\-@\t\r]/.test(s) && !/^-?\d/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** One CSV file, a `section` column naming each row's part of the return. */
export function gstr1Csv(report: Gstr1): string {
  const rows: Record<string, unknown>[] = [
    ...report.b2b.map((x) => ({ section: 'b2b', ...x })),
    ...report.b2cl.map((x) => ({ section: 'b2cl', ...x })),
    ...report.exp.map((x) => ({ section: 'exp', ...x })),
    ...report.b2cs.map((x) => ({ section: 'b2cs', ...x })),
    ...report.creditnotes.map((x) => ({ section: 'creditnotes', ...x })),
    ...report.hsn.map((x) => ({ section: 'hsn', ...x })),
    ...report.receiptvouchers.map((x) => ({ section: 'receiptvouchers', ...x })),
    ...report.refundvouchers.map((x) => ({ section: 'refundvouchers', ...x })),
  ];
  return `${[CSV_COLUMNS.join(','), ...rows.map((row) => CSV_COLUMNS.map((c) => cell(row[c])).join(','))].join('\r\n')}\r\n`;
}
