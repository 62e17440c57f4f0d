import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CatalogueFilter,
  emptyFilter,
  FILTER_KEYWORDS,
  formatFilter,
  nameToFilterWord,
  parseFilter,
  SORT_ORDERS,
  sameFilter,
} from './filter.js';

const SHOP = {
  categories: ['Gemstones', 'Jewellery'],
  subcategories: [
    'Ruby',
    'Emerald',
    'Yellow Sapphire',
    'Natural Yellow Sapphire',
    'Blue Sapphire',
    'Rings',
    'Bracelets',
    'Pearl',
    "Cat's Eye",
    'ruby', // a second Ruby (under Jewellery), spelled in lower case
  ],
};

const parse = (term: unknown) => parseFilter(term, SHOP);

describe('parseFilter, the examples of API.md', () => {
  it('reads all as the empty filter', () => {
    expect(parse('all')).toEqual(emptyFilter());
    expect(parse('')).toEqual(emptyFilter());
  });

  it('reads a category followed by a subcategory', () => {
    expect(parse('gemstones-ruby')).toEqual({ ...emptyFilter(), categories: ['Gemstones'], subcategories: ['Ruby'] });
  });

  it('reads a subcategory alone, in any category', () => {
    expect(parse('ruby')).toEqual({ ...emptyFilter(), subcategories: ['Ruby'] });
    expect(parse('emerald')).toEqual({ ...emptyFilter(), subcategories: ['Emerald'] });
  });

  it('prefers the longest name', () => {
    expect(parse('natural-yellow-sapphire').subcategories).toEqual(['Natural Yellow Sapphire']);
    expect(parse('yellow-sapphire').subcategories).toEqual(['Yellow Sapphire']);
    expect(parse('natural-blue-sapphire')).toMatchObject({ subcategories: ['Blue Sapphire'], search: ['natural'] });
  });

  it('reads price bounds and sort', () => {
    expect(parse('jewellery-rings-min-5000-sort-asc')).toEqual({
      ...emptyFilter(),
      categories: ['Jewellery'],
      subcategories: ['Rings'],
      min: 5000,
      sort: 'asc',
    });
    expect(parse('max-99.5-min-10')).toMatchObject({ min: 10, max: 99.5 });
    expect(parse('min-10.005').min).toBe(10.01);
  });

  it('reads a search up to the next keyword', () => {
    expect(parse('search-blue-stone-page-2')).toEqual({ ...emptyFilter(), search: ['blue', 'stone'], page: 2 });
    // a name after search- is a search word, not a subcategory
    expect(parse('search-ruby')).toEqual({ ...emptyFilter(), search: ['ruby'] });
  });

  it('treats unknown words as name search words', () => {
    expect(parse('oval-gemstones-cut')).toEqual({ ...emptyFilter(), categories: ['Gemstones'], search: ['oval', 'cut'] });
  });

  it('ignores non-numeric bounds and takes only positive whole pages', () => {
    expect(parse('min-abc-max-1e5')).toEqual(emptyFilter());
    for (const bad of ['page-0', 'page-abc', 'page-1.5', 'page-', 'page']) expect(parse(bad).page).toBe(1);
    expect(parse('page-007').page).toBe(7);
    expect(parse('sort-cheapest').sort).toBe('newest');
    expect(parse('sort-oldest').sort).toBe('oldest');
  });

  it('matches names case-insensitively and with spaces or hyphens', () => {
    expect(parse('GEMSTONES-Natural Yellow Sapphire').subcategories).toEqual(['Natural Yellow Sapphire']);
    expect(parse("cat's-eye").subcategories).toEqual(["Cat's Eye"]);
  });

  it('reads a subcategory name present under two categories once, spelled as first listed', () => {
    expect(parse('ruby-RUBY').subcategories).toEqual(['Ruby']);
  });

  it('reads a name that is both a category and a subcategory as the category', () => {
    const f = parseFilter('pearl', { categories: ['Pearl'], subcategories: ['Pearl'] });
    expect(f).toMatchObject({ categories: ['Pearl'], subcategories: [] });
  });

  it('survives hostile input', () => {
    for (const t of [null, undefined, 42, {}, [], '-'.repeat(1000), '__proto__-constructor', 'min--5', '%00']) {
      expect(() => parseFilter(t, SHOP)).not.toThrow();
    }
    expect(parseFilter('__proto__-toString', SHOP).search).toEqual(['__proto__', 'tostring']);
    // names that are not strings are skipped
    expect(parseFilter('ruby', { categories: [1, null] as never, subcategories: ['Ruby'] }).subcategories).toEqual(['Ruby']);
  });
});

