// @postgres: a credit order and its payments run under the business's row lock; the invoice is numbered in the piece's last stage
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatementResponse } from '../../../contract/credit.js';
import { MyOrdersResponse, OrderResponse, RazorpayOrderResponse, SandboxPayResponse } from '../../../contract/orders.js';
import { documentCounters, invoices, receiptVouchers, refundVouchers } from '../../db/schema.js';
import { indiaDate } from '../../domain/tax.js';
import { createProduct, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, onPostgres, type TestApp, type TestUser } from '../../test/helpers.js';
import { pdfText } from '../../test/pdf-text.js';
import { rupees } from '../gst/pdf.js';
import { approvedDealer } from '../wholesale/test-kit.js';
import { addPiece, madeToOrderShop, moveProduction, registerForGst } from './test-kit.js';

/**
 * An order on credit with a made-to-order piece, through HTTP: not invoiced when placed (the piece has no HUID yet),
 * whatever is paid of it meanwhile, and invoiced when its last piece is ready, the piece's line naming its HUID — as a
 * paid order is. An order on credit of ready stock is still invoiced when placed.
 */
let t: TestApp;
let admin: TestUser;
let ring: { _id: string };
let pendant: { _id: string };
let ruby: { id: string };
let pearl: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAndIn('ADMIN');
  await registerForGst(t, admin);
  ({ ring, pendant, ruby } = await madeToOrderShop(t, admin, { ring: 'Credit solitaire', pendant: 'Credit pendant', stock: 10 }));
  pearl = await createProduct(t.database.db, { pricePaise: 2_000_00, shape: 'Round', weightcarrat: 5, stock: 10 });
});
afterAll(() => t.close());

const creditOrder = async (cookie: string) => {
  const res = await t.request({ method: 'POST', url: '/o1/api/credit-order', cookie, payload: { shippinginfo: SHIPPING } });
  expect(res.statusCode, res.body).toBe(201);
  return OrderResponse.parse(res.json()).order;
};
const invoicesOf = (orderId: string) => t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId));
const receiptsOf = (orderId: string) =>
  t.database.db
    .select()
    .from(receiptVouchers)
    .where(eq(receiptVouchers.orderId, orderId))
    .orderBy(asc(receiptVouchers.fy), asc(receiptVouchers.seq));
const counter = async (series: string) =>
  (await t.database.db.select().from(documentCounters).where(eq(documentCounters.series, series)))[0]?.lastNumber ?? 0;
const text = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');
const pay = (orderId: string, amount: number) =>
  t.request({
    method: 'POST',
    url: `/o1/api/admin/payments/${orderId}`,
    cookie: admin.cookie,
    payload: { amount, method: 'neft', reference: `UTR${amount}`, receivedon: '2026-11-20' },
  });

