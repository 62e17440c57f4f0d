import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (bench/lib/ is two levels down). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export type ShopProcess = {
  proc: ChildProcess;
  port: number;
  url: string;
  dataDir: string;
  /** Everything the process printed, stdout and stderr together. */
  output(): string;
  /** Resident memory of the process in bytes, read from /proc (0 when it has gone). */
  rss(): number;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/** Settings passed through from this process: only what Node itself needs, so a test's own variables stay out. */
const PASS = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'NODE_OPTIONS'];

/**
 * Starts `node --import tsx server/main.ts` as its own process with the given settings. Resolves once it
 * is listening (or rejects with what it printed if it exits first); `waitReady: false` returns at once.
 */
export async function startShop(opts: {
  port: number;
  env?: Record<string, string | undefined>;
  waitReady?: boolean;
  timeoutMs?: number;
  /** Extra flags for node itself (a profiler, say). */
  nodeArgs?: string[];
}): Promise<ShopProcess> {
  const dataDir = opts.env?.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), `shop-proc-${opts.port}-`));
  const env: Record<string, string> = {};
  for (const k of PASS) if (process.env[k]) env[k] = process.env[k] as string;
  Object.assign(env, {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(opts.port),
    PUBLIC_URL: `http://127.0.0.1:${opts.port}`,
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    // the load generator opens its many connections from 127.0.0.1
    MAX_CONNECTIONS_PER_ADDRESS: '0',
  });
  for (const [k, v] of Object.entries(opts.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  const proc = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d) => {
    out += d;
  });
  proc.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const url = `http://127.0.0.1:${opts.port}`;
  const shop: ShopProcess = {
    proc,
    port: opts.port,
    url,
    dataDir,
    output: () => out,
    rss() {
      try {
        const status = fs.readFileSync(`/proc/${proc.pid}/status`, 'utf8');
        const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
        return kb * 1024;
      } catch {
        return 0;
      }
    },
    exited,
    async stop(signal = 'SIGTERM') {
      if (!gone) proc.kill(signal);
      const code = await Promise.race([exited, new Promise<'late'>((r) => setTimeout(() => r('late'), 20_000))]);
      if (code === 'late') {
        proc.kill('SIGKILL');
        return exited;
      }
      if (!opts.env?.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
  if (opts.waitReady === false) return shop;
  const deadline = Date.now() + (opts.timeoutMs ?? 90_000);
  for (;;) {
    if (gone) throw new Error(`The shop on port ${opts.port} exited before it was ready:\n${out}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200) return shop;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`The shop on port ${opts.port} was not ready in time:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** A small HTTP client that keeps what a browser would send: JSON bodies and the session cookie. */
export async function call(
  base: string,
  method: string,
  url: string,
  opts: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: string | undefined;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(base + url, { method, headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const sid = res.headers
    .getSetCookie()
    .map((c) => /^sid=([^;]*)/.exec(c)?.[1])
    .find((v) => v !== undefined);
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field by the caller
  return { status: res.status, json: json as any, text, cookie: sid ? `sid=${sid}` : undefined };
}

/** A PostgreSQL URL with another database name. */
export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
