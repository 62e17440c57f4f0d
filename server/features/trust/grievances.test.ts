import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorResponse } from '../../../contract/common.js';
import { AdminTicketsResponse, TicketResponse, TicketsResponse } from '../../../contract/trust.js';
import { outbox, rateLimits } from '../../db/schema.js';
import { createProduct, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { oneMonthAfter } from './grievances.js';

// The shop's clock, moved by the tests: the 48-hour and one-month deadlines are read against it.
let now = new Date('2026-11-02T04:30:00.000Z');
let t: TestApp;
let buyer: TestUser;
let other: TestUser;
let admin: TestUser;
let buyersOrder: string;
let othersOrder: string;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  [buyer, other, admin] = await Promise.all([t.signUpAndIn(), t.signUpAndIn(), t.signUpAndIn('ADMIN')]);
  const product = await createProduct(t.database.db, { stock: 10 });
  const s = shop(t);
  for (const u of [buyer, other]) expect((await s.add(u.cookie, product.id)).statusCode).toBe(200);
  buyersOrder = (await s.payAndPlace(buyer.cookie))._id;
  othersOrder = (await s.payAndPlace(other.cookie))._id;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});

const file = (payload: object, cookie?: string) => t.request({ method: 'POST', url: '/u1/api/grievances', cookie, payload });
const adminList = (query = '', cookie = admin.cookie) =>
  t.request({ method: 'GET', url: `/u1/api/admin/grievances${query}`, cookie });
const reply = (id: string, payload: object, cookie = admin.cookie) =>
  t.request({ method: 'PATCH', url: `/u1/api/admin/grievances/${id}`, cookie, payload });
const complaint = { subject: 'Stone not as described', message: 'The ruby I received has a visible crack on one side.' };

describe('filing a grievance', () => {
  it('gives a signed-in buyer a numbered ticket with its deadlines at once, acknowledged by message', async () => {
    const res = await file({ ...complaint, orderId: buyersOrder }, buyer.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const { ticket } = TicketResponse.parse(res.json());
    expect(ticket.number).toMatch(/^GR\/26-27\/\d{6}$/);
    expect(ticket).toMatchObject({
      status: 'open',
      createdAt: '2026-11-02T04:30:00.000Z',
      acknowledgeby: '2026-11-04T04:30:00.000Z',
      resolveby: '2026-12-02T04:30:00.000Z',
      overdue: false,
      replies: [],
    });
    expect(ticket.order?._id).toBe(buyersOrder);
    const told = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.template, 'grievance_received'), eq(outbox.recipient, buyer.mobileno)));
    expect(told.map((m) => m.channel).sort()).toEqual(['sms', 'whatsapp']);
    expect(told[0]?.data).toMatchObject({ number: ticket.number });
  });

  it('numbers tickets one after another', async () => {
    const a = TicketResponse.parse((await file(complaint, buyer.cookie)).json()).ticket.number;
    const b = TicketResponse.parse((await file(complaint, other.cookie)).json()).ticket.number;
    expect(Number(b.slice(-6))).toBe(Number(a.slice(-6)) + 1);
  });

  it('takes a complaint from someone not signed in with a name and mobile number, and refuses one without (400)', async () => {
    const missing = await file(complaint);
    expect(missing.statusCode).toBe(400);
    expect(ErrorResponse.parse(missing.json()).errors?.map((e) => e.path)).toEqual(['name', 'mobileno']);
    const res = await file({ ...complaint, name: 'Gurpreet Kaur', mobileno: '9812345678', email: 'G.Kaur@Example.com' });
    expect(res.statusCode, res.body).toBe(201);
    const { ticket } = TicketResponse.parse(res.json());
    const told = await t.database.db
      .select()
      .from(outbox)
      .where(like(outbox.dedupeKey, `grievance_received:${ticket._id}:%`));
    expect(told.map((m) => [m.channel, m.recipient]).sort()).toEqual([
      ['email', 'g.kaur@example.com'],
      ['sms', '9812345678'],
    ]);
  });

  it('refuses another buyer’s order as unknown (404), and any order from someone not signed in', async () => {
    const res = await file({ ...complaint, orderId: othersOrder }, buyer.cookie);
    expect(res.statusCode).toBe(404);
    const anonymous = await file({ ...complaint, orderId: buyersOrder, name: 'X', mobileno: '9812345678' });
    expect(anonymous.statusCode).toBe(404);
    const mine = TicketsResponse.parse(
      (await t.request({ method: 'GET', url: '/u1/api/grievances', cookie: buyer.cookie })).json(),
    );
    expect(mine.tickets.every((x) => x.order === null || x.order._id === buyersOrder)).toBe(true);
  });

  it('asks for a message of at least 20 characters (400)', async () => {
    const res = await file({ subject: 'Late', message: 'Too short.' }, buyer.cookie);
    expect(res.statusCode).toBe(400);
    expect(ErrorResponse.parse(res.json()).errors?.[0]?.path).toBe('message');
  });

  it('limits complaints per address (429)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await file({ ...complaint, name: 'Spam', mobileno: '9812345678' })).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('limits complaints per account, whatever address they come from (429)', async () => {
    const busy = await t.signUpAndIn();
    const from = (n: number) => `203.0.113.${n}`;
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/u1/api/grievances',
        cookie: busy.cookie,
        payload: complaint,
        remoteAddress: from(i + 1),
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
    // the 11th address is not spent: someone else complains from it
    const neighbour = await t.signUpAndIn();
    const other = await t.request({
      method: 'POST',
      url: '/u1/api/grievances',
      cookie: neighbour.cookie,
      payload: complaint,
      remoteAddress: from(11),
    });
    expect(other.statusCode, other.body).toBe(201);
  });
});

