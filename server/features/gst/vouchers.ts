import { asc, eq, inArray } from 'drizzle-orm';
import { paiseToRupees } from '../../../contract/common.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { type InvoiceLine, invoices, receiptVouchers, refundVouchers } from '../../db/schema.js';
import { documentNumber, financialYear } from '../../domain/tax.js';
import { nextInSeries, shareOfLines } from './invoices.js';

type ReceiptVoucherRow = typeof receiptVouchers.$inferSelect;

/** The lines of an order's receipt vouchers added up, line by line (every voucher of an order has the order's lines). */
function receivedLines(receipts: ReceiptVoucherRow[]): InvoiceLine[] {
  const [first] = receipts;
  if (!first) return [];
  return first.lines.map((line, k) => {
    const sum = (key: 'amountPaise' | 'discountPaise' | 'valuePaise' | 'taxable' | 'cgst' | 'sgst' | 'igst') =>
      receipts.reduce((s, rv) => s + (rv.lines[k]?.[key] ?? 0), 0);
    return {
      ...line,
      amountPaise: sum('amountPaise'),
      discountPaise: sum('discountPaise'),
      valuePaise: sum('valuePaise'),
      taxable: sum('taxable'),
      cgst: sum('cgst'),
      sgst: sum('sgst'),
      igst: sum('igst'),
    };
  });
}

/**
 * The refund voucher of an advance paid back (GST: rule 51), inside the transaction that marks the refund processed:
 * an order whose receipt vouchers were issued and whose tax invoice was not (a made-to-order piece cancelled before
 * it was made). It pays back the vouchers' lines, each its share of the amount (never more than what is left of them
 * after earlier refund vouchers), with the rate and the tax inside, numbered `RF/<yy-yy>/000001` in its own gapless
 * series. Idempotent per refund; null when the order has an invoice (its credit note is issued instead) or no advance.
 */
export async function issueRefundVoucher(
  tx: Tx,
  refund: { refundKey: string; orderId: string; amountPaise: number },
  at: Date = new Date(),
) {
  const [existing] = await tx.select().from(refundVouchers).where(eq(refundVouchers.refundKey, refund.refundKey));
  if (existing) return existing;
  const [invoice] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, refund.orderId));
  if (invoice) return null;
  const receipts = await tx
    .select()
    .from(receiptVouchers)
    .where(eq(receiptVouchers.orderId, refund.orderId))
    .orderBy(asc(receiptVouchers.issuedAt), asc(receiptVouchers.fy), asc(receiptVouchers.seq));
  const [first] = receipts;
  if (!first) return null;
  const earlier = await tx
    .select({ lines: refundVouchers.lines })
    .from(refundVouchers)
    .where(eq(refundVouchers.orderId, refund.orderId));
  const share = shareOfLines(
    receivedLines(receipts),
    earlier.map((v) => v.lines),
    refund.amountPaise,
    first.intraState,
  );
  if (!share) return null;
  const sum = (k: 'taxable' | 'cgst' | 'sgst' | 'igst') => share.lines.reduce((s, l) => s + l[k], 0);
  const fy = financialYear(at);
  const seq = await nextInSeries(tx, 'RF', fy);
  const [row] = await tx
    .insert(refundVouchers)
    .values({
      refundKey: refund.refundKey,
      orderId: refund.orderId,
      number: documentNumber('RF', fy, seq),
      fy,
      seq,
      issuedAt: at,
      taxed: first.taxed,
      seller: first.seller,
      buyer: first.buyer,
      placeOfSupply: first.placeOfSupply,
      intraState: first.intraState,
      lines: share.lines,
      export: first.export,
      taxablePaise: sum('taxable'),
      cgstPaise: sum('cgst'),
      sgstPaise: sum('sgst'),
      igstPaise: sum('igst'),
      totalPaise: share.amount,
    })
    .returning();
  if (!row) throw new Error('refund voucher not written');
  return row;
}

type VoucherLink = { kind: 'receipt' | 'refund'; number: string; url: string; amount: number; date: string };

/**
 * The vouchers of each order, for the Order answer: its receipt vouchers (advances received) and refund vouchers
 * (advances paid back), in the order they were issued.
 */
export async function voucherLinks(db: DbOrTx, orderIds: string[]) {
  const byOrder = new Map<string, VoucherLink[]>();
  if (orderIds.length === 0) return byOrder;
  const [received, paidBack] = await Promise.all([
    db
      .select({
        id: receiptVouchers.id,
        orderId: receiptVouchers.orderId,
        number: receiptVouchers.number,
        issuedAt: receiptVouchers.issuedAt,
        totalPaise: receiptVouchers.totalPaise,
      })
      .from(receiptVouchers)
      .where(inArray(receiptVouchers.orderId, orderIds)),
    db
      .select({
        refundKey: refundVouchers.refundKey,
        orderId: refundVouchers.orderId,
        number: refundVouchers.number,
        issuedAt: refundVouchers.issuedAt,
        totalPaise: refundVouchers.totalPaise,
      })
      .from(refundVouchers)
      .where(inArray(refundVouchers.orderId, orderIds)),
  ]);
  const all = [
    ...received.map((v) => ({ ...v, kind: 'receipt' as const, url: `/o1/api/receipt-voucher/${v.id}` })),
    ...paidBack.map((v) => ({ ...v, kind: 'refund' as const, url: `/o1/api/refund-voucher/${v.refundKey}` })),
  ].sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime() || a.number.localeCompare(b.number));
  for (const v of all) {
    const list = byOrder.get(v.orderId) ?? [];
    list.push({
      kind: v.kind,
      number: v.number,
      url: v.url,
      amount: paiseToRupees(v.totalPaise),
      date: v.issuedAt.toISOString(),
    });
    byOrder.set(v.orderId, list);
  }
  return byOrder;
}
