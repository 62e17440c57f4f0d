// @postgres: a credit order and its payments run under the business's row lock; the invoice is numbered in the piece's last stage
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MyOrdersResponse, OrderResponse } from '../../../contract/orders.js';
import { invoices, receiptVouchers } from '../../db/schema.js';
import { createProduct, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, onPostgres, type TestApp, type TestUser } from '../../test/helpers.js';
import { pdfText } from '../../test/pdf-text.js';
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
    // no advance receipt to adjust: the invoice is a plain credit sale's
    expect(words).not.toContain('Less advance received');
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
  });
});
