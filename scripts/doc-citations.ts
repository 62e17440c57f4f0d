/**
 * Fails (exit 1) when the shop's code or documentation cites a document that is not in the repository (a
 * product specification, design notes or an API description kept elsewhere, named as `API.md`, `SPEC`,
 * `SPEC §5`, `DESIGN.md`, `RAZORPAY.md`). A comment states the rule itself, or points to the code or to a page
 * under docs/. Run by `npm run lint`.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIRS = ['server', 'web', 'contract', 'scripts', 'e2e', 'bench', 'docs', '.ci'];
const FILES = ['README.md', '.env.example', 'package.json', 'vite.config.ts', 'vitest.config.ts', 'playwright.config.ts'];
const TEXT = /\.(ts|tsx|js|mjs|cjs|css|html|md|sh|json|sql|yml|yaml)$|^run$/;
/** `SPEC` as a word (not `SPEC_ROWS`), or a file name of the documents kept outside the repository. */
const CITATION = /\b(?:API|SPEC|DESIGN|RAZORPAY)\.md\b|(?<![\w$])SPEC(?![\w$])/;
/**
 * Lines that may keep a citation, each with its reason. An OpenAPI summary is part of the published document,
 * which changes only with the contract.
 */
const KEPT: { file: string; text: string }[] = [
  { file: 'contract/products.ts', text: "'Storefront listing of a filter string (see API.md), 30 a page;" },
];
const SELF = 'scripts/doc-citations.ts';

function walk(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') walk(full, out);
    } else if (TEXT.test(entry.name)) out.push(path.relative(ROOT, full));
  }
  return out;
}

const files = [...DIRS.flatMap((d) => walk(path.join(ROOT, d))), ...FILES.filter((f) => fs.existsSync(path.join(ROOT, f)))];
const found: string[] = [];
for (const file of files) {
  if (file === SELF) continue;
  const lines = fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n');
  lines.forEach((line, i) => {
    if (!CITATION.test(line)) return;
    if (KEPT.some((k) => k.file === file && line.includes(k.text))) return;
    found.push(`${file}:${i + 1}: ${line.trim()}`);
  });
}
if (found.length) {
  console.error(
    `${found.length} citation(s) of documents outside the repository; state the rule itself or point to docs/:\n${found.join('\n')}`,
  );
  process.exit(1);
}
