// @postgres: 20 credit orders of one business at the same instant, under a lock on its row
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASH_LIMIT_MESSAGE } from '../../../contract/credit.js';
import { DashboardStatsResponse } from '../../../contract/dashboard.js';
import { OrderResponse } from '../../../contract/orders.js';
import { businesses, invoices, orders } from '../../db/schema.js';
import { createProduct, productRow, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, onPostgres, type TestApp, type TestUser } from '../../test/helpers.js';
import { createDesign, goldRing, setRates } from '../made-to-order/test-kit.js';
import { approvedDealer } from '../wholesale/test-kit.js';
import { NO_CREDIT, OVER_LIMIT, OVERDUE, OVERPAID } from './service.js';

let t: TestApp;
let s: ReturnType<typeof shop>;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  s = shop(t);
  admin = await t.signUpAndIn('ADMIN');
});
afterAll(() => t.close());

/** A buyer whose business the merchant approved with these credit terms (through HTTP). */
const dealer = (creditdays: number, creditlimit: number) => approvedDealer(t, admin, creditdays, creditlimit);

const creditOrder = (cookie: string, payload: object = { shippinginfo: SHIPPING }) =>
  t.request({ method: 'POST', url: '/o1/api/credit-order', cookie, payload });
const pay = (orderId: string, payload: object, cookie = admin.cookie) =>
  t.request({ method: 'POST', url: `/o1/api/admin/payments/${orderId}`, cookie, payload });
const DAY = '2026-11-20';