describe('formatFilter', () => {
  it('writes the canonical string', () => {
    expect(formatFilter(emptyFilter())).toBe('all');
    expect(
      formatFilter({
        categories: ['Jewellery'],
        subcategories: ['Rings'],
        min: 5000,
        max: 25000.5,
        sort: 'asc',
        page: 3,
        search: ['gold', 'band'],
      }),
    ).toBe('jewellery-rings-min-5000-max-25000.5-sort-asc-page-3-search-gold-band');
    expect(formatFilter({ subcategories: ['Natural Yellow Sapphire'] })).toBe('natural-yellow-sapphire');
    expect(nameToFilterWord('  Blue   Sapphire ')).toBe('blue-sapphire');
  });

  it('never throws', () => {
    fc.assert(fc.property(fc.anything(), (f) => typeof formatFilter(f as never) === 'string'));
  });
});

// ------------------------------------------------------------------ properties

const KEYWORDS = new Set<string>([...FILTER_KEYWORDS, 'all']);
const word = fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/).filter((w) => !KEYWORDS.has(w));

/** Shop names whose words belong to one name only (see the limits in filter.ts). */
const shopNames = fc
  .uniqueArray(word, { minLength: 2, maxLength: 30 })
  .chain((pool) =>
    fc.tuple(
      fc.constant(pool),
      fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 10 }),
      fc.integer({ min: 0, max: 10 }),
    ),
  )
  .map(([pool, lengths, split]) => {
    const names: string[] = [];
    let at = 0;
    for (const len of lengths) {
      const words = pool.slice(at, at + len);
      if (!words.length) break;
      at += len;
      // shop spellings: capitalised words joined by spaces
      names.push(words.map((w) => w[0]?.toUpperCase() + w.slice(1)).join(' '));
    }
    const cut = Math.min(split, names.length);
    return { categories: names.slice(0, cut), subcategories: names.slice(cut), spare: pool.slice(at) };
  });

const price = fc.integer({ min: 0, max: 100_000_000_000_000 }).map((p) => p / 100);

const filterFor = (names: { categories: string[]; subcategories: string[]; spare: string[] }) =>
  fc.record({
    categories: fc.subarray(names.categories),
    subcategories: fc.subarray(names.subcategories),
    min: fc.option(price, { nil: undefined }),
    max: fc.option(price, { nil: undefined }),
    sort: fc.constantFrom(...SORT_ORDERS),
    page: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    search: fc.uniqueArray(fc.oneof(word, fc.constantFrom(...names.spare, 'all', 'ruby')), { maxLength: 5 }),
  });

const strip = (f: CatalogueFilter): CatalogueFilter => {
  const out = { ...f };
  if (out.min === undefined) delete out.min;
  if (out.max === undefined) delete out.max;
  return out;
};

/** A term made of shop names, keywords, numbers, junk and separators. */
const termFor = (names: { categories: string[]; subcategories: string[] }) =>
  fc
    .array(
      fc.oneof(
        fc.constantFrom(...names.categories.map(nameToFilterWord), ...names.subcategories.map(nameToFilterWord), 'x'),
        fc.constantFrom(...FILTER_KEYWORDS, 'all', ...SORT_ORDERS),
        fc.oneof(fc.nat().map(String), fc.double().map(String), fc.constantFrom('0', '1.5', '007', '1e5', '-3')),
        fc.string({ maxLength: 6 }),
      ),
      { maxLength: 15 },
    )
    .chain((parts) => fc.constantFrom('-', ' ', '--').map((sep) => parts.join(sep)));

describe('filter properties', () => {
  it('parseFilter never throws on any input and always returns a well-formed filter', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.anything()),
        fc.record({ categories: fc.array(fc.anything()), subcategories: fc.array(fc.anything()) }),
        (term, names) => {
          const f = parseFilter(term, names as never);
          expect(Number.isSafeInteger(f.page) && f.page >= 1).toBe(true);
          expect(SORT_ORDERS).toContain(f.sort);
          expect(Array.isArray(f.search)).toBe(true);
          expect(typeof formatFilter(f)).toBe('string');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('format(parse(x)) parses back to the same filter', () => {
    fc.assert(
      fc.property(
        shopNames.chain((names) => fc.tuple(fc.constant(names), termFor(names))),
        ([names, term]) => {
          const once = parseFilter(term, names);
          const again = parseFilter(formatFilter(once), names);
          expect(strip(again)).toEqual(strip(once));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('parse(format(f)) == f for generated filters', () => {
    fc.assert(
      fc.property(
        shopNames.chain((names) => fc.tuple(fc.constant(names), filterFor(names))),
        ([names, f]) => {
          const back = parseFilter(formatFilter(f), names);
          expect(sameFilter(back, f as CatalogueFilter)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('the same properties hold on the shop’s real names', () => {
    const names = { ...SHOP, spare: ['oval', 'gold'] };
    fc.assert(
      fc.property(termFor(names), (term) => {
        const once = parseFilter(term, SHOP);
        expect(strip(parseFilter(formatFilter(once), SHOP))).toEqual(strip(once));
      }),
      { numRuns: 300 },
    );
  });
});
