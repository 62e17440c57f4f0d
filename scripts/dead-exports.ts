/**
 * Fails (exit 1) when a module of the shop (server/, contract/, web/; not tests or their support files) exports a
 * name that no other file imports. Names only tests import are listed as a warning unless their doc comment says
 * why with `@forTests <reason>`. Run by `npm run lint`.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SHOP = ['server', 'contract', 'web'];
const READERS = [...SHOP, 'scripts', 'bench', 'e2e'];
const SOURCE = /\.(ts|tsx)$/;
/** Names read from outside the source files: the server loads the built page renderer by its path. */
const ENTRIES: Record<string, string[]> = { 'web/entry-server.tsx': ['render'] };
const isTest = (file: string) =>
  /\.test\.tsx?$|\.test-support\.ts$|(^|\/)test-(support|kit)\.ts$|(^|\/)(test|fuzz)\//.test(file) || file.startsWith('e2e/');

function walk(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'migrations') walk(full, out);
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path.relative(ROOT, full));
  }
  return out;
}

/** The file a relative import names (`./x.js` is `./x.ts` or `./x.tsx`, a folder its index). */
function resolve(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.join(path.dirname(from), spec).replace(/\.js$/, '');
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`, base]) {
    if (SOURCE.test(candidate) && fs.existsSync(path.join(ROOT, candidate))) return candidate;
  }
  return undefined;
}

const files = READERS.flatMap((d) => walk(path.join(ROOT, d)));
/** file → exported name → the files that import it */
const importedBy = new Map<string, Map<string, Set<string>>>();
const use = (file: string, name: string, by: string) => {
  const names = importedBy.get(file) ?? new Map<string, Set<string>>();
  importedBy.set(file, names);
  const who = names.get(name) ?? new Set<string>();
  names.set(name, who);
  who.add(by);
};
const exported = new Map<string, { name: string; line: number; forTests: boolean }[]>();
/** Star re-exports (`export * from`): every name of the target counts as used by whoever uses the re-exporter. */
const starFrom = new Map<string, string[]>();

const IMPORT = /\bimport\s+(type\s+)?([\w$]+\s*,\s*)?(\{[^}]*\}|\*\s+as\s+[\w$]+|[\w$]+)?\s*(?:from\s*)?['"]([^'"]+)['"]/g;
const RE_EXPORT = /\bexport\s+(type\s+)?(\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?)\s*from\s*['"]([^'"]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
const DECLARED =
  /^export\s+(?:declare\s+)?(?:async\s+)?(?:abstract\s+)?(?:function\*?|const|let|var|class|interface|type|enum)\s+([\w$]+)/gm;
const LOCAL_LIST = /^export\s+(?:type\s+)?\{([^}]*)\}\s*;?\s*$/gm;
/** `a`, `type a`, `a as b` in braces: [imported name, local name]. */
const names = (braces: string) =>
  braces
    .replace(/[{}]/g, '')
    .split(',')
    .map((p) => p.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((p) => {
      const [from, as] = p.split(/\s+as\s+/);
      return [from as string, (as ?? from) as string] as const;
    });
const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;
/** Whether the doc comment just above `index` gives a reason with `@forTests`. */
const saysForTests = (text: string, index: number) => {
  const before = text.slice(Math.max(0, index - 600), index);
  const doc = before.match(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*$/);
  return !!doc && /@forTests\s+\S/.test(doc[1] ?? '');
};

for (const file of files) {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const mine: { name: string; line: number; forTests: boolean }[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const target = resolve(file, m[4] as string);
    const clause = m[3];
    if (!target || !clause) continue;
    if (clause.startsWith('{')) {
      for (const [name] of names(clause)) use(target, name, file);
    } else if (clause.startsWith('*')) {
      const ns = clause.replace(/^\*\s+as\s+/, '');
      for (const u of text.matchAll(new RegExp(`\\b${ns.replace('$', '\\$')}\\.([\\w$]+)`, 'g')))
        use(target, u[1] as string, file);
    }
  }
  for (const m of text.matchAll(RE_EXPORT)) {
    const target = resolve(file, m[3] as string);
    if (!target) continue;
    const clause = m[2] as string;
    if (clause.startsWith('{')) {
      for (const [from, as] of names(clause)) {
        use(target, from, file);
        mine.push({ name: as, line: lineOf(text, m.index), forTests: saysForTests(text, m.index) });
      }
    } else {
      starFrom.set(file, [...(starFrom.get(file) ?? []), target]);
    }
  }
  for (const m of text.matchAll(DYNAMIC)) {
    // import('./x.js'): what it is used for is not followed; every name of x counts as used.
    const target = resolve(file, m[1] as string);
    if (target) use(target, '*', file);
  }
  for (const m of text.matchAll(DECLARED)) {
    mine.push({ name: m[1] as string, line: lineOf(text, m.index), forTests: saysForTests(text, m.index) });
  }
  for (const m of text.matchAll(LOCAL_LIST)) {
    for (const [, as] of names(m[1] as string))
      mine.push({ name: as, line: lineOf(text, m.index), forTests: saysForTests(text, m.index) });
  }
  exported.set(file, mine);
}

// A name used through a star re-export is used in the file it comes from.
for (const [file, targets] of starFrom) {
  for (const [name, who] of importedBy.get(file) ?? []) for (const t of targets) for (const by of who) use(t, name, by);
}

const problems: string[] = [];
const testOnly: string[] = [];
for (const [file, names] of exported) {
  if (!SHOP.some((d) => file.startsWith(`${d}/`)) || isTest(file)) continue;
  const uses = importedBy.get(file);
  if (uses?.has('*')) continue;
  for (const { name, line, forTests } of names) {
    const by = [...(uses?.get(name) ?? [])].filter((f) => f !== file);
    const byShop = by.filter((f) => !isTest(f));
    if (byShop.length || ENTRIES[file]?.includes(name)) continue;
    if (by.length) {
      if (!forTests) testOnly.push(`${file}:${line} ${name}`);
      continue;
    }
    problems.push(`${file}:${line} ${name}: exported but nothing imports it`);
  }
}

if (testOnly.length) {
  console.warn(
    `${testOnly.length} export${testOnly.length === 1 ? '' : 's'} only tests import (say why with @forTests <reason> in the doc comment):\n${testOnly.join('\n')}`,
  );
}
if (problems.length) {
  console.error(`${problems.length} dead export${problems.length === 1 ? '' : 's'}:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`dead exports: none (${files.length} files read)`);
