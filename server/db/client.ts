import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What `db.transaction(fn)` hands to fn; has the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs fn on one connection while holding a PostgreSQL advisory lock (migrations, seeding). */
  withLock<T>(key: number, fn: (db: DbOrTx) => Promise<T>): Promise<T>;
  /** Plain SQL with rows, for the few places that need it (health checks, EXPLAIN in tests). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
  /**
   * Hears `channel` (PostgreSQL LISTEN): `onMessage` gets each payload, in commit order. On PostgreSQL this is a
   * connection of its own, outside the pool; when it is lost `onReset(false)` is called at once, and
   * `onReset(true)` once it listens (again: notifications in between were missed). PGlite delivers its own
   * notifications in-process, right after the committing statement. Resolves once listening; the function it
   * resolves to stops.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onReset: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  /** The embedded engine, when this is PGlite (tests dump and reload it). */
  pglite?: PGlite;
}

export class DataDirLockedError extends Error {}

/** PGlite takes no lock of its own: two processes on one data directory would corrupt it. */
function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, 'shop.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(lockFile, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The embedded database in ${dir} is in use by another process (pid ${pid}); stop it first or set DATA_DIR`,
        );
      }
      fs.rmSync(lockFile, { force: true }); // stale lock of a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}`);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A data directory (filled from `loadDataDir` when it holds no database yet), a dump in memory, or an empty one in memory. */
type PgliteSource = { dataDir: string; loadDataDir?: Blob } | { loadDataDir: Blob } | { memory: true };

/** @forTests restart and migration tests reopen the same data directory, as the server does after a restart */
export async function openPglite(source: PgliteSource): Promise<Database> {
  // Loaded only here: a shop on PostgreSQL never holds the embedded engine (about 45 MB of memory).
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  let unlock = () => {};
  let client: PGlite;
  const extensions = { pg_trgm };
  if ('dataDir' in source) {
    unlock = lockDataDir(source.dataDir);
    try {
      client = await PGlite.create({ dataDir: path.join(source.dataDir, 'db'), loadDataDir: source.loadDataDir, extensions });
    } catch (err) {
      unlock();
      throw err;
    }
  } else if ('loadDataDir' in source) {
    client = await PGlite.create({ loadDataDir: source.loadDataDir, extensions });
  } else {
    client = await PGlite.create({ extensions });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    // One connection, one process: PGlite serialises everything already.
    withLock: (_key, fn) => fn(db),
    async query<T>(text: string, params?: unknown[]) {
      const res = await client.query(text, params as never[]);
      return res.rows as T[];
    },
    async listen(channel, onMessage, onReset) {
      const stop = await client.listen(channel, onMessage);
      onReset(true);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * How long a query waits for a free connection of the pool (or for a new one to open) before its request is
 * answered 503 with Retry-After (server/http/errors.ts): long enough for a burst to drain.
 */
const POOL_WAIT_MS = 10_000;

export async function openPostgres(url: string, poolSize = 10, poolWaitMs = POOL_WAIT_MS): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: poolWaitMs });
  pool.on('error', () => {}); // an idle client losing its server must not crash the process
  // bigint and numeric come back as strings by default; counts and sums fit in a JS number
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    async withLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn(drizzlePg(client, { schema }) as unknown as Db);
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    async query<T>(text: string, params?: unknown[]) {
      const res = await pool.query(text, params);
      return res.rows as T[];
    },
    listen: (channel, onMessage, onReset) => listenPostgres(url, channel, onMessage, onReset),
    close: () => pool.end(),
  };
}

/** LISTEN on a dedicated connection, connecting again (after 0.1 s, doubling up to 5 s) when it is lost. */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onReset: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = 100;
  const connect = async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      client.removeAllListeners('notification');
      client.end().catch(() => {});
      if (current === client) current = undefined;
      if (stopped) return;
      onReset(false);
      retry = setTimeout(reconnect, delay);
      retry.unref();
      delay = Math.min(delay * 2, 5000);
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      onLost();
      throw err;
    }
    current = client;
    delay = 100;
    onReset(true);
  };
  const reconnect = () => {
    retry = undefined;
    if (!stopped) connect().catch(() => {});
  };
  // A first attempt that fails is tried again like a lost connection (onReset(true) once it listens).
  await connect().catch(() => {});
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await current?.end().catch(() => {});
  };
}

export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite({ dataDir: opts.dataDir });
}

export async function ping(database: Database) {
  await database.db.execute(sql`select 1`);
}

/** Runs raw SQL through drizzle and returns its rows, whichever driver is underneath. */
export async function execRows<T>(db: DbOrTx, query: SQL): Promise<{ rows: T[] }> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return { rows: res.rows };
}
