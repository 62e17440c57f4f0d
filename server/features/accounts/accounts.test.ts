// @postgres: two default addresses added at the same moment
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AddressesResponse, RESET_LIMITS } from '../../../contract/accounts.js';
import { MessageResponse, UserResponse } from '../../../contract/auth.js';
import { ErrorResponse } from '../../../contract/common.js';
import { gstinCheckChar } from '../../../contract/gst-rules.js';
import { outbox, passwordResets, rateLimits, users } from '../../db/schema.js';
import { createTestApp, sessionCookie, type TestApp, uniqueMobile } from '../../test/helpers.js';
import { passwordHashesMade } from '../auth/passwords.js';
import { FORGOT_MESSAGE } from './routes.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});

const signup = (payload: object) => t.request({ method: 'POST', url: '/u1/api/signup', payload });
const signin = (mobileno: string, password: string) =>
  t.request({ method: 'POST', url: '/u1/api/signin', payload: { mobileno, password } });
const checkuser = (cookie: string) => t.request({ method: 'GET', url: '/u1/api/checkuser', cookie });
const edit = (cookie: string, payload: object) => t.request({ method: 'PATCH', url: '/u1/api/editdetails', cookie, payload });

describe('e-mail and language on the account', () => {
  it('signs up with an e-mail (stored lower-case) and a language, and shows them', async () => {
    const mobileno = uniqueMobile();
    const res = await signup({
      fullname: 'Neha Gupta',
      mobileno,
      password: 'a long password',
      email: '  Neha.Gupta@Example.COM ',
      language: 'hi',
    });
    expect(res.statusCode).toBe(201);
    const cookie = sessionCookie(await signin(mobileno, 'a long password'));
    const user = UserResponse.parse((await checkuser(cookie)).json()).user;
    expect(user).toMatchObject({ email: 'neha.gupta@example.com', language: 'hi', fullname: 'Neha Gupta' });
  });

  it('defaults to no e-mail and English', async () => {
    const mobileno = uniqueMobile();
    expect((await signup({ fullname: 'Ravi', mobileno, password: 'a long password' })).statusCode).toBe(201);
    const cookie = sessionCookie(await signin(mobileno, 'a long password'));
    expect(UserResponse.parse((await checkuser(cookie)).json()).user).toMatchObject({ email: '', language: 'en' });
  });

  it('refuses an e-mail taken by another account whatever its case (409), and malformed ones (400)', async () => {
    const email = `taken${Date.now()}@example.com`;
    expect((await signup({ fullname: 'A', mobileno: uniqueMobile(), password: 'a long password', email })).statusCode).toBe(201);
    const dup = await signup({
      fullname: 'B',
      mobileno: uniqueMobile(),
      password: 'a long password',
      email: email.toUpperCase(),
    });
    expect(dup.statusCode).toBe(409);
    expect(ErrorResponse.parse(dup.json()).message).toBe('This e-mail address is already registered');
    for (const bad of ['not-an-email', 'a@b', 'two@@example.com', 'space in@example.com', 42]) {
      const res = await signup({ fullname: 'C', mobileno: uniqueMobile(), password: 'a long password', email: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(ErrorResponse.parse(res.json()).errors?.[0]?.path).toBe('email');
    }
    const lang = await signup({ fullname: 'D', mobileno: uniqueMobile(), password: 'a long password', language: 'fr' });
    expect(lang.statusCode).toBe(400);
  });

  it('edits the e-mail and language, clears the e-mail with "", and refuses one in use (409 on the field)', async () => {
    const me = await t.signUpAndIn();
    const other = await t.signUpAndIn();
    const mine = `me${Date.now()}@example.com`;
    const theirs = `them${Date.now()}@example.com`;
    expect((await edit(other.cookie, { email: theirs })).statusCode).toBe(200);

    const res = await edit(me.cookie, { email: mine.toUpperCase(), language: 'hi' });
    expect(res.statusCode).toBe(200);
    expect(UserResponse.parse(res.json()).user).toMatchObject({ email: mine, language: 'hi' });

    const taken = await edit(me.cookie, { email: ` ${theirs.toUpperCase()} ` });
    expect(taken.statusCode).toBe(409);
    expect(ErrorResponse.parse(taken.json()).errors).toEqual([
      { path: 'email', message: 'This e-mail address is already registered' },
    ]);

    const cleared = await edit(me.cookie, { email: '' });
    expect(UserResponse.parse(cleared.json()).user.email).toBe('');
    // two accounts without an e-mail do not collide
    expect((await edit(other.cookie, { email: '' })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({ email: '', language: 'hi' });
  });
});

const GSTIN = `03AAACR5055K1Z${gstinCheckChar('03AAACR5055K1Z')}`;

describe('saved addresses', () => {
  const address = {
    fullname: 'Asha Verma',
    mobileno: '9876543210',
    address: '12 Mall Road',
    city: 'Ludhiana',
    pincode: '141001',
    state: 'Punjab',
  };
  const list = (cookie: string) => t.request({ method: 'GET', url: '/u1/api/addresses', cookie });
  const add = (cookie: string, payload: object) => t.request({ method: 'POST', url: '/u1/api/addresses', cookie, payload });
  const patch = (cookie: string, id: string, payload: object) =>
    t.request({ method: 'PATCH', url: `/u1/api/addresses/${id}`, cookie, payload });
  const remove = (cookie: string, id: string) => t.request({ method: 'DELETE', url: `/u1/api/addresses/${id}`, cookie });

  it('needs a session (401 before the input is looked at)', async () => {
    expect((await t.request({ method: 'GET', url: '/u1/api/addresses' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/u1/api/addresses', payload: { nonsense: 1 } })).statusCode).toBe(401);
    expect((await t.request({ method: 'DELETE', url: '/u1/api/addresses/not-an-id' })).statusCode).toBe(401);
  });

  it('adds (the first is the default), moves the default, edits the fields given and deletes', async () => {
    const me = await t.signUpAndIn();
    const first = await add(me.cookie, { ...address, label: ' Home ' });
    expect(first.statusCode).toBe(201);
    const [home] = AddressesResponse.parse(first.json()).addresses;
    expect(home).toMatchObject({ ...address, label: 'Home', gstin: '', isdefault: true });

    const second = AddressesResponse.parse(
      (
        await add(me.cookie, { ...address, address: '7 Civil Lines', label: 'Shop', gstin: GSTIN.toLowerCase(), isdefault: true })
      ).json(),
    ).addresses;
    expect(second).toHaveLength(2);
    expect(second.filter((a) => a.isdefault).map((a) => a.label)).toEqual(['Shop']);
    expect(second[0]).toMatchObject({ label: 'Shop', gstin: GSTIN }); // the default comes first

    const shop = second[0]!;
    const edited = AddressesResponse.parse((await patch(me.cookie, home!._id, { city: 'Jalandhar', isdefault: true })).json());
    const homeNow = edited.addresses.find((a) => a._id === home!._id);
    expect(homeNow).toMatchObject({ city: 'Jalandhar', address: '12 Mall Road', isdefault: true });
    expect(edited.addresses.filter((a) => a.isdefault)).toHaveLength(1);

    // deleting the default makes the remaining address the default
    const after = AddressesResponse.parse((await remove(me.cookie, home!._id)).json()).addresses;
    expect(after).toEqual([expect.objectContaining({ _id: shop._id, isdefault: true })]);
    expect(AddressesResponse.parse((await list(me.cookie)).json()).addresses).toHaveLength(1);
  });

  it('keeps to its owner: another user cannot read, change or delete it (404, like an unknown id)', async () => {
    const owner = await t.signUpAndIn();
    const stranger = await t.signUpAndIn();
    const [mine] = AddressesResponse.parse((await add(owner.cookie, address)).json()).addresses;
    expect(AddressesResponse.parse((await list(stranger.cookie)).json()).addresses).toEqual([]);
    const changed = await patch(stranger.cookie, mine!._id, { city: 'Elsewhere' });
    expect(changed.statusCode).toBe(404);
    expect((await remove(stranger.cookie, mine!._id)).statusCode).toBe(404);
    expect((await patch(owner.cookie, '6f1c1d7e-1111-4111-8111-111111111111', { city: 'X' })).statusCode).toBe(404);
    expect((await remove(owner.cookie, 'not-a-uuid')).statusCode).toBe(400);
    const still = AddressesResponse.parse((await list(owner.cookie)).json()).addresses;
    expect(still).toEqual([expect.objectContaining({ city: 'Ludhiana', isdefault: true })]);
  });

  it('checks the fields like the checkout form (400 on the field)', async () => {
    const me = await t.signUpAndIn();
    const cases: [object, string][] = [
      [{ ...address, pincode: '14100' }, 'pincode'],
      [{ ...address, mobileno: '98765' }, 'mobileno'],
      [{ ...address, city: '   ' }, 'city'],
      [{ ...address, gstin: 'NOT-A-GSTIN' }, 'gstin'],
      [{ ...address, isdefault: 'yes' }, 'isdefault'],
      [{ ...address, state: 'Atlantis' }, 'state'],
    ];
    for (const [payload, field] of cases) {
      const res = await add(me.cookie, payload);
      expect(res.statusCode, field).toBe(400);
      expect(ErrorResponse.parse(res.json()).errors?.map((e) => e.path)).toContain(field);
    }
    const [saved] = AddressesResponse.parse((await add(me.cookie, address)).json()).addresses;
    const bad = await patch(me.cookie, saved!._id, { pincode: 'abcdef' });
    expect(bad.statusCode).toBe(400);
    expect(AddressesResponse.parse((await list(me.cookie)).json()).addresses[0]?.pincode).toBe('141001');
  });

  it('keeps one default when two defaults are added at the same moment', async () => {
    const me = await t.signUpAndIn();
    await Promise.all(Array.from({ length: 6 }, (_, i) => add(me.cookie, { ...address, label: `L${i}`, isdefault: true })));
    const all = AddressesResponse.parse((await list(me.cookie)).json()).addresses;
    expect(all).toHaveLength(6);
    expect(all.filter((a) => a.isdefault)).toHaveLength(1);
  });
});

describe('sign out of other devices', () => {
  it('ends every other session of the user and keeps this one', async () => {
    const me = await t.signUpAndIn();
    const phone = sessionCookie(await signin(me.mobileno, me.password));
    const stranger = await t.signUpAndIn();
    expect((await t.request({ method: 'POST', url: '/u1/api/signout-others' })).statusCode).toBe(401);
    const res = await t.request({ method: 'POST', url: '/u1/api/signout-others', cookie: me.cookie });
    expect(res.statusCode).toBe(200);
    expect(MessageResponse.parse(res.json()).success).toBe(true);
    expect((await checkuser(phone)).statusCode).toBe(401);
    expect((await checkuser(me.cookie)).statusCode).toBe(200);
    expect((await checkuser(stranger.cookie)).statusCode).toBe(200);
  });
});

describe('password reset by SMS code', () => {
  const forgot = (mobileno: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: '/u1/api/forgot-password', payload: { mobileno }, headers });
  const reset = (payload: object) => t.request({ method: 'POST', url: '/u1/api/reset-password', payload });
  /** The code as the SMS carries it: read from the message waiting in the outbox. */
  const codeSentTo = async (mobileno: string) => {
    const rows = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, mobileno), eq(outbox.template, 'password_code')));
    const latest = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    return String(latest?.data.code ?? '');
  };
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('answers the same whether or not an account uses the number, and writes the SMS only for a real one', async () => {
    const me = await t.signUpAndIn();
    const nobody = uniqueMobile();
    const a = await forgot(me.mobileno);
    const b = await forgot(nobody);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toEqual({ success: true, message: FORGOT_MESSAGE });
    expect(b.json()).toEqual(a.json());
    expect(await codeSentTo(me.mobileno)).toMatch(/^\d{6}$/);
    expect(await codeSentTo(nobody)).toBe('');
    // the code is stored only as a keyed hash
    const [stored] = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, me.id));
    expect(stored?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.codeHash).not.toContain(await codeSentTo(me.mobileno));
    expect((await forgot('12345')).statusCode).toBe(400);
  });

  it('sets the new password with the right code, ends every session, and the code works once', async () => {
    const me = await t.signUpAndIn();
    const laptop = sessionCookie(await signin(me.mobileno, me.password));
    await forgot(me.mobileno);
    const code = await codeSentTo(me.mobileno);
    const res = await reset({ mobileno: me.mobileno, code, password: 'a brand new secret' });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined(); // it does not sign in
    expect((await checkuser(me.cookie)).statusCode).toBe(401);
    expect((await checkuser(laptop)).statusCode).toBe(401);
    expect((await signin(me.mobileno, me.password)).statusCode).toBe(401);
    expect((await signin(me.mobileno, 'a brand new secret')).statusCode).toBe(200);
    const again = await reset({ mobileno: me.mobileno, code, password: 'yet another secret' });
    expect(again.statusCode).toBe(400);
    expect((await signin(me.mobileno, 'a brand new secret')).statusCode).toBe(200);
  });

  it('voids a code after 5 wrong tries, even the right one afterwards (brute force)', async () => {
    const me = await t.signUpAndIn();
    await forgot(me.mobileno);
    const code = await codeSentTo(me.mobileno);
    for (let i = 0; i < 5; i++) {
      const res = await reset({ mobileno: me.mobileno, code: wrongCode(code), password: 'guessing password' });
      expect(res.statusCode).toBe(400);
      expect(ErrorResponse.parse(res.json()).errors?.[0]?.path).toBe('code');
    }
    const right = await reset({ mobileno: me.mobileno, code, password: 'guessing password' });
    expect(right.statusCode).toBe(400);
    expect((await signin(me.mobileno, me.password)).statusCode).toBe(200);
  });

  it('voids the previous code when a new one is asked for, and refuses an expired code', async () => {
    const me = await t.signUpAndIn();
    await forgot(me.mobileno);
    const first = await codeSentTo(me.mobileno);
    await t.database.db.delete(outbox).where(eq(outbox.recipient, me.mobileno));
    await forgot(me.mobileno);
    const second = await codeSentTo(me.mobileno);
    if (first !== second) {
      expect((await reset({ mobileno: me.mobileno, code: first, password: 'new password 1' })).statusCode).toBe(400);
    }
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, me.id));
    expect((await reset({ mobileno: me.mobileno, code: second, password: 'new password 2' })).statusCode).toBe(400);
    expect((await signin(me.mobileno, me.password)).statusCode).toBe(200);
  });

  it('rate limits codes per number and per address alike whether the number exists or not', async () => {
    const me = await t.signUpAndIn();
    const nobody = uniqueMobile();
    for (const mobileno of [me.mobileno, nobody]) {
      for (let i = 0; i < RESET_LIMITS.codesPerNumber; i++) expect((await forgot(mobileno)).statusCode).toBe(200);
      const limited = await forgot(mobileno);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    }
    await t.database.db.delete(rateLimits);
    const statuses: number[] = [];
    for (let i = 0; i <= RESET_LIMITS.codesPerAddress; i++) statuses.push((await forgot(uniqueMobile())).statusCode);
    expect(statuses.slice(0, RESET_LIMITS.codesPerAddress).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('rate limits code tries per address across numbers', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= RESET_LIMITS.triesPerAddress; i++) {
      statuses.push((await reset({ mobileno: uniqueMobile(), code: '123456', password: 'whatever password' })).statusCode);
    }
    expect(statuses.slice(0, RESET_LIMITS.triesPerAddress).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('checks its input: a 6-digit code and a password of at least 8 characters', async () => {
    const bad = await reset({ mobileno: '9876543210', code: '12ab56', password: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(
      ErrorResponse.parse(bad.json())
        .errors?.map((e) => e.path)
        .sort(),
    ).toEqual(['code', 'password']);
  });
});

describe('saved addresses and the state', () => {
  it('takes the state from the PIN code when none is given, as the checkout does, and names it canonically', async () => {
    const me = await t.signUpAndIn();
    const add = (payload: object) => t.request({ method: 'POST', url: '/u1/api/addresses', cookie: me.cookie, payload });
    const base = { fullname: 'Asha Verma', mobileno: '9876543210', address: '12 Mall Road', city: 'Ludhiana', pincode: '141001' };
    const fromPin = AddressesResponse.parse((await add(base)).json()).addresses[0];
    expect(fromPin?.state).toBe('Punjab');
    const named = AddressesResponse.parse((await add({ ...base, state: 'delhi', pincode: '110001' })).json()).addresses;
    expect(named.map((a) => a.state).sort()).toEqual(['Delhi', 'Punjab']);
    const id = fromPin?._id ?? '';
    const patched = await t.request({
      method: 'PATCH',
      url: `/u1/api/addresses/${id}`,
      cookie: me.cookie,
      payload: { state: 'Narnia' },
    });
    expect(patched.statusCode).toBe(400);
    const cleared = await t.request({
      method: 'PATCH',
      url: `/u1/api/addresses/${id}`,
      cookie: me.cookie,
      payload: { gstin: '' },
    });
    expect(cleared.statusCode).toBe(200);
  });
});

describe('accounts cannot be found out', () => {
  it('a refused password reset makes the same password hash whether an account uses the number or not', async () => {
    const mobileno = uniqueMobile();
    expect((await signup({ fullname: 'Meera', mobileno, password: 'first-password' })).statusCode).toBe(201);
    const tries = [
      { mobileno, code: '000000', password: 'another-password' },
      { mobileno: uniqueMobile(), code: '000000', password: 'another-password' },
    ];
    const hashes = [];
    for (const payload of tries) {
      const before = passwordHashesMade();
      const res = await t.request({ method: 'POST', url: '/u1/api/reset-password', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This code is wrong or has expired. Please ask for a new one.');
      hashes.push(passwordHashesMade() - before);
    }
    expect(hashes).toEqual([1, 1]);
  });

  it('e-mail address changes are limited per account and per address: 429 with Retry-After, taken or free alike', async () => {
    const small = await createTestApp({}, { authLimits: { emailChangesPerAccount: 3, emailChangesPerAddress: 5 } });
    try {
      const taken = `taken-${uniqueMobile()}@example.com`;
      const owner = await small.signUpAndIn();
      const change = (cookie: string, email: string, remoteAddress = '127.0.0.1') =>
        small.request({ method: 'PATCH', url: '/u1/api/editdetails', cookie, payload: { email }, remoteAddress });
      expect((await change(owner.cookie, taken, '10.7.7.7')).statusCode).toBe(200);
      // sending back one's own address is no change and never counts
      for (let i = 0; i < 5; i++) expect((await change(owner.cookie, taken.toUpperCase(), '10.7.7.7')).statusCode).toBe(200);

      const prober = await small.signUpAndIn();
      const answers = [];
      for (const email of [taken, `free-${uniqueMobile()}@example.com`, taken, taken]) {
        answers.push((await change(prober.cookie, email)).statusCode);
      }
      expect(answers).toEqual([409, 200, 409, 429]);
      const refused = await change(prober.cookie, taken, '10.8.8.8');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toEqual({
        success: false,
        message: 'Too many e-mail address changes. Please try again in an hour.',
      });
      // the address's own limit: it has tried 4, so another account behind it gets the fifth, then 429
      const other = await small.signUpAndIn();
      expect((await change(other.cookie, `x-${uniqueMobile()}@example.com`)).statusCode).toBe(200);
      expect((await change(other.cookie, `y-${uniqueMobile()}@example.com`)).statusCode).toBe(429);
    } finally {
      await small.close();
    }
  });
});
