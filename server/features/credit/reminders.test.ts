// @postgres: reminders are claimed under the order's row lock, and a link payment is counted once under it
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderResponse } from '../../../contract/orders.js';
import { orderPayments, orders, outbox } from '../../db/schema.js';
import { indiaDate } from '../../domain/tax.js';
import { type FakeRazorpay, startFakeRazorpay } from '../../test/fake-razorpay.js';
import { createProduct, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { approvedDealer } from '../wholesale/test-kit.js';
import { reminderFor, sendDueReminders } from './reminders.js';

const DAY = 86_400_000;

describe('which reminder is due', () => {
  it('3 days before up to the day before, on the due date for a week, then overdue', () => {
    const due = '2026-12-31';
    expect(reminderFor(due, '2026-12-27')).toBeNull();
    expect(reminderFor(due, '2026-12-28')).toBe('before');
    expect(reminderFor(due, '2026-12-30')).toBe('before');
    expect(reminderFor(due, '2026-12-31')).toBe('on');
    expect(reminderFor(due, '2027-01-06')).toBe('on');
    expect(reminderFor(due, '2027-01-07')).toBe('after');
    expect(reminderFor(due, '2027-03-01')).toBe('after');
  });
});

async function creditOrder(t: TestApp, admin: TestUser, pricePaise: number) {
  const s = shop(t);
  const buyer = await approvedDealer(t, admin, 30, 1_000_000);
  const stone = await createProduct(t.database.db, { stock: 5, pricePaise });
  expect((await s.add(buyer.cookie, stone.id, 1)).statusCode).toBe(200);
  const placed = await t.request({
    method: 'POST',
    url: '/o1/api/credit-order',
    cookie: buyer.cookie,
    payload: { shippinginfo: SHIPPING },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = OrderResponse.parse(placed.json()).order;
  return { buyer, order, due: Date.parse(`${order.duedate}T06:00:00Z`) };
}

const remindersOf = async (t: TestApp, orderNo: string) =>
  (
    await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'due_reminder'))
      .orderBy(asc(outbox.createdAt), asc(outbox.id))
  )
    .filter((m) => (m.data as { orderNo?: string }).orderNo === orderNo && m.channel === 'sms')
    .map((m) => m.data as { kind: string; due: string; link: string; days: number });

describe('reminders of what is due (sandbox)', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signUpAndIn('ADMIN');
  });
  afterAll(() => t.close());

  it('reminds 3 days before, on the due date and 7 days after, each once, and stops once paid', async () => {
    const { order, due } = await creditOrder(t, admin, 5_000_000);
    expect(await sendDueReminders(t.app, new Date(due - 10 * DAY))).toBe(0);
    await sendDueReminders(t.app, new Date(due - 3 * DAY));
    await sendDueReminders(t.app, new Date(due - 2 * DAY)); // the same window: nothing new
    expect(await remindersOf(t, order.number)).toEqual([
      {
        kind: 'before',
        due: '₹50,000.00',
        link: '',
        days: 3,
        duedate: order.duedate,
        orderNo: order.number,
        fullname: expect.any(String),
      },
    ]);
    await sendDueReminders(t.app, new Date(due));
    await sendDueReminders(t.app, new Date(due + 7 * DAY));
    await sendDueReminders(t.app, new Date(due + 9 * DAY));
    expect((await remindersOf(t, order.number)).map((r) => [r.kind, r.days])).toEqual([
      ['before', 3],
      ['on', 0],
      ['after', 7],
    ]);

    // another order, paid outside the shop before its due date: never reminded
    const paid = await creditOrder(t, admin, 2_000_000);
    const recorded = await t.request({
      method: 'POST',
      url: `/o1/api/admin/payments/${paid.order._id}`,
      cookie: admin.cookie,
      payload: { amount: 20_000, method: 'neft', reference: 'UTR0001', receivedon: indiaDate(new Date()) },
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    await sendDueReminders(t.app, new Date(paid.due));
    expect(await remindersOf(t, paid.order.number)).toEqual([]);
  });
});

