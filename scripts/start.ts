/**
 * `npm start`: builds the web app when its build is missing or older than its sources, then starts
 * the server (which migrates the database and seeds the demo catalogue on first start).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist', 'web', 'index.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestMtime(path.join(root, 'web')),
  newestMtime(path.join(root, 'contract')),
  fs.statSync(path.join(root, 'vite.config.ts')).mtimeMs,
  fs.statSync(path.join(root, 'package.json')).mtimeMs,
);
const builtRenderer = path.join(root, 'dist', 'ssr', 'entry-server.js');
const stale = !fs.existsSync(builtIndex) || !fs.existsSync(builtRenderer) || fs.statSync(builtIndex).mtimeMs < sources;
if (stale) {
  console.log('Building the web app…');
  // Vite's build sets process.env.NODE_ENV to production in this process: the shop must start in the mode
  // it was asked for (development unless NODE_ENV says otherwise), whether or not a build ran first.
  const asked = process.env.NODE_ENV;
  const { buildWeb } = await import('./build-web.js');
  await buildWeb('warn');
  if (asked === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = asked;
}
await import('../server/main.js');
