import { Worker } from 'node:worker_threads';

/**
 * Forced exit that does not depend on the main thread: a worker thread with its own event loop kills the
 * process (SIGKILL) at `deadline` (epoch ms). A timer on the main thread cannot do this job: it never fires
 * while that thread is stuck (a synchronous write to a full pipe, a busy loop, a wait on a lock). When the
 * process exits before the deadline, the worker goes with it.
 *
 * The worker runs a few lines of plain JavaScript (no loader, nothing of the shop) and writes nothing: a
 * write to a stalled output could block it too.
 */
const WATCHDOG = `
const { workerData } = require('node:worker_threads');
setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), Math.max(0, workerData.deadline - Date.now()));
`;

export function startWatchdog(deadline: number): Worker {
  const worker = new Worker(WATCHDOG, {
    eval: true,
    execArgv: [],
    workerData: { pid: process.pid, deadline },
    stdout: true,
    stderr: true,
  });
  // It must not keep a process that has finished alive.
  worker.unref();
  worker.on('error', () => {});
  return worker;
}
