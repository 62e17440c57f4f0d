import { describe, expect, it } from 'vitest';
import { safeNext, signInPath } from './returnTo';

describe('sign-in return address', () => {
  it('follows paths of this shop', () => {
    expect(safeNext('/gemstones/ruby/burmese-ruby?x=1#top')).toBe('/gemstones/ruby/burmese-ruby?x=1#top');
    expect(safeNext('/cart')).toBe('/cart');
    expect(signInPath('/my-orders')).toBe('/signin?next=%2Fmy-orders');
    expect(signInPath('/cart', '/signup')).toBe('/signup?next=%2Fcart');
  });

  it('never leaves the site', () => {
    for (const evil of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      ' /cart',
      '',
      null,
      '/signin?next=/cart',
    ]) {
      expect(safeNext(evil), String(evil)).toBe('/');
    }
  });
});
