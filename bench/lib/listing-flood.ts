import fs from 'node:fs';
import http from 'node:http';

/**
 * Helpers of bench/listing-flood.ts: the unique filters a flood asks for, a keep-alive client that leaves from a
 * chosen loopback address (the shop's per-address limits tell the flood and the other shoppers apart by it), and
 * the server's memory read from /proc.
 */

const SHAPES = ['oval', 'cushion', 'round', 'pear', 'heart', 'trillion'];
const SORTS = ['asc', 'desc', 'newest', 'oldest'];

/**
 * The flood's nth listing filter, never the same as another n's: in turn a unique min-price (`min-1234`), a unique
 * name search (`search-oval-1235`, whose number is in some products' names) and a unique combination of
 * subcategory, price range, sort and page. `n` is counted across all the flood's clients.
 */
export function floodFilter(n: number): string {
  const k = Math.floor(n / 3);
  switch (n % 3) {
    case 0:
      return `min-${500 + k}`;
    case 1:
      return `search-${SHAPES[k % SHAPES.length]}-${k}`;
    default:
      return `gemstones-ruby-min-${1000 + k}-max-${150_000 + ((k * 37) % 100_000)}-sort-${SORTS[k % SORTS.length]}-page-${1 + (k % 3)}`;
  }
}

/** The value at fraction `p` (0.5, 0.99) of ascending `sorted`; NaN for none. */
export const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number) : Number.NaN;

/**
 * A GET client on one keep-alive connection leaving from `localAddress` (127.0.0.1, 127.0.0.2…: the shop sees each
 * as its own client address). Resolves with the status and the time to the last byte, in ms.
 */
export function loopbackClient(base: string, localAddress: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress });
  return {
    get(path: string): Promise<{ status: number; ms: number }> {
      return new Promise((resolve, reject) => {
        const t0 = performance.now();
        const req = http.get(base + path, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
          res.on('error', reject);
        });
        req.on('error', reject);
      });
    },
    close: () => agent.destroy(),
  };
}

/** A process's memory from /proc/<pid>/status in bytes: `VmRSS` (now) or `VmHWM` (its peak); 0 when it has gone. */
export function procMemory(pid: number | undefined, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Starts a process's `VmHWM` again from its present RSS (Linux: `5` into clear_refs); false when refused. */
export function resetPeakMemory(pid: number | undefined): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
