import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { paiseToRupees } from '../../../contract/common.js';
import type { DbOrTx } from '../../db/client.js';
import {
  businesses,
  creditNotes,
  invoices,
  orderPayments,
  orders,
  receiptVouchers,
  refunds,
  refundVouchers,
} from '../../db/schema.js';
import { Forbidden, NotFound } from '../../domain/errors.js';
import { paidBackWords } from '../../domain/paid-back.js';
import { indiaDate } from '../../domain/tax.js';
import { rupees } from '../gst/pdf.js';
import { openPdf } from '../gst/pdf-document.js';
import { businessOf } from '../wholesale/businesses.js';

/** @forTests the statement tests expect the 403's words */
export const NO_STATEMENT = 'Only a business account has a statement';

type EntryType = 'invoice' | 'payment' | 'creditnote' | 'refund';
type Entry = { date: string; type: EntryType; number: string; debitPaise: number; creditPaise: number };
/** On one day: what was billed first, then what reduced it, then money paid back. */
const ORDER: Record<EntryType, number> = { invoice: 0, creditnote: 1, payment: 2, refund: 3 };

/**
 * Every entry of a business's account with the shop: its credit orders' invoices (debits), the payments received for
 * them, online or outside the shop (credits), their credit notes (credits) and the refunds paid back (debits), by
 * India's calendar day.
 */
async function entries(db: DbOrTx, userId: string): Promise<Entry[]> {
  const credit = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(and(eq(orders.userId, userId), isNotNull(orders.dueDate)));
  if (credit.length === 0) return [];
  const ids = credit.map((o) => o.id);
  const orderNumber = new Map(credit.map((o) => [o.id, o.number || o.id]));
  const [invs, pays, notes, paidBack, received, returned] = await Promise.all([
    db.select().from(invoices).where(inArray(invoices.orderId, ids)),
    db.select().from(orderPayments).where(inArray(orderPayments.orderId, ids)),
    db.select().from(creditNotes).where(inArray(creditNotes.orderId, ids)),
    db
      .select()
      .from(refunds)
      .where(and(inArray(refunds.orderId, ids), eq(refunds.status, 'processed'))),
    db
      .select({ paymentId: receiptVouchers.paymentId, number: receiptVouchers.number })
      .from(receiptVouchers)
      .where(and(inArray(receiptVouchers.orderId, ids), isNotNull(receiptVouchers.paymentId))),
    db
      .select({ refundKey: refundVouchers.refundKey, number: refundVouchers.number })
      .from(refundVouchers)
      .where(inArray(refundVouchers.orderId, ids)),
  ]);
  // A payment before the order's made-to-order piece was ready is an advance: its receipt voucher is named beside it,
  // as is the refund voucher of an advance paid back.
  const voucherOfPayment = new Map(received.map((v) => [v.paymentId, `receipt voucher ${v.number}`]));
  const voucherOfRefund = new Map(returned.map((v) => [v.refundKey, `refund voucher ${v.number}`]));
  return [
    ...invs.map((i) => ({
      date: indiaDate(i.issuedAt),
      type: 'invoice' as const,
      number: i.number,
      debitPaise: i.totalPaise,
      creditPaise: 0,
    })),
    ...pays.map((p) => ({
      date: p.receivedOn,
      type: 'payment' as const,
      number: [p.method.toUpperCase(), p.reference, `order ${orderNumber.get(p.orderId)}`, voucherOfPayment.get(p.id)]
        .filter(Boolean)
        .join(' '),
      debitPaise: 0,
      creditPaise: p.amountPaise,
    })),
    ...notes.map((n) => ({
      date: indiaDate(n.issuedAt),
      type: 'creditnote' as const,
      number: n.number,
      debitPaise: 0,
      creditPaise: n.totalPaise,
    })),
    ...paidBack.map((r) => ({
      date: indiaDate(r.processedAt ?? r.createdAt),
      type: 'refund' as const,
      // Paid back outside the shop: how, and its reference.
      number: [
        r.method ? paidBackWords({ method: r.method, reference: r.reference }) : '',
        `order ${orderNumber.get(r.orderId)}`,
        voucherOfRefund.get(r.id),
      ]
        .filter(Boolean)
        .join(' '),
      debitPaise: r.amountPaise,
      creditPaise: 0,
    })),
  ].sort((a, b) => a.date.localeCompare(b.date) || ORDER[a.type] - ORDER[b.type] || a.number.localeCompare(b.number));
}

