import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './client.js';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Advisory lock key: two servers starting together never migrate at the same time. */
const MIGRATION_LOCK = 0x5a0b_0001;

type Journal = { entries: { idx: number; tag: string }[] };

/** @forTests migration tests apply the migrations one by one to check data written by older ones */
export function listMigrations() {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as Journal;
  return journal.entries
    .sort((a, b) => a.idx - b.idx)
    .map((e) => ({
      tag: e.tag,
      statements: fs
        .readFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), 'utf8')
        .split('--> statement-breakpoint')
        .map((s) => s.trim())
        .filter((s) => s.replace(/^--.*$/gm, '').trim().length > 0),
    }));
}

/** Applies the committed SQL migrations in order, each in its own transaction, under a lock. Returns the tags applied. */
export async function migrate(database: Database): Promise<string[]> {
  return database.withLock(MIGRATION_LOCK, async (db) => {
    await db.execute(
      sql.raw('create table if not exists app_migrations (tag text primary key, applied_at timestamptz not null default now())'),
    );
    const done = new Set(
      ((await db.execute(sql.raw('select tag from app_migrations'))) as unknown as { rows: { tag: string }[] }).rows.map(
        (r) => r.tag,
      ),
    );
    const applied: string[] = [];
    for (const m of listMigrations()) {
      if (done.has(m.tag)) continue;
      await db.transaction(async (tx) => {
        for (const statement of m.statements) await tx.execute(sql.raw(statement));
        await tx.execute(sql`insert into app_migrations (tag) values (${m.tag})`);
      });
      applied.push(m.tag);
    }
    return applied;
  });
}
