// @postgres: simultaneous sign-ups of one address race on its unique index; the purge and erasure are SQL deletes
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorResponse, MessageResponse } from '../../../contract/common.js';
import { NEWSLETTER_CONSENT, NEWSLETTER_LIMITS, NEWSLETTER_SENT } from '../../../contract/newsletter.js';
import { DataExport } from '../../../contract/trust.js';
import { newsletterSubscribers, outbox, rateLimits, users } from '../../db/schema.js';
import { purgeExpired } from '../../http/housekeeping.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { render } from '../outbox/templates.js';
import { processOutbox } from '../outbox/worker.js';

// The shop's clock, moved by the tests: a resend within ten minutes and the week's wait are read against it.
let now = new Date('2026-11-02T04:30:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});

let n = 0;
const newEmail = () => `reader${++n}.${process.pid}@example.in`;
const subscribe = (payload: object, remoteAddress?: string) =>
  t.request({ method: 'POST', url: '/u1/api/newsletter', payload, ...(remoteAddress ? { remoteAddress } : {}) });
const follow = (what: 'confirm' | 'unsubscribe', token: string) =>
  t.request({ method: 'POST', url: `/u1/api/newsletter/${what}`, payload: { token } });
const rowOf = async (email: string) =>
  (await t.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];
const mailsTo = (email: string) => t.database.db.select().from(outbox).where(eq(outbox.recipient, email));
/** The token of the latest confirmation e-mail to the address. */
const tokenOf = async (email: string) => {
  const mails = (await mailsTo(email)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return String(mails.at(-1)?.data.token);
};
const later = (minutes: number) => {
  now = new Date(now.getTime() + minutes * 60_000);
};

describe('signing up for the newsletter', () => {
  it('stores the address as waiting, with the words agreed to, and e-mails a confirm link and an unsubscribe link', async () => {
    const email = newEmail();
    const res = await subscribe({ email: `  ${email.toUpperCase()} `, consent: true });
    expect(res.statusCode, res.body).toBe(202);
    expect(MessageResponse.parse(res.json())).toEqual({ success: true, message: NEWSLETTER_SENT });
    expect(await rowOf(email)).toMatchObject({ status: 'pending', consentText: NEWSLETTER_CONSENT, consentAt: now });
    const mails = await mailsTo(email);
    expect(mails.map((m) => `${m.channel}/${m.template}/${m.status}`)).toEqual(['email/newsletter_confirm/pending']);
    const token = String(mails[0]?.data.token);
    expect(token.length).toBeGreaterThanOrEqual(40);
    // only a hash of the link's token is kept with the address
    expect((await rowOf(email))?.tokenHash).not.toContain(token);
    const mail = render('newsletter_confirm', 'en', mails[0]?.data ?? {}, 'https://shop.example');
    expect(mail.subject).toBe('Confirm your newsletter subscription');
    expect(mail.text).toContain(`https://shop.example/newsletter/confirm?token=${token}`);
    expect(mail.text).toContain(`https://shop.example/newsletter/unsubscribe?token=${token}`);
    expect(mail.html).toContain(`https://shop.example/newsletter/unsubscribe?token=${token}`);
  });

  it('the link is not kept in the outbox once the e-mail is done with', async () => {
    const email = newEmail();
    await subscribe({ email, consent: true });
    const due = new Date(Date.now() + 60_000);
    while ((await processOutbox(t.app, { now: () => due })) > 0) {}
    const [mail] = await mailsTo(email);
    expect(mail?.status).not.toBe('pending');
    expect(mail?.data).toEqual({});
  });

  it('answers the same for a new, a waiting and a subscribed address, and never e-mails a subscribed one again', async () => {
    const fresh = newEmail();
    const waiting = newEmail();
    const subscribed = newEmail();
    await subscribe({ email: waiting, consent: true });
    await subscribe({ email: subscribed, consent: true });
    expect((await follow('confirm', await tokenOf(subscribed))).statusCode).toBe(200);
    later(15);
    const answers = [];
    for (const email of [fresh, waiting, subscribed]) {
      const res = await subscribe({ email, consent: true });
      answers.push({ status: res.statusCode, body: res.json() });
    }
    expect(answers).toEqual(Array(3).fill({ status: 202, body: { success: true, message: NEWSLETTER_SENT } }));
    expect((await mailsTo(fresh)).length).toBe(1);
    expect((await mailsTo(waiting)).length).toBe(2); // a fresh link for the address still waiting
    expect((await mailsTo(subscribed)).length).toBe(1);
    expect((await rowOf(subscribed))?.status).toBe('subscribed');
  });

  it('simultaneous sign-ups of one new address keep one row and send one e-mail, each answered the same', async () => {
    const email = newEmail();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => subscribe({ email, consent: true }, `198.51.100.${i + 1}`)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 202]);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(await t.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))).toHaveLength(
      1,
    );
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await follow('confirm', await tokenOf(email))).statusCode).toBe(200);
  });

  it('sends a waiting address no second e-mail within ten minutes, and the first link still works', async () => {
    const email = newEmail();
    await subscribe({ email, consent: true });
    const first = await tokenOf(email);
    later(5);
    expect((await subscribe({ email, consent: true })).statusCode).toBe(202);
    expect((await mailsTo(email)).length).toBe(1);
    expect((await follow('confirm', first)).statusCode).toBe(200);
  });

  it('a new link replaces the earlier one', async () => {
    const email = newEmail();
    await subscribe({ email, consent: true });
    const first = await tokenOf(email);
    later(11);
    await subscribe({ email, consent: true });
    const second = await tokenOf(email);
    expect(second).not.toBe(first);
    expect((await follow('confirm', first)).statusCode).toBe(404);
    expect((await follow('confirm', second)).statusCode).toBe(200);
  });

  it.each([
    ['missing', {}],
    ['false', { consent: false }],
    ['the text "true"', { consent: 'true' }],
  ])('refuses a sign-up whose consent is %s (400), storing and sending nothing', async (_what, extra) => {
    const email = newEmail();
    const res = await subscribe({ email, ...extra });
    expect(res.statusCode).toBe(400);
    const { errors } = ErrorResponse.parse(res.json());
    expect(errors?.map((e) => e.path)).toEqual(['consent']);
    expect(await rowOf(email)).toBeUndefined();
    expect(await mailsTo(email)).toEqual([]);
  });

  it.each(['', 'not-an-address', 'a@b', 'two words@example.in', `${'x'.repeat(250)}@example.in`])(
    'refuses the e-mail %j (400, a field error on email)',
    async (email) => {
      const res = await subscribe({ email, consent: true });
      expect(res.statusCode).toBe(400);
      expect(ErrorResponse.parse(res.json()).errors?.map((e) => e.path)).toEqual(['email']);
    },
  );

  it(`limits sign-ups to ${NEWSLETTER_LIMITS.perAddress} an hour per client address (429); another address is not held up`, async () => {
    const codes: number[] = [];
    for (let i = 0; i <= NEWSLETTER_LIMITS.perAddress; i++) {
      codes.push((await subscribe({ email: newEmail(), consent: true }, '203.0.113.9')).statusCode);
    }
    expect(codes.slice(0, NEWSLETTER_LIMITS.perAddress).every((c) => c === 202)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    const refused = newEmail();
    expect((await subscribe({ email: refused, consent: true }, '203.0.113.9')).statusCode).toBe(429);
    expect(await rowOf(refused)).toBeUndefined();
    expect((await subscribe({ email: newEmail(), consent: true }, '203.0.113.10')).statusCode).toBe(202);
  });
});

