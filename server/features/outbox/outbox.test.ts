import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OutboxResponse } from '../../../contract/accounts.js';
import { RazorpayOrderResponse, SandboxPayResponse } from '../../../contract/orders.js';
import { openPostgres } from '../../db/client.js';
import { invoices, outbox, users } from '../../db/schema.js';
import { createProduct, shop } from '../../test/fixtures.js';
import { createTestApp, onPostgres, type TestApp, type TestUser } from '../../test/helpers.js';
import { startHttpStandin, startSmtp } from '../../test/notify-standins.js';
import { pdfText } from '../../test/pdf-text.js';
import { backoffMs, claimDue, enqueue, LEASE_MS } from './outbox.js';
import { processOutbox } from './worker.js';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let msg91: Awaited<ReturnType<typeof startHttpStandin>>;
let whatsapp: Awaited<ReturnType<typeof startHttpStandin>>;
let t: TestApp;

const MERCHANT = { email: 'orders@ratnagems.example', phone: '9000000009' };
const TEMPLATES =
  'order_shipped:tpl-ship,order_delivered:tpl-delivered,refund_processed:tpl-refund,order_cancelled:tpl-cancel,return_updated:tpl-return,order_placed:tpl-order,password_code:tpl-code,merchant_new_order:tpl-merchant,merchant_low_stock:tpl-low';
const envFor = () => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Ratna Gems <orders@ratnagems.example>',
  MSG91_AUTHKEY: 'msg91-test-key',
  MSG91_API_BASE: msg91.url,
  MSG91_TEMPLATES: TEMPLATES,
  WHATSAPP_TOKEN: 'wa-test-token',
  WHATSAPP_PHONE_ID: '1234567890',
  WHATSAPP_API_BASE: `${whatsapp.url}/v21.0`,
  MERCHANT_EMAIL: MERCHANT.email,
  MERCHANT_PHONE: MERCHANT.phone,
});

beforeAll(async () => {
  smtp = await startSmtp();
  msg91 = await startHttpStandin({ type: 'success', message: '5762846b4f8d285d378b4567' });
  whatsapp = await startHttpStandin({ messaging_product: 'whatsapp', messages: [{ id: 'wamid.test' }] });
  t = await createTestApp(envFor());
});
afterAll(async () => {
  await t.close();
  await Promise.all([smtp.close(), msg91.close(), whatsapp.close()]);
});
beforeEach(async () => {
  await t.database.db.delete(outbox);
  smtp.mails.length = 0;
  smtp.refusals.length = 0;
  msg91.requests.length = 0;
  msg91.statuses.length = 0;
  whatsapp.requests.length = 0;
  whatsapp.statuses.length = 0;
});

/** Sends everything due at `now` (rounds until nothing is claimed). */
/**
 * The worker's clock in these tests: a second ahead of the wall clock, because the database stamps a new
 * message in microseconds and a JavaScript Date counts milliseconds (a message written in this same
 * millisecond would otherwise be "not yet due").
 */
const soon = () => new Date(Date.now() + 1000);

async function drain(app = t.app, now = soon()) {
  let total = 0;
  for (let n = await processOutbox(app, { now: () => now }); n > 0; n = await processOutbox(app, { now: () => now })) total += n;
  return total;
}

async function buy(user: TestUser, stock = 5) {
  const s = shop(t);
  const ruby = await createProduct(t.database.db, { stock, pricePaise: 1_25_000, name: 'Burmese Ruby 2ct' });
  expect((await s.add(user.cookie, ruby.id, 1)).statusCode).toBe(200);
  const held = RazorpayOrderResponse.parse((await s.hold(user.cookie)).json());
  const paid = SandboxPayResponse.parse((await s.sandboxPay(user.cookie, held.razorpayOrder.id)).json());
  if (!paid.success) throw new Error('payment failed');
  const placed = await s.verify(user.cookie, paid as never);
  expect(placed.statusCode).toBe(201);
  const order = (placed.json() as { order: { _id: string; number: string } }).order;
  // The order's number, as My Orders shows it: the one every message names.
  const mine = (await s.myOrders(user.cookie)).json() as { orders: { _id: string; number: string }[] };
  expect(mine.orders.find((o) => o._id === order._id)?.number).toBe(order.number);
  expect(order.number).toMatch(/^RG-\d{6}$/);
  return { orderId: order._id, number: order.number, product: ruby };
}

