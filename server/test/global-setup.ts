import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client.js';
import { migrate } from '../db/migrate.js';

/**
 * Migrates one database once for the whole run: a PGlite data dump every test file loads, or,
 * when TEST_DATABASE_URL is set, a PostgreSQL template database every test file copies.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `shop_tpl_${process.pid}`;
    const admin = await openPostgres(url, 1);
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const tpl = await openPostgres(withDatabase(url, template), 1);
    await migrate(tpl);
    await tpl.close();
    project.provide('pgTemplate', template);
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`).catch(() => {});
      await admin.close();
    };
  }
  const db = await openPglite({ memory: true });
  await migrate(db);
  // Not compressed: every test file loads it, and gunzipping it took about a fifth of a fresh database's start.
  const file = path.join(os.tmpdir(), `shop-test-${process.pid}.tar`);
  const blob = await (db.pglite as NonNullable<typeof db.pglite>).dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await db.close();
  project.provide('pgliteDump', file);
  return () => fs.rmSync(file, { force: true });
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
  }
}
