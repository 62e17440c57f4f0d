import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The tap keeper and app loader of a server-rendered page (web/early-taps.js), written into the page's head
 * itself: no request of its own before the first paint. The shop's Content-Security-Policy allows inline scripts
 * by hash only, and this is the one: its SHA-256 goes into the policy's script-src.
 */
export const EARLY_TAPS_SOURCE = fs.readFileSync(path.resolve(import.meta.dirname, '../../web/early-taps.js'), 'utf8');

export const EARLY_TAPS_HASH = `'sha256-${createHash('sha256').update(EARLY_TAPS_SOURCE).digest('base64')}'`;
