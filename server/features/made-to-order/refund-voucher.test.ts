// @postgres: the refund voucher is numbered from a counter row locked by the refund's transaction, under concurrent cancellations
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GstReportResponse, Gstr1PortalFile } from '../../../contract/gst.js';
import { AdminOrderActionResponse, ShopperOrderActionResponse } from '../../../contract/order-actions.js';
import { MyOrdersResponse } from '../../../contract/orders.js';
import { creditNotes, receiptVouchers, refundVouchers } from '../../db/schema.js';
import { indiaDate } from '../../domain/tax.js';
import { onPostgres, type TestApp, type TestUser } from '../../test/helpers.js';
import { invoiceDate, rupees } from '../gst/pdf.js';
import { type AdvanceShop, advanceShopForTests, lastDocumentNumber, pdfWords, placePiece } from './test-kit.js';

/**
 * An advance paid back for a made-to-order piece cancelled before its invoice, through HTTP: the refund gets a refund
 * voucher (RF/<yy-yy>/000001, its own series; GST rule 51) against the order's receipt voucher, read back from its PDF,
 * shown on the order, listed in the month's GST reports and counted in GSTR-1's documents issued.
 */
const advanceShop = advanceShopForTests({ ring: 'Refund solitaire', pendant: 'Refund pendant', stock: 30 });
let t: TestApp;
let s: AdvanceShop['s'];
let admin: TestUser;
let ring: { _id: string };
let ruby: { id: string };
let pearl: { id: string };
const GOLD_RING = () => ({ designId: ring._id, metal: 'gold-22k', size: 14 });

beforeAll(() => {
  ({ t, s, admin, ring, ruby, pearl } = advanceShop);
});

const text = pdfWords;
const counter = (series: string) => lastDocumentNumber(t, series);
const voucherOf = (refundId: string, cookie?: string) =>
  t.request({ method: 'GET', url: `/o1/api/refund-voucher/${refundId}`, ...(cookie ? { cookie } : {}) });
