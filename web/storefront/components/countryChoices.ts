import { HOME_COUNTRY } from '../../../contract/address-rules';
import { countryName, ISO_COUNTRIES } from '../../../contract/countries';

/** The address forms' countries by their ISO names: India first, then the rest A–Z. */
export const COUNTRY_CHOICES: readonly { code: string; name: string }[] = [
  { code: HOME_COUNTRY, name: countryName(HOME_COUNTRY) },
  ...ISO_COUNTRIES.filter((c) => c !== HOME_COUNTRY)
    .map((code) => ({ code, name: countryName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name)),
];