describe('a buyer’s own tickets', () => {
  it('lists only the signed-in buyer’s tickets, and needs a sign-in (401)', async () => {
    expect((await t.request({ method: 'GET', url: '/u1/api/grievances' })).statusCode).toBe(401);
    const others = TicketsResponse.parse(
      (await t.request({ method: 'GET', url: '/u1/api/grievances', cookie: other.cookie })).json(),
    );
    const mine = TicketsResponse.parse(
      (await t.request({ method: 'GET', url: '/u1/api/grievances', cookie: buyer.cookie })).json(),
    );
    expect(mine.tickets.length).toBeGreaterThan(0);
    const otherIds = new Set(others.tickets.map((x) => x._id));
    expect(mine.tickets.some((x) => otherIds.has(x._id))).toBe(false);
  });
});

describe('the merchant’s grievances', () => {
  it('is for administrators only: a shopper gets 403 listing or replying, and the ticket is unchanged', async () => {
    const { ticket } = TicketResponse.parse((await file(complaint, buyer.cookie)).json());
    expect((await adminList('', buyer.cookie)).statusCode).toBe(403);
    expect((await reply(ticket._id, { reply: 'Closed by me', status: 'resolved' }, buyer.cookie)).statusCode).toBe(403);
    expect((await reply(ticket._id, { reply: 'x' }, '')).statusCode).toBe(401);
    const listed = AdminTicketsResponse.parse((await adminList()).json()).tickets.find((x) => x._id === ticket._id);
    expect(listed).toMatchObject({ status: 'open', replies: [], acknowledgedAt: null });
    expect((await reply('00000000-0000-4000-8000-000000000000', { reply: 'x' })).statusCode).toBe(404);
    expect((await reply('nope', { reply: 'x' })).statusCode).toBe(400);
  });

  it('a reply reaches the buyer on their tickets and by message; resolving it records when', async () => {
    const { ticket } = TicketResponse.parse((await file(complaint, buyer.cookie)).json());
    now = new Date(now.getTime() + 60 * 60_000);
    const first = await reply(ticket._id, { reply: 'We are sorry. Please send us a photo of the crack.' });
    expect(first.statusCode, first.body).toBe(200);
    now = new Date(now.getTime() + 24 * 60 * 60_000);
    const done = await reply(ticket._id, { reply: 'A replacement stone is on its way.', status: 'resolved' });
    expect(done.statusCode).toBe(200);
    const mine = TicketsResponse.parse(
      (await t.request({ method: 'GET', url: '/u1/api/grievances', cookie: buyer.cookie })).json(),
    );
    const seen = mine.tickets.find((x) => x._id === ticket._id);
    expect(seen?.status).toBe('resolved');
    expect(seen?.replies.map((r) => r.body)).toEqual([
      'We are sorry. Please send us a photo of the crack.',
      'A replacement stone is on its way.',
    ]);
    expect(seen?.acknowledgedAt).toBe('2026-11-02T05:30:00.000Z');
    expect(seen?.resolvedAt).toBe('2026-11-03T05:30:00.000Z');
    const told = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.template, 'grievance_updated'), eq(outbox.recipient, buyer.mobileno), eq(outbox.channel, 'sms')));
    expect(told.map((m) => m.data.status)).toEqual(expect.arrayContaining(['open', 'resolved']));
    expect(told.filter((m) => (m.data.number as string) === ticket.number)).toHaveLength(2);
  });

  it('shows a ticket overdue once 48 hours pass without a reply, and again past its month unresolved; overdue ones first', async () => {
    now = new Date('2027-01-10T06:00:00.000Z');
    const { ticket: quiet } = TicketResponse.parse((await file(complaint, buyer.cookie)).json());
    const { ticket: answered } = TicketResponse.parse((await file(complaint, other.cookie)).json());
    expect((await reply(answered._id, { reply: 'We are looking into it.' })).statusCode).toBe(200);

    now = new Date(quiet.acknowledgeby); // exactly at the deadline: not yet late
    let late = AdminTicketsResponse.parse((await adminList('?overdue=true')).json()).tickets.map((x) => x._id);
    expect(late).not.toContain(quiet._id);

    now = new Date(new Date(quiet.acknowledgeby).getTime() + 1000);
    const all = AdminTicketsResponse.parse((await adminList()).json()).tickets;
    late = AdminTicketsResponse.parse((await adminList('?overdue=true')).json()).tickets.map((x) => x._id);
    expect(late).toContain(quiet._id);
    expect(late).not.toContain(answered._id);
    const firstOnTime = all.findIndex((x) => !x.overdue);
    const lastLate = all.map((x) => x.overdue).lastIndexOf(true);
    expect(lastLate).toBeLessThan(firstOnTime);
    expect(all.find((x) => x._id === quiet._id)?.complainant).toMatchObject({ userId: buyer.id, mobileno: buyer.mobileno });

    now = new Date(new Date(answered.resolveby).getTime() + 1000);
    late = AdminTicketsResponse.parse((await adminList('?overdue=true&status=open')).json()).tickets.map((x) => x._id);
    expect(late).toEqual(expect.arrayContaining([quiet._id, answered._id]));

    expect((await reply(answered._id, { reply: 'Refunded in full.', status: 'resolved' })).statusCode).toBe(200);
    late = AdminTicketsResponse.parse((await adminList('?overdue=true')).json()).tickets.map((x) => x._id);
    expect(late).not.toContain(answered._id);
    const resolved = AdminTicketsResponse.parse((await adminList('?status=resolved')).json()).tickets;
    expect(resolved.every((x) => x.status === 'resolved')).toBe(true);
    expect((await adminList('?overdue=maybe')).statusCode).toBe(400);
  });
});