const cancel = async (orderId: string, cookie: string) => {
  const res = await t.request({ method: 'POST', url: `/o1/api/cancel/${orderId}`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return ShopperOrderActionResponse.parse(res.json()).order;
};
const refundsOf = async (orderId: string) =>
  t.database.db.select().from(refundVouchers).where(eq(refundVouchers.orderId, orderId));

describe(`the advance paid back for a piece cancelled before its invoice (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('gets a refund voucher against the receipt voucher, in its own series, on the order and read back from its PDF', async () => {
    const before = { RF: await counter('RF'), CN: await counter('CN'), INV: await counter('INV') };
    const { buyer, orderId } = await placePiece(t, ruby.id, GOLD_RING(), [pearl.id]);
    const cancelled = await cancel(orderId, buyer.cookie);
    const [refund] = cancelled.refunds;
    expect(refund?.status).toBe('processed');
    if (!refund) throw new Error('no refund');

    // the voucher takes its own series: no credit note (there is no invoice to credit) and no invoice number
    expect(await counter('RF')).toBe(before.RF + 1);
    expect(await counter('CN')).toBe(before.CN);
    expect(await counter('INV')).toBe(before.INV);
    expect(await t.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId))).toEqual([]);

    const [rv] = await t.database.db.select().from(receiptVouchers).where(eq(receiptVouchers.orderId, orderId));
    const [rf] = await refundsOf(orderId);
    if (!rv || !rf) throw new Error('a voucher is missing');
    expect(rf.number).toMatch(/^RF\/\d{2}-\d{2}\/\d{6}$/);
    expect(Number(rf.number.slice(-6))).toBe(before.RF + 1);
    // the whole advance back: the same lines, value and tax as the receipt voucher, to the paisa
    expect(rf.totalPaise).toBe(rv.totalPaise);
    expect(rf.totalPaise).toBe(Math.round(refund.amount * 100));
    expect(rf.lines.map((l) => [l.hsn, l.rateBp, l.valuePaise, l.taxable, l.cgst, l.sgst, l.igst])).toEqual(
      rv.lines.map((l) => [l.hsn, l.rateBp, l.valuePaise, l.taxable, l.cgst, l.sgst, l.igst]),
    );
    expect([rf.taxablePaise, rf.cgstPaise, rf.sgstPaise, rf.igstPaise]).toEqual([
      rv.taxablePaise,
      rv.cgstPaise,
      rv.sgstPaise,
      rv.igstPaise,
    ]);

    // shown on the buyer's order, beside the receipt voucher it pays back
    const mine = MyOrdersResponse.parse((await s.myOrders(buyer.cookie)).json()).orders.find((o) => o._id === orderId);
    expect(mine?.vouchers.map((v) => [v.kind, v.number, v.amount])).toEqual([
      ['receipt', rv.number, rv.totalPaise / 100],
      ['refund', rf.number, rf.totalPaise / 100],
    ]);
    expect(mine?.vouchers[1]?.url).toBe(`/o1/api/refund-voucher/${refund._id}`);
    expect(mine?.invoice).toBeNull();
    // and on the merchant's
    const detail = await t.request({ method: 'GET', url: `/o1/api/admin/orders/${orderId}`, cookie: admin.cookie });
    expect(detail.json().order.vouchers).toEqual(mine?.vouchers);

    const pdf = await voucherOf(refund._id, buyer.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`${rf.number.replace(/\//g, '-')}.pdf`);
    const words = text(pdf.rawPayload);
    expect(words).toContain('Refund Voucher');
    expect(words).toContain(`Refund voucher number: ${rf.number}`);
    expect(words).toContain(`Refund voucher date: ${invoiceDate(rf.issuedAt)}`);
    // (the seller's address wraps beside it)
    expect(words).toMatch(
      new RegExp(`Against receipt voucher: ${rv.number.replace(/\//g, '\\/')} dated (.* )?${invoiceDate(rv.issuedAt)}`),
    );
    expect(words).toContain('Reason: Order cancelled');
    expect(words).toContain(`Advance refunded ${rupees(rf.totalPaise)}`);
    // the piece's line as jewellery at 3% with the tax inside, and the pearl's at 0.25%
    expect(words).toMatch(/7113 1 ₹90,546\.00 ₹87,908\.74 3% ₹1,318\.63 ₹1,318\.63 ₹90,546\.00/);
    expect(words).toContain('7103');
    expect(words).toContain('GSTIN: 03AAACR5055K1Z');
    expect(words).toContain('Tax payable on reverse charge: No');
    expect(words).toContain('Pays back an advance received: no goods are supplied and no tax invoice is issued');
    // read again: the same document, kept
    expect((await voucherOf(refund._id, buyer.cookie)).rawPayload.equals(pdf.rawPayload)).toBe(true);
  });

  it('is the buyer’s and the merchant’s only; a refund of an invoiced order has a credit note and no voucher', async () => {
    const { buyer, orderId } = await placePiece(t, ruby.id, GOLD_RING());
    const [refund] = (await cancel(orderId, buyer.cookie)).refunds;
    if (!refund) throw new Error('no refund');
    const stranger = await t.signUpAndIn();
    expect((await voucherOf(refund._id, stranger.cookie)).statusCode).toBe(404);
    expect((await voucherOf(refund._id)).statusCode).toBe(401);
    expect((await voucherOf(refund._id, admin.cookie)).statusCode).toBe(200);
    expect((await voucherOf('00000000-0000-4000-8000-000000000000', admin.cookie)).statusCode).toBe(404);
    expect((await voucherOf('not-a-uuid', admin.cookie)).statusCode).toBe(400);
    // the receipt voucher by its own id: the same rule
    const mine = MyOrdersResponse.parse((await s.myOrders(buyer.cookie)).json()).orders.find((o) => o._id === orderId);
    const receiptUrl = mine?.vouchers.find((v) => v.kind === 'receipt')?.url ?? '';
    expect(receiptUrl).toMatch(/^\/o1\/api\/receipt-voucher\/[0-9a-f-]{36}$/);
    expect((await t.request({ method: 'GET', url: receiptUrl, cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: receiptUrl })).statusCode).toBe(401);
    const receipt = await t.request({ method: 'GET', url: receiptUrl, cookie: buyer.cookie });
    expect(receipt.statusCode).toBe(200);
    expect(text(receipt.rawPayload)).toContain('Receipt Voucher');

    // ready stock is invoiced with the payment: its refund is a credit note, not a refund voucher
    const before = await counter('RF');
    expect((await s.add(buyer.cookie, pearl.id, 1)).statusCode).toBe(200);
    const plain = await s.payAndPlace(buyer.cookie);
    const [plainRefund] = (await cancel(plain._id, buyer.cookie)).refunds;
    if (!plainRefund) throw new Error('no refund');
    expect(await refundsOf(plain._id)).toEqual([]);
    expect(await counter('RF')).toBe(before);
    expect((await voucherOf(plainRefund._id, buyer.cookie)).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: `/o1/api/credit-note/${plainRefund._id}`, cookie: buyer.cookie })).statusCode,
    ).toBe(200);
    expect(
      MyOrdersResponse.parse((await s.myOrders(buyer.cookie)).json()).orders.find((o) => o._id === plain._id)?.vouchers,
    ).toEqual([]);
  });

  it('pays back part of an advance, then the rest: two vouchers that together reverse the receipt voucher to the paisa', async () => {
    const { orderId, order } = await placePiece(t, ruby.id, GOLD_RING(), [pearl.id]);
    const refund = (amount: number) =>
      t.request({
        method: 'POST',
        url: `/o1/api/admin/refund/${orderId}`,
        cookie: admin.cookie,
        payload: { amount, reason: 'Goodwill' },
      });
    const part = await refund(1234.57);
    expect(part.statusCode, part.body).toBe(201);
    const rest = await refund(Math.round(order.totalamount * 100 - 1234_57) / 100);
    expect(rest.statusCode, rest.body).toBe(201);
    expect(AdminOrderActionResponse.parse(rest.json()).order.vouchers.map((v) => [v.kind, v.amount])).toEqual([
      ['receipt', order.totalamount],
      ['refund', 1234.57],
      ['refund', Math.round(order.totalamount * 100 - 1234_57) / 100],
    ]);
    const [rv] = await t.database.db.select().from(receiptVouchers).where(eq(receiptVouchers.orderId, orderId));
    const vouchers = await refundsOf(orderId);
    if (!rv) throw new Error('no receipt voucher');
    expect(vouchers.map((v) => v.totalPaise).sort((a, b) => a - b)).toEqual([1234_57, rv.totalPaise - 1234_57]);
    const sum = (k: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise') => vouchers.reduce((n, v) => n + v[k], 0);
    expect([sum('taxablePaise'), sum('cgstPaise'), sum('sgstPaise'), sum('igstPaise')]).toEqual([
      rv.taxablePaise,
      rv.cgstPaise,
      rv.sgstPaise,
      rv.igstPaise,
    ]);
    rv.lines.forEach((line, k) => {
      expect(vouchers.reduce((n, v) => n + (v.lines[k]?.valuePaise ?? 0), 0)).toBe(line.valuePaise);
      expect(vouchers.reduce((n, v) => n + (v.lines[k]?.igst ?? 0) + (v.lines[k]?.cgst ?? 0) + (v.lines[k]?.sgst ?? 0), 0)).toBe(
        line.igst + line.cgst + line.sgst,
      );
    });
  });

  it('numbers the vouchers of simultaneous cancellations without a gap or a repeat', async () => {
    const placed = [];
    for (let k = 0; k < 4; k++) placed.push(await placePiece(t, ruby.id, GOLD_RING()));
    const before = await counter('RF');
    const answers = await Promise.all(
      placed.map((p) => t.request({ method: 'POST', url: `/o1/api/cancel/${p.orderId}`, cookie: p.buyer.cookie })),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const seqs = [];
    for (const p of placed) {
      const vouchers = await refundsOf(p.orderId);
      expect(vouchers).toHaveLength(1);
      seqs.push(vouchers[0]?.seq ?? 0);
    }
    expect(seqs.sort((a, b) => a - b)).toEqual([before + 1, before + 2, before + 3, before + 4]);
    expect(await counter('RF')).toBe(before + 4);
  });

  it('is listed in the month’s GST report (JSON and CSV) with the receipt vouchers, and counted in GSTR-1 table 13', async () => {
    const { buyer, orderId } = await placePiece(t, ruby.id, GOLD_RING());
    await cancel(orderId, buyer.cookie);
    const [rf] = await refundsOf(orderId);
    const [rv] = await t.database.db.select().from(receiptVouchers).where(eq(receiptVouchers.orderId, orderId));
    if (!rf || !rv) throw new Error('a voucher is missing');
    const month = indiaDate(rf.issuedAt).slice(0, 7);
    const report = (format: string) =>
      t.request({ method: 'GET', url: `/o1/api/admin/gst-report?month=${month}&format=${format}`, cookie: admin.cookie });

    const json = await report('json');
    expect(json.statusCode, json.body).toBe(200);
    const gstr1 = GstReportResponse.parse(json.json());
    expect(gstr1.receiptvouchers.find((v) => v.voucher === rv.number)).toEqual({
      voucher: rv.number,
      date: indiaDate(rv.issuedAt),
      gstin: '',
      value: rv.totalPaise / 100,
      pos: `${rv.buyer.statecode}-${rv.placeOfSupply}`,
      taxablevalue: rv.taxablePaise / 100,
      igst: rv.igstPaise / 100,
      cgst: rv.cgstPaise / 100,
      sgst: rv.sgstPaise / 100,
    });
    expect(gstr1.refundvouchers.find((v) => v.voucher === rf.number)).toMatchObject({
      receipt: rv.number,
      value: rf.totalPaise / 100,
      taxablevalue: rf.taxablePaise / 100,
    });
    // an advance's tax is not the month's: the B2C and HSN sections hold none of it
    expect(gstr1.hsn.find((h) => h.hsn === '7113')).toBeUndefined();

    const csv = await report('csv');
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = csv.body.trim().split('\r\n');
    const columns = header?.split(',') ?? [];
    expect(columns.slice(-2)).toEqual(['voucher', 'receipt']);
    const row = (section: string, number: string) =>
      rows.map((r) => r.split(',')).find((cells) => cells[0] === section && cells[columns.indexOf('voucher')] === number);
    expect(row('receiptvouchers', rv.number)?.[columns.indexOf('value')]).toBe(String(rv.totalPaise / 100));
    const refunded = row('refundvouchers', rf.number);
    expect(refunded?.[columns.indexOf('receipt')]).toBe(rv.number);
    expect(refunded?.[columns.indexOf('taxablevalue')]).toBe(String(rf.taxablePaise / 100));

    const portal = Gstr1PortalFile.parse((await report('portal')).json());
    const all = await t.database.db.select().from(refundVouchers).orderBy(refundVouchers.fy, refundVouchers.seq);
    const inMonth = all.filter((v) => indiaDate(v.issuedAt).startsWith(month));
    const counted = portal.doc_issue?.doc_det.find((d) => d.doc_num === 8);
    expect(counted?.doc_typ).toBe('Refund voucher');
    expect(counted?.docs.reduce((n, d) => n + d.totnum, 0)).toBe(inMonth.length);
    expect(counted?.docs.at(-1)?.to).toBe(all.at(-1)?.number);
    expect(portal.doc_issue?.doc_det.find((d) => d.doc_num === 6)?.docs.every((d) => d.from.startsWith('RV/'))).toBe(true);
  });
});
