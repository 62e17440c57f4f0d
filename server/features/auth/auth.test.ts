import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.js';
import { users } from '../../db/schema.js';
import { createTestApp, sessionCookie, type TestApp, uniqueMobile } from '../../test/helpers.js';
import { ensureFirstAdmin } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { authLimits: { perNumber: 5, perAddress: 1000 } });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, cookie?: string) =>
  t.request({ method: 'POST', url, payload: payload as object, cookie });

describe('sign up and sign in', () => {
  it('signs up, signs in with an HttpOnly SameSite=Lax cookie, and returns the user without secrets', async () => {
    const mobileno = uniqueMobile();
    const up = await post('/u1/api/signup', { fullname: '  Asha Verma  ', mobileno, password: 'secret-pass-1' });
    expect(up.statusCode).toBe(201);
    expect(up.json()).toMatchObject({ success: true });

    const res = await post('/u1/api/signin', { mobileno, password: 'secret-pass-1' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.user).toMatchObject({ fullname: 'Asha Verma', mobileno, role: 'USER' });
    expect(typeof body.user._id).toBe('string');
    expect(JSON.stringify(body)).not.toMatch(/password|hash/i);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/sid=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // plain http in tests

    const me = await t.request({ method: 'GET', url: '/u1/api/checkuser', cookie: sessionCookie(res) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.mobileno).toBe(mobileno);
  });

  it('refuses a taken number with 409 and bad input with 400 and field errors', async () => {
    const mobileno = uniqueMobile();
    await post('/u1/api/signup', { fullname: 'A', mobileno, password: 'password1' });
    const dup = await post('/u1/api/signup', { fullname: 'B', mobileno, password: 'password2' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ success: false, message: expect.any(String) });

    const short = await post('/u1/api/signup', { fullname: 'C', mobileno: uniqueMobile(), password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0].path).toBe('password');

    const badMobile = await post('/u1/api/signup', { fullname: 'C', mobileno: '12345', password: 'password1' });
    expect(badMobile.statusCode).toBe(400);
    expect(badMobile.json().errors[0].path).toBe('mobileno');

    const blankName = await post('/u1/api/signup', { fullname: '   ', mobileno: uniqueMobile(), password: 'password1' });
    expect(blankName.statusCode).toBe(400);
  });

  it('answers the same 401 for an unknown number and a wrong password', async () => {
    const u = await t.signUpAndIn();
    const wrong = await post('/u1/api/signin', { mobileno: u.mobileno, password: 'not-the-password' });
    const unknown = await post('/u1/api/signin', { mobileno: '0000000000', password: 'whatever-123' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, message: 'Invalid mobile number or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('rate limits sign-in per number with 429 and a clear message, even for the right password', async () => {
    const u = await t.signUpAndIn();
    for (let i = 0; i < 5; i++) {
      expect((await post('/u1/api/signin', { mobileno: u.mobileno, password: `wrong-${i}-xxxx` })).statusCode).toBe(401);
    }
    const limited = await post('/u1/api/signin', { mobileno: u.mobileno, password: u.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/too many/i);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('sessions', () => {
  it('sign-out deletes the session on the server, not only the cookie', async () => {
    const u = await t.signUpAndIn();
    const out = await post('/u1/api/signout', undefined, u.cookie);
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/sid=;/);
    const again = await t.request({ method: 'GET', url: '/u1/api/checkuser', cookie: u.cookie });
    expect(again.statusCode).toBe(401);
    expect(again.json().success).toBe(false);
  });

  it('rejects missing, forged and over-long cookies with 401', async () => {
    for (const cookie of [undefined, 'sid=forged-token', `sid=${'x'.repeat(5000)}`]) {
      const res = await t.request({ method: 'GET', url: '/u1/api/checkuser', cookie });
      expect(res.statusCode).toBe(401);
    }
  });

  it('changing the password needs the current one and ends the other sessions', async () => {
    const u = await t.signUpAndIn();
    const second = sessionCookie(await post('/u1/api/signin', { mobileno: u.mobileno, password: u.password }));
    const noCurrent = await t.request({
      method: 'PATCH',
      url: '/u1/api/editdetails',
      cookie: u.cookie,
      payload: { password: 'new-password-1' },
    });
    expect(noCurrent.statusCode).toBe(400);
    const wrongCurrent = await t.request({
      method: 'PATCH',
      url: '/u1/api/editdetails',
      cookie: u.cookie,
      payload: { password: 'new-password-1', currentPassword: 'nope-nope' },
    });
    expect(wrongCurrent.statusCode).toBe(401);
    const ok = await t.request({
      method: 'PATCH',
      url: '/u1/api/editdetails',
      cookie: u.cookie,
      payload: { fullname: 'Renamed', password: 'new-password-1', currentPassword: u.password },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.fullname).toBe('Renamed');
    expect((await t.request({ method: 'GET', url: '/u1/api/checkuser', cookie: u.cookie })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/u1/api/checkuser', cookie: second })).statusCode).toBe(401);
    expect((await post('/u1/api/signin', { mobileno: u.mobileno, password: 'new-password-1' })).statusCode).toBe(200);
  });
});

describe('admin user management', () => {
  it('keeps anonymous (401) and USER (403) out of every admin row', async () => {
    const shopper = await t.signUpAndIn('USER');
    const id = shopper.id;
    const rows: [string, string, object?][] = [
      ['GET', '/u1/api/allusers'],
      ['POST', '/u1/api/createuser', { fullname: 'X', mobileno: uniqueMobile(), role: 'ADMIN', password: 'password1' }],
      ['PUT', `/u1/api/edituser/${id}`, { fullname: 'X', mobileno: shopper.mobileno, role: 'ADMIN' }],
      ['DELETE', `/u1/api/deleteuser/${id}`],
      ['GET', '/u1/api/usercount'],
    ];
    for (const [method, url, payload] of rows) {
      const anon = await t.request({ method: method as 'GET', url, payload });
      expect(anon.statusCode, `${method} ${url} anonymous`).toBe(401);
      const user = await t.request({ method: method as 'GET', url, payload, cookie: shopper.cookie });
      expect(user.statusCode, `${method} ${url} as USER`).toBe(403);
      expect(user.json().success).toBe(false);
    }
    const me = await t.request({ method: 'GET', url: '/u1/api/checkuser', cookie: shopper.cookie });
    expect(me.json().user.role).toBe('USER');
  });

  it('creates, lists, edits and deletes users; role changes end the user’s sessions', async () => {
    const admin = await t.signUpAndIn('ADMIN');
    const mobileno = uniqueMobile();
    const created = await t.request({
      method: 'POST',
      url: '/u1/api/createuser',
      cookie: admin.cookie,
      payload: { fullname: 'Staff One', mobileno, role: 'USER', password: 'password1' },
    });
    expect(created.statusCode).toBe(201);
    const list = await t.request({ method: 'GET', url: '/u1/api/allusers', cookie: admin.cookie });
    const listed = list.json().users as { _id: string; mobileno: string; createdAt: string }[];
    const staff = listed.find((u) => u.mobileno === mobileno);
    expect(staff).toBeDefined();
    expect(JSON.stringify(listed)).not.toMatch(/password/i);
    const times = listed.map((u) => Date.parse(u.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const staffSession = sessionCookie(await post('/u1/api/signin', { mobileno, password: 'password1' }));
    const edit = await t.request({
      method: 'PUT',
      url: `/u1/api/edituser/${staff?._id}`,
      cookie: admin.cookie,
      payload: { fullname: 'Staff Lead', mobileno, role: 'ADMIN', password: '' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/u1/api/checkuser', cookie: staffSession })).statusCode).toBe(401);
    // blank password kept the old one
    expect((await post('/u1/api/signin', { mobileno, password: 'password1' })).json().user.role).toBe('ADMIN');

    const count = await t.request({ method: 'GET', url: '/u1/api/usercount', cookie: admin.cookie });
    expect(count.json().totalUsers).toBe(listed.length);

    const del = await t.request({ method: 'DELETE', url: `/u1/api/deleteuser/${staff?._id}`, cookie: admin.cookie });
    expect(del.statusCode).toBe(200);
    const again = await t.request({ method: 'DELETE', url: `/u1/api/deleteuser/${staff?._id}`, cookie: admin.cookie });
    expect(again.statusCode).toBe(404);
  });

  it('answers 400 for malformed ids, 404 for unknown ones, 409 for duplicates, self-delete and the last admin', async () => {
    const admin = await t.signUpAndIn('ADMIN');
    expect((await t.request({ method: 'DELETE', url: '/u1/api/deleteuser/not-an-id', cookie: admin.cookie })).statusCode).toBe(
      400,
    );
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: '/u1/api/deleteuser/00000000-0000-4000-8000-000000000000',
          cookie: admin.cookie,
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/u1/api/deleteuser/${admin.id}`, cookie: admin.cookie })).statusCode).toBe(
      409,
    );
    const other = await t.signUpAndIn('USER');
    const dup = await t.request({
      method: 'PUT',
      url: `/u1/api/edituser/${other.id}`,
      cookie: admin.cookie,
      payload: { fullname: 'Dup', mobileno: admin.mobileno, role: 'USER' },
    });
    expect(dup.statusCode).toBe(409);
  });

  it('refuses to demote or delete the last administrator', async () => {
    const fresh = await createTestApp();
    try {
      const only = await fresh.signUpAndIn('ADMIN');
      const helper = await fresh.signUpAndIn('ADMIN');
      await fresh.database.db.delete(users).where((await import('drizzle-orm')).eq(users.id, helper.id));
      const demote = await fresh.request({
        method: 'PUT',
        url: `/u1/api/edituser/${only.id}`,
        cookie: only.cookie,
        payload: { fullname: 'Only', mobileno: only.mobileno, role: 'USER' },
      });
      expect(demote.statusCode).toBe(409);
    } finally {
      await fresh.close();
    }
  });
});

describe('HTTP conventions', () => {
  it('answers malformed JSON with a JSON 400 and never a stack trace', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/u1/api/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"mobileno": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    expect(res.body).not.toMatch(/at .*\.ts|SyntaxError/);
  });

  it('answers a body over 1 MB with 413', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/u1/api/signup',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ fullname: 'x'.repeat(3 * 1024 * 1024), mobileno: '9999999999', password: 'password1' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().success).toBe(false);
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/u1/api/signin',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
  });

  it('refuses state-changing requests from another site with 403', async () => {
    const u = await t.signUpAndIn();
    const res = await t.request({
      method: 'POST',
      url: '/u1/api/signout',
      cookie: u.cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/u1/api/checkuser', cookie: u.cookie })).statusCode).toBe(200);
    const viaReferer = await t.request({
      method: 'POST',
      url: '/u1/api/signout',
      cookie: u.cookie,
      headers: { referer: 'https://evil.example/page' },
    });
    expect(viaReferer.statusCode).toBe(403);
    const same = await t.request({
      method: 'POST',
      url: '/u1/api/signout',
      cookie: u.cookie,
      headers: { origin: 'http://localhost:3000' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('sends security headers with a real Content-Security-Policy', async () => {
    const res = await t.request({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, db: 'ok', media: 'ok' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.request({ method: 'GET', url: '/u1/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Route not found' });
  });

  it('serves an OpenAPI document naming the session and admin security', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/u1/api/allusers'].get.security).toEqual([{ adminSession: [] }]);
    expect(doc.paths['/u1/api/checkuser'].get.security).toEqual([{ session: [] }]);
    expect(doc.paths['/u1/api/signin'].post.requestBody).toBeDefined();
  });
});

describe('first administrator', () => {
  it('creates the configured admin once, and a random one only when the shop has none', async () => {
    const fresh = await createTestApp();
    try {
      const db = fresh.database.db;
      const mobileno = uniqueMobile();
      const config = parseConfig({ ADMIN_MOBILE: mobileno, ADMIN_PASSWORD: 'admin-password-1' });
      expect(await ensureFirstAdmin(db, config.admin)).toMatchObject({ mobileno, generated: false });
      expect(await ensureFirstAdmin(db, config.admin)).toBeNull();
      const signin = await fresh.request({
        method: 'POST',
        url: '/u1/api/signin',
        payload: { mobileno, password: 'admin-password-1' },
      });
      expect(signin.json().user.role).toBe('ADMIN');
      expect(await ensureFirstAdmin(db, undefined)).toBeNull(); // an admin exists

      const empty = await createTestApp();
      try {
        const made = await ensureFirstAdmin(empty.database.db, undefined);
        expect(made).toMatchObject({ generated: true });
        if (!made?.generated) throw new Error('expected a generated admin');
        const res = await empty.request({
          method: 'POST',
          url: '/u1/api/signin',
          payload: { mobileno: made.mobileno, password: made.password },
        });
        expect(res.json().user.role).toBe('ADMIN');
        expect(await ensureFirstAdmin(empty.database.db, undefined)).toBeNull();
      } finally {
        await empty.close();
      }
    } finally {
      await fresh.close();
    }
  });

  it('rejects bad settings with one line naming the setting', () => {
    expect(() => parseConfig({ PORT: 'abc' })).toThrow(/^Invalid setting PORT/);
    expect(() => parseConfig({ HOLD_MINUTES: '0' })).toThrow(/HOLD_MINUTES/);
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ ADMIN_MOBILE: '9876543210' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => parseConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
    expect(parseConfig({}).port).toBe(3000);
  });
});
