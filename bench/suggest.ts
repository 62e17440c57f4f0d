import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openPostgres } from '../server/db/client.js';
import { migrate } from '../server/db/migrate.js';
import { suggest } from '../server/features/products/search.js';
import { growProducts, seedCatalogue } from './lib/seed.js';
import { withDatabase } from './lib/server.js';

/**
 * Header search suggestions on 10,000 products (PostgreSQL, fresh database): the time of each query as the
 * route runs it (one transaction, three statements), 200 runs each after a warm-up; prints p50, p95 and max.
 *   node --import tsx bench/suggest.ts        (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 */
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const QUERIES = ['ru', 'rubi', 'yelow saphire', 'manik', 'pukhraj', 'neelam', 'emrald ring', 'natural ruby oval 5123', 'zzqx'];
const RUNS = 200;

async function main() {
  const dbName = `shop_suggest_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = withDatabase(PG_URL, dbName);
  try {
    const database = await openPostgres(url, 1);
    await migrate(database);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await seedCatalogue(client);
    await growProducts(client, 10_000);
    await client.query('analyze');
    await client.end();
    console.log('query                      p50 ms  p95 ms  max ms  products');
    for (const q of QUERIES) {
      for (let i = 0; i < 20; i++) await suggest(database.db, q);
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        found = (await suggest(database.db, q)).products.length;
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const at = (p: number) => (times[Math.min(times.length - 1, Math.floor(p * times.length))] as number).toFixed(2);
      console.log(`${q.padEnd(26)} ${at(0.5).padStart(6)}  ${at(0.95).padStart(6)}  ${at(1).padStart(6)}  ${found}`);
    }
    await database.close();
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
