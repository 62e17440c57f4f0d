/** The web app's script files a page names: from the build manifest, and the inline loader of a rendered page. */
import { EARLY_TAPS_SOURCE } from '../early-taps.js';
import { escapeHtml, type ScreenModule } from './head.js';

/**
 * Hints for a screen's JavaScript files.
 * @forTests unit-tested for escaping and duplicates
 */
export function moduleLinks(files: string[]) {
  return [...new Set(files)].map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`).join('');
}

export type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/**
 * The JavaScript files a screen needs beyond the entry bundle (its chunk and the chunks it imports),
 * from the build manifest; none when there is no manifest.
 * @forTests unit-tested against a build manifest
 */
export function screenModules(manifest: Manifest | undefined, screen: ScreenModule): string[] {
  if (!manifest?.[screen]) return [];
  const inEntry = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, inEntry);
  const needed = new Set<string>();
  walk(screen, needed);
  return [...needed].filter((key) => !inEntry.has(key)).map((key) => manifest[key]?.file as string);
}

/**
 * The tap keeper and app loader inline (server/http/early-taps.ts), with the app's files it loads once the page's
 * first pictures have come in: the entry first, then the chunks the screen needs, fetched side by side.
 */
export const earlyTapsScript = (appFiles: string[]) =>
  `<script data-app="${escapeHtml(JSON.stringify(appFiles))}">${EARLY_TAPS_SOURCE}</script>`;

/** The web app's entry script, as the build writes it into index.html. */
export const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
