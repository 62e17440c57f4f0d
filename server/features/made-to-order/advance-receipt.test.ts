// @postgres: the receipt voucher is numbered from a counter row locked by the paying transaction, beside the invoices' own
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Gstr1PortalFile } from '../../../contract/gst.js';
import { MyOrdersResponse, OrderResponse, RazorpayOrderResponse, SandboxPayResponse } from '../../../contract/orders.js';
import { invoices, receiptVouchers } from '../../db/schema.js';
import { indiaDate } from '../../domain/tax.js';
import { SHIPPING } from '../../test/fixtures.js';
import { onPostgres, type TestApp, type TestUser } from '../../test/helpers.js';
import { rupees } from '../gst/pdf.js';
import { type AdvanceShop, advanceShopForTests, lastDocumentNumber, moveProduction, pdfWords, placePiece } from './test-kit.js';

/**
 * An order paid before its made-to-order piece is made, through HTTP: the payment is an advance, acknowledged at once by
 * a receipt voucher (RV/<yy-yy>/000001, its own series, read back from its PDF) shown to the buyer on the order; the
 * tax invoice issued when the piece is ready names the voucher and subtracts it, leaving nothing to pay.
 */
const advanceShop = advanceShopForTests({ ring: 'Receipt solitaire', pendant: 'Receipt pendant', stock: 20 });
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
const receiptOf = (orderId: string, cookie: string) => t.request({ method: 'GET', url: `/o1/api/receipt/${orderId}`, cookie });
const counter = (series: string) => lastDocumentNumber(t, series);