describe('one month to resolve', () => {
  it('is the same time a calendar month later, the month’s last day when it has no such day', () => {
    expect(oneMonthAfter(new Date('2027-01-31T10:00:00.000Z')).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(oneMonthAfter(new Date('2028-01-31T10:00:00.000Z')).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(oneMonthAfter(new Date('2026-12-15T10:00:00.000Z')).toISOString()).toBe('2027-01-15T10:00:00.000Z');
  });
});

describe('the grievance officer in the settings', () => {
  it('is saved by an administrator and shown to everyone', async () => {
    const officer = {
      name: 'Harjit Singh',
      designation: 'Grievance Officer',
      email: 'Grievance@RatnaGems.in',
      phone: '+91 98765 43210',
    };
    const saved = await t.request({
      method: 'PUT',
      url: '/a1/api/admin/settings',
      cookie: admin.cookie,
      payload: { grievanceofficer: officer },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const shown = (await t.request({ method: 'GET', url: '/a1/api/settings' })).json();
    expect(shown.settings.grievanceofficer).toEqual({ ...officer, email: 'grievance@ratnagems.in' });
    const bad = await t.request({
      method: 'PUT',
      url: '/a1/api/admin/settings',
      cookie: admin.cookie,
      payload: { grievanceofficer: { ...officer, email: 'not an address' } },
    });
    expect(bad.statusCode).toBe(400);
    const byShopper = await t.request({
      method: 'PUT',
      url: '/a1/api/admin/settings',
      cookie: buyer.cookie,
      payload: { grievanceofficer: officer },
    });
    expect(byShopper.statusCode).toBe(403);
  });
});