const rows = () => t.database.db.select().from(outbox);

describe('order messages through every channel', () => {
  it('a paid order mails the customer (HTML + text), texts them by MSG91 and WhatsApp, and tells the merchant', async () => {
    const user = await t.signUpAndIn();
    await t.database.db.update(users).set({ email: 'asha@example.com' }).where(eq(users.id, user.id));
    const { number: no } = await buy(user, 2); // 1 left afterwards: low stock

    const written = await rows();
    expect(written.map((r) => `${r.template}/${r.channel}`).sort()).toEqual([
      'merchant_low_stock/email',
      'merchant_low_stock/sms',
      'merchant_new_order/email',
      'merchant_new_order/sms',
      'order_placed/email',
      'order_placed/sms',
      'order_placed/whatsapp',
    ]);
    expect(written.every((r) => r.status === 'pending')).toBe(true);

    expect(await drain()).toBe(7);
    const after = await rows();
    expect(after.map((r) => r.status)).toEqual(Array(7).fill('sent'));
    expect(after.every((r) => r.attempts === 1 && r.sentAt !== null)).toBe(true);

    const customerMail = smtp.mails.find((m) => m.envelopeTo.includes('asha@example.com'));
    expect(customerMail?.subject).toBe(`Your order ${no} is confirmed`);
    expect(customerMail?.text).toContain('Burmese Ruby 2ct');
    expect(customerMail?.text).toContain('₹1,250.00');
    expect(customerMail?.html).toContain('<table');
    expect(customerMail?.html).toContain('Burmese Ruby 2ct');
    const mailRow = after.find((r) => r.channel === 'email' && r.template === 'order_placed');
    expect(customerMail?.messageId).toBe(`<${mailRow?.id}@localhost>`);
    expect(customerMail?.from?.text).toContain('orders@ratnagems.example');
    const merchantMail = smtp.mails.find((m) => m.envelopeTo.includes(MERCHANT.email) && m.subject?.startsWith('New order'));
    expect(merchantMail?.subject).toBe(`New order ${no}: ₹1,250.00`);
    expect(smtp.mails).toHaveLength(3);

    // MSG91 Flow API v5: authkey header, the template id, the number with 91, the variables
    const sms = msg91.requests.find((r) => r.body.template_id === 'tpl-order');
    expect(sms).toMatchObject({ method: 'POST', path: '/api/v5/flow' });
    expect(sms?.headers.authkey).toBe('msg91-test-key');
    expect(sms?.headers['content-type']).toContain('application/json');
    expect(sms?.body.recipients).toEqual([{ mobiles: `91${user.mobileno}`, var1: no, var2: '₹1,250.00' }]);
    expect(msg91.requests.map((r) => r.body.template_id).sort()).toEqual(['tpl-low', 'tpl-merchant', 'tpl-order']);

    // WhatsApp Cloud API: bearer token, the phone number id in the path, a template message in the user's language
    expect(whatsapp.requests).toHaveLength(1);
    const wa = whatsapp.requests[0];
    expect(wa?.path).toBe('/v21.0/1234567890/messages');
    expect(wa?.headers.authorization).toBe('Bearer wa-test-token');
    expect(wa?.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: `91${user.mobileno}`,
      type: 'template',
      template: {
        name: 'order_placed',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: no },
              { type: 'text', text: '₹1,250.00' },
            ],
          },
        ],
      },
    });
  });

  it('writes in Hindi for a customer who chose it', async () => {
    const user = await t.signUpAndIn();
    await t.database.db.update(users).set({ email: 'ravi@example.com', language: 'hi' }).where(eq(users.id, user.id));
    const { number } = await buy(user);
    await drain();
    const mail = smtp.mails.find((m) => m.envelopeTo.includes('ravi@example.com'));
    expect(mail?.subject).toBe(`आपका ऑर्डर ${number} मिल गया है`);
    expect(mail?.text).toContain('धन्यवाद');
    expect(whatsapp.requests[0]?.body).toMatchObject({ template: { name: 'order_placed', language: { code: 'hi' } } });
    expect(msg91.requests.find((r) => r.body.template_id === 'tpl-order')?.body.unicode).toBe(1);
  });

  it('writes nothing when the order is rolled back with its transaction', async () => {
    await t.database.db
      .transaction(async (tx) => {
        await enqueue(tx, { channel: 'sms', to: '9876543210', template: 'order_delivered', data: { orderNo: 'X' } });
        throw new Error('the change failed');
      })
      .catch(() => {});
    expect(await rows()).toEqual([]);
  });
});

