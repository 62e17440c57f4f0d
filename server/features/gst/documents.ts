import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { creditNotes, invoices, orders, receiptVouchers, refunds, refundVouchers } from '../../db/schema.js';
import { NotFound } from '../../domain/errors.js';
import type { RefundProcessed } from '../../domain/order-events.js';
import { paidBackWords } from '../../domain/paid-back.js';
import { settingsRow } from '../../domain/shop-settings.js';
import type { SessionUser } from '../../http/session.js';
import { irnOf } from '../einvoice/service.js';
import { issueCreditNote } from './invoices.js';
import { ADVANCE_PURPOSE, invoiceDate, renderPdf, rupees } from './pdf.js';
import { issueRefundVoucher } from './vouchers.js';

/** A processed refund (any amount) gets its credit note in the same transaction (wired in `server/wiring.ts`). */
export async function issueRefundCreditNote(tx: Tx, { refund, order }: RefundProcessed) {
  await issueCreditNote(
    tx,
    {
      refundKey: refund.id,
      orderId: order.id,
      amountPaise: refund.amountPaise,
      reason: refund.reason,
      restock: refund.restock,
    },
    refund.processedAt ?? new Date(),
  );
}

/**
 * An advance paid back before the order's invoice (a made-to-order piece cancelled) gets its refund voucher in the
 * same transaction (wired in `server/wiring.ts`); a refund of an invoiced order has its credit note instead.
 */
export async function issueAdvanceRefundVoucher(tx: Tx, { refund, order }: RefundProcessed) {
  await issueRefundVoucher(
    tx,
    { refundKey: refund.id, orderId: order.id, amountPaise: refund.amountPaise },
    refund.processedAt ?? new Date(),
  );
}

/**
 * The order-placed e-mail carries the invoice PDF when the order has one (issued with the payment); wired in
 * `server/wiring.ts`.
 */
export async function orderInvoiceAttachment(
  app: { db: Db },
  row: { channel: string; template: string; data: Record<string, unknown> },
) {
  if (row.channel !== 'email' || row.template !== 'order_placed') return [];
  const orderId = row.data.orderId;
  if (typeof orderId !== 'string' || !orderId) return [];
  const doc = await orderInvoicePdf(app.db, orderId);
  return doc ? [{ filename: doc.fileName, content: doc.pdf, contentType: 'application/pdf' }] : [];
}