describe('reminders with Razorpay Payment Links', () => {
  let fake: FakeRazorpay;
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    fake = await startFakeRazorpay();
    t = await createTestApp(fake.env);
    admin = await t.signUpAndIn('ADMIN');
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  const webhook = (w: { payload: string; headers: Record<string, string> }) =>
    t.request({ method: 'POST', url: '/o1/api/razorpay-webhook', payload: w.payload, headers: w.headers });
  const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];

  it('every reminder carries the order’s one link, made again only when the amount due changed; paying it settles the order once', async () => {
    const { order, due } = await creditOrder(t, admin, 5_000_000);
    await sendDueReminders(t.app, new Date(due - 3 * DAY));
    const [first] = await remindersOf(t, order.number);
    const links = () => [...fake.paymentLinks.values()].filter((l) => l.reference_id.startsWith(order._id));
    expect(links()).toEqual([
      expect.objectContaining({ amount: 5_000_000, currency: 'INR', reference_id: order._id, status: 'created' }),
    ]);
    expect(first?.link).toBe(links()[0]?.short_url);

    // the merchant records part of it: the next reminder's link asks for what is left, the old one is cancelled
    const part = await t.request({
      method: 'POST',
      url: `/o1/api/admin/payments/${order._id}`,
      cookie: admin.cookie,
      payload: { amount: 10_000, method: 'upi', reference: 'UPI0001', receivedon: indiaDate(new Date()) },
    });
    expect(part.statusCode, part.body).toBe(201);
    await sendDueReminders(t.app, new Date(due));
    expect(links().map((l) => [l.reference_id, l.amount, l.status])).toEqual([
      [order._id, 5_000_000, 'cancelled'],
      [`${order._id}/2`, 4_000_000, 'created'],
    ]);
    const reminders = await remindersOf(t, order.number);
    expect(reminders.map((r) => [r.kind, r.due, r.link])).toEqual([
      ['before', '₹50,000.00', links()[0]?.short_url],
      ['on', '₹40,000.00', links()[1]?.short_url],
    ]);

    // a week later the amount is the same: the same link again
    await sendDueReminders(t.app, new Date(due + 7 * DAY));
    expect(links()).toHaveLength(2);
    expect((await remindersOf(t, order.number))[2]?.link).toBe(links()[1]?.short_url);

    const current = links()[1];
    if (!current) throw new Error('no current link');
    const paid = fake.payLink(current.id);
    expect((await webhook(paid)).statusCode).toBe(200);
    // reported again, as another event (Razorpay may send one payment twice): counted once
    expect(
      (await webhook({ ...paid, headers: { ...paid.headers, 'x-razorpay-event-id': 'evt_AnotherDelivery1' } })).statusCode,
    ).toBe(200);
    const row = await orderRow(order._id);
    expect(row).toMatchObject({ paymentstatus: 'Paid', amountDuePaise: 0 });
    const counted = await t.database.db
      .select()
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, order._id), eq(orderPayments.method, 'razorpay')));
    expect(counted.map((p) => [p.amountPaise, p.reference])).toEqual([[4_000_000, paid.paymentId]]);

    // paid: no more reminders
    await sendDueReminders(t.app, new Date(due + 30 * DAY));
    expect(await remindersOf(t, order.number)).toHaveLength(3);
  });

  it('a payment on a link the order no longer uses is not counted', async () => {
    const { order, due } = await creditOrder(t, admin, 3_000_000);
    await sendDueReminders(t.app, new Date(due - 3 * DAY));
    const [link] = [...fake.paymentLinks.values()].filter((l) => l.reference_id === order._id);
    if (!link) throw new Error('no link');
    await t.database.db.update(orders).set({ paymentLinkId: 'plink_SomethingElse1' }).where(eq(orders.id, order._id));
    expect((await webhook(fake.payLink(link.id))).statusCode).toBe(200);
    expect(await orderRow(order._id)).toMatchObject({ paymentstatus: 'Due', amountDuePaise: 3_000_000 });
  });
});
