import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserResponse } from '../../../contract/auth.js';
import { consentLog, outbox, users } from '../../db/schema.js';
import { createTestApp, sessionCookie, type TestApp, uniqueMobile } from '../../test/helpers.js';
import { notifyUser } from '../outbox/outbox.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signUp(extra: object) {
  const mobileno = uniqueMobile();
  const res = await t.request({
    method: 'POST',
    url: '/u1/api/signup',
    payload: { fullname: 'Kavya Rao', mobileno, password: 'a long password', ...extra },
  });
  expect(res.statusCode).toBe(201);
  const signin = await t.request({ method: 'POST', url: '/u1/api/signin', payload: { mobileno, password: 'a long password' } });
  const cookie = sessionCookie(signin);
  const user = UserResponse.parse((await t.request({ method: 'GET', url: '/u1/api/checkuser', cookie })).json()).user;
  return { cookie, user };
}

const logOf = (userId: string) =>
  t.database.db.select().from(consentLog).where(eq(consentLog.userId, userId)).orderBy(asc(consentLog.createdAt));
const messagesTo = (userId: string, template: string) =>
  t.database.db
    .select({ id: outbox.id })
    .from(outbox)
    .innerJoin(users, eq(users.mobileno, outbox.recipient))
    .where(and(eq(users.id, userId), eq(outbox.template, template)));

describe('marketing consent', () => {
  it('is off unless the buyer turns it on at sign-up, and nothing is recorded for a buyer who did not', async () => {
    const { user } = await signUp({});
    expect(user.marketing).toBe(false);
    expect(await logOf(user._id)).toEqual([]);
  });

  it('given at sign-up is recorded with its time and where it was given', async () => {
    const { user } = await signUp({ marketing: true });
    expect(user.marketing).toBe(true);
    const log = await logOf(user._id);
    expect(log.map((l) => [l.marketing, l.source])).toEqual([[true, 'signup']]);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user._id));
    expect(row?.marketingAt?.getTime()).toBe(log[0]?.createdAt.getTime());
  });

  it('refuses anything but true or false (400), never taking a ticked box for granted', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/u1/api/signup',
      payload: { fullname: 'A', mobileno: uniqueMobile(), password: 'a long password', marketing: 'yes' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('withdrawn on the account page stops marketing messages; messages about the buyer’s orders still go', async () => {
    const { cookie, user } = await signUp({ marketing: true });
    await t.database.db.transaction((tx) => notifyUser(tx, user._id, 'offer', {}, { channels: ['sms'], marketing: true }));
    expect(await messagesTo(user._id, 'offer')).toHaveLength(1);

    const res = await t.request({ method: 'PATCH', url: '/u1/api/editdetails', cookie, payload: { marketing: false } });
    expect(res.statusCode).toBe(200);
    expect(UserResponse.parse(res.json()).user.marketing).toBe(false);
    const again = UserResponse.parse((await t.request({ method: 'GET', url: '/u1/api/checkuser', cookie })).json()).user;
    expect(again.marketing).toBe(false);

    await t.database.db.transaction((tx) => notifyUser(tx, user._id, 'offer', {}, { channels: ['sms'], marketing: true }));
    await t.database.db.transaction((tx) => notifyUser(tx, user._id, 'order_shipped', {}, { channels: ['sms'] }));
    expect(await messagesTo(user._id, 'offer')).toHaveLength(1);
    expect(await messagesTo(user._id, 'order_shipped')).toHaveLength(1);
    expect((await logOf(user._id)).map((l) => [l.marketing, l.source])).toEqual([
      [true, 'signup'],
      [false, 'account'],
    ]);
  });

  it('a buyer who never agreed gets no marketing message until they agree on the account page', async () => {
    const { cookie, user } = await signUp({});
    const offer = () =>
      t.database.db.transaction((tx) => notifyUser(tx, user._id, 'offer2', {}, { channels: ['sms'], marketing: true }));
    await offer();
    expect(await messagesTo(user._id, 'offer2')).toHaveLength(0);
    const res = await t.request({ method: 'PATCH', url: '/u1/api/editdetails', cookie, payload: { marketing: true } });
    expect(UserResponse.parse(res.json()).user.marketing).toBe(true);
    await offer();
    expect(await messagesTo(user._id, 'offer2')).toHaveLength(1);
    // sending the same answer again records no new change
    await t.request({ method: 'PATCH', url: '/u1/api/editdetails', cookie, payload: { marketing: true } });
    expect((await logOf(user._id)).map((l) => l.marketing)).toEqual([true]);
  });
});
