import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPglite, openPostgres } from '../server/db/client.js';
import { migrate } from '../server/db/migrate.js';
import { floodFilter, loopbackClient, percentile, procMemory, resetPeakMemory } from './lib/listing-flood.js';
import { growProducts, seedCatalogue } from './lib/seed.js';
import { ROOT, type ShopProcess, startShop, withDatabase } from './lib/server.js';

/**
 * npm run bench:listing-flood: what a flood of unique listing filters does to a shop's memory and to other
 * shoppers. For the embedded database and for PostgreSQL (a fresh database each run), with 10,000 products, the
 * shop runs as a real process in production mode with its default settings; first with the anonymous per-address
 * listing limit as shipped (`LISTING_QUERY_LIMIT` 300 a minute), then with it off (`0`), so the figures show what
 * the limit buys. Each run measures, while quiet, the server's RSS and the listing latency of other shoppers (4
 * connections from 127.0.0.1 asking for four ordinary listings in turn); then 8 clients from 127.0.0.2 (another
 * client address to the shop) ask for unique listing filters (min-prices, name searches, combinations) as fast as
 * they can while the other shoppers go on, and the server's peak RSS is sampled. The flood runs in a process of its
 * own, so its work does not slow the other shoppers' client. Prints a table with each goal met or missed: peak RSS
 * within the promise of docs/operations.md (about 170 MB at rest + ANSWER_CACHE_MB + LISTING_MEMO_MB + 24 MB of
 * kept pages), and the other shoppers' p99 under 100 ms during the flood. 20 s per phase (5 s with BENCH_QUICK=1);
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); BENCH_LISTING_FLOOD_PORT (default 3600).
 * Builds the web app first when dist/ has none (the shop serves it in production). Prints numbers only; nothing is
 * asserted.
 */
const QUICK = process.env.BENCH_QUICK === '1';
const SECONDS = QUICK ? 5 : 20;
const PRODUCTS = 10_000;
const FLOODERS = 8;
const SHOPPERS = 4;
const FLOOD_ADDRESS = '127.0.0.2';
const SHOPPER_ADDRESS = '127.0.0.1';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.BENCH_LISTING_FLOOD_PORT ?? 3600);
const MB = 1024 * 1024;
/** The shop's defaults (server/config.ts) and the rendered pages it keeps at most (docs/operations.md, Memory). */
const PROMISE = { atRest: 170, answerCache: 64, listingMemo: 16, pages: 24 };
const PROMISE_MB = PROMISE.atRest + PROMISE.answerCache + PROMISE.listingMemo + PROMISE.pages;
const P99_GOAL_MS = 100;
/** LISTING_QUERY_LIMIT's default (server/config.ts): listings worked out per anonymous address a minute. */
const SHIPPED_LIMIT = 300;
/** What other shoppers ask for: ordinary listings, each the same every time. */
const OTHERS = [
  '/p1/api/filter/all',
  '/p1/api/filter/gemstones-ruby',
  '/p1/api/filter/min-5000-max-50000-sort-asc',
  '/p1/api/filter/search-cushion',
];

type Latencies = { p50: number; p99: number; n: number; bad: number };
type Flood = { answered: number; refused: number; other: number; errors: number };
type Row = {
  database: string;
  limit: string;
  /** The per-address listing limit was on (as shipped). */
  limited: boolean;
  restMb: number;
  peakMb: number;
  flood: Flood;
  before: Latencies;
  during: Latencies;
};

