import countries from 'i18n-iso-countries';
import { describe, expect, it } from 'vitest';
import { countryName, ISO_COUNTRIES, isIsoCountry } from './countries.js';

/**
 * The shop's list of country codes is written out so the storefront's first screen carries no country library; it
 * must stay exactly the officially assigned ISO 3166-1 alpha-2 codes as i18n-iso-countries keeps them (less XK,
 * Kosovo, a code the standard leaves user-assigned).
 */
describe('ISO_COUNTRIES', () => {
  it('is the assigned ISO 3166-1 alpha-2 codes of i18n-iso-countries, in order, with no duplicate', () => {
    const assigned = Object.keys(countries.getAlpha2Codes())
      .filter((code) => code !== 'XK')
      .sort();
    expect([...ISO_COUNTRIES]).toEqual(assigned);
    expect(new Set(ISO_COUNTRIES).size).toBe(ISO_COUNTRIES.length);
  });

  it('knows a code in upper case only, and names it in English', () => {
    expect(isIsoCountry('AE')).toBe(true);
    expect(isIsoCountry('ae')).toBe(false);
    expect(isIsoCountry('XK')).toBe(false);
    expect(countryName('US')).toBe('United States');
    expect(countryName('IN')).toBe('India');
  });
});
