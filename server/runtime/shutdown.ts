import type { FastifyInstance } from 'fastify';
import { lostLinesSummary, standardError, standardOutput } from './log-output.js';
import { startWatchdog } from './watchdog.js';

/**
 * SIGTERM and SIGINT stop the shop: it stops taking connections, lets the requests in flight finish, closes
 * the database and exits 0. Whatever happens, the process is gone `graceMs` after the signal:
 * - at three quarters of the grace period, connections still open are closed so the database can still close
 *   cleanly (exit code 1 then);
 * - at the end of it, a watchdog thread kills the process even when the main thread is stuck.
 */
export function exitOnSignals(app: FastifyInstance, graceMs: number) {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    const deadline = started + graceMs;
    startWatchdog(deadline);
    app.log.info({ signal, graceSeconds: graceMs / 1000 }, 'shutting down');

    let cut = false;
    const cutTimer = setTimeout(() => {
      cut = true;
      standardError().line(`Shutdown: requests still open after ${Math.round((graceMs * 0.75) / 100) / 10} s are cut`);
      app.server.closeAllConnections();
    }, graceMs * 0.75);
    cutTimer.unref();

    let code = 0;
    try {
      await app.close(); // stops accepting, lets in-flight requests finish, then closes the database
    } catch (err) {
      standardError().line(`Shutdown: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      code = 1;
    }
    clearTimeout(cutTimer);
    if (cut) code = 1;
    app.log.info({ ms: Date.now() - started }, 'stopped');
    for (const line of lostLinesSummary()) standardError().line(line);
    // Give the log reader what is left, unless it has stopped reading.
    const flushBy = deadline - Math.min(1000, graceMs / 10);
    await Promise.all([standardOutput().settle(flushBy), standardError().settle(flushBy)]);
    process.exit(code);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
