import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { errorText, fieldName } from './format';

describe('a field the server names, named as the screen does', () => {
  it('counts a list’s rows from 1 and writes the field in words', () => {
    expect(fieldName('slides.1.link')).toBe('Slide 2: link');
    expect(fieldName('zones.0.rates.2.freeabove')).toBe('Zone 1: Rate 3 free above');
    expect(fieldName('faq.4.answer')).toBe('Question 5: answer');
    expect(fieldName('tiers.0.minquantity')).toBe('Tier 1: minimum quantity');
    expect(fieldName('validUntil')).toBe('valid until');
  });

  it('an error message names the field so; other messages stay as the server wrote them', () => {
    const refused = new ApiError('400', 400, {
      success: false,
      message: 'slides.1.link: Enter a link within the shop',
      errors: [{ path: 'slides.1.link', message: 'Enter a link within the shop' }],
    });
    expect(errorText(refused, 'fallback')).toBe('Slide 2: link — Enter a link within the shop');
    const plain = new ApiError('409', 409, { success: false, message: 'A country is in two zones: India' });
    expect(errorText(plain, 'fallback')).toBe('A country is in two zones: India');
    const flat = new ApiError('400', 400, {
      success: false,
      message: 'gstin: Enter a valid GSTIN',
      errors: [{ path: 'gstin', message: 'Enter a valid GSTIN' }],
    });
    expect(errorText(flat, 'fallback')).toBe('gstin: Enter a valid GSTIN');
    expect(errorText(new ApiError('network', 0), 'fallback', 'offline')).toBe('offline');
  });
});