/** SHOPPERS connections from SHOPPER_ADDRESS asking for OTHERS in turn until `until`. */
async function otherShoppers(base: string, until: number): Promise<Latencies> {
  const times: number[] = [];
  let bad = 0;
  await Promise.all(
    Array.from({ length: SHOPPERS }, async (_, c) => {
      const client = loopbackClient(base, SHOPPER_ADDRESS);
      try {
        for (let i = c; Date.now() < until; i++) {
          const res = await client.get(OTHERS[i % OTHERS.length] as string);
          times.push(res.ms);
          if (res.status !== 200) bad++;
        }
      } finally {
        client.close();
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), n: times.length, bad };
}

/** The flood process: FLOODERS clients from FLOOD_ADDRESS, unique filters, for `ms` after the word `go` on stdin. */
async function floodProcess(base: string, ms: number) {
  process.stdout.write('ready\n');
  await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
  const until = Date.now() + ms;
  const out: Flood = { answered: 0, refused: 0, other: 0, errors: 0 };
  let n = 0;
  await Promise.all(
    Array.from({ length: FLOODERS }, async () => {
      const client = loopbackClient(base, FLOOD_ADDRESS);
      while (Date.now() < until) {
        try {
          const res = await client.get(`/p1/api/filter/${floodFilter(n++)}`);
          if (res.status === 200) out.answered++;
          else if (res.status === 429) out.refused++;
          else out.other++;
        } catch {
          out.errors++;
        }
      }
      client.close();
    }),
  );
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

/** Starts the flood process and waits until it is ready; `go()` starts it and resolves with its counts. */
async function prepareFlood(base: string, ms: number) {
  const proc = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--flood', base, String(ms)], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  proc.stdout.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', resolve));
  for (let i = 0; i < 600 && !out.includes('ready\n'); i++) {
    if (proc.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  if (!out.includes('ready\n')) {
    proc.kill('SIGKILL');
    throw new Error(`the flood process did not start:\n${out}`);
  }
  return {
    async go(): Promise<Flood> {
      proc.stdin.end('go\n');
      const code = await exited;
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0) throw new Error(`the flood process exited ${code}:\n${out}`);
      return JSON.parse(line) as Flood;
    },
  };
}

/** One shop: quiet, then flooded; its memory sampled every 20 ms during the flood, and its VmHWM beside that. */
async function run(database: string, limit: string, env: Record<string, string | undefined>): Promise<Row> {
  const shop: ShopProcess = await startShop({
    port: PORT,
    env: {
      ...env,
      PAYMENTS: 'sandbox',
      // the shop's own defaults: the per-address connection cap and listing limit as shipped
      MAX_CONNECTIONS_PER_ADDRESS: undefined,
      LISTING_QUERY_LIMIT: limit === 'default' ? undefined : limit,
    },
    timeoutMs: 180_000,
  });
  try {
    const base = shop.url;
    // Warm-up, not counted: the other shoppers' listings once into the answer cache, and the JIT.
    const warm = loopbackClient(base, SHOPPER_ADDRESS);
    for (let i = 0; i < 40; i++) {
      const res = await warm.get(OTHERS[i % OTHERS.length] as string);
      if (res.status !== 200) throw new Error(`${OTHERS[i % OTHERS.length]} answered ${res.status}`);
    }
    warm.close();

    const before = await otherShoppers(base, Date.now() + SECONDS * 1000);
    const restMb = shop.rss() / MB;
    const flood = await prepareFlood(base, SECONDS * 1000);
    const pid = shop.proc.pid;
    const hwm = resetPeakMemory(pid);
    let peak = shop.rss();
    const sampler = setInterval(() => {
      peak = Math.max(peak, shop.rss());
    }, 20);
    const [during, counts] = await Promise.all([otherShoppers(base, Date.now() + SECONDS * 1000), flood.go()]);
    clearInterval(sampler);
    peak = Math.max(peak, shop.rss(), hwm ? procMemory(pid, 'VmHWM') : 0);
    const row: Row = {
      database,
      limit: limit === 'default' ? `${SHIPPED_LIMIT} (default)` : `${limit} (off)`,
      limited: limit === 'default',
      restMb,
      peakMb: peak / MB,
      flood: counts,
      before,
      during,
    };
    console.log(
      `  ${database}, LISTING_QUERY_LIMIT ${row.limit}: done${hwm ? '' : ' (VmHWM could not be reset: peak from polling only)'}`,
    );
    return row;
  } finally {
    await shop.stop();
  }
}

const LIMITS = ['default', '0'];

async function embedded(): Promise<Row[]> {
  const seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listing-flood-seed-'));
  const rows: Row[] = [];
  try {
    const t = Date.now();
    const database = await openPglite({ dataDir: seedDir });
    try {
      await migrate(database);
      // seedCatalogue and growProducts ask only for client.query(text, params) → { rows }, which PGlite answers alike.
      const client = database.pglite as unknown as pg.Client;
      await seedCatalogue(client);
      await growProducts(client, PRODUCTS);
    } finally {
      await database.close();
    }
    console.log(
      `embedded database: ${PRODUCTS.toLocaleString('en-US')} products seeded in ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );
    for (const limit of LIMITS) {
      // Each run on its own copy of the seeded database, so one run's rate-limit counters and tables are not the next's.
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listing-flood-run-'));
      fs.cpSync(seedDir, dataDir, { recursive: true });
      try {
        rows.push(await run('embedded', limit, { DATA_DIR: dataDir }));
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    fs.rmSync(seedDir, { recursive: true, force: true });
  }
  return rows;
}

async function postgres(): Promise<Row[]> {
  const rows: Row[] = [];
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    for (const limit of LIMITS) {
      // A fresh database per run, as for the embedded one.
      const dbName = `shop_listing_flood_${process.pid}_${limit === 'default' ? 'limit' : 'nolimit'}`;
      await admin.query(`create database ${dbName}`);
      const url = withDatabase(PG_URL, dbName);
      try {
        const t = Date.now();
        const database = await openPostgres(url, 1);
        await migrate(database);
        await database.close();
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          await seedCatalogue(client);
          await growProducts(client, PRODUCTS);
        } finally {
          await client.end();
        }
        console.log(
          `PostgreSQL: ${PRODUCTS.toLocaleString('en-US')} products seeded in ${((Date.now() - t) / 1000).toFixed(1)} s`,
        );
        rows.push(await run('PostgreSQL', limit, { DATABASE_URL: url }));
      } finally {
        await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
      }
    }
  } finally {
    await admin.end();
  }
  return rows;
}

const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
const mb = (x: number) => x.toFixed(0);

function print(rows: Row[]) {
  const header = [
    'database',
    'LISTING_QUERY_LIMIT',
    'RSS quiet MB',
    'peak RSS in flood MB',
    'promise MB',
    'flood answered',
    'refused (429)',
    'others p50/p99 quiet ms',
    'others p50/p99 in flood ms',
    `peak RSS ≤ ${PROMISE_MB} MB`,
    `others p99 < ${P99_GOAL_MS} ms`,
  ];
  const lines = rows.map((r) => [
    r.database,
    r.limit,
    mb(r.restMb),
    `${mb(r.peakMb)} (${r.peakMb >= r.restMb ? '+' : '−'}${mb(Math.abs(r.peakMb - r.restMb))})`,
    String(PROMISE_MB),
    String(r.flood.answered),
    String(r.flood.refused),
    `${ms(r.before.p50)} / ${ms(r.before.p99)}`,
    `${ms(r.during.p50)} / ${ms(r.during.p99)}`,
    r.peakMb <= PROMISE_MB ? 'met' : 'missed',
    r.during.p99 < P99_GOAL_MS ? 'met' : 'missed',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(' | ')} |`;
  console.log();
  console.log(
    `Unique-filter flood: ${FLOODERS} clients from ${FLOOD_ADDRESS} for ${SECONDS} s; other shoppers: ${SHOPPERS} connections from ${SHOPPER_ADDRESS}; ${PRODUCTS.toLocaleString('en-US')} products`,
  );
  console.log(
    `promise: about ${PROMISE.atRest} MB at rest + ANSWER_CACHE_MB ${PROMISE.answerCache} + LISTING_MEMO_MB ${PROMISE.listingMemo} + ${PROMISE.pages} MB of kept pages (docs/operations.md, Memory; ` +
      'stated there for a copy on PostgreSQL, and held here to the embedded database too)',
  );
  console.log(fmt(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const l of lines) console.log(fmt(l));
  for (const r of rows) {
    const notes = [
      r.flood.other ? `${r.flood.other} flood answers neither 200 nor 429` : '',
      r.flood.errors ? `${r.flood.errors} flood requests failed` : '',
      r.before.bad + r.during.bad ? `${r.before.bad + r.during.bad} other shoppers' answers not 200` : '',
      r.restMb > PROMISE_MB ? `already ${mb(r.restMb)} MB with no flood` : '',
      r.before.p99 >= P99_GOAL_MS
        ? `others' p99 was already ${ms(r.before.p99)} ms with no flood: the machine is too busy for the latency goal to be judged`
        : '',
      r.limited && r.flood.refused === 0
        ? `the flood asked only ${r.flood.answered + r.flood.other} listings in ${SECONDS} s, within the ${SHIPPED_LIMIT} a minute the limit lets through: it never came into play`
        : '',
    ].filter(Boolean);
    if (notes.length) console.log(`${r.database}, LISTING_QUERY_LIMIT ${r.limit}: ${notes.join('; ')}`);
  }
  console.log(`(other shoppers' requests: ${rows.map((r) => `${r.before.n} quiet / ${r.during.n} in flood`).join(', ')})`);
  console.log(
    `(load average at the end: ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')} on ${os.availableParallelism()} cores)`,
  );
}

async function main() {
  if (process.argv[2] === '--flood') {
    await floodProcess(process.argv[3] as string, Number(process.argv[4]));
    return;
  }
  if (
    !fs.existsSync(path.join(ROOT, 'dist', 'ssr', 'entry-server.js')) ||
    !fs.existsSync(path.join(ROOT, 'dist', 'web', 'index.html'))
  ) {
    console.log('building the web app and its server renderer…');
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-web.ts', '--quiet'], { cwd: ROOT, stdio: 'inherit' });
  }
  const rows = [...(await embedded()), ...(await postgres())];
  print(rows);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
