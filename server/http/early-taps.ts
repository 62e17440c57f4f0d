import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The tap keeper and app loader of a server-rendered page (web/early-taps.js), written into the page's head
 * itself: no request of its own before the first paint. The shop's Content-Security-Policy allows inline scripts
 * by hash only, and this is the one: its SHA-256 goes into the policy's script-src.
 */
const SOURCE = fs.readFileSync(path.resolve(import.meta.dirname, '../../web/early-taps.js'), 'utf8');

export const EARLY_TAPS_HASH = `'sha256-${createHash('sha256').update(SOURCE).digest('base64')}'`;

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The script tag, with the app's files it loads once the page's first pictures have come in: the entry first,
 * then the chunks the screen needs, fetched side by side.
 */
export function earlyTapsScript(appFiles: string[]) {
  return `<script data-app="${escapeAttr(JSON.stringify(appFiles))}">${SOURCE}</script>`;
}