describe(`an order on credit with a piece (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('is not invoiced when placed nor when part paid; the invoice comes when the piece is ready, naming its HUID', async () => {
    const buyer = await approvedDealer(t, admin, 30, 500_000);
    await addPiece(t, buyer.cookie, ruby.id, { designId: ring._id, metal: 'gold-22k', size: 14 });
    expect((await shop(t).add(buyer.cookie, pearl.id, 1)).statusCode).toBe(200);
    const order = await creditOrder(buyer.cookie);
    expect(order.paymentstatus).toBe('Due');
    expect(order.invoice).toBeNull();
    expect(await invoicesOf(order._id)).toEqual([]);
    // no advance was paid: no receipt voucher either
    expect(order.receipt).toBeNull();
    expect(await t.database.db.select().from(receiptVouchers).where(eq(receiptVouchers.orderId, order._id))).toEqual([]);

    const part = await pay(order._id, 10_000);
    expect(part.statusCode, part.body).toBe(201);
    expect(await invoicesOf(order._id)).toEqual([]);
    // the money received before the piece is an advance: its receipt voucher
    const [advance] = await receiptsOf(order._id);
    expect(advance?.totalPaise).toBe(10_000_00);

    const lineId = order.products.find((l) => l.setting)?._id as string;
    // gold is not ready without its HUID: still no invoice
    expect((await moveProduction(t, admin, order._id, lineId, { stage: 'ready' })).statusCode).toBe(400);
    expect((await moveProduction(t, admin, order._id, lineId, { stage: 'hallmarking' })).statusCode).toBe(200);
    expect(await invoicesOf(order._id)).toEqual([]);
    const ready = await moveProduction(t, admin, order._id, lineId, { stage: 'ready', huid: 'cr12hu' });
    expect(ready.statusCode, ready.body).toBe(200);

    const [invoice, ...more] = await invoicesOf(order._id);
    expect(more).toEqual([]);
    expect(invoice?.totalPaise).toBe(Math.round(order.totalamount * 100));
    expect(invoice?.lines.map((l) => [l.hsn, l.rateBp, l.valuePaise])).toEqual([
      ['7113', 300, 90546_00],
      ['7103', 25, 2_000_00],
    ]);
    expect(invoice?.lines[0]?.description).toContain('making ₹3,861.27, HUID CR12HU');
    const mine = MyOrdersResponse.parse((await shop(t).myOrders(buyer.cookie)).json()).orders.find((o) => o._id === order._id);
    expect(mine).toMatchObject({ paymentstatus: 'Partially paid', invoice: { number: invoice?.number } });
    const pdf = await t.request({ method: 'GET', url: `/o1/api/invoice/${order._id}`, cookie: buyer.cookie });
    expect(pdf.statusCode).toBe(200);
    const words = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(words).toContain('HUID CR12HU');
    // the invoice adjusts the advance received on account, and says what is still to pay
    expect(words).toContain(`Less advance received −${rupees(10_000_00)}`);
    expect(words).toContain(`Balance payable ${rupees(Math.round(order.totalamount * 100) - 10_000_00)}`);
    expect(words).toContain(`Adjusts the advance received by receipt voucher ${advance?.number} dated`);
    // money received once the invoice is issued is a payment against it: no voucher
    expect((await pay(order._id, 5_000)).statusCode).toBe(201);
    expect(await receiptsOf(order._id)).toHaveLength(1);
  });

  it('is invoiced when its silver piece is ready though nothing is paid yet; ready stock on credit is invoiced when placed', async () => {
    const buyer = await approvedDealer(t, admin, 30, 500_000);
    await addPiece(t, buyer.cookie, ruby.id, { designId: pendant._id, metal: 'silver-925' });
    const order = await creditOrder(buyer.cookie);
    expect(await invoicesOf(order._id)).toEqual([]);
    const lineId = order.products[0]?._id as string;
    expect((await moveProduction(t, admin, order._id, lineId, { stage: 'ready' })).statusCode).toBe(200);
    const [invoice] = await invoicesOf(order._id);
    expect(invoice?.lines[0]).toMatchObject({ hsn: '7113', valuePaise: 54_956_00 });

    expect((await shop(t).add(buyer.cookie, pearl.id, 1)).statusCode).toBe(200);
    const plain = await creditOrder(buyer.cookie);
    expect(plain.invoice).not.toBeNull();
    expect(await invoicesOf(plain._id)).toHaveLength(1);
    // ready stock on credit is invoiced: what is paid of it is a payment against the invoice, not an advance
    expect((await pay(plain._id, 500)).statusCode).toBe(201);
    expect(await receiptsOf(plain._id)).toEqual([]);
  });

  it('acknowledges each payment before the piece is ready with a receipt voucher of its share, together the whole supply', async () => {
    const buyer = await approvedDealer(t, admin, 30, 500_000);
    await addPiece(t, buyer.cookie, ruby.id, { designId: ring._id, metal: 'gold-22k', size: 14 });
    expect((await shop(t).add(buyer.cookie, pearl.id, 1)).statusCode).toBe(200);
    const order = await creditOrder(buyer.cookie);
    const total = Math.round(order.totalamount * 100);
    const before = await counter('RV');
    expect((await pay(order._id, 30_000.01)).statusCode).toBe(201);
    expect((await pay(order._id, (total - 30_000_01) / 100)).statusCode).toBe(201);
    const [first, second, ...more] = await receiptsOf(order._id);
    if (!first || !second) throw new Error('a voucher is missing');
    expect(more).toEqual([]);
    expect([first.seq, second.seq]).toEqual([before + 1, before + 2]);
    expect([first.totalPaise, second.totalPaise]).toEqual([30_000_01, total - 30_000_01]);
    // each is its share of the lines, and together they are the supply the invoice will charge, tax to the paisa
    const mine = MyOrdersResponse.parse((await shop(t).myOrders(buyer.cookie)).json()).orders.find((o) => o._id === order._id);
    expect(mine?.vouchers.map((v) => [v.kind, v.number, v.amount])).toEqual([
      ['receipt', first.number, 30_000.01],
      ['receipt', second.number, (total - 30_000_01) / 100],
    ]);
    expect(mine?.receipt?.number).toBe(first.number);
    const lineId = order.products.find((l) => l.setting)?._id as string;
    expect((await moveProduction(t, admin, order._id, lineId, { stage: 'ready', huid: 'CR34HU' })).statusCode).toBe(200);
    const [invoice] = await invoicesOf(order._id);
    if (!invoice) throw new Error('no invoice');
    const both = (k: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise') => first[k] + second[k];
    expect([both('taxablePaise'), both('cgstPaise'), both('sgstPaise'), both('igstPaise')]).toEqual([
      invoice.taxablePaise,
      invoice.cgstPaise,
      invoice.sgstPaise,
      invoice.igstPaise,
    ]);
    invoice.lines.forEach((line, k) => {
      expect((first.lines[k]?.valuePaise ?? 0) + (second.lines[k]?.valuePaise ?? 0)).toBe(line.valuePaise);
    });

    // the first voucher read back: its share of the piece, what the order is worth, the buyer's GSTIN
    const url = mine?.vouchers[0]?.url ?? '';
    const pdf = await t.request({ method: 'GET', url, cookie: buyer.cookie });
    expect(pdf.statusCode).toBe(200);
    const words = text(pdf.rawPayload);
    expect(words).toContain('Receipt Voucher');
    expect(words).toContain(`Receipt voucher number: ${first.number}`);
    expect(words).toContain(`Part of the order’s value: ${rupees(total)}`);
    expect(words).toContain(`Advance received ${rupees(30_000_01)}`);
    expect(words).toContain(rupees(first.lines[0]?.valuePaise ?? 0));
    expect(words).toContain('7113');
    // another buyer's, or signed out: not found / not signed in; the merchant's to read
    const stranger = await t.signUpAndIn();
    expect((await t.request({ method: 'GET', url, cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url, cookie: admin.cookie })).statusCode).toBe(200);
    // the invoice subtracts both: nothing left to pay
    const invoicePdf = text(
      (await t.request({ method: 'GET', url: `/o1/api/invoice/${order._id}`, cookie: buyer.cookie })).rawPayload,
    );
    expect(invoicePdf).toContain(`Less advance received −${rupees(total)}`);
    expect(invoicePdf).toContain('Balance payable ₹0.00');
    expect(invoicePdf).toContain(`receipt vouchers ${first.number} dated`);
  });

  it('acknowledges what is paid online of a credit order with a piece, once however often the payment is reported', async () => {
    const buyer = await approvedDealer(t, admin, 30, 500_000);
    await addPiece(t, buyer.cookie, ruby.id, { designId: pendant._id, metal: 'silver-925' });
    const order = await creditOrder(buyer.cookie);
    expect((await pay(order._id, 1_000)).statusCode).toBe(201);
    const opened = await t.request({ method: 'POST', url: `/o1/api/pay-due/${order._id}`, cookie: buyer.cookie, payload: {} });
    expect(opened.statusCode, opened.body).toBe(200);
    const due = RazorpayOrderResponse.parse(opened.json());
    const paid = SandboxPayResponse.parse((await shop(t).sandboxPay(buyer.cookie, due.razorpayOrder.id)).json());
    if (!paid.success) throw new Error('payment failed');
    const report = () => t.request({ method: 'POST', url: '/o1/api/verify-and-place', cookie: buyer.cookie, payload: paid });
    expect((await report()).statusCode).toBeLessThan(300);
    expect((await report()).statusCode).toBeLessThan(300);
    const vouchers = await receiptsOf(order._id);
    expect(vouchers.map((v) => v.totalPaise)).toEqual([1_000_00, Math.round(order.totalamount * 100) - 1_000_00]);
  });

  it('pays back part of an advance received on account with a refund voucher against its receipt voucher', async () => {
    const buyer = await approvedDealer(t, admin, 30, 500_000);
    await addPiece(t, buyer.cookie, ruby.id, { designId: pendant._id, metal: 'silver-925' });
    const order = await creditOrder(buyer.cookie);
    expect((await pay(order._id, 1_000)).statusCode).toBe(201);
    const refunded = await t.request({
      method: 'POST',
      url: `/o1/api/admin/refund/${order._id}`,
      cookie: admin.cookie,
      payload: { amount: 400, reason: 'Paid too much', method: 'neft', reference: 'UTRBACK1' },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const [rv] = await receiptsOf(order._id);
    const [rf, ...more] = await t.database.db.select().from(refundVouchers).where(eq(refundVouchers.orderId, order._id));
    expect(more).toEqual([]);
    expect(rf?.totalPaise).toBe(400_00);
    const mine = MyOrdersResponse.parse((await shop(t).myOrders(buyer.cookie)).json()).orders.find((o) => o._id === order._id);
    expect(mine?.vouchers.map((v) => [v.kind, v.amount])).toEqual([
      ['receipt', 1_000],
      ['refund', 400],
    ]);
    const words = text((await t.request({ method: 'GET', url: mine?.vouchers[1]?.url ?? '', cookie: buyer.cookie })).rawPayload);
    expect(words).toContain('Refund Voucher');
    expect(words).toContain(`Against receipt voucher: ${rv?.number} dated`);
    expect(words).toContain('Paid back by: NEFT');
    expect(words).toContain(`Advance refunded ${rupees(400_00)}`);
    // the business's statement names the vouchers beside the payment and the refund
    const statement = await t.request({
      method: 'GET',
      url: `/u1/api/business/statement?from=2026-11-20&to=${indiaDate(new Date())}`,
      cookie: buyer.cookie,
    });
    expect(statement.statusCode, statement.body).toBe(200);
    const lines = StatementResponse.parse(statement.json()).lines;
    expect(lines.find((l) => l.type === 'payment')?.number).toContain(`receipt voucher ${rv?.number}`);
    expect(lines.find((l) => l.type === 'refund')?.number).toContain(`refund voucher ${rf?.number}`);
  });

  it('numbers the vouchers of simultaneous payments on different orders without a gap or a repeat', async () => {
    const placed = [];
    for (let k = 0; k < 3; k++) {
      const buyer = await approvedDealer(t, admin, 30, 500_000);
      await addPiece(t, buyer.cookie, ruby.id, { designId: pendant._id, metal: 'silver-925' });
      placed.push(await creditOrder(buyer.cookie));
    }
    const before = await counter('RV');
    const answers = await Promise.all(placed.map((o) => pay(o._id, 1_000)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    const seqs = [];
    for (const o of placed) {
      const vouchers = await receiptsOf(o._id);
      expect(vouchers.map((v) => v.totalPaise)).toEqual([1_000_00]);
      seqs.push(vouchers[0]?.seq ?? 0);
    }
    expect(seqs.sort((a, b) => a - b)).toEqual([before + 1, before + 2, before + 3]);
  });
});