describe('the links in the e-mail', () => {
  it('confirms once, and confirming again answers the same and changes nothing', async () => {
    const email = newEmail();
    await subscribe({ email, consent: true });
    const token = await tokenOf(email);
    const first = await follow('confirm', token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ success: true, message: 'Subscription confirmed' });
    const confirmedAt = now;
    expect(await rowOf(email)).toMatchObject({ status: 'subscribed', confirmedAt });
    later(60);
    const again = await follow('confirm', token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await rowOf(email))?.confirmedAt).toEqual(confirmedAt);
  });

  it('unsubscribes (also before confirming), forgets the address, and answers the same when followed again', async () => {
    for (const confirmFirst of [true, false]) {
      const email = newEmail();
      await subscribe({ email, consent: true });
      const token = await tokenOf(email);
      if (confirmFirst) expect((await follow('confirm', token)).statusCode).toBe(200);
      const res = await follow('unsubscribe', token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'You are unsubscribed' });
      expect(await rowOf(email)).toBeUndefined();
      const again = await follow('unsubscribe', token);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(res.json());
      // the confirm link of an address that unsubscribed no longer subscribes it
      expect((await follow('confirm', token)).statusCode).toBe(404);
      expect(await rowOf(email)).toBeUndefined();
    }
  });

  it('an address that unsubscribed may sign up again, with a new link and its consent asked afresh', async () => {
    const email = newEmail();
    await subscribe({ email, consent: true });
    await follow('unsubscribe', await tokenOf(email));
    expect((await subscribe({ email, consent: true })).statusCode).toBe(202);
    expect((await rowOf(email))?.status).toBe('pending');
    expect((await mailsTo(email)).length).toBe(2);
  });

  it('an unknown token is a 404 for both links; a missing one is a 400', async () => {
    for (const what of ['confirm', 'unsubscribe'] as const) {
      const res = await follow(what, 'no-such-token-0123456789abcdefghijklmnop');
      expect(res.statusCode).toBe(404);
      expect(ErrorResponse.parse(res.json()).message).toBe('This link is not valid or has expired');
      expect((await t.request({ method: 'POST', url: `/u1/api/newsletter/${what}`, payload: {} })).statusCode).toBe(400);
    }
  });

  it('a link opened from another site is refused (403), like every change', async () => {
    const email = newEmail();
    await subscribe({ email, consent: true });
    const res = await t.request({
      method: 'POST',
      url: '/u1/api/newsletter/unsubscribe',
      headers: { origin: 'https://elsewhere.example' },
      payload: { token: await tokenOf(email) },
    });
    expect(res.statusCode).toBe(403);
    expect((await rowOf(email))?.status).toBe('pending');
  });
});