describe('order lifecycle messages', () => {
  it('ships with tracking, delivers, refunds, returns and cancels: the customer hears of each on every channel', async () => {
    const admin = await t.signUpAndIn('ADMIN');
    const user = await t.signUpAndIn();
    await t.database.db.update(users).set({ email: 'meera@example.com' }).where(eq(users.id, user.id));
    const { orderId, number: no } = await buy(user);
    await drain();
    smtp.mails.length = 0;
    msg91.requests.length = 0;
    whatsapp.requests.length = 0;
    const adminCall = (method: 'PATCH' | 'POST', url: string, payload: object) =>
      t.request({ method, url, cookie: admin.cookie, payload });

    const shipped = await adminCall('PATCH', `/o1/api/admin/shipment/${orderId}`, {
      carrier: 'Blue Dart',
      trackingnumber: 'BD123456789IN',
      trackingurl: 'https://www.bluedart.com/track?awb=BD123456789IN',
    });
    expect(shipped.statusCode).toBe(200);
    await drain();
    const mail = smtp.mails.find((m) => m.envelopeTo.includes('meera@example.com'));
    expect(mail?.subject).toBe(`Your order ${no} has shipped`);
    expect(mail?.text).toContain('https://www.bluedart.com/track?awb=BD123456789IN');
    expect(msg91.requests.find((r) => r.body.template_id === 'tpl-ship')?.body.recipients).toEqual([
      {
        mobiles: `91${user.mobileno}`,
        var1: no,
        var2: 'Blue Dart BD123456789IN',
        var3: 'https://www.bluedart.com/track?awb=BD123456789IN',
      },
    ]);
    expect(whatsapp.requests.at(-1)?.body).toMatchObject({ template: { name: 'order_shipped' } });

    expect((await adminCall('PATCH', `/o1/api/admin/update/${orderId}`, { deliverystatus: 'delivered' })).statusCode).toBe(200);
    const returned = await t.request({
      method: 'POST',
      url: `/o1/api/returns/${orderId}`,
      cookie: user.cookie,
      payload: { reason: 'The colour is not what I expected' },
    });
    expect(returned.statusCode).toBe(201);
    expect(
      (await adminCall('PATCH', `/o1/api/admin/returns/${orderId}`, { status: 'approved', note: 'Send it by courier' }))
        .statusCode,
    ).toBe(200);
    expect((await adminCall('POST', `/o1/api/admin/refund/${orderId}`, { amount: 250, reason: 'Goodwill' })).statusCode).toBe(
      201,
    );
    await drain();
    const templates = (await rows())
      .filter((r) => r.channel === 'email' && r.recipient === 'meera@example.com')
      .map((r) => r.template);
    expect(templates.filter((x) => x !== 'order_placed')).toEqual(
      expect.arrayContaining(['order_shipped', 'order_delivered', 'return_updated', 'return_updated', 'refund_processed']),
    );
    const subjects = smtp.mails.map((m) => m.subject);
    expect(subjects).toContain(`Your order ${no} was delivered`);
    expect(subjects).toContain(`Return for order ${no}: approved`);
    expect(subjects).toContain(`Refund for order ${no}`);
    expect(smtp.mails.find((m) => m.subject === `Refund for order ${no}`)?.text).toContain('₹250.00');

    const second = await buy(user);
    const cancel = await t.request({
      method: 'POST',
      url: `/o1/api/cancel/${second.orderId}`,
      cookie: user.cookie,
      payload: { reason: 'Ordered twice' },
    });
    expect(cancel.statusCode).toBe(200);
    await drain();
    const cancelled = smtp.mails.find((m) => m.subject === `Your order ${second.number} was cancelled`);
    expect(cancelled?.text).toContain('Ordered twice');
    // the cancellation's full refund is processed at once in the sandbox: the customer hears of it too
    expect(smtp.mails.some((m) => m.subject === `Refund for order ${second.number}`)).toBe(true);
  });
});

