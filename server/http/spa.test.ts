import { describe, expect, it } from 'vitest';
import { renderHead, screenModules } from './spa.js';

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

  it('become modulepreload links in the head, escaped', () => {
    const head = renderHead({ title: 'Rubies' }, 'https://shop.example.in', ['assets/ListingPage-F.js', 'assets/a"b.js']);
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/ListingPage-F.js">');
    expect(head).toContain('href="/assets/a&quot;b.js"');
  });
});
