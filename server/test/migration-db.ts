import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import { listMigrations } from '../db/migrate.js';
import { withDatabase } from './global-setup.js';

/**
 * A database of its own — a new PostgreSQL database when the suite runs on PostgreSQL, else an in-memory PGlite —
 * carrying every migration whose tag sorts before `before` and nothing later, so a test can write data the way an
 * older shop did and then run `migrate` over it. `close` ends it and drops the PostgreSQL database.
 */
export async function databaseBefore(before: string) {
  const url = process.env.TEST_DATABASE_URL;
  let database: Database;
  let drop = async () => {};
  if (url) {
    const name = `shop_mig_${crypto.randomBytes(5).toString('hex')}`;
    const admin = await openPostgres(url, 1);
    await admin.query(`create database ${name}`);
    database = await openPostgres(withDatabase(url, name), 2);
    drop = async () => {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.close();
    };
  } else {
    database = await openPglite({ memory: true });
  }
  const q = (statement: string) => database.db.execute(sql.raw(statement));
  await q('create table if not exists app_migrations (tag text primary key, applied_at timestamptz not null default now())');
  for (const m of listMigrations()) {
    if (m.tag >= before) continue;
    for (const statement of m.statements) await q(statement);
    await q(`insert into app_migrations (tag) values ('${m.tag}')`);
  }
  return {
    database,
    q,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}
