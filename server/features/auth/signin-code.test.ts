// @postgres: a code is checked and used up under its row lock, and a new account's number is unique
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, signinCodes, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { CODE_SENT } from './routes.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { authLimits: { perNumber: 1000, perAddress: 1000, signupsPerAddress: 1000 } });
});
afterAll(() => t.close());

let serial = 0;
const newNumber = () => `7${String(Date.now()).slice(-7)}${String(serial++ % 100).padStart(2, '0')}`;
const askCode = (mobileno: string) => t.request({ method: 'POST', url: '/u1/api/signin-code', payload: { mobileno } });
const signIn = (payload: object) => t.request({ method: 'POST', url: '/u1/api/signin', payload });
/** The code in the newest SMS to this number (what the buyer reads on the phone). */
async function lastCode(mobileno: string) {
  const [row] = await t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, mobileno), eq(outbox.template, 'signin_code')))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return (row?.data as { code?: string } | undefined)?.code ?? '';
}
const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie'] ?? '');

describe('sign in with a code sent by SMS', () => {
  it('answers the same for any number, and signs an account in with the code, once', async () => {
    const me = await t.signUpAndIn();
    const nobody = newNumber();
    const a = await askCode(me.mobileno);
    const b = await askCode(nobody);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual({ success: true, message: CODE_SENT });
    expect(b.json()).toEqual(a.json());

    const code = await lastCode(me.mobileno);
    expect(code).toMatch(/^\d{6}$/);
    const res = await signIn({ mobileno: `+91 ${me.mobileno.slice(0, 5)} ${me.mobileno.slice(5)}`, code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ mobileno: me.mobileno });
    expect(cookieOf(res)).toMatch(/HttpOnly/i);
    // used once
    expect((await signIn({ mobileno: me.mobileno, code })).statusCode).toBe(401);
  });

  it('a wrong code is a 401 like a wrong password; the fifth wrong one voids it; a new request voids the old code', async () => {
    const me = await t.signUpAndIn();
    await askCode(me.mobileno);
    const code = await lastCode(me.mobileno);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const res = await signIn({ mobileno: me.mobileno, code: wrong });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/wrong or has expired/);
    }
    expect((await signIn({ mobileno: me.mobileno, code: wrong })).statusCode).toBe(401);
    expect((await signIn({ mobileno: me.mobileno, code })).statusCode).toBe(401); // voided by the fifth wrong try

    await askCode(me.mobileno);
    const first = await lastCode(me.mobileno);
    await askCode(me.mobileno);
    const second = await lastCode(me.mobileno);
    if (first !== second) expect((await signIn({ mobileno: me.mobileno, code: first })).statusCode).toBe(401);
    expect((await signIn({ mobileno: me.mobileno, code: second })).statusCode).toBe(200);
  });

  it('an expired code is refused', async () => {
    const me = await t.signUpAndIn();
    await askCode(me.mobileno);
    const code = await lastCode(me.mobileno);
    await t.database.db
      .update(signinCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signinCodes.mobileno, me.mobileno));
    expect((await signIn({ mobileno: me.mobileno, code })).statusCode).toBe(401);
  });

  it('a new number is asked for a name (the code stays good), then the account is made and signed in', async () => {
    const mobileno = newNumber();
    await askCode(mobileno);
    const code = await lastCode(mobileno);
    const asked = await signIn({ mobileno, code });
    expect(asked.statusCode).toBe(404);
    expect(asked.json()).toMatchObject({ success: false, needsname: true });
    expect(await t.database.db.select().from(users).where(eq(users.mobileno, mobileno))).toEqual([]);
    // a wrong code for a new number is a 401, not a question
    expect((await signIn({ mobileno, code: code === '123456' ? '654321' : '123456' })).statusCode).toBe(401);

    const made = await signIn({ mobileno, code, fullname: 'Simran Kaur' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().user).toMatchObject({ mobileno, fullname: 'Simran Kaur', role: 'USER' });
    const me = await t.request({ method: 'GET', url: '/u1/api/checkuser', cookie: cookieOf(made).split(';')[0] });
    expect(me.json().user).toMatchObject({ mobileno });
    // the code is used up: signing in again needs a new one
    expect((await signIn({ mobileno, code, fullname: 'Someone Else' })).statusCode).toBe(401);
  });

  it('refuses a malformed number or code, a sign-in with neither password nor code, and too many codes for one number', async () => {
    expect((await askCode('12345')).statusCode).toBe(400);
    expect((await signIn({ mobileno: '9876543210', code: '12ab56' })).statusCode).toBe(400);
    const neither = await signIn({ mobileno: '9876543210' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toMatch(/Password is required/);
    const mobileno = newNumber();
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) answers.push((await askCode(mobileno)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
  });
});