/** The buyer (user id) of a business, for the merchant's view of its statement; an unknown business → 404. */
export async function businessUserId(db: DbOrTx, businessId: string) {
  const [b] = await db.select({ userId: businesses.userId }).from(businesses).where(eq(businesses.id, businessId));
  if (!b) throw new NotFound('Business not found');
  return b.userId;
}

/**
 * GET /u1/api/business/statement (and the merchant's GET /u1/api/admin/businesses/:id/statement): the account from `from` to `to` (India days, both included) with the balance owed
 * before it (opening), after each entry and at the end (closing). Rupees; a positive balance is owed to the shop.
 */
export async function statement(db: DbOrTx, userId: string, from: string, to: string) {
  if (!(await businessOf(db, userId))) throw new Forbidden(NO_STATEMENT);
  const all = await entries(db, userId);
  let balance = 0;
  for (const e of all) if (e.date < from) balance += e.debitPaise - e.creditPaise;
  const opening = balance;
  const lines = all
    .filter((e) => e.date >= from && e.date <= to)
    .map((e) => {
      balance += e.debitPaise - e.creditPaise;
      return {
        date: e.date,
        type: e.type,
        number: e.number,
        debit: paiseToRupees(e.debitPaise),
        credit: paiseToRupees(e.creditPaise),
        balance: paiseToRupees(balance),
      };
    });
  return { from, to, opening: paiseToRupees(opening), closing: paiseToRupees(balance), lines };
}

const TYPE_NAMES: Record<EntryType, string> = {
  invoice: 'Invoice',
  payment: 'Payment',
  creditnote: 'Credit note',
  refund: 'Refund',
};

/** The statement as an A4 PDF: the business, the period, opening balance, each entry with its running balance, closing. */
export async function statementPdf(
  db: DbOrTx,
  userId: string,
  shop: { shopname: string; address: string },
  s: Awaited<ReturnType<typeof statement>>,
): Promise<{ pdf: Buffer; fileName: string }> {
  const business = await businessOf(db, userId);
  const { doc, done } = await openPdf({ Title: `Statement of account ${s.from} to ${s.to}` });
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const paise = (rupeesValue: number) => Math.round(rupeesValue * 100);
  doc.font('bold').fontSize(16).text(shop.shopname, left, doc.y, { width, align: 'center' });
  doc.font('body').fontSize(9).text(shop.address, { width, align: 'center' });
  doc.moveDown(0.4);
  doc.font('bold').fontSize(13).text('Statement of account', { width, align: 'center' });
  doc.font('body').fontSize(9).text(`${s.from} to ${s.to}`, { width, align: 'center' });
  doc.moveDown(0.6);
  if (business) {
    doc.font('bold').text(business.legalname, left, doc.y, { width });
    doc.font('body').text(`GSTIN: ${business.gstin}`, left, doc.y, { width });
  }
  doc.moveDown(0.6);
  const cols: [string, number, 'left' | 'right'][] = [
    ['Date', 70, 'left'],
    ['Entry', 95, 'left'],
    ['Number', 125, 'left'],
    ['Debit', 75, 'right'],
    ['Credit', 75, 'right'],
    ['Balance', 83, 'right'],
  ];
  const scale = width / cols.reduce((sum, c) => sum + c[1], 0);
  const row = (cells: string[], font: 'body' | 'bold') => {
    doc.font(font).fontSize(8);
    const y = doc.y;
    let x = left;
    let bottom = y;
    cells.forEach((cell, i) => {
      const [, w, align] = cols[i] as [string, number, 'left' | 'right'];
      doc.text(cell, x + 2, y, { width: w * scale - 4, align });
      bottom = Math.max(bottom, doc.y);
      x += w * scale;
    });
    doc.y = bottom + 3;
    if (doc.y > doc.page.height - doc.page.margins.bottom - 60) doc.addPage();
  };
  row(
    cols.map((c) => c[0]),
    'bold',
  );
  row([s.from, 'Opening balance', '', '', '', rupees(paise(s.opening))], 'body');
  for (const l of s.lines) {
    row(
      [
        l.date,
        TYPE_NAMES[l.type],
        l.number,
        l.debit ? rupees(paise(l.debit)) : '',
        l.credit ? rupees(paise(l.credit)) : '',
        rupees(paise(l.balance)),
      ],
      'body',
    );
  }
  row([s.to, 'Closing balance', '', '', '', rupees(paise(s.closing))], 'bold');
  doc.end();
  return { pdf: await done, fileName: `statement-${s.from}-to-${s.to}.pdf` };
}