describe('placing an order on credit', () => {
  it('places it Due with its due date, sells the stock, issues the invoice and empties the cart', async () => {
    const buyer = await dealer(30, 500_000);
    const stone = await createProduct(t.database.db, { stock: 5, pricePaise: 12_000_000, name: 'Burmese Ruby' });
    expect((await s.add(buyer.cookie, stone.id, 2)).statusCode).toBe(200);
    const res = await creditOrder(buyer.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const order = OrderResponse.parse(res.json()).order;
    expect(order.paymentstatus).toBe('Due');
    expect(order.amountdue).toBe(order.totalamount);
    expect(order.totalamount).toBeGreaterThanOrEqual(240_000);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
    const placedDay = new Date((row?.createdAt.getTime() ?? 0) + 330 * 60_000).toISOString().slice(0, 10);
    const due = new Date(Date.parse(`${placedDay}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(order.duedate).toBe(due);
    expect(await productRow(t.database.db, stone.id)).toMatchObject({ stock: 3, sold: 2 });
    expect(await t.database.db.select().from(invoices).where(eq(invoices.orderId, order._id))).toHaveLength(1);
    expect(order.invoice).not.toBeNull();
    const cart = await t.request({ method: 'GET', url: '/c2/api/all', cookie: buyer.cookie });
    expect(cart.json().data).toEqual([]);
    const mine = await s.myOrders(buyer.cookie);
    expect(mine.json().orders[0]).toMatchObject({ _id: order._id, paymentstatus: 'Due', duedate: due });
    const business = await t.request({ method: 'GET', url: '/u1/api/business', cookie: buyer.cookie });
    expect(business.json().business.credit).toEqual({ days: 30, limit: 500_000, outstanding: order.totalamount, overdue: false });
  });

  it('keeps a stone set in a design as its piece on the order line, and its invoice for the piece, as a paid order does', async () => {
    const buyer = await dealer(30, 500_000);
    const designId = (
      await createDesign(t, admin, {
        ...goldRing('Credit solitaire'),
        metals: [{ metal: 'gold-22k', grams: 4 }],
        gramspersize: 0.1,
        making: { type: 'percent', value: 10 },
      })
    )._id;
    await setRates(t, admin, [{ metal: 'gold-22k', pergram: 7000 }]);
    const stone = await createProduct(t.database.db, { stock: 2, pricePaise: 5_000_000, shape: 'Oval', weightcarrat: 2 });
    const added = await s.add(buyer.cookie, stone.id, 1, { setting: { designId, metal: 'gold-22k', size: 12 } });
    expect(added.statusCode, added.body).toBe(200);
    const res = await creditOrder(buyer.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const placed = OrderResponse.parse(res.json()).order;
    const [line] = placed.products;
    expect(line?.setting).toMatchObject({ design: { _id: designId }, kind: 'ring', metal: 'gold-22k', size: 12 });
    // not invoiced without the piece's HUID: the invoice waits until the piece is ready (made-to-order/credit-piece.test.ts)
    expect(placed.invoice).toBeNull();
    expect(await t.database.db.select().from(invoices).where(eq(invoices.orderId, placed._id))).toEqual([]);
  });

  it('refuses anyone without credit terms (403) and passing the limit (409, nothing sold)', async () => {
    const stone = await createProduct(t.database.db, { stock: 5, pricePaise: 10_000_000, name: 'Ceylon Sapphire' });
    const retail = await t.signUpAndIn('USER');
    expect((await s.add(retail.cookie, stone.id)).statusCode).toBe(200);
    const refused = await creditOrder(retail.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NO_CREDIT);
    const noTerms = await dealer(0, 0);
    expect((await s.add(noTerms.cookie, stone.id)).statusCode).toBe(200);
    expect((await creditOrder(noTerms.cookie)).statusCode).toBe(403);

    const small = await dealer(15, 50_000);
    expect((await s.add(small.cookie, stone.id)).statusCode).toBe(200);
    const over = await creditOrder(small.cookie);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(OVER_LIMIT);
    expect((await productRow(t.database.db, stone.id)).stock).toBe(5);
  });

  it('refuses new credit while an order is overdue', async () => {
    const buyer = await dealer(15, 1_000_000);
    const stone = await createProduct(t.database.db, { stock: 10, pricePaise: 100_000, name: 'Pearl' });
    await s.add(buyer.cookie, stone.id);
    const first = await creditOrder(buyer.cookie);
    expect(first.statusCode).toBe(201);
    const firstId: string = first.json().order._id;
    const overdueList = async () =>
      (await t.request({ method: 'GET', url: '/o1/api/admin/orders?status=overdue&limit=100', cookie: admin.cookie }))
        .json()
        .orders.map((o: { _id: string }) => o._id);
    const stats = async () =>
      DashboardStatsResponse.parse((await t.request({ method: 'GET', url: '/o1/api/admin/stats', cookie: admin.cookie })).json());
    const before = await stats();
    expect(before.credit.due).toBeGreaterThanOrEqual(first.json().order.totalamount);
    expect(await overdueList()).not.toContain(firstId);
    // Its due date passes: the merchant's dashboard and the orders list's "overdue" show it.
    await t.database.db.update(orders).set({ dueDate: '2026-01-01' }).where(eq(orders.id, firstId));
    // Changed behind the shop's back: the back-office order lists it keeps go once it has heard the change (on
    // PostgreSQL the notice comes on its own connection, a moment after the commit).
    await t.app.catalogueSettled();
    const after = await stats();
    expect(after.todo.overdueorders).toBe(before.todo.overdueorders + 1);
    expect(after.credit.overdue).toBeCloseTo(before.credit.overdue + first.json().order.totalamount, 2);
    expect(after.credit.due).toBeCloseTo(before.credit.due, 2);
    expect(await overdueList()).toContain(firstId);
    await s.add(buyer.cookie, stone.id);
    const second = await creditOrder(buyer.cookie);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(OVERDUE);
    // Paid in full, it no longer blocks.
    expect(
      (
        await pay(first.json().order._id, {
          amount: first.json().order.totalamount,
          method: 'neft',
          reference: 'N1',
          receivedon: DAY,
        })
      ).statusCode,
    ).toBe(201);
    expect((await creditOrder(buyer.cookie)).statusCode).toBe(201);
    expect(await overdueList()).not.toContain(firstId);
    expect((await stats()).todo.overdueorders).toBe(before.todo.overdueorders);
  });

  it(`never passes the limit with 20 orders at the same instant (${onPostgres ? 'PostgreSQL, concurrent' : 'PGlite, serialised'})`, {
    timeout: 120_000,
  }, async () => {
    const buyer = await dealer(30, 10_000_000);
    const stone = await createProduct(t.database.db, { stock: 100, pricePaise: 1_000_000, name: 'Emerald' });
    const added = await s.add(buyer.cookie, stone.id, 40);
    expect(added.statusCode).toBe(200);
    const cartItemId = added.json().data[0]._id as string;
    const one = { shippinginfo: SHIPPING, items: [{ cartItemId, quantity: 1 }] };
    // One order shows what one unit costs with its shipping; the limit then leaves room for exactly 7 more.
    const probe = await creditOrder(buyer.cookie, one);
    expect(probe.statusCode, probe.body).toBe(201);
    const each = Math.round(probe.json().order.totalamount * 100);
    await t.database.db
      .update(businesses)
      .set({ creditLimitPaise: each * 8 + Math.floor(each / 2) })
      .where(eq(businesses.id, buyer.businessId));

    const results = await Promise.all(Array.from({ length: 20 }, () => creditOrder(buyer.cookie, one)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 201)).toHaveLength(7);
    expect(codes.filter((c) => c === 409)).toHaveLength(13);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe(OVER_LIMIT);
    const owed = (await t.database.db.select().from(orders).where(eq(orders.userId, buyer.id))).reduce(
      (n, o) => n + o.amountDuePaise,
      0,
    );
    expect(owed).toBe(each * 8);
    expect(await productRow(t.database.db, stone.id)).toMatchObject({ stock: 92, sold: 8 });
  });
});

describe('recording a payment received outside the shop', () => {
  async function dueOrder(pricePaise: number) {
    const buyer = await dealer(45, 10_000_000);
    const stone = await createProduct(t.database.db, { stock: 3, pricePaise, name: 'Alexandrite' });
    await s.add(buyer.cookie, stone.id);
    const res = await creditOrder(buyer.cookie);
    expect(res.statusCode, res.body).toBe(201);
    return { buyer, order: OrderResponse.parse(res.json()).order };
  }

  it('is Partially paid until covered, then Paid; more than is due is a 409', async () => {
    const { order } = await dueOrder(30_000_000);
    const part = await pay(order._id, { amount: 100_000, method: 'neft', reference: 'UTR123', receivedon: DAY });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json().order).toMatchObject({ paymentstatus: 'Partially paid', amountdue: order.totalamount - 100_000 });
    expect(part.json().order.payments).toEqual([{ amount: 100_000, method: 'neft', reference: 'UTR123', receivedon: DAY }]);
    const tooMuch = await pay(order._id, { amount: order.totalamount, method: 'rtgs', reference: 'R9', receivedon: DAY });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(OVERPAID);
    const rest = await pay(order._id, {
      amount: order.totalamount - 100_000,
      method: 'cheque',
      reference: '004512',
      receivedon: DAY,
    });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().order).toMatchObject({ paymentstatus: 'Paid', amountdue: 0 });
    expect((await pay(order._id, { amount: 1, method: 'upi', reference: 'x', receivedon: DAY })).statusCode).toBe(409);
  });

  it('refuses cash of ₹2,00,000 or more from one buyer in a day (s.269ST), counting that day’s earlier cash', async () => {
    const { order } = await dueOrder(50_000_000);
    const first = await pay(order._id, { amount: 150_000, method: 'cash', reference: '', receivedon: DAY });
    expect(first.statusCode, first.body).toBe(201);
    const second = await pay(order._id, { amount: 50_000, method: 'cash', reference: '', receivedon: DAY });
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe(CASH_LIMIT_MESSAGE);
    expect((await pay(order._id, { amount: 49_999, method: 'cash', reference: '', receivedon: DAY })).statusCode).toBe(201);
    expect((await pay(order._id, { amount: 50_000, method: 'cash', reference: '', receivedon: '2026-11-21' })).statusCode).toBe(
      201,
    );
    expect((await pay(order._id, { amount: 200_000, method: 'neft', reference: 'N', receivedon: DAY })).statusCode).toBe(201);
  });

  it('is for the merchant only (403), and an unknown order is a 404', async () => {
    const { buyer, order } = await dueOrder(1_000_000);
    const own = await pay(order._id, { amount: 100, method: 'upi', reference: 'u', receivedon: DAY }, buyer.cookie);
    expect(own.statusCode).toBe(403);
    const unknown = await pay(crypto.randomUUID(), { amount: 100, method: 'upi', reference: 'u', receivedon: DAY });
    expect(unknown.statusCode).toBe(404);
  });
});
