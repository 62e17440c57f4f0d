import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { type AppOptions, buildApp } from '../app.js';
import { parseConfig } from '../config.js';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import { createUser } from '../features/auth/service.js';
import { withDatabase } from './global-setup.js';

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Ports free on 127.0.0.1 now (all different), for shop processes a test starts. Never fixed numbers: another
 * run of the suite on the same machine would listen there too, and a test could then talk to the other run's shop.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => net.createServer());
  await Promise.all(
    servers.map((s) => new Promise<void>((resolve, reject) => s.once('error', reject).listen(0, '127.0.0.1', resolve))),
  );
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

/** One port free on 127.0.0.1 now (see freePorts). */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port as number;
}

/** A fresh, migrated database for one test file: a copy of the run's template. */
export async function freshDatabase(): Promise<Database & { url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `shop_t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = await openPostgres(url, 1);
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
        break;
      } catch (err) {
        if (attempt > 20) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    const database: Database & { url?: string } = await openPostgres(withDatabase(url, name), 20);
    // A second pool on the same database stands for a second server (see the outbox tests).
    database.url = withDatabase(url, name);
    const close = database.close;
    database.close = async () => {
      await close();
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.close();
    };
    return database;
  }
  dump ??= new Blob([fs.readFileSync(inject('pgliteDump'))]);
  return openPglite({ loadDataDir: dump });
}
/** The migrated database every file of this worker starts from, read once (a Blob cannot change). */
let dump: Blob | undefined;

/**
 * A temporary DATA_DIR for a shop process a test starts. On the embedded database it already holds the migrated
 * database (the run's dump), so the process does not migrate an empty one first: about 8 s of CPU per start, and
 * nothing these tests are about (the journeys' shops still start from an empty directory, as a new shop does). On
 * PostgreSQL the directory is empty: the database is a copy of the template.
 */
export async function migratedDataDir(prefix: string): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (!onPostgres) {
    dump ??= new Blob([fs.readFileSync(inject('pgliteDump'))]);
    await (await openPglite({ dataDir, loadDataDir: dump })).close();
  }
  return dataDir;
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** DATA_DIR of this app (a temporary directory unless the test set one). */
  dataDir: string;
  close(): Promise<void>;
  /** Creates a user directly and signs in through HTTP; returns the session cookie header value. */
  signUpAndIn(
    role?: 'USER' | 'ADMIN',
    overrides?: { mobileno?: string; password?: string; fullname?: string },
  ): Promise<TestUser>;
  request(opts: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
};
export type TestUser = { id: string; cookie: string; mobileno: string; password: string; fullname: string };

let counter = 0;
export function uniqueMobile() {
  counter += 1;
  return `7${String(process.pid % 10000).padStart(4, '0')}${String(counter + Math.floor(Math.random() * 1000) * 100).padStart(5, '0')}`.slice(
    0,
    10,
  );
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: Partial<Omit<AppOptions, 'config' | 'database'>> & { database?: Database } = {},
): Promise<TestApp> {
  const database = options.database ?? (await freshDatabase());
  // Media and anything else on disk go to a temporary directory of this app's own.
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  const config = parseConfig({
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
    DATA_DIR: dataDir,
  });
  // Pages are the plain shell unless a test brings a renderer (the build in dist/ may or may not exist).
  const app = await buildApp({ config, database, jobs: false, rendererFile: null, ...options });
  await app.ready();
  const request = (opts: InjectOptions & { cookie?: string }) => {
    const { cookie, headers, ...rest } = opts;
    return app.inject({ ...rest, headers: { ...(headers ?? {}), ...(cookie ? { cookie } : {}) } });
  };
  return {
    app,
    database,
    request,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async signUpAndIn(role = 'USER', overrides = {}) {
      const mobileno = overrides.mobileno ?? uniqueMobile();
      const password = overrides.password ?? 'correct horse battery';
      const fullname = overrides.fullname ?? `Test ${role === 'ADMIN' ? 'Admin' : 'Shopper'} ${mobileno.slice(-4)}`;
      const user = await createUser(database.db, { fullname, mobileno, password, role });
      const res = await request({ method: 'POST', url: '/u1/api/signin', payload: { mobileno, password } });
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
      const cookie = sessionCookie(res);
      return { id: user.id, cookie, mobileno, password, fullname };
    },
  };
}

/** The `sid=…` pair from a response's Set-Cookie, ready for a Cookie header. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'sid');
  if (!c) throw new Error('no session cookie set');
  return `sid=${c.value}`;
}
