import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, type ShopProcess, startShop } from './lib/server.js';

/**
 * npm run bench:flood: the API's median latency (GET /p1/api/filter/all, one request at a time) while the
 * shop is quiet, and while 16 clients ask for pages at addresses nobody asked for before, as an attacker's
 * scanner does. Two kinds of flood: made-up addresses (`/wp-login-123`, a name search that finds nothing:
 * answered from one render) and addresses each rendered on their own (`/Nothing-Here-123`, upper case), and
 * for comparison the same flood on the listing API (`/p1/api/filter/wp-admin-123`), with no page at all. Run
 * with each PAGE_RENDER_LIMIT of BENCH_LIMITS (default `0,60`: no limit, and a limit low enough to be passed
 * within a short run; the shop's default is 300 a minute per address; past it pages are the plain shell),
 * on the embedded database with the demo catalogue. Builds the web app (with its server renderer) first when
 * dist/ has none. BENCH_SECONDS (default 8) per phase; BENCH_FLOOD_PORT (default 3232). Prints numbers only;
 * nothing is asserted.
 */
const PORT = Number(process.env.BENCH_FLOOD_PORT ?? 3232);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const FLOODERS = 16;

type Stats = { median: number; p95: number; n: number };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

/** Asks for `url` one request at a time until `until`; latencies in ms. */
async function probe(base: string, until: number): Promise<Stats> {
  const times: number[] = [];
  while (Date.now() < until) {
    const t0 = performance.now();
    const res = await fetch(`${base}/p1/api/filter/all`);
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 0.5), p95: percentile(times, 0.95), n: times.length };
}

/** FLOODERS clients asking for a new address each time until `until`; how many pages came rendered or as the shell. */
async function flood(base: string, until: number, address: (n: number) => string) {
  let n = 0;
  let rendered = 0;
  let shells = 0;
  const client = async () => {
    while (Date.now() < until) {
      const res = await fetch(base + address(n++), { headers: { accept: 'text/html' } });
      const html = await res.text();
      if (html.includes('<script id="boot-data"')) rendered++;
      else if (html.includes('<div id="root"></div>')) shells++;
    }
  };
  await Promise.all(Array.from({ length: FLOODERS }, client));
  return { pages: n, rendered, shells };
}

const ms = (x: number) => `${x.toFixed(1)} ms`;

async function phases(shop: ShopProcess, label: string) {
  const base = shop.url;
  // Warm up: the renderer, the catalogue names, the listing.
  for (let i = 0; i < 20; i++) await (await fetch(`${base}/p1/api/filter/all`)).arrayBuffer();
  await (await fetch(`${base}/all`)).text();
  await (await fetch(`${base}/warm-up-page`)).text();

  const quiet = await probe(base, Date.now() + SECONDS * 1000);
  console.log(`${label}: API median ${ms(quiet.median)} (p95 ${ms(quiet.p95)}, ${quiet.n} requests) with no flood`);
  const run = Date.now().toString(36);
  for (const [kind, address] of [
    ['made-up addresses', (n: number) => `/wp-login-${run}x${n}`],
    ['addresses rendered on their own', (n: number) => `/Nothing-Here-${run}x${n}`],
    // For comparison: the same flood on the listing API itself, which no page limit covers.
    ['the listing API at made-up searches (no page)', (n: number) => `/p1/api/filter/wp-admin-${run}x${n}`],
  ] as const) {
    const until = Date.now() + SECONDS * 1000;
    const [api, pages] = await Promise.all([probe(base, until), flood(base, until, address)]);
    console.log(
      `${label}: API median ${ms(api.median)} (p95 ${ms(api.p95)}, ${api.n} requests) while ${FLOODERS} clients ask for ${kind}: ` +
        `${pages.pages} answers, ${pages.rendered} server-rendered pages, ${pages.shells} plain shells`,
    );
  }
}

async function main() {
  if (
    !fs.existsSync(path.join(ROOT, 'dist', 'ssr', 'entry-server.js')) ||
    !fs.existsSync(path.join(ROOT, 'dist', 'web', 'index.html'))
  ) {
    console.log('building the web app and its server renderer…');
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-web.ts', '--quiet'], { cwd: ROOT, stdio: 'inherit' });
  }
  for (const limit of (process.env.BENCH_LIMITS ?? '0,60').split(',').map((s) => s.trim())) {
    const label = `PAGE_RENDER_LIMIT=${limit}`;
    const shop = await startShop({
      port: PORT,
      env: { NODE_ENV: 'production', PAYMENTS: 'sandbox', SEED_DEMO: 'true', PAGE_RENDER_LIMIT: limit, LISTING_QUERY_LIMIT: '0' },
      timeoutMs: 180_000,
    });
    try {
      await phases(shop, label);
    } finally {
      await shop.stop();
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