/** The shopper's own order, or any order for an ADMIN; otherwise the same 404 as an unknown one. */
async function visibleOrder(db: Db, orderId: string, me: SessionUser) {
  const [order] = await db.select({ id: orders.id, userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (!order || (me.role !== 'ADMIN' && order.userId !== me.id)) return null;
  return order;
}

const fileName = (number: string) => `${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
const bytes = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

/**
 * The invoice PDF: made on first request from the stored invoice and kept with it (`pdf is null` guards the
 * write, so two servers making it at once store one and answer the same bytes).
 */
export async function invoicePdf(db: Db, orderId: string, me: SessionUser) {
  const missing = new NotFound('Invoice not found');
  if (!(await visibleOrder(db, orderId, me))) throw missing;
  const doc = await orderInvoicePdf(db, orderId);
  if (!doc) throw missing;
  return doc;
}

/** The order's number as the shopper and the back-office read it (the id of an order that has none). */
async function orderNumber(db: Db, orderId: string) {
  const [row] = await db.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId));
  return row?.number || orderId;
}

/** The order's invoice PDF (made and kept on first need), or null when the order has no invoice. */
async function orderInvoicePdf(db: Db, orderId: string) {
  const [inv] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!inv) return null;
  if (inv.pdf) return { pdf: bytes(inv.pdf), fileName: fileName(inv.number) };
  const shop = await settingsRow(db);
  // An order paid in advance of its piece: the invoice adjusts the receipt vouchers issued with the payments (less
  // any advance paid back by a refund voucher before it).
  const received = await db
    .select({ number: receiptVouchers.number, issuedAt: receiptVouchers.issuedAt, amountPaise: receiptVouchers.totalPaise })
    .from(receiptVouchers)
    .where(eq(receiptVouchers.orderId, orderId))
    .orderBy(asc(receiptVouchers.issuedAt), asc(receiptVouchers.fy), asc(receiptVouchers.seq));
  const paidBack = await db
    .select({ amountPaise: refundVouchers.totalPaise })
    .from(refundVouchers)
    .where(eq(refundVouchers.orderId, orderId));
  const advance = received.length
    ? {
        vouchers: received,
        amountPaise: received.reduce((s, v) => s + v.amountPaise, 0) - paidBack.reduce((s, v) => s + v.amountPaise, 0),
      }
    : null;
  const pdf = await renderPdf({
    kind: 'invoice',
    advance,
    taxed: inv.kind === 'tax-invoice',
    shopname: inv.seller.extra || shop.shopname,
    number: inv.number,
    issuedAt: inv.issuedAt,
    refs: [['Order', await orderNumber(db, orderId)]],
    seller: inv.seller,
    buyer: inv.buyer,
    placeOfSupply: inv.placeOfSupply,
    placeOfSupplyCode: inv.buyer.statecode,
    intraState: inv.intraState,
    lines: inv.lines,
    totals: {
      taxable: inv.taxablePaise,
      cgst: inv.cgstPaise,
      sgst: inv.sgstPaise,
      igst: inv.igstPaise,
      total: inv.totalPaise,
      discount: inv.discountPaise,
    },
    exported: inv.export,
    irn: await irnOf(db, 'INV', inv.number),
  });
  await db
    .update(invoices)
    .set({ pdf })
    .where(and(eq(invoices.id, inv.id), isNull(invoices.pdf)));
  const [kept] = await db.select({ pdf: invoices.pdf }).from(invoices).where(eq(invoices.id, inv.id));
  return { pdf: kept?.pdf ? bytes(kept.pdf) : pdf, fileName: fileName(inv.number) };
}

/**
 * The receipt voucher of an order's advance as a PDF, by the order's id: its first (the buyer's own order, or any for
 * an ADMIN; 404 otherwise and for an order paid for ready stock, whose invoice came with the payment).
 */
export async function receiptPdf(db: Db, orderId: string, me: SessionUser) {
  const missing = new NotFound('Receipt not found');
  if (!(await visibleOrder(db, orderId, me))) throw missing;
  const [rv] = await db
    .select({ id: receiptVouchers.id })
    .from(receiptVouchers)
    .where(eq(receiptVouchers.orderId, orderId))
    .orderBy(asc(receiptVouchers.issuedAt), asc(receiptVouchers.fy), asc(receiptVouchers.seq))
    .limit(1);
  if (!rv) throw missing;
  return receiptVoucherPdf(db, rv.id, me);
}

/** A receipt voucher as a PDF, by its own id (its order the buyer's own, or any for an ADMIN; 404 otherwise). */
export async function receiptVoucherPdf(db: Db, voucherId: string, me: SessionUser) {
  const missing = new NotFound('Receipt not found');
  const [rv] = await db.select().from(receiptVouchers).where(eq(receiptVouchers.id, voucherId));
  if (!rv || !(await visibleOrder(db, rv.orderId, me))) throw missing;
  if (rv.pdf) return { pdf: bytes(rv.pdf), fileName: fileName(rv.number) };
  const [order] = await db.select({ totalPaise: orders.totalPaise }).from(orders).where(eq(orders.id, rv.orderId));
  // A part of what the order costs (a payment on account of a credit order): the voucher says of how much.
  const part =
    order && rv.totalPaise < order.totalPaise
      ? ([['Part of the order’s value', rupees(order.totalPaise)]] as [string, string][])
      : [];
  const pdf = await renderPdf({
    kind: 'receipt',
    ...voucherBody(rv),
    refs: [['Order', await orderNumber(db, rv.orderId)], ['Received as', ADVANCE_PURPOSE], ...part],
  });
  await db
    .update(receiptVouchers)
    .set({ pdf })
    .where(and(eq(receiptVouchers.id, rv.id), isNull(receiptVouchers.pdf)));
  const [kept] = await db.select({ pdf: receiptVouchers.pdf }).from(receiptVouchers).where(eq(receiptVouchers.id, rv.id));
  return { pdf: kept?.pdf ? bytes(kept.pdf) : pdf, fileName: fileName(rv.number) };
}

/**
 * The refund voucher of a processed refund as a PDF (an advance paid back before the order's invoice), naming the
 * receipt vouchers it pays back; the buyer's own order, or any for an ADMIN; 404 otherwise and for a refund without
 * one (a refund of an invoiced order has a credit note). Made on first request and kept.
 */
export async function refundVoucherPdf(db: Db, refundId: string, me: SessionUser) {
  const missing = new NotFound('Refund voucher not found');
  const [rf] = await db.select().from(refundVouchers).where(eq(refundVouchers.refundKey, refundId));
  if (!rf || !(await visibleOrder(db, rf.orderId, me))) throw missing;
  if (rf.pdf) return { pdf: bytes(rf.pdf), fileName: fileName(rf.number) };
  const received = await db
    .select({ number: receiptVouchers.number, issuedAt: receiptVouchers.issuedAt })
    .from(receiptVouchers)
    .where(eq(receiptVouchers.orderId, rf.orderId))
    .orderBy(asc(receiptVouchers.issuedAt), asc(receiptVouchers.fy), asc(receiptVouchers.seq));
  const [refund] = await db
    .select({ reason: refunds.reason, method: refunds.method, reference: refunds.reference })
    .from(refunds)
    .where(eq(refunds.id, rf.refundKey));
  const paidBack = refund?.method ? paidBackWords({ method: refund.method, reference: refund.reference }) : '';
  const pdf = await renderPdf({
    kind: 'refund',
    ...voucherBody(rf),
    refs: [
      ...received
        .filter((v) => v.issuedAt <= rf.issuedAt)
        .map((v) => ['Against receipt voucher', `${v.number} dated ${invoiceDate(v.issuedAt)}`] as [string, string]),
      ['Order', await orderNumber(db, rf.orderId)],
      ...(refund?.reason ? ([['Reason', refund.reason]] as [string, string][]) : []),
      ...(paidBack ? ([['Paid back by', paidBack]] as [string, string][]) : []),
    ],
  });
  await db
    .update(refundVouchers)
    .set({ pdf })
    .where(and(eq(refundVouchers.id, rf.id), isNull(refundVouchers.pdf)));
  const [kept] = await db.select({ pdf: refundVouchers.pdf }).from(refundVouchers).where(eq(refundVouchers.id, rf.id));
  return { pdf: kept?.pdf ? bytes(kept.pdf) : pdf, fileName: fileName(rf.number) };
}

/** What a voucher's PDF shows of its stored supply: the parties, the place of supply, the lines and the totals. */
function voucherBody(v: typeof receiptVouchers.$inferSelect | typeof refundVouchers.$inferSelect) {
  return {
    taxed: v.taxed,
    shopname: v.seller.extra || v.seller.name,
    number: v.number,
    issuedAt: v.issuedAt,
    seller: v.seller,
    buyer: v.buyer,
    placeOfSupply: v.placeOfSupply,
    placeOfSupplyCode: v.buyer.statecode,
    intraState: v.intraState,
    lines: v.lines.filter((l) => l.valuePaise > 0),
    totals: {
      taxable: v.taxablePaise,
      cgst: v.cgstPaise,
      sgst: v.sgstPaise,
      igst: v.igstPaise,
      total: v.totalPaise,
      discount: v.discountPaise,
    },
    exported: v.export,
  };
}

export async function creditNotePdf(db: Db, refundId: string, me: SessionUser) {
  const missing = new NotFound('Credit note not found');
  const [note] = await db.select().from(creditNotes).where(eq(creditNotes.refundKey, refundId));
  if (!note || !(await visibleOrder(db, note.orderId, me))) throw missing;
  if (note.pdf) return { pdf: bytes(note.pdf), fileName: fileName(note.number) };
  const [inv] = await db.select().from(invoices).where(eq(invoices.id, note.invoiceId));
  if (!inv) throw missing;
  const sum = (k: 'taxable' | 'cgst' | 'sgst' | 'igst') => note.lines.reduce((s, l) => s + l[k], 0);
  // Money received outside the shop is paid back outside it: the note says how.
  const [refund] = await db
    .select({ method: refunds.method, reference: refunds.reference })
    .from(refunds)
    .where(eq(refunds.id, note.refundKey));
  const paidBack = refund?.method ? paidBackWords({ method: refund.method, reference: refund.reference }) : '';
  const pdf = await renderPdf({
    kind: 'credit-note',
    taxed: inv.kind === 'tax-invoice',
    shopname: inv.seller.extra || inv.seller.name,
    number: note.number,
    issuedAt: note.issuedAt,
    refs: [
      [
        inv.kind === 'tax-invoice' ? 'Against invoice' : 'Against bill of supply',
        `${inv.number} dated ${inv.issuedAt.toISOString().slice(0, 10).split('-').reverse().join('-')}`,
      ],
      ['Order', await orderNumber(db, note.orderId)],
      ...(note.reason ? ([['Reason', note.reason]] as [string, string][]) : []),
      ...(paidBack ? ([['Paid back by', paidBack]] as [string, string][]) : []),
      ...(note.lines.every((l) => l.quantity === 0)
        ? ([['Adjustment', 'value only, no goods returned']] as [string, string][])
        : []),
    ],
    seller: inv.seller,
    buyer: inv.buyer,
    placeOfSupply: inv.placeOfSupply,
    placeOfSupplyCode: inv.buyer.statecode,
    intraState: inv.intraState,
    lines: note.lines.filter((l) => l.valuePaise > 0),
    totals: { taxable: sum('taxable'), cgst: sum('cgst'), sgst: sum('sgst'), igst: sum('igst'), total: note.totalPaise },
    exported: inv.export,
    irn: await irnOf(db, 'CRN', note.number),
  });
  await db
    .update(creditNotes)
    .set({ pdf })
    .where(and(eq(creditNotes.id, note.id), isNull(creditNotes.pdf)));
  const [kept] = await db.select({ pdf: creditNotes.pdf }).from(creditNotes).where(eq(creditNotes.id, note.id));
  return { pdf: kept?.pdf ? bytes(kept.pdf) : pdf, fileName: fileName(note.number) };
}