describe('keeping only what is needed', () => {
  it('the housekeeping purge forgets addresses not confirmed within 7 days, and keeps confirmed and recent ones', async () => {
    const stale = newEmail();
    const confirmed = newEmail();
    await subscribe({ email: stale, consent: true });
    await subscribe({ email: confirmed, consent: true });
    const staleToken = await tokenOf(stale);
    await follow('confirm', await tokenOf(confirmed));
    later(7 * 24 * 60 - 1);
    const recent = newEmail();
    await subscribe({ email: recent, consent: true });
    await purgeExpired(t.database.db, now);
    expect(await rowOf(stale)).toBeDefined(); // a minute short of a week
    later(2);
    await purgeExpired(t.database.db, now);
    expect(await rowOf(stale)).toBeUndefined();
    expect((await follow('confirm', staleToken)).statusCode).toBe(404);
    expect((await rowOf(confirmed))?.status).toBe('subscribed');
    expect((await rowOf(recent))?.status).toBe('pending');
  });

  it('the account holder finds the subscription of their e-mail in their data, and erasing the account removes it', async () => {
    const user = await t.signUpAndIn();
    const email = newEmail();
    await t.database.db.update(users).set({ email }).where(eq(users.id, user.id));
    const exportOf = async () => {
      const res = await t.request({ method: 'GET', url: '/u1/api/me/export', cookie: user.cookie });
      expect(res.statusCode, res.body).toBe(200);
      return DataExport.parse(res.json()).newsletter;
    };
    expect(await exportOf()).toBeNull();
    await subscribe({ email, consent: true });
    await follow('confirm', await tokenOf(email));
    expect(await exportOf()).toEqual({
      email,
      status: 'subscribed',
      consent: NEWSLETTER_CONSENT,
      consentAt: expect.any(String),
      confirmedAt: now.toISOString(),
    });
    const other = newEmail();
    await subscribe({ email: other, consent: true });
    const res = await t.request({
      method: 'POST',
      url: '/u1/api/me/delete',
      cookie: user.cookie,
      payload: { password: user.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowOf(email)).toBeUndefined();
    expect(await rowOf(other)).toBeDefined();
  });
});
