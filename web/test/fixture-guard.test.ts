import { describe, expect, it } from 'vitest';

/** Every web test's source, by its path from web/. */
const SOURCES = import.meta.glob<string>(['../**/*.test.ts', '../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Types of what the API answers, as web/api and contract/ export them. */
const ANSWER_TYPES =
  /\b(Product|CartItem|Order|AdminOrder|User|Category|Subcategory|Address|AdminSettings|TaxRow|GstReport|OrderPage|ProductPage|SubcategoryPage|ProductSaved|StorefrontContent)\b/;
/** A test standing in for the API: a fetch stub, a spied API call, or an answer type imported. */
const standsInForApi = (text: string) =>
  /stubGlobal\(\s*'fetch'/.test(text) ||
  /vi\.spyOn\(\s*\w+Api\b/.test(text) ||
  text
    .split('\n')
    .some((line) => /^import .*from '(\.\.\/)+(api|contract)\//.test(line) && /\btype\b/.test(line) && ANSWER_TYPES.test(line));
const checksFixtures = (text: string) => /from '(\.\.?\/)+(test\/)?(answers|fixtures)'/.test(text);

describe('web tests stand in for the API only with contract-checked answers', () => {
  const files = Object.entries(SOURCES).map(([path, text]) => ({ name: path.replace(/^\.\.\//, ''), text }));

  it('finds the web tests', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('every test that stubs the API or builds its answers checks them with answerOf or a fixture builder', () => {
    const unchecked = files.filter((f) => standsInForApi(f.text) && !checksFixtures(f.text)).map((f) => f.name);
    expect(unchecked).toEqual([]);
  });

  it('no test casts a partial object to an answer type', () => {
    const casts = files.flatMap((f) =>
      f.text
        .split('\n')
        .map((line: string, i: number) => ({ line, at: `${f.name}:${i + 1}` }))
        .filter(({ line }) => new RegExp(`\\bas (${ANSWER_TYPES.source.slice(3, -3)})\\b`).test(line))
        .map(({ at }) => at),
    );
    expect(casts).toEqual([]);
  });
});