describe('the invoice with the order e-mail', () => {
  it('attaches the invoice PDF to the customer order e-mail: its text has the invoice number, the bytes are the download', async () => {
    const user = await t.signUpAndIn();
    await t.database.db.update(users).set({ email: 'meena@example.com' }).where(eq(users.id, user.id));
    const { orderId } = await buy(user);
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(invoice?.number).toBeTruthy();
    const number = invoice?.number as string;

    await drain();
    const mail = smtp.mails.find((m) => m.envelopeTo.includes('meena@example.com'));
    expect(mail?.attachments).toHaveLength(1);
    const pdf = mail?.attachments[0];
    expect(pdf?.contentType).toBe('application/pdf');
    expect(pdf?.filename).toBe(`${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`);
    expect(pdf?.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfText(pdf?.content as Buffer)).toContain(number);
    // The same document the customer downloads from My Orders.
    const download = await t.request({ method: 'GET', url: `/o1/api/invoice/${orderId}`, cookie: user.cookie });
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, pdf?.content as Buffer)).toBe(0);
    // Only the customer's order e-mail carries it.
    const others = smtp.mails.filter((m) => m !== mail);
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((m) => m.attachments.length === 0)).toBe(true);
  });

  it('sends the order e-mail without an attachment when the order has no invoice', async () => {
    await enqueue(t.database.db, {
      channel: 'email',
      to: 'noinvoice@example.com',
      template: 'order_placed',
      data: { orderId: crypto.randomUUID(), orderNo: 'NOINV001', total: 10, items: [], fullname: 'Asha' },
    });
    expect(await drain()).toBe(1);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]?.subject).toBe('Your order NOINV001 is confirmed');
    expect(smtp.mails[0]?.attachments).toHaveLength(0);
  });
});

describe('retries, giving up, channels without settings', () => {
  const one = async (channel: 'email' | 'sms' | 'whatsapp', template = 'order_delivered') => {
    await enqueue(t.database.db, {
      channel,
      to: channel === 'email' ? 'meera@example.com' : '9876543210',
      template,
      data: { orderNo: 'AB12CD34' },
    });
    const [row] = (await rows()).filter((r) => r.channel === channel && r.template === template);
    if (!row) throw new Error('not written');
    return row;
  };
  const rowById = async (id: string) => (await t.database.db.select().from(outbox).where(eq(outbox.id, id)))[0];

  it('retries after a provider 5xx with backoff and jitter, then succeeds', async () => {
    const row = await one('whatsapp');
    whatsapp.statuses.push(503);
    const start = soon();
    expect(await processOutbox(t.app, { now: () => start, random: () => 1 })).toBe(1);
    let now = await rowById(row.id);
    expect(now).toMatchObject({ status: 'pending', attempts: 1 });
    expect(now?.lastError).toContain('503');
    const wait = (now?.nextAttemptAt.getTime() ?? 0) - start.getTime();
    expect(wait).toBe(backoffMs(1, () => 1));
    expect(wait).toBeGreaterThanOrEqual(15_000);
    // not due yet: nothing is claimed a second before
    expect(await processOutbox(t.app, { now: () => new Date(start.getTime() + wait - 1000) })).toBe(0);
    expect(await processOutbox(t.app, { now: () => new Date(start.getTime() + wait) })).toBe(1);
    now = await rowById(row.id);
    expect(now).toMatchObject({ status: 'sent', attempts: 2, lastError: '' });
    expect(whatsapp.requests).toHaveLength(1);
  });

  it('fails at once on a 4xx refusal, and never tries again', async () => {
    const row = await one('sms', 'password_code');
    msg91.statuses.push(400);
    const start = soon();
    await processOutbox(t.app, { now: () => start });
    const failed = await rowById(row.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed?.lastError).toContain('400');
    expect(await processOutbox(t.app, { now: () => new Date(start.getTime() + 48 * 3600_000) })).toBe(0);
    expect(msg91.requests).toHaveLength(0);
  });

  it('gives up (failed) when still failing a day after the message was written', async () => {
    const row = await one('email');
    // Starts from the worker clock the other tests use (see soon()): the database stamps the message in
    // microseconds, so a start in the same millisecond it was written would never find it due.
    let now = soon().getTime();
    for (let i = 0; i < 200 && (await rowById(row.id))?.status === 'pending'; i++) {
      smtp.refusals.push(451); // a temporary SMTP refusal every time
      const due = (await rowById(row.id))?.nextAttemptAt.getTime() ?? now;
      now = Math.max(now, due);
      await processOutbox(t.app, { now: () => new Date(now) });
    }
    const done = await rowById(row.id);
    expect(done?.status).toBe('failed');
    expect(now - row.createdAt.getTime()).toBeGreaterThanOrEqual(24 * 3600_000);
    expect(now - row.createdAt.getTime()).toBeLessThan(26 * 3600_000);
    expect(done?.attempts).toBeGreaterThan(5);
    expect(done?.attempts).toBeLessThan(60); // backoff, not a tight loop
    expect(smtp.mails).toHaveLength(0);
  });

  it('records a channel without settings as skipped, with the reason', async () => {
    const bare = await createTestApp({}, { database: t.database });
    try {
      const row = await one('whatsapp');
      await drain(bare.app);
      expect(await rowById(row.id)).toMatchObject({ status: 'skipped', lastError: expect.stringContaining('WHATSAPP_TOKEN') });
      // an SMS kind without a MSG91 template id is skipped too
      const sms = await one('sms', 'merchant_flagged_payment');
      await drain();
      expect(await rowById(sms.id)).toMatchObject({
        status: 'skipped',
        lastError: expect.stringContaining('merchant_flagged_payment'),
      });
    } finally {
      await bare.app.close();
    }
  });
});

