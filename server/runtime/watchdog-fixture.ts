/**
 * A process for the watchdog test: starts the watchdog with the deadline given in milliseconds, says so on
 * standard output, then either exits at once (`exit`) or blocks its main thread for good (`stuck`), the way a
 * synchronous write to a full pipe does.
 */
import fs from 'node:fs';
import { startWatchdog } from './watchdog.js';

const [mode, ms] = process.argv.slice(2);
startWatchdog(Date.now() + Number(ms));
fs.writeSync(1, 'watchdog started\n');
if (mode === 'stuck') {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
} else {
  process.exitCode = 0;
}
