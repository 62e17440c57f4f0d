import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { imageSrcSet, imageUrlAt, joinList, ProductFields, ProductFieldsPatch, splitList } from './catalogue.js';

describe('image URL helpers', () => {
  const stored = '/uploads/products/0b7d1f8e-5c1a-4c49-9d51-0f3c2a7e9b10/1280.webp';

  it('derives the other stored widths and a srcset from the 1280 URL', () => {
    expect(imageUrlAt(stored, 320)).toBe('/uploads/products/0b7d1f8e-5c1a-4c49-9d51-0f3c2a7e9b10/320.webp');
    expect(imageUrlAt(imageUrlAt(stored, 640), 1280)).toBe(stored);
    expect(imageSrcSet(stored)).toBe(
      '/uploads/products/0b7d1f8e-5c1a-4c49-9d51-0f3c2a7e9b10/320.webp 320w, ' +
        '/uploads/products/0b7d1f8e-5c1a-4c49-9d51-0f3c2a7e9b10/640.webp 640w, ' +
        `${stored} 1280w`,
    );
    const cdn = 'https://cdn.example.com/products/x/1280.webp?v=2';
    expect(imageUrlAt(cdn, 640)).toBe('https://cdn.example.com/products/x/640.webp?v=2');
  });

  it('leaves URLs that are not stored variants alone', () => {
    for (const url of ['https://example.com/ruby.jpg', '/uploads/products/x/original.png', '/uploads/x/800.webp', '']) {
      expect(imageUrlAt(url, 320)).toBe(url);
      expect(imageSrcSet(url)).toBeUndefined();
    }
  });
});

describe('sizes and colours lists', () => {
  it('splits at commas, trims, drops empties and duplicates in any case', () => {
    expect(splitList(' Red, Blue ,, red ,Green,')).toEqual(['Red', 'Blue', 'Green']);
    expect(splitList('')).toEqual([]);
    expect(joinList(['5 Ct', '6 Ct'])).toBe('5 Ct, 6 Ct');
  });

  it('joinList then splitList gives the list back', () => {
    const item = fc
      .string({ minLength: 1, maxLength: 12 })
      .map((s) => s.replace(/,/g, '').trim())
      .filter(Boolean);
    fc.assert(
      fc.property(fc.uniqueArray(item, { selector: (s) => s.toLowerCase(), maxLength: 8 }), (list) => {
        expect(splitList(joinList(list))).toEqual(list);
      }),
    );
  });
});

describe('product form fields', () => {
  const valid = {
    category: '0b7d1f8e-5c1a-4c49-9d51-0f3c2a7e9b10',
    subcategory: '1b7d1f8e-5c1a-4c49-9d51-0f3c2a7e9b10',
    productname: ' Ruby ',
    productdescription: 'Red',
    productprice: '1499.9',
    stockquantity: '4',
  };

  it('parses the multipart strings into typed values', () => {
    expect(ProductFields.parse({ ...valid, weightgrams: '', weightcarrat: '1.250', productcolours: 'Red, red' })).toMatchObject({
      productname: 'Ruby',
      productprice: 1499.9,
      stockquantity: 4,
      weightgrams: null,
      weightcarrat: 1.25,
      productcolours: ['Red'],
    });
  });

  it('names the field of each problem', () => {
    const result = ProductFields.safeParse({ ...valid, productprice: '1.234', stockquantity: '-2', category: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['category', 'productprice', 'stockquantity']);
    expect(ProductFieldsPatch.safeParse({}).success).toBe(true);
  });
});
