import http from 'node:http';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../server/db/schema.js';
import { filterProducts } from '../server/features/products/listing.js';
import { productColumns, toProduct } from '../server/features/products/rows.js';

/**
 * The limit for the storefront listing: plain node:http and pg, no framework, no validation, the page query
 * (and the count, remembered for 10 s as the shop does).
 * At start-up it asks the shop's own products service for the listing of `all` through a logging driver,
 * so the statement it then runs per request is exactly the one the shop runs (printed at start).
 *
 *   DATABASE_URL=postgres://… PORT=3225 node --import tsx bench/reference-server.ts
 */
const url = process.env.DATABASE_URL;
const port = Number(process.env.PORT ?? 3225);
if (!url) throw new Error('DATABASE_URL is required');

const captured: { sql: string; params: unknown[] }[] = [];
const capturePool = new pg.Pool({ connectionString: url, max: 2 });
const logging = drizzle(capturePool, {
  schema,
  logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
});
// biome-ignore lint/suspicious/noExplicitAny: the logging driver stands in for the shop's Db type
await filterProducts(logging as any, 'all');
await capturePool.end();
// The shop reads the catalogue names (to parse the filter string), then runs the page and the total side
// by side. The reference runs those last two: what it takes to answer, without the parsing.
const page = captured.find((q) => /\blimit\b/i.test(q.sql) && !/count\(/i.test(q.sql));
const total = captured.find((q) => /count\(/i.test(q.sql) && q !== page);
if (!page) throw new Error(`no page query among the ${captured.length} statements the shop ran`);
console.log(
  `reference listing SQL (the shop runs ${captured.length} statements for /filter/all; these ${total ? 2 : 1} here):\n${page.sql}\nparams ${JSON.stringify(page.params)}${total ? `\n${total.sql}\nparams ${JSON.stringify(total.params)}` : ''}`,
);

const keys = Object.keys(productColumns);
let remembered: { at: number; n: number } | undefined;
const pool = new pg.Pool({ connectionString: url, max: 10 });

const server = http.createServer(async (_req, res) => {
  try {
    // The shop remembers a listing's total for up to 10 s (server/features/products/catalogue-cache.ts);
    // the reference does the same, so the ratio compares the work per request, not two strategies.
    const recount = total && (!remembered || Date.now() - remembered.at >= 10_000);
    const [result, counted] = await Promise.all([
      pool.query({ text: page.sql, values: page.params, rowMode: 'array' }),
      recount ? pool.query({ text: total.sql, values: total.params, rowMode: 'array' }) : undefined,
    ]);
    const rows = result.rows.map((r: unknown[]) => Object.fromEntries(keys.map((k, i) => [k, r[i]])));
    if (counted) remembered = { at: Date.now(), n: Number(counted.rows[0]?.[0] ?? 0) };
    const count = remembered?.n ?? rows.length;
    const body = JSON.stringify({
      success: true,
      // biome-ignore lint/suspicious/noExplicitAny: rows have the shape toProduct reads
      products: rows.map((r) => toProduct(r as any)),
      pagination: { totalPages: Math.ceil(count / 30), totalCount: count, currentPage: 1 },
    });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  } catch (err) {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ success: false, message: String(err) }));
  }
});
server.listen(port, '127.0.0.1', () => console.log(`reference server on http://127.0.0.1:${port}`));
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
