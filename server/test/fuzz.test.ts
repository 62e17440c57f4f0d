// @postgres: random requests must never reach a driver error as a 5xx
import crypto from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponse } from '../../contract/common.js';
import { paymentProvider } from '../features/payments/registry.js';
import { API_PREFIXES } from '../http/paths.js';
import { type FuzzRequest, multipartPayload, type Pool, requestArbitrary, resolve, wellFormedFor } from './fuzz/requests.js';
import { type Route, routesFromOpenApi } from './fuzz/routes.js';
import { diff, identities, readPool, seedFixtures, snapshotter } from './fuzz/state.js';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * Generated requests against every route the OpenAPI document lists (so routes added later are covered
 * without touching this file), as anonymous, USER, ADMIN and with forged cookies. FUZZ_RUNS sets the
 * count (the full run is 20,000 or more; `npm test` runs a short one), FUZZ_SEED replays a run.
 *
 * Holds for every answer: no 5xx; every refusal is `{success:false, message, errors?}` JSON; a refused
 * request leaves every table as it was (rate-limit counters aside: failed sign-ins are counted by design).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1500);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : crypto.randomBytes(4).readUInt32BE() >>> 1;
const PUBLIC = 'http://localhost:3000';
const TRACE = process.env.FUZZ_TRACE;
const ErrorShape = ErrorResponse.strict();

let t: TestApp;
let routes: Route[];
beforeAll(async () => {
  // Limits high enough that the fuzz never locks itself out of signing in.
  t = await createTestApp({ PUBLIC_URL: PUBLIC }, { authLimits: { perNumber: 1e9, perAddress: 1e9, signupsPerAddress: 1e9 } });
  // The sandbox's signing secret is made once, on first use: make it now, so the first payment request
  // the fuzz refuses is not mistaken for a change.
  await paymentProvider(t.app).signingSecret();
  const doc = await t.request({ method: 'GET', url: '/api/docs/openapi.json' });
  routes = routesFromOpenApi(doc.json());
});
afterAll(() => t?.close());

type Stats = {
  byStatus: Map<number, number>;
  byRoute: Map<string, { ok: number; refused: number; undocumented: Set<number> }>;
};

function urlOf(req: FuzzRequest, route: Route | undefined, pool: Pool) {
  let path = req.randomPath;
  if (route) {
    path = route.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
      const i = route.pathParams.findIndex((p) => p.name === name);
      const v = resolve(req.pathValues[i], pool);
      return encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v ?? ''));
    });
  }
  let query = '';
  if ('raw' in req.query) query = req.query.raw;
  else {
    query = req.query
      .map(([k, v]) => {
        const value = resolve(v, pool);
        return `${encodeURIComponent(String(k))}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`;
      })
      .join('&');
  }
  return query ? `${path}?${query}` : path;
}