describe(`the advance for a piece (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('is acknowledged at payment by a receipt voucher naming the amount, the pieces and what it is for; no invoice yet', async () => {
    const invoicesBefore = await counter('INV');
    const receiptsBefore = await counter('RV');
    const { buyer, order, orderId } = await placePiece(t, ruby.id, GOLD_RING(), [pearl.id]);
    expect(order.paymentstatus).toBe('Paid');
    expect(order.invoice).toBeNull();
    expect(order.receipt?.number).toMatch(/^RV\/\d{2}-\d{2}\/\d{6}$/);
    expect(Number(order.receipt?.number.slice(-6))).toBe(receiptsBefore + 1);
    expect(order.receipt?.url).toBe(`/o1/api/receipt/${orderId}`);
    // the voucher takes its own series: no invoice number is used up by it
    expect(await counter('INV')).toBe(invoicesBefore);

    const [rv] = await t.database.db.select().from(receiptVouchers).where(eq(receiptVouchers.orderId, orderId));
    expect(rv?.totalPaise).toBe(Math.round(order.totalamount * 100));
    // the piece as jewellery (HSN 7113, 3%) and the pearl as a stone, as the invoice will have them
    expect(rv?.lines.map((l) => [l.hsn, l.rateBp, l.valuePaise])).toEqual([
      ['7113', 300, 90546_00],
      ['7103', 25, 2_000_00],
    ]);
    expect((rv?.taxablePaise ?? 0) + (rv?.cgstPaise ?? 0) + (rv?.sgstPaise ?? 0) + (rv?.igstPaise ?? 0)).toBe(rv?.totalPaise);

    const mine = MyOrdersResponse.parse((await s.myOrders(buyer.cookie)).json()).orders.find((o) => o._id === orderId);
    expect(mine?.receipt).toEqual(order.receipt);
    expect(mine?.invoice).toBeNull();

    const pdf = await receiptOf(orderId, buyer.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`${order.receipt?.number.replace(/\//g, '-')}.pdf`);
    const words = text(pdf.rawPayload);
    expect(words).toContain('Receipt Voucher');
    expect(words).toContain(`Receipt voucher number: ${order.receipt?.number}`);
    expect(words).toContain('Advance against made-to-order jewellery');
    expect(words).toContain(`Advance received ${rupees(rv?.totalPaise ?? 0)}`);
    // the piece's line (its description wraps beside the numbers): jewellery at 3%, with its metal, grams, rate and making
    expect(words).toMatch(/7113 1 ₹90,546\.00 ₹87,908\.74 3% ₹1,318\.63 ₹1,318\.63 ₹90,546\.00/);
    expect(words).toContain('22 karat gold (916), ring size 14: 4.5 g at ₹7,150.50/g, making ₹3,861.27');
    expect(words).toContain('7113');
    expect(words).toContain('GSTIN: 03AAACR5055K1Z');
    expect(words).toContain('The tax invoice is issued when every piece is made and hallmarked, and adjusts this advance.');
    expect(words).not.toContain('HUID');
    // read again: the same document, kept
    expect((await receiptOf(orderId, buyer.cookie)).rawPayload.equals(pdf.rawPayload)).toBe(true);
  });

  it('is the buyer’s and the merchant’s only; an order of ready stock has none (its invoice came with the payment)', async () => {
    const { buyer, orderId } = await placePiece(t, ruby.id, GOLD_RING());
    const stranger = await t.signUpAndIn();
    expect((await receiptOf(orderId, stranger.cookie)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/o1/api/receipt/${orderId}` })).statusCode).toBe(401);
    expect((await receiptOf(orderId, admin.cookie)).statusCode).toBe(200);
    expect((await receiptOf('00000000-0000-4000-8000-000000000000', admin.cookie)).statusCode).toBe(404);

    expect((await s.add(buyer.cookie, pearl.id, 1)).statusCode).toBe(200);
    const plain = await s.payAndPlace(buyer.cookie);
    expect(plain.receipt).toBeNull();
    expect(plain.invoice).not.toBeNull();
    expect((await receiptOf(plain._id, buyer.cookie)).statusCode).toBe(404);
  });

  it('is issued once however often the payment is confirmed', async () => {
    const buyer = await t.signUpAndIn();
    expect((await s.add(buyer.cookie, ruby.id, 1, { setting: GOLD_RING() })).statusCode).toBe(200);
    const held = await s.hold(buyer.cookie);
    const razorpayOrder = RazorpayOrderResponse.parse(held.json()).razorpayOrder;
    const paid = SandboxPayResponse.parse((await s.sandboxPay(buyer.cookie, razorpayOrder.id)).json());
    if (!paid.success) throw new Error('payment failed');
    const first = await s.verify(buyer.cookie, paid);
    expect(first.statusCode, first.body).toBe(201);
    const order = OrderResponse.parse(first.json()).order;
    const before = await counter('RV');
    const again = await t.request({
      method: 'POST',
      url: '/o1/api/verify-and-place',
      cookie: buyer.cookie,
      payload: { ...paid, shippinginfo: SHIPPING },
    });
    expect(again.statusCode).toBeLessThan(300);
    expect(OrderResponse.parse(again.json()).order.receipt).toEqual(order.receipt);
    const [{ n } = { n: 0 }] = await t.database.db
      .select({ n: count() })
      .from(receiptVouchers)
      .where(eq(receiptVouchers.orderId, order._id));
    expect(n).toBe(1);
    expect(await counter('RV')).toBe(before);
  });

  it('is adjusted by the tax invoice issued when the piece is ready: named, subtracted, nothing left to pay', async () => {
    const { buyer, order, orderId, lineId } = await placePiece(t, ruby.id, GOLD_RING(), [pearl.id]);
    const ready = await moveProduction(t, admin, orderId, lineId, { stage: 'ready', huid: 'AB12CD' });
    expect(ready.statusCode, ready.body).toBe(200);
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    const [rv] = await t.database.db.select().from(receiptVouchers).where(eq(receiptVouchers.orderId, orderId));
    if (!invoice || !rv) throw new Error('the invoice or the voucher is missing');
    // the invoice supplies what the advance was for: the same value, the same tax
    expect(invoice.totalPaise).toBe(rv.totalPaise);
    expect(invoice.taxablePaise).toBe(rv.taxablePaise);
    expect(invoice.cgstPaise + invoice.sgstPaise + invoice.igstPaise).toBe(rv.cgstPaise + rv.sgstPaise + rv.igstPaise);

    const mine = MyOrdersResponse.parse((await s.myOrders(buyer.cookie)).json()).orders.find((o) => o._id === orderId);
    expect(mine?.invoice?.number).toBe(invoice.number);
    expect(mine?.receipt).toEqual(order.receipt);

    const pdf = await t.request({ method: 'GET', url: `/o1/api/invoice/${orderId}`, cookie: buyer.cookie });
    expect(pdf.statusCode).toBe(200);
    const words = text(pdf.rawPayload);
    expect(words).toContain('Tax Invoice');
    expect(words).toContain('HUID AB12CD');
    expect(words).toContain(`Less advance received −${rupees(rv.totalPaise)}`);
    expect(words).toContain('Balance payable ₹0.00');
    expect(words).toMatch(
      new RegExp(
        `Adjusts the advance received by receipt voucher ${rv.number.replace(/\//g, '\\/')} dated \\d{2}-\\d{2}-\\d{4}\\.`,
      ),
    );
  });

  it('is counted among the documents issued in the month’s GSTR-1 (table 13, receipt vouchers), in its own range', async () => {
    await placePiece(t, ruby.id, GOLD_RING());
    const all = await t.database.db.select().from(receiptVouchers).orderBy(receiptVouchers.fy, receiptVouchers.seq);
    const last = all[all.length - 1];
    if (!last) throw new Error('no receipt voucher');
    const month = indiaDate(last.issuedAt).slice(0, 7);
    const inMonth = all.filter((rv) => indiaDate(rv.issuedAt).startsWith(month));
    const res = await t.request({
      method: 'GET',
      url: `/o1/api/admin/gst-report?month=${month}&format=portal`,
      cookie: admin.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    const file = Gstr1PortalFile.parse(res.json());
    const receipts = file.doc_issue?.doc_det.find((d) => d.doc_num === 6);
    expect(receipts?.doc_typ).toBe('Receipt voucher');
    expect(receipts?.docs.reduce((n, d) => n + d.totnum, 0)).toBe(inMonth.length);
    expect(receipts?.docs[0]?.from).toBe(inMonth[0]?.number);
    expect(receipts?.docs.at(-1)?.to).toBe(last.number);
    // the invoices' range holds invoices only: no voucher number among them
    const invoiceDocs = file.doc_issue?.doc_det.find((d) => d.doc_num === 1)?.docs ?? [];
    expect(invoiceDocs.every((d) => !d.from.startsWith('RV/') && !d.to.startsWith('RV/'))).toBe(true);
  });

  // last: it leaves the shop unregistered
  it('of a shop not registered for GST is a receipt with no tax on it, in the same series', async () => {
    const before = await counter('RV');
    const cleared = await t.request({
      method: 'PUT',
      url: '/a1/api/admin/settings',
      cookie: admin.cookie,
      payload: { gstin: '' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const { buyer, order, orderId } = await placePiece(t, ruby.id, GOLD_RING());
    expect(Number(order.receipt?.number.slice(-6))).toBe(before + 1);
    const [rv] = await t.database.db.select().from(receiptVouchers).where(eq(receiptVouchers.orderId, orderId));
    expect(rv).toMatchObject({ taxed: false, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: rv?.taxablePaise });
    expect(rv?.totalPaise).toBe(Math.round(order.totalamount * 100));
    const words = text((await receiptOf(orderId, buyer.cookie)).rawPayload);
    expect(words).toContain('Receipt Voucher');
    expect(words).toContain('Not registered for GST: no tax is charged.');
    expect(words).toContain(`Advance received ${rupees(rv?.totalPaise ?? 0)}`);
    expect(words).not.toContain('CGST');
    expect(words).not.toContain('Notification 66/2017');
  });
});
