// @postgres: the CSV export pages through the orders in SQL (keyset) while it streams
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkouts, orders } from '../../db/schema.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';

/** A database that fails part-way through an export: the next batch read throws once this is set. */
const fault = vi.hoisted(() => ({ afterRows: -1 }));
vi.mock('./service.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./service.js')>();
  return {
    ...real,
    async *exportOrders(...args: Parameters<typeof real.exportOrders>) {
      let n = 0;
      for await (const row of real.exportOrders(...args)) {
        if (fault.afterRows >= 0 && n >= fault.afterRows) throw new Error('connection to the database lost');
        n += 1;
        yield row;
      }
    },
  };
});

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAndIn('ADMIN');
  for (let i = 0; i < 3; i++) {
    const providerOrderId = `order_${crypto.randomBytes(7).toString('hex')}`;
    const [checkout] = await t.database.db
      .insert(checkouts)
      .values({
        userId: admin.id,
        provider: 'sandbox',
        providerOrderId,
        amountPaise: 10_000,
        status: 'placed',
        lines: [],
        holdExpiresAt: new Date(Date.now() + 15 * 60_000),
      })
      .returning();
    await t.database.db.insert(orders).values({
      userId: admin.id,
      checkoutId: checkout!.id,
      razorpayOrderId: providerOrderId,
      razorpayPaymentId: `pay_FAULT${i}`,
      totalPaise: 10_000,
      paymentstatus: 'Paid',
      deliverystatus: 'pending',
      shippinginfo: {
        fullname: 'Asha Verma',
        mobileno: '9876543210',
        address: '12 Mall Road',
        city: 'Ludhiana',
        pincode: '141001',
      },
    });
  }
});
afterAll(() => t.close());

const get = (url: string) => t.request({ method: 'GET', url, cookie: admin.cookie });

describe('orders CSV export, hostile filters and failures', () => {
  it('refuses what the JSON list refuses, with the same 400 answer, before any byte of CSV', async () => {
    for (const q of [
      'startDate=0000-01-01',
      'endDate=0000-12-31',
      'endDate=9999-12-31',
      'startDate=-2021-01-01',
      'search=%00',
      'search=ab%00cd',
      'search=%1B%5B2J',
      'startDate=2021-01-01&search=%00',
    ]) {
      const list = await get(`/o1/api/admin/orders?${q}`);
      const csv = await get(`/o1/api/admin/orders/export.csv?${q}`);
      expect(list.statusCode, `list ${q}`).toBe(400);
      expect(csv.statusCode, `csv ${q}`).toBe(400);
      expect(csv.headers['content-type'], q).toMatch(/^application\/json/);
      expect(csv.json(), q).toEqual(list.json());
      expect(csv.json().success).toBe(false);
      expect(csv.json().errors?.length, q).toBeGreaterThan(0);
    }
  });

  it('still exports the widest real range', async () => {
    const res = await get('/o1/api/admin/orders/export.csv?startDate=1900-01-01&endDate=2999-12-31&search=pay_FAULT');
    expect(res.statusCode).toBe(200);
    expect(res.body.trim().split('\r\n')).toHaveLength(4);
    const list = await get('/o1/api/admin/orders?startDate=1900-01-01&endDate=2999-12-31&search=pay_FAULT');
    expect(list.json().pagination.totalOrders).toBe(3);
  });

  it('a database failure before the first row is a 500 in the error shape, not an empty CSV', async () => {
    fault.afterRows = 0;
    try {
      const res = await get('/o1/api/admin/orders/export.csv');
      expect(res.statusCode).toBe(500);
      expect(res.json().success).toBe(false);
    } finally {
      fault.afterRows = -1;
    }
  });

  describe('a failure mid-stream', () => {
    let base: string;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });

    /** Reads the whole answer over a real connection: a clean end, or the error the client saw. */
    const fetchRaw = (encoding: string) =>
      new Promise<{ status: number; ended: boolean; error: string | null; body: string }>((resolve) => {
        const req = http.get(
          `${base}/o1/api/admin/orders/export.csv`,
          { headers: { cookie: admin.cookie, 'accept-encoding': encoding } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const raw = Buffer.concat(chunks);
              const body = res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw;
              resolve({ status: res.statusCode ?? 0, ended: true, error: null, body: body.toString() });
            });
            res.on('error', (err) =>
              resolve({ status: res.statusCode ?? 0, ended: false, error: err.message, body: Buffer.concat(chunks).toString() }),
            );
          },
        );
        req.on('error', (err) => resolve({ status: 0, ended: false, error: err.message, body: '' }));
      });

    for (const encoding of ['identity', 'gzip']) {
      it(`is cut off as an error the client sees, never a clean end (${encoding})`, async () => {
        fault.afterRows = 1;
        try {
          const res = await fetchRaw(encoding);
          // the rows already sent (if any) went out, the end never comes: the client sees an error
          expect(res.ended).toBe(false);
          expect(res.error).toMatch(/aborted|ECONNRESET|socket hang up|terminated/i);
        } finally {
          fault.afterRows = -1;
        }
      });
    }

    it('ends cleanly when nothing fails', async () => {
      const res = await fetchRaw('identity');
      expect(res.status).toBe(200);
      expect(res.ended).toBe(true);
      expect(res.body.trim().split('\r\n').length).toBeGreaterThanOrEqual(4);
    });
  });
});
