import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CatalogueFilter,
  emptyFilter,
  FILTER_KEYWORDS,
  filterFromForm,
  filterWords,
  formatFilter,
  GEM_BOUNDS,
  GEM_LISTS,
  nameToFilterWord,
  parseFilter,
  SORT_ORDERS,
  sameFilter,
} from './filter.js';
import * as v1 from './filter-v1.test-support.js';
import { GEM_CHOICES } from './gems.js';

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

describe('parseFilter, the documented filter strings', () => {
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
        fc.constantFrom('caratmin', 'caratmax', 'rattimin', 'rattimax', 'origin', 'shape', 'treatment', 'lab'),
        fc.constantFrom('burma', 'srilanka', 'oval', 'cushion', 'untreated', 'heated', 'gia', 'any', 'other'),
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

// ------------------------------------------------------------------ gem terms

describe('gem terms', () => {
  it('reads carat and ratti bounds, origin, shape, treatment and lab', () => {
    expect(parse('gemstones-ruby-rattimin-4.5-rattimax-5.5-origin-burma-treatment-untreated-lab-gia')).toEqual({
      ...emptyFilter(),
      categories: ['Gemstones'],
      subcategories: ['Ruby'],
      rattimin: 4.5,
      rattimax: 5.5,
      origin: ['burma'],
      treatment: ['untreated'],
      lab: ['gia'],
    });
    expect(parse('caratmin-2-caratmax-6.255-shape-oval-shape-cushion-origin-srilanka-origin-burma')).toEqual({
      ...emptyFilter(),
      caratmin: 2,
      caratmax: 6.26,
      shape: ['oval', 'cushion'],
      origin: ['srilanka', 'burma'],
    });
  });

  it('writes them after the price and before sort, page and search, and reads them back', () => {
    const f = { ...parse('ruby-min-500-sort-asc-page-2-search-pigeon-blood'), rattimin: 5, origin: ['burma'], lab: ['any'] };
    expect(formatFilter(f)).toBe('ruby-min-500-rattimin-5-origin-burma-lab-any-sort-asc-page-2-search-pigeon-blood');
    expect(parse(formatFilter(f))).toEqual(f);
  });

  it('leaves a keyword without a valid value, and any of them inside a search, with the meaning it always had', () => {
    expect(parse('origin-atlantis')).toEqual({ ...emptyFilter(), search: ['origin', 'atlantis'] });
    expect(parse('caratmin-heavy')).toEqual({ ...emptyFilter(), search: ['caratmin', 'heavy'] });
    expect(parse('ruby-shape')).toEqual({ ...emptyFilter(), subcategories: ['Ruby'], search: ['shape'] });
    expect(parse('search-lab-grown-origin-burma')).toEqual({ ...emptyFilter(), search: ['lab', 'grown', 'origin', 'burma'] });
    expect(parse('caratmin-1e5')).toEqual({ ...emptyFilter(), search: ['caratmin', '1e5'] });
  });

  it('the form gives them too: bounds swapped when reversed, unknown choices left out', () => {
    expect(
      filterFromForm({
        rattimin: '6',
        rattimax: '4.5',
        caratmin: 'x',
        origin: 'burma',
        shape: 'blob',
        treatment: 'untreated',
        lab: '',
      }),
    ).toMatchObject({ rattimin: 4.5, rattimax: 6, origin: ['burma'], treatment: ['untreated'] });
    const f = filterFromForm({ shape: 'blob', lab: '' });
    expect(f.caratmin).toBeUndefined();
    expect(f.shape).toBeUndefined();
    expect(f.lab).toBeUndefined();
  });
});

const GEM_WORDS = new Set<string>([...GEM_BOUNDS, ...GEM_LISTS]);
const noGemKeyword = (term: string) => !filterWords(term).some((w) => GEM_WORDS.has(w));

describe('backward compatibility: every term of the grammar before the gem terms reads as it did', () => {
  it('terms without a gem keyword parse exactly as before', () => {
    fc.assert(
      fc.property(
        shopNames.chain((names) => fc.tuple(fc.constant(names), termFor(names).filter(noGemKeyword))),
        ([names, term]) => {
          expect(parseFilter(term, names)).toEqual(v1.parseFilter(term, names));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('every filter the shop could write before is written the same and reads the same, whatever its search words', () => {
    fc.assert(
      fc.property(
        shopNames.chain((names) =>
          fc.tuple(
            fc.constant(names),
            filterFor(names).chain((f) =>
              // search words may now be gem keywords and values: inside a search they stay search words
              fc.uniqueArray(fc.constantFrom(...GEM_WORDS, 'burma', 'oval', 'gia', '5'), { maxLength: 4 }).map((extra) => ({
                ...f,
                search: [...f.search, ...extra.filter((w) => !f.search.includes(w))],
              })),
            ),
          ),
        ),
        ([names, f]) => {
          const term = v1.formatFilter(f);
          expect(formatFilter(f)).toBe(term);
          expect(strip(parseFilter(term, names))).toEqual(strip(v1.parseFilter(term, names)));
        },
      ),
      { numRuns: 500 },
    );
  });
});

const gemKey = (kind: (typeof GEM_LISTS)[number]) => fc.constantFrom(...GEM_CHOICES[kind].map((c) => c.key));
const weight = fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 100);

describe('gem term properties', () => {
  it('parse(format(f)) == f for filters with gem terms', () => {
    fc.assert(
      fc.property(
        shopNames.chain((names) =>
          fc.tuple(
            fc.constant(names),
            fc.tuple(
              filterFor(names),
              fc.record(
                {
                  caratmin: weight,
                  caratmax: weight,
                  rattimin: weight,
                  rattimax: weight,
                  origin: fc.uniqueArray(gemKey('origin'), { minLength: 1, maxLength: 3 }),
                  shape: fc.uniqueArray(gemKey('shape'), { minLength: 1, maxLength: 3 }),
                  treatment: fc.uniqueArray(gemKey('treatment'), { minLength: 1, maxLength: 2 }),
                  lab: fc.uniqueArray(gemKey('lab'), { minLength: 1, maxLength: 3 }),
                },
                { requiredKeys: [] },
              ),
            ),
          ),
        ),
        ([names, [f, gems]]) => {
          const full = { ...f, ...gems } as CatalogueFilter;
          const back = parseFilter(formatFilter(full), names);
          expect(sameFilter(back, full)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
