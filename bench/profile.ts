import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openPostgres } from '../server/db/client.js';
import { migrate } from '../server/db/migrate.js';
import { growProducts, seedCatalogue } from './lib/seed.js';
import { startShop, withDatabase } from './lib/server.js';

/**
 * Where a request's time goes: runs the shop under V8's CPU profiler on 10,000 products, loads one path
 * with autocannon (50 connections, 10 s), and prints self time by package and the top functions.
 *   node --import tsx bench/profile.ts [/p1/api/filter/all]
 */
const PATH = process.argv[2] ?? '/p1/api/filter/all';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = 3229;

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

function packageOf(url: string) {
  if (!url) return '(native / GC / idle)';
  if (url.startsWith('node:')) return 'node core';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1] as string;
  const local = /\/(server|contract|bench)\/(.*)$/.exec(url);
  return local ? `shop: ${local[1]}/${local[2]?.split('/').slice(0, 2).join('/')}` : url;
}

async function main() {
  const dbName = `shop_profile_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = withDatabase(PG_URL, dbName);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-prof-'));
  try {
    const database = await openPostgres(url, 1);
    await migrate(database);
    await database.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await seedCatalogue(client);
    await growProducts(client, 10_000);
    await client.end();
    const shop = await startShop({
      port: PORT,
      env: { DATABASE_URL: url, PAYMENTS: 'sandbox', ANSWER_CACHE_MB: process.env.ANSWER_CACHE_MB },
      nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
    });
    await autocannon({ url: shop.url + PATH, connections: 10, duration: 2 });
    const result = await autocannon({ url: shop.url + PATH, connections: 50, duration: 10 });
    await shop.stop('SIGTERM');
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('no profile written');
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Profile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const selfByPackage = new Map<string, number>();
    const selfByFunction = new Map<string, number>();
    let total = 0;
    // Only the measured 10 seconds (the profile ends at shutdown, just after them): no start-up compile.
    const from = profile.endTime - 11_000_000;
    let at = profile.startTime;
    profile.samples.forEach((id, i) => {
      const dt = profile.timeDeltas[i] ?? 0;
      at += dt;
      if (at < from) return;
      const node = byId.get(id);
      if (!node) return;
      const { functionName, url: src, lineNumber } = node.callFrame;
      if (functionName === '(idle)' || functionName === '(program)') return;
      total += dt;
      const pkg = functionName === '(garbage collector)' ? '(garbage collector)' : packageOf(src);
      selfByPackage.set(pkg, (selfByPackage.get(pkg) ?? 0) + dt);
      const fn = `${functionName || '(anonymous)'} ${packageOf(src)}:${lineNumber + 1}`;
      selfByFunction.set(fn, (selfByFunction.get(fn) ?? 0) + dt);
    });
    console.log(`${PATH}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms while profiled`);
    console.log(
      `busy CPU time in the shop process during the measured 10 s: ${(total / 1e6).toFixed(1)} s; self time by package:`,
    );
    for (const [k, v] of [...selfByPackage.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
      console.log(`  ${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`);
    }
    console.log('top functions (self time):');
    for (const [k, v] of [...selfByFunction.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
      console.log(`  ${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`);
    }
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
