import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../db/client.js';
import { createTestApp, freshDatabase, onPostgres, type TestApp } from '../test/helpers.js';
import { isDatabaseOverloaded, OVERLOAD_RETRY_SECONDS } from './errors.js';

/**
 * More requests at once than the database has connections for. On PostgreSQL a request that waits too long for
 * one of the pool's connections is answered 503 with Retry-After, in the API's error shape (never 500). PGlite
 * has a single connection that queues every query without a time limit, so there the same burst simply waits its
 * turn and every request is answered.
 */
describe(`a burst beyond the database's connections (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let base: Database & { url?: string };
  let t: TestApp;
  let small: Database | undefined;
  beforeAll(async () => {
    base = await freshDatabase();
    // On PostgreSQL: a pool of one connection that waits 300 ms for it.
    small = base.url ? await openPostgres(base.url, 1, 300) : undefined;
    t = await createTestApp({}, { database: small ?? base });
  });
  afterAll(async () => {
    await t?.close();
    if (small) await base.close();
  });

  /** Holds the pool's only connection (PGlite: the one connection) until the returned function is called. */
  async function holdConnection(database: Database) {
    let release = () => {};
    const released = new Promise<void>((r) => {
      release = r;
    });
    let held = () => {};
    const holding = new Promise<void>((r) => {
      held = r;
    });
    const done = database.withLock(4242, async () => {
      held();
      await released;
    });
    await holding;
    return async () => {
      release();
      await done;
    };
  }

  it(
    onPostgres
      ? 'is answered 503 with Retry-After while no connection comes free in time, and served once one does'
      : 'waits for the one connection and every request is answered',
    async () => {
      if (small) {
        const release = await holdConnection(small);
        const res = await t.request({ method: 'GET', url: '/p1/api/categories' });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe(String(OVERLOAD_RETRY_SECONDS));
        expect(res.json()).toEqual({ success: false, message: expect.stringMatching(/busy/) });
        await release();
        expect((await t.request({ method: 'GET', url: '/p1/api/categories' })).statusCode).toBe(200);
      } else {
        const answers = await Promise.all(
          Array.from({ length: 30 }, () => t.request({ method: 'GET', url: '/p1/api/categories' })),
        );
        expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
      }
    },
  );
});

describe('the database being overloaded', () => {
  it('is told from the errors the drivers throw, wrapped or not', () => {
    const poolWait = new Error('timeout exceeded when trying to connect');
    expect(isDatabaseOverloaded(poolWait)).toBe(true);
    expect(isDatabaseOverloaded(new Error('Failed query: select 1', { cause: poolWait }))).toBe(true);
    expect(isDatabaseOverloaded(new Error('Connection terminated due to connection timeout'))).toBe(true);
    expect(isDatabaseOverloaded(Object.assign(new Error('sorry, too many clients already'), { code: '53300' }))).toBe(true);
    expect(isDatabaseOverloaded(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseOverloaded(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseOverloaded(new Error('boom'))).toBe(false);
    expect(isDatabaseOverloaded(undefined)).toBe(false);
  });
});
