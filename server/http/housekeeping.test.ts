import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits, sessions } from '../db/schema.js';
import { createTestApp, onPostgres, sessionCookie, type TestApp } from '../test/helpers.js';
import { MAX_SESSIONS_PER_USER, purgeExpired } from './housekeeping.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = async (mobileno: string, password: string) =>
  sessionCookie(await t.request({ method: 'POST', url: '/u1/api/signin', payload: { mobileno, password } }));
const signedInAs = (cookie: string) => t.request({ method: 'GET', url: '/u1/api/checkuser', cookie });

describe(`tables that only grew (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(`keeps at most ${MAX_SESSIONS_PER_USER} live sessions per user: signing in again ends the oldest`, async () => {
    const user = await t.signUpAndIn();
    const cookies = [user.cookie];
    for (let i = 0; i < MAX_SESSIONS_PER_USER + 1; i++) cookies.push(await signIn(user.mobileno, user.password));
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(MAX_SESSIONS_PER_USER);
    expect((await signedInAs(cookies[0] as string)).statusCode).toBe(401);
    expect((await signedInAs(cookies[1] as string)).statusCode).toBe(401);
    for (const c of cookies.slice(2)) expect((await signedInAs(c)).statusCode).toBe(200);
    // another user's sessions are not touched
    const other = await t.signUpAndIn();
    expect((await signedInAs(other.cookie)).statusCode).toBe(200);
  });

  it('the periodic purge deletes expired sessions and rate-limit counters, and nothing live', async () => {
    const user = await t.signUpAndIn();
    const stale = await signIn(user.mobileno, user.password);
    await t.request({
      method: 'POST',
      url: '/u1/api/signin',
      payload: { mobileno: user.mobileno, password: 'wrong password 1' },
    });
    const counterKey = `signin:number:${user.mobileno}`;
    expect(await t.database.db.select().from(rateLimits).where(eq(rateLimits.key, counterKey))).toHaveLength(1);
    // an hour later (the counter's window is 15 minutes); the sessions last far longer, so one is aged by hand
    const later = new Date(Date.now() + 60 * 60_000);
    const staleId = (await t.database.db.execute(
      sql`select id from sessions where user_id = ${user.id} order by created_at desc limit 1`,
    )) as unknown as { rows: { id: string }[] };
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, staleId.rows[0]?.id as string));

    await purgeExpired(t.database.db, later);
    expect(await t.database.db.select().from(rateLimits).where(eq(rateLimits.key, counterKey))).toHaveLength(0);
    const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(1);
    expect((await signedInAs(stale)).statusCode).toBe(401);
    expect((await signedInAs(user.cookie)).statusCode).toBe(200);
  });
});