describe('each message sent once', () => {
  it('a server that dies between claim and send: after the lease, the restarted server sends it once', async () => {
    await enqueue(t.database.db, {
      channel: 'email',
      to: 'kiran@example.com',
      template: 'order_delivered',
      data: { orderNo: 'CR45H001' },
    });
    const crashed = await createTestApp(envFor(), { database: t.database });
    const start = soon();
    const claimed = await claimDue(crashed.app.db, start);
    expect(claimed).toHaveLength(1);
    await crashed.app.close(); // gone without sending or settling

    const restarted = await createTestApp(envFor(), { database: t.database });
    try {
      // the lease still holds: no one else takes it meanwhile
      expect(await drain(restarted.app, new Date(start.getTime() + LEASE_MS - 1000))).toBe(0);
      expect(await drain(restarted.app, new Date(start.getTime() + LEASE_MS))).toBe(1);
      expect(await drain(restarted.app, new Date(start.getTime() + 2 * LEASE_MS))).toBe(0);
      expect(smtp.mails.map((m) => m.subject)).toEqual(['Your order CR45H001 was delivered']);
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      await restarted.app.close();
    }
  });

  it('a worker that stalled past its lease cannot overwrite the claim that sent the message', async () => {
    await enqueue(t.database.db, { channel: 'sms', to: '9876543210', template: 'password_code', data: { code: '123456' } });
    const start = soon();
    const [stale] = await claimDue(t.app.db, start);
    expect(await drain(t.app, new Date(start.getTime() + LEASE_MS))).toBe(1);
    const { settle } = await import('./outbox.js');
    expect(await settle(t.app.db, stale!, { kind: 'failed', error: 'late', permanent: true }, new Date())).toBe(false);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent' });
    expect(row?.data).toEqual({}); // the code is not kept once sent
  });

  it('two servers sharing one outbox send every message exactly once', async () => {
    const second = onPostgres ? await openPostgres((t.database as { url?: string }).url as string, 10) : t.database;
    const a = t;
    const b = await createTestApp(envFor(), { database: second });
    try {
      const N = 40;
      await enqueue(
        t.database.db,
        Array.from({ length: N }, (_, i) => ({
          channel: (['email', 'sms', 'whatsapp'] as const)[i % 3] as 'email' | 'sms' | 'whatsapp',
          to: i % 3 === 0 ? `buyer${i}@example.com` : '9876543210',
          template: 'order_placed',
          data: { orderNo: `N${String(i).padStart(7, '0')}`, total: 100 + i, items: [], fullname: `Buyer ${i}` },
        })),
      );
      const now = soon();
      const loop = async (app: TestApp['app']) => {
        let n = 0;
        for (
          let got = await processOutbox(app, { now: () => now, batch: 3 });
          got > 0;
          got = await processOutbox(app, { now: () => now, batch: 3 })
        )
          n += got;
        return n;
      };
      const [byA, byB] = await Promise.all([loop(a.app), loop(b.app), loop(a.app), loop(b.app)]).then((r) => [
        (r[0] ?? 0) + (r[2] ?? 0),
        (r[1] ?? 0) + (r[3] ?? 0),
      ]);
      expect((byA ?? 0) + (byB ?? 0)).toBe(N);
      if (onPostgres) expect(Math.min(byA ?? 0, byB ?? 0)).toBeGreaterThan(0); // both servers did work
      const all = await rows();
      expect(all.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
      const delivered = [
        ...smtp.mails.map((m) => m.subject ?? ''),
        ...msg91.requests.map((r) => String((r.body.recipients as { var1: string }[])[0]?.var1)),
        ...whatsapp.requests.map((r) =>
          String((r.body.template as { components: { parameters: { text: string }[] }[] }).components[0]?.parameters[0]?.text),
        ),
      ].map((s) => /N\d{7}/.exec(s)?.[0]);
      expect(delivered).toHaveLength(N);
      expect(new Set(delivered).size).toBe(N);
    } finally {
      await b.app.close();
      if (second !== t.database) await second.close();
    }
  });
});

describe('admin outbox', () => {
  it('lists messages newest first, 20 a page, by status; retries a failed one; refuses shoppers', async () => {
    const admin = await t.signUpAndIn('ADMIN');
    const shopper = await t.signUpAndIn();
    const list = (query = '', cookie = admin.cookie) => t.request({ method: 'GET', url: `/u1/api/admin/outbox${query}`, cookie });
    expect((await t.request({ method: 'GET', url: '/u1/api/admin/outbox' })).statusCode).toBe(401);
    expect((await list('', shopper.cookie)).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/u1/api/admin/outbox/x/retry', cookie: shopper.cookie })).statusCode).toBe(
      403,
    );

    for (let i = 0; i < 23; i++) {
      await enqueue(t.database.db, {
        channel: 'sms',
        to: '9876543210',
        template: 'merchant_flagged_payment',
        data: { orderNo: `P${i}`, flag: 'amount_mismatch' },
      });
    }
    const [first] = await claimDue(t.app.db, soon(), 1);
    expect(first).toBeDefined();
    await drain(); // the first claimed above is still leased; the rest are skipped (no template id)
    const { settle } = await import('./outbox.js');
    await settle(t.app.db, first!, { kind: 'failed', error: 'MSG91 refused the message (422)', permanent: true }, new Date());

    const page1 = OutboxResponse.parse((await list()).json());
    expect(page1.messages).toHaveLength(20);
    expect(page1.pagination).toEqual({ currentPage: 1, totalPages: 2, totalItems: 23, limit: 20 });
    const stamps = page1.messages.map((m) => m.createdAt);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    expect(OutboxResponse.parse((await list('?page=2')).json()).messages).toHaveLength(3);
    const failed = OutboxResponse.parse((await list('?status=failed')).json());
    expect(failed.messages).toEqual([
      expect.objectContaining({
        _id: first!.id,
        status: 'failed',
        attempts: 1,
        channel: 'sms',
        to: '9876543210',
        lasterror: expect.stringContaining('422'),
      }),
    ]);
    expect((await list('?status=lost')).statusCode).toBe(400);
    expect((await list('?page=0')).statusCode).toBe(400);

    const retry = (id: string) => t.request({ method: 'POST', url: `/u1/api/admin/outbox/${id}/retry`, cookie: admin.cookie });
    const skipped = OutboxResponse.parse((await list('?status=skipped')).json()).messages[0];
    expect((await retry(skipped!._id)).statusCode).toBe(409);
    expect((await retry('6f1c1d7e-1111-4111-8111-111111111111')).statusCode).toBe(404);
    expect((await retry('not-an-id')).statusCode).toBe(400);
    expect((await retry(first!.id)).statusCode).toBe(200);
    const pending = OutboxResponse.parse((await list('?status=pending')).json()).messages;
    expect(pending.map((m) => m._id)).toEqual([first!.id]);
    // it is sent on the next round (a template id is not needed by WhatsApp, but this is SMS: set one)
    await t.database.db.update(outbox).set({ template: 'order_placed' }).where(eq(outbox.id, first!.id));
    await drain();
    expect(OutboxResponse.parse((await list('?status=sent')).json()).messages.map((m) => m._id)).toEqual([first!.id]);
  });
});