describe('fuzz', () => {
  it(
    `answers ${RUNS} generated requests on every route without a 5xx, in the error shape, leaving the database as it was when refusing`,
    async () => {
      expect(routes.length).toBeGreaterThan(5);
      const who = await identities(t.database);
      await seedFixtures(t.database, who.people.user.id);
      let pool = await readPool(t.database, who.people);
      const snap = await snapshotter(t.database);
      const state = async () => ({ position: await snap.position(), tables: await snap.take() });
      let before = await state();
      const stats: Stats = { byStatus: new Map(), byRoute: new Map() };
      let count = 0;
      const timing = { requests: 0, snapshots: 0 };

      const cookieFor = (identity: FuzzRequest['identity']) => {
        switch (identity) {
          case 'user':
            return `sid=${who.people.user.token}`;
          case 'admin':
            return `sid=${who.people.admin.token}`;
          case 'both':
            return `sid=${who.people.user.token}; sid=${who.people.admin.token}`;
          case 'forged':
            return `sid=${crypto.randomBytes(32).toString('base64url')}`;
          case 'stale':
            return `sid=${who.staleToken}`;
          case 'garbage':
            return `sid=%%%; =; sid=${'x'.repeat(300)}; ;;`;
          default:
            return undefined;
        }
      };
      const originFor = (kind: FuzzRequest['origin']): Record<string, string> => {
        switch (kind) {
          case 'same':
            return { origin: PUBLIC };
          case 'foreign':
            return { origin: 'https://evil.example' };
          case 'null':
            return { origin: 'null' };
          case 'garbage':
            return { origin: 'not a url ::' };
          case 'referer-foreign':
            return { referer: 'https://evil.example/page' };
          default:
            return {};
        }
      };

      const check = async (req: FuzzRequest) => {
        count += 1;
        if (count % 50 === 0) {
          // Fixtures gone (deleted by the fuzz's own admin)? Put some back, and re-read what can be aimed at.
          if (!pool.ids.products.length || !pool.ids.orders.length) await seedFixtures(t.database, who.people.user.id);
          pool = { ...(await readPool(t.database, who.people)), paid: pool.paid };
          before = await state();
        }
        const route = req.route === null ? undefined : routes[req.route];
        const url = urlOf(req, route, pool);
        const headers: Record<string, string> = { ...originFor(req.origin) };
        const cookie = cookieFor(req.identity);
        if (cookie) headers.cookie = cookie;
        let payload: string | Buffer | undefined;
        const body = req.body;
        if (body.kind === 'json') {
          payload = JSON.stringify(resolve(body.value, pool)) ?? 'null';
          headers['content-type'] = body.contentType;
        } else if (body.kind === 'raw') {
          payload = body.text;
          if (body.contentType) headers['content-type'] = body.contentType;
        } else if (body.kind === 'huge') {
          payload = Buffer.alloc(body.bytes, 0x61);
          headers['content-type'] = body.contentType;
        } else if (body.kind === 'multipart') {
          const mp = multipartPayload(body, pool);
          payload = mp.payload;
          headers['content-type'] = mp.contentType;
        }

        const sent = performance.now();
        const res: LightMyRequestResponse = await t.app.inject({
          method: req.method as 'GET',
          url,
          headers,
          ...(payload !== undefined ? { payload } : {}),
        });
        const status = res.statusCode;
        timing.requests += performance.now() - sent;
        stats.byStatus.set(status, (stats.byStatus.get(status) ?? 0) + 1);
        const key = route ? `${route.method} ${route.path}` : 'other paths';
        const rs = stats.byRoute.get(key) ?? { ok: 0, refused: 0, undocumented: new Set<number>() };
        if (status < 400) rs.ok += 1;
        else rs.refused += 1;
        if (route && req.wellFormed && !route.documentedStatuses.includes(status)) rs.undocumented.add(status);
        stats.byRoute.set(key, rs);

        const what = () =>
          `${req.method} ${url} as ${req.identity}${payload !== undefined ? ` with ${headers['content-type'] ?? 'no content type'} body ${String(payload).slice(0, 300)}` : ''}\n→ ${status} ${res.body.slice(0, 500)}`;

        // FUZZ_TRACE=<part of a path> prints the well-formed requests to matching routes and their answers.
        if (TRACE && req.wellFormed && route?.path.includes(TRACE)) console.log(`trace: ${what()}`);
        if (status >= 500) throw new Error(`5xx answer: ${what()}`);
        if (status === 200 && res.body.includes('"razorpay_signature"')) {
          const paid = res.json();
          if (paid.success && paid.razorpay_signature) pool.paid.push(paid);
        }
        const contentType = String(res.headers['content-type'] ?? '');
        const isJson = contentType.startsWith('application/json');
        const pathname = url.split('?')[0] ?? '';
        const isApi = API_PREFIXES.some((p) => pathname.startsWith(p)) || pathname === '/healthz';
        // A storefront page the shop does not have (an unknown product, say) is the web app's HTML with a
        // 404, as a browser and a search engine should get it; everything else refused is JSON.
        const storefrontPage = !isApi && req.method === 'GET' && contentType.startsWith('text/html');
        if (status >= 400 && req.method !== 'HEAD' && !storefrontPage) {
          if (!isJson) throw new Error(`refusal that is not JSON: ${what()}`);
          const parsed = ErrorShape.safeParse(res.json());
          if (!parsed.success) throw new Error(`refusal not in the error shape (${parsed.error.message}): ${what()}`);
        }
        if (
          status < 300 &&
          isJson &&
          req.method !== 'HEAD' &&
          API_PREFIXES.some((p) => p !== '/api/' && pathname.startsWith(p))
        ) {
          if (typeof res.json()?.success !== 'boolean') throw new Error(`answer without a boolean success: ${what()}`);
        }

        const snapped = performance.now();
        try {
          // A failed sandbox payment (402) is recorded as a failed payment, as Razorpay records one: the only
          // refusal that writes.
          if (status >= 400 && !(status === 402 && pathname === '/o1/api/sandbox/pay')) {
            const position = await snap.position();
            if (position === before.position) return;
            const after = await snap.take();
            const changed = diff(before.tables, after);
            if (changed.length) throw new Error(`refused request changed ${changed.join(', ')}: ${what()}`);
            before = { position, tables: after };
            return;
          }
          // A success may have ended the fuzz's own sessions or roles: put them back before going on.
          if (req.method !== 'GET' && req.method !== 'HEAD') await who.ensure();
          before = await state();
        } finally {
          timing.snapshots += performance.now() - snapped;
        }
      };
      const property = fc.asyncProperty(requestArbitrary(routes), check);

      const started = Date.now();
      await fc.assert(property, { numRuns: RUNS, seed: SEED });
      // A route the random runs happened to miss (about ten requests a route on average) gets one well-formed request
      // of its own, checked the same way, so every route is tried in every run.
      for (const [index, route] of routes.entries()) {
        if (stats.byRoute.has(`${route.method} ${route.path}`)) continue;
        const [req] = fc.sample(wellFormedFor(routes, index), { numRuns: 1, seed: SEED });
        if (req) await check(req);
      }
      const seconds = (Date.now() - started) / 1000;

      const byStatus = [...stats.byStatus.entries()].sort((a, b) => a[0] - b[0]);
      const lines = [
        `fuzz: ${count} requests over ${routes.length} documented routes in ${seconds.toFixed(1)} s (${(timing.requests / 1000).toFixed(1)} s answering, ${(timing.snapshots / 1000).toFixed(1)} s checking the database; seed ${SEED}, ${t.database.kind})`,
        `fuzz: by status ${byStatus.map(([s, n]) => `${s}: ${n}`).join(', ')}`,
      ];
      const neverOk = [...stats.byRoute.entries()].filter(([k, v]) => k !== 'other paths' && v.ok === 0).map(([k]) => k);
      const notAimed = routes.map((r) => `${r.method} ${r.path}`).filter((k) => !stats.byRoute.has(k));
      lines.push(`fuzz: routes with a 2xx answer ${stats.byRoute.size - 1 - neverOk.length}/${routes.length}`);
      if (neverOk.length) lines.push(`fuzz: routes never answered 2xx: ${neverOk.join(', ')}`);
      const undocumented = [...stats.byRoute.entries()]
        .filter(([, v]) => v.undocumented.size)
        .map(([k, v]) => `${k} [${[...v.undocumented].sort().join(' ')}]`);
      if (undocumented.length)
        lines.push(`fuzz: statuses a well-formed request got but its route does not document: ${undocumented.join('; ')}`);
      console.log(lines.join('\n'));

      expect(notAimed).toEqual([]);
      expect(count).toBeGreaterThanOrEqual(RUNS);
      expect([...stats.byStatus.keys()].filter((s) => s >= 500)).toEqual([]);
    },
    120_000 + RUNS * 200,
  );
});

