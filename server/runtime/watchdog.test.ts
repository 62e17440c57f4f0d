import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs the fixture; resolves with how it ended and the milliseconds from "watchdog started" to its end. */
function run(mode: 'stuck' | 'exit', graceMs: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/runtime/watchdog-fixture.ts', mode, String(graceMs)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let startedAt = 0;
  child.stdout.on('data', (d) => {
    output += d;
    if (!startedAt && output.includes('watchdog started')) startedAt = performance.now();
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number; output: string }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, ms: performance.now() - startedAt, output })),
  );
}

describe('shutdown watchdog', () => {
  it('kills a process whose main thread is stuck, at its deadline', async () => {
    const result = await run('stuck', 2000);
    expect(result.output).toContain('watchdog started');
    expect(result.signal, result.output).toBe('SIGKILL');
    // The bound: gone within 20 s of the signal, however busy the machine is.
    expect(result.ms).toBeLessThan(20_000);
  }, 60_000);

  it('does not keep a process that finished alive', async () => {
    // Were the watchdog holding it, the process would live until the watchdog kills it (SIGKILL, 30 s).
    const result = await run('exit', 30_000);
    expect(result.output).toContain('watchdog started');
    expect(result.signal, result.output).toBeNull();
    expect(result.code, result.output).toBe(0);
  }, 60_000);
});
