/**
 * Fails (exit 1) when the shop's features import each other in a circle: a file of `server/features/a/` imports
 * one of `server/features/b/` and, through any number of features, `b` comes back to `a`. Every import counts
 * (type-only, re-exports and dynamic `import()` too); tests and their kits do not. Run by `npm run lint`.
 *
 * The shop has no such circle: the ones it had when the check came in were broken (a shared piece moved down into
 * a lower module, or a dependency passed in through `server/wiring.ts`), so any import that lies on a circle fails,
 * naming the circle and the files. `--graph` prints every import between features.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const FEATURES = 'server/features';
const isTest = (file: string) => /\.test\.tsx?$|\.test-support\.ts$|(^|\/)test-(support|kit)\.ts$|(^|\/)(test|fuzz)\//.test(file);

function walk(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path.relative(ROOT, full));
  }
  return out;
}

/** The feature a file of the shop belongs to (its folder under server/features), if any. */
const featureOf = (file: string) => {
  const parts = file.split('/');
  return file.startsWith(`${FEATURES}/`) && parts.length > 3 ? parts[2] : undefined;
};

const IMPORTS = /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** feature → feature it imports → the files' imports that make the edge */
const edges = new Map<string, Map<string, string[]>>();
for (const file of walk(path.join(ROOT, FEATURES))) {
  const from = featureOf(file);
  if (!from || isTest(file)) continue;
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  for (const m of text.matchAll(IMPORTS)) {
    const spec = (m[1] ?? m[2]) as string;
    if (!spec.startsWith('.')) continue;
    const target = path.relative(ROOT, path.join(ROOT, path.dirname(file), spec));
    const to = featureOf(target);
    if (!to || to === from) continue;
    const out = edges.get(from) ?? new Map<string, string[]>();
    edges.set(from, out);
    out.set(to, [...(out.get(to) ?? []), `${file} imports ${target.replace(/\.js$/, '')}`]);
  }
}

/** Strongly connected groups of features (Tarjan): two features are in one group when each reaches the other. */
function groups(): Map<string, number> {
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])])].sort();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groupOf = new Map<string, number>();
  let next = 0;
  let group = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        groupOf.set(w, group);
      } while (w !== v);
      group++;
    }
  };
  for (const n of nodes) if (!index.has(n)) visit(n);
  return groupOf;
}

/** A shortest way back from `to` to `from`, as the features passed (for the message). */
function wayBack(to: string, from: string): string[] {
  const previous = new Map<string, string>([[to, to]]);
  const queue = [to];
  while (queue.length) {
    const v = queue.shift() as string;
    if (v === from) break;
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  const way = [from];
  for (let v = from; v !== to; ) {
    v = previous.get(v) as string;
    way.unshift(v);
  }
  return way;
}

if (process.argv.includes('--graph')) {
  for (const [from, out] of [...edges].sort())
    for (const [to, why] of [...out].sort()) console.log(`${from} -> ${to} (${why.length})`);
}

const groupOf = groups();
const onCircle = [...edges].flatMap(([from, out]) =>
  [...out.keys()].filter((to) => groupOf.get(from) === groupOf.get(to)).map((to) => `${from} -> ${to}`),
);
const problems: string[] = [];
for (const edge of onCircle) {
  const [from, to] = edge.split(' -> ') as [string, string];
  problems.push(
    `${edge} closes a circle: ${[from, ...wayBack(to, from)].join(' -> ')}\n` +
      (edges.get(from)?.get(to) ?? []).map((why) => `    ${why}`).join('\n'),
  );
}
if (problems.length) {
  console.error(
    `Features import each other in a circle; move the shared piece down into a lower module, or pass it in through server/wiring.ts:\n${problems.join('\n')}`,
  );
  process.exit(1);
}
console.log('feature cycles: none (no feature imports another that comes back to it)');