describe('requests the fuzz once broke on', () => {
  it('answers an over-long path parameter, a bad escape, a NUL character and broken multipart bodies in the error shape, not a 5xx', async () => {
    const cases = [
      { method: 'DELETE' as const, url: `/u1/api/deleteuser/${'a'.repeat(600)}`, status: 414 },
      { method: 'GET' as const, url: '/u1/api/checkuser/%zz', status: 400 },
      { method: 'POST' as const, url: '/u1/api/signin', payload: { mobileno: '\u0000', password: 'x' }, status: 400 },
    ];
    const admin = await t.signUpAndIn('ADMIN');
    const form = '--b\r\nContent-Disposition: form-data; name="productname"\r\n\r\nRuby\r\n--b--\r\n';
    for (const contentType of [
      'multipart/form-data; boundary=somethingelse',
      'multipart/form-data',
      `multipart/form-data; boundary=${'b'.repeat(300)}`,
    ]) {
      const res = await t.request({
        method: 'POST',
        url: '/p1/api/create',
        cookie: admin.cookie,
        headers: { 'content-type': contentType },
        payload: form,
      });
      expect(res.statusCode, contentType).toBe(400);
      expect(ErrorShape.safeParse(res.json()).success, res.body).toBe(true);
    }
    for (const c of cases) {
      const res = await t.request(c);
      expect(res.statusCode, c.url).toBe(c.status);
      expect(ErrorShape.safeParse(res.json()).success, res.body).toBe(true);
    }
  });

  it('deletes a user who has a paid order; the order stays, without its owner', async () => {
    const who = await identities(t.database, '73');
    await seedFixtures(t.database, who.people.user.id);
    const res = await t.request({
      method: 'DELETE',
      url: `/u1/api/deleteuser/${who.people.user.id}`,
      cookie: `sid=${who.people.admin.token}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.query<{ n: number }>(
      'select count(*)::int as n from orders o join checkouts c on c.id = o.checkout_id where o.user_id is null and c.user_id is null',
    );
    expect(Number(rows[0]?.n)).toBeGreaterThanOrEqual(1);
  });
});
