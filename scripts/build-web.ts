/**
 * `npm run build`: the web app for browsers (dist/web) and its server renderer (dist/ssr, web/entry-server.tsx),
 * which the server uses to send listing and product pages with their first paint already in the HTML.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type LogLevel } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const configFile = path.join(root, 'vite.config.ts');

/** The server renderer alone, into `outDir` (its module is `entry-server.js` there). */
export async function buildRenderer(outDir: string, logLevel: LogLevel = 'info') {
  await build({
    configFile,
    logLevel,
    build: { ssr: 'entry-server.tsx', outDir, emptyOutDir: true, manifest: false, copyPublicDir: false },
  });
}

export async function buildWeb(logLevel: LogLevel = 'info') {
  await build({ configFile, logLevel });
  await buildRenderer(path.join(root, 'dist', 'ssr'), logLevel);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const quiet = process.argv.includes('--quiet');
  await buildWeb(quiet ? 'warn' : 'info');
}
