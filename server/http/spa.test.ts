import { describe, expect, it } from 'vitest';
import { pickEncoding } from './page/encoding.js';
import { moduleLinks, screenModules } from './page/modules.js';

const manifest = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_jsx-runtime-B.js', '_client-C.js'] },
  '_jsx-runtime-B.js': { file: 'assets/jsx-runtime-B.js' },
  '_client-C.js': { file: 'assets/client-C.js', imports: ['_jsx-runtime-B.js'] },
  '_cards-D.js': { file: 'assets/cards-D.js', imports: ['_jsx-runtime-B.js', '_icons-E.js'] },
  '_icons-E.js': { file: 'assets/icons-E.js' },
  'storefront/listing/ListingPage.tsx': {
    file: 'assets/ListingPage-F.js',
    imports: ['_jsx-runtime-B.js', '_cards-D.js', '_client-C.js'],
  },
};

describe('screen module hints', () => {
  it('list a screen’s own chunk and what it imports, without what the entry bundle already loads', () => {
    expect(screenModules(manifest, 'storefront/listing/ListingPage.tsx')).toEqual([
      'assets/ListingPage-F.js',
      'assets/cards-D.js',
      'assets/icons-E.js',
    ]);
  });

  it('are empty without a manifest or for a screen the build does not have', () => {
    expect(screenModules(undefined, 'storefront/listing/ListingPage.tsx')).toEqual([]);
    expect(screenModules(manifest, 'storefront/product/ProductPage.tsx')).toEqual([]);
  });

  it('become modulepreload links, escaped, each once', () => {
    const links = moduleLinks(['assets/ListingPage-F.js', 'assets/a"b.js', 'assets/ListingPage-F.js']);
    expect(links).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/ListingPage-F.js"><link rel="modulepreload" crossorigin href="/assets/a&quot;b.js">',
    );
  });
});

describe('page compression', () => {
  it('prefers br, then gzip, and honours q=0 and *', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pickEncoding(['deflate', 'gzip'])).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});
