// @postgres: sessions and sign-in counters written by concurrent requests
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.js';
import { users } from '../../db/schema.js';
import { createTestApp, sessionCookie, type TestApp, type TestUser, uniqueMobile } from '../../test/helpers.js';
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
    expect(up.json()).toMatchObject({ success: true, user: { fullname: 'Asha Verma', mobileno, role: 'USER' } });
    // signed in at once: the session cookie works
    const signedUp = await t.request({ method: 'GET', url: '/u1/api/checkuser', cookie: sessionCookie(up) });
    expect(signedUp.json().user.mobileno).toBe(mobileno);

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

  it('reads +91, a leading 0, spaces and dashes off a typed mobile number at sign-up, sign-in and reset', async () => {
    const mobileno = uniqueMobile();
    const typed = `+91 ${mobileno.slice(0, 5)} ${mobileno.slice(5)}`;
    const up = await post('/u1/api/signup', { fullname: 'Typed Number', mobileno: typed, password: 'password1' });
    expect(up.statusCode).toBe(201);
    expect(up.json().user.mobileno).toBe(mobileno);
    for (const form of [typed, `0${mobileno}`, `${mobileno.slice(0, 5)}-${mobileno.slice(5)}`, mobileno]) {
      const res = await post('/u1/api/signin', { mobileno: form, password: 'password1' });
      expect(res.statusCode, form).toBe(200);
      expect(res.json().user.mobileno).toBe(mobileno);
    }
    // the same number typed another way is the same account
    expect(
      (await post('/u1/api/signup', { fullname: 'Again', mobileno: `0${mobileno}`, password: 'password2' })).statusCode,
    ).toBe(409);
    expect((await post('/u1/api/forgot-password', { mobileno: typed })).statusCode).toBe(200);
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

  it('rate limits sign-in failures per client address across numbers, and the shop default allows 100', async () => {
    expect(t.app.authLimits).toMatchObject({ perNumber: 5 });
    const defaults = await createTestApp();
    try {
      expect(defaults.app.authLimits).toMatchObject({ perNumber: 5, perAddress: 100, windowMs: 15 * 60_000 });
    } finally {
      await defaults.close();
    }
    const limited = await createTestApp({}, { authLimits: { perNumber: 100, perAddress: 3 } });
    try {
      const u = await limited.signUpAndIn();
      const signin = (mobileno: string, password: string, remoteAddress = '198.51.100.7') =>
        limited.request({ method: 'POST', url: '/u1/api/signin', payload: { mobileno, password }, remoteAddress });
      for (let i = 0; i < 3; i++) {
        expect((await signin(uniqueMobile(), 'guessing-1234')).statusCode).toBe(401);
      }
      const refused = await signin(u.mobileno, u.password);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ success: false, message: expect.stringMatching(/too many/i) });
      expect(refused.headers['retry-after']).toBeDefined();
      // Another address is not affected.
      expect((await signin(u.mobileno, u.password, '198.51.100.8')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
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
    // Signed in, so not a 401: the field is wrong.
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json()).toEqual({
      success: false,
      message: 'Current password is incorrect',
      errors: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
    });
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

describe('guessing the current password', () => {
  it('counts wrong current passwords as failed sign-ins of the number: 429 after five, name changes still allowed', async () => {
    const u = await t.signUpAndIn();
    const change = (currentPassword: string) =>
      t.request({
        method: 'PATCH',
        url: '/u1/api/editdetails',
        cookie: u.cookie,
        payload: { password: 'new-password-1', currentPassword },
      });
    for (let i = 0; i < 5; i++) expect((await change(`guess-${i}-xxxx`)).statusCode).toBe(400);
    const limited = await change(u.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, message: expect.stringMatching(/too many/i) });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await post('/u1/api/signin', { mobileno: u.mobileno, password: u.password })).statusCode).toBe(429);
    const rename = await t.request({
      method: 'PATCH',
      url: '/u1/api/editdetails',
      cookie: u.cookie,
      payload: { fullname: 'Still Me' },
    });
    expect(rename.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/u1/api/checkuser', cookie: u.cookie })).statusCode).toBe(200);
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

  it('answers 401 and 403 on admin rows before looking at the id or the body', async () => {
    const shopper = await t.signUpAndIn('USER');
    const rows: [string, string, unknown?][] = [
      ['PUT', '/u1/api/edituser/not-an-id', { fullname: 'X', mobileno: shopper.mobileno, role: 'ADMIN' }],
      ['PUT', `/u1/api/edituser/${shopper.id}`, { role: 'ADMIN' }],
      ['PUT', `/u1/api/edituser/${shopper.id}`, 'text body'],
      ['DELETE', '/u1/api/deleteuser/not-an-id'],
      ['POST', '/u1/api/createuser', {}],
      ['POST', '/u1/api/createuser', 'text body'],
      // The back-office figures follow the same order.
      ['GET', '/o1/api/admin/low-stock?limit=0'],
      ['GET', '/o1/api/admin/orders/export.csv?startDate=nope'],
    ];
    for (const [method, url, payload] of rows) {
      const headers = typeof payload === 'string' ? { 'content-type': 'text/plain' } : undefined;
      const body = payload as string | object | undefined;
      const anon = await t.request({ method: method as 'PUT', url, payload: body, headers });
      expect(anon.json().success, `${method} ${url}`).toBe(false);
      expect(anon.statusCode, `${method} ${url} anonymous`).toBe(401);
      const user = await t.request({ method: method as 'PUT', url, payload: body, headers, cookie: shopper.cookie });
      expect(user.statusCode, `${method} ${url} as USER`).toBe(403);
    }
    const editAnon = await t.request({ method: 'PATCH', url: '/u1/api/editdetails', payload: { fullname: '' } });
    expect(editAnon.statusCode).toBe(401);
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

describe('two administrators at once', () => {
  it('never leaves the shop without an administrator when the last two delete or demote each other together', async () => {
    const fresh = await createTestApp();
    try {
      const admins = async () =>
        Number((await fresh.database.query<{ n: number }>("select count(*)::int as n from users where role = 'ADMIN'"))[0]?.n);
      for (const how of ['delete', 'demote', 'delete', 'demote'] as const) {
        await fresh.database.query("update users set role = 'USER'");
        const a = await fresh.signUpAndIn('ADMIN');
        const b = await fresh.signUpAndIn('ADMIN');
        const remove = (actor: TestUser, target: TestUser) =>
          how === 'delete'
            ? fresh.request({ method: 'DELETE', url: `/u1/api/deleteuser/${target.id}`, cookie: actor.cookie })
            : fresh.request({
                method: 'PUT',
                url: `/u1/api/edituser/${target.id}`,
                cookie: actor.cookie,
                payload: { fullname: target.fullname, mobileno: target.mobileno, role: 'USER' },
              });
        const answers = await Promise.all([remove(a, b), remove(b, a)]);
        const statuses = answers.map((r) => r.statusCode);
        expect(
          statuses.filter((s) => s === 200),
          `${how}: ${statuses}`,
        ).toHaveLength(1);
        expect([401, 409], `${how}: ${statuses}`).toContain(statuses.find((s) => s !== 200));
        expect(await admins(), how).toBe(1);
      }
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

  it('answers 415 for a text, form or multipart body on every JSON route of the accounts API', async () => {
    const admin = await t.signUpAndIn('ADMIN');
    const other = await t.signUpAndIn('USER');
    const good = { fullname: 'Asha', mobileno: uniqueMobile(), password: 'password1', role: 'USER' };
    const rows: [string, string][] = [
      ['POST', '/u1/api/signup'],
      ['POST', '/u1/api/signin'],
      ['PATCH', '/u1/api/editdetails'],
      ['POST', '/u1/api/createuser'],
      ['PUT', `/u1/api/edituser/${other.id}`],
    ];
    const bodies: [string, string][] = [
      ['text/plain', JSON.stringify(good)],
      ['text/plain;charset=UTF-8', JSON.stringify(good)],
      ['application/x-www-form-urlencoded', new URLSearchParams(good).toString()],
      ['multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="fullname"\r\n\r\nAsha\r\n--b--\r\n'],
    ];
    for (const [method, url] of rows) {
      for (const [type, payload] of bodies) {
        const res = await t.request({
          method: method as 'POST',
          url,
          cookie: admin.cookie,
          headers: { 'content-type': type },
          payload,
        });
        expect(res.statusCode, `${method} ${url} ${type}: ${res.body}`).toBe(415);
        expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/content type/i) });
      }
    }
    // JSON with a charset is JSON; a body-less sign-out needs no content type.
    const withCharset = await t.request({
      method: 'POST',
      url: '/u1/api/signup',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({ ...good, mobileno: uniqueMobile() }),
    });
    expect(withCharset.statusCode).toBe(201);
    expect((await t.request({ method: 'POST', url: '/u1/api/signout' })).statusCode).toBe(200);
  });

  it('tells browsers and caches not to keep account answers', async () => {
    const u = await t.signUpAndIn();
    for (const res of [
      await t.request({ method: 'GET', url: '/u1/api/checkuser', cookie: u.cookie }),
      await t.request({ method: 'GET', url: '/u1/api/checkuser' }),
      await post('/u1/api/signin', { mobileno: u.mobileno, password: u.password }),
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('sends Strict-Transport-Security and Secure cookies only over HTTPS', async () => {
    const plainUser = await t.signUpAndIn();
    const plain = await post('/u1/api/signin', { mobileno: plainUser.mobileno, password: plainUser.password });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY a forwarded protocol is not believed.
    const spoofed = await t.request({
      method: 'POST',
      url: '/u1/api/signin',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { mobileno: plainUser.mobileno, password: plainUser.password },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    expect(String(spoofed.headers['set-cookie'])).not.toMatch(/Secure/i);

    const production = await createTestApp({ NODE_ENV: 'production', PAYMENTS: 'sandbox', LOG_LEVEL: 'silent' });
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    const https = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
    try {
      // Production over plain http: still none.
      expect((await production.request({ method: 'GET', url: '/healthz' })).headers['strict-transport-security']).toBeUndefined();

      const viaProxy = await proxied.signUpAndIn();
      const overHttps = await proxied.request({
        method: 'POST',
        url: '/u1/api/signin',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { mobileno: viaProxy.mobileno, password: viaProxy.password },
      });
      expect(overHttps.headers['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
      expect(String(overHttps.headers['set-cookie'])).toMatch(/; Secure/);
      const overHttp = await proxied.request({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'http' } });
      expect(overHttp.headers['strict-transport-security']).toBeUndefined();

      const behindTls = await https.signUpAndIn();
      const res = await https.request({
        method: 'POST',
        url: '/u1/api/signin',
        payload: { mobileno: behindTls.mobileno, password: behindTls.password },
      });
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/);
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await Promise.all([production.close(), proxied.close(), https.close()]);
    }
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
    // Statuses every route of a kind can answer: 403 for a cross-site write, 413 and 415 for a JSON body.
    const jsonRoutes: [string, string][] = [
      ['post', '/u1/api/signup'],
      ['post', '/u1/api/signin'],
      ['patch', '/u1/api/editdetails'],
      ['post', '/u1/api/createuser'],
      ['put', '/u1/api/edituser/{id}'],
    ];
    for (const [method, path] of jsonRoutes) {
      expect(Object.keys(doc.paths[path][method].responses), `${method} ${path}`).toEqual(
        expect.arrayContaining(['400', '403', '413', '415']),
      );
    }
    expect(Object.keys(doc.paths['/u1/api/signout'].post.responses)).toContain('403');
    expect(Object.keys(doc.paths['/u1/api/checkuser'].get.responses)).not.toContain('403');
    expect(Object.keys(doc.paths['/u1/api/editdetails'].patch.responses)).toContain('429');
    // The multipart product form keeps its own content type.
    expect(Object.keys(doc.paths['/p1/api/create'].post.requestBody.content)).toEqual(['multipart/form-data']);
  });
});

describe('sign-up limit', () => {
  it('allows a set number of sign-ups per client address, counting taken numbers, then answers 429', async () => {
    const limited = await createTestApp({}, { authLimits: { signupsPerAddress: 3 } });
    try {
      const signup = (mobileno: string, remoteAddress = '203.0.113.5') =>
        limited.app.inject({
          method: 'POST',
          url: '/u1/api/signup',
          remoteAddress,
          payload: { fullname: 'Ravi Gill', mobileno, password: 'password1' },
        });
      const taken = uniqueMobile();
      expect((await signup(taken)).statusCode).toBe(201);
      expect((await signup(taken)).statusCode).toBe(409);
      // Input that is refused outright is not counted.
      expect((await signup('12345')).statusCode).toBe(400);
      expect((await signup(uniqueMobile())).statusCode).toBe(201);
      const refused = await signup(uniqueMobile());
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        success: false,
        message: 'Too many sign-ups from this address. Please try again in an hour.',
      });
      expect(refused.headers['retry-after']).toBe('3600');
      // Another address is not affected; sign-in is not either.
      expect((await signup(uniqueMobile(), '203.0.113.6')).statusCode).toBe(201);
      const signin = await limited.app.inject({
        method: 'POST',
        url: '/u1/api/signin',
        remoteAddress: '203.0.113.5',
        payload: { mobileno: taken, password: 'password1' },
      });
      expect(signin.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('reads the limit from SIGNUP_LIMIT (300 an hour by default, 0 for none)', async () => {
    expect(parseConfig({}).signupLimit).toBe(300);
    expect(parseConfig({ SIGNUP_LIMIT: '0' }).signupLimit).toBe(0);
    expect(() => parseConfig({ SIGNUP_LIMIT: 'lots' })).toThrow(/^Invalid setting SIGNUP_LIMIT/);
    const fromSetting = await createTestApp({ SIGNUP_LIMIT: '1' });
    const unlimited = await createTestApp({ SIGNUP_LIMIT: '0' });
    try {
      const up = (app: TestApp) =>
        app.request({
          method: 'POST',
          url: '/u1/api/signup',
          payload: { fullname: 'Meera', mobileno: uniqueMobile(), password: 'password1' },
        });
      expect((await up(fromSetting)).statusCode).toBe(201);
      expect((await up(fromSetting)).statusCode).toBe(429);
      for (let i = 0; i < 3; i++) expect((await up(unlimited)).statusCode).toBe(201);
      expect(await unlimited.app.rateLimits.peek('signup:address:127.0.0.1')).toBe(0);
    } finally {
      await Promise.all([fromSetting.close(), unlimited.close()]);
    }
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
