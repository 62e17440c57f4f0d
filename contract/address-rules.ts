/**
 * Addresses in every country, free of zod so the web form can use them too. India keeps its own rules (10-digit
 * mobile, 6-digit PIN code, one of the 36 states); every other country is checked by well-kept libraries:
 * libphonenumber-js for the phone number (with its country code, belonging to that country), postcode-validator
 * for the postal code's format, and the platform's ISO list for the country's name.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { countryName, isIsoCountry } from './countries.js';

/**
 * How the address form asks for a country's fields: what its postal code is called and whether it has one (a
 * country without a known format may leave it empty), and whether a region is required.
 */
export function addressShape(country: string): { postalLabel: string; postalRequired: boolean; regionRequired: boolean } {
  const name = postalCodeName(country);
  return {
    postalLabel: name.charAt(0).toUpperCase() + name.slice(1),
    postalRequired: country === HOME_COUNTRY || postcodeValidatorExistsForCountry(country),
    regionRequired: country === HOME_COUNTRY || needsRegion(country),
  };
}

/** The country an address is in when it names none. */
export const HOME_COUNTRY = 'IN';

/**
 * Countries whose addresses need a region (state, province, emirate) to be delivered, as the postal services'
 * address formats (Google's address metadata) ask for it. India's state is asked by its own rules.
 */
const REGION_REQUIRED = new Set(['AE', 'AU', 'BR', 'CA', 'CN', 'IT', 'JP', 'MX', 'MY', 'US']);
const needsRegion = (country: string) => REGION_REQUIRED.has(country);

/** What the country calls its postal code, for the form's label and the error texts. */
function postalCodeName(country: string): string {
  if (country === HOME_COUNTRY) return 'PIN code';
  if (country === 'US') return 'ZIP code';
  if (country === 'GB') return 'postcode';
  return 'postal code';
}

/** "the United States", "the United Kingdom", "France": the country's name as a sentence names it. */
function countryInSentence(country: string): string {
  const name = countryName(country);
  const withThe =
    /^(United |Czech|Dominican|Central African)|(Islands|Republic|Kingdom|Emirates|Netherlands|Philippines|Bahamas|Gambia|Maldives|Comoros|Seychelles)$/;
  return withThe.test(name) ? `the ${name}` : name;
}

/** The country's name to print on an address abroad ("United States"); null for India (or no country named). */
export function abroadCountryName(country: string | undefined | null): string | null {
  const code = countryOf(country);
  return code === HOME_COUNTRY ? null : countryName(code);
}

/** An address on one line, as messages print it: "350 Fifth Avenue, New York 10118, NY, United States" (no country for India). */
export function addressLine(a: {
  address: string;
  city: string;
  pincode: string;
  state?: string | undefined;
  country?: string | undefined;
}) {
  const cityLine = [a.city, a.pincode].filter(Boolean).join(' ');
  return [a.address, cityLine, a.state ?? '', abroadCountryName(a.country) ?? '']
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter(Boolean)
    .join(', ');
}

/** The country code an address names, upper-cased; India when it names none. */
export function countryOf(value: unknown): string {
  return typeof value === 'string' && value.trim() ? value.trim().toUpperCase() : HOME_COUNTRY;
}

/** The address form's texts for a country other than India. */
const addressMessages = (country: string) => ({
  country: 'Select a country from the list',
  mobileno: `Enter a valid phone number for ${countryInSentence(country)}, with its country code`,
  pincode: `Enter a valid ${postalCodeName(country)} for ${countryInSentence(country)}`,
  state: `Enter the state or region for ${countryInSentence(country)}`,
  gstin: 'A GSTIN is only for addresses in India',
});

type ForeignFields = { mobileno: string; pincode: string; state: string; gstin: string };
type ForeignCheck = {
  /** A message beside each field that is wrong (country, mobileno, pincode, state, gstin). */
  fields: Partial<Record<'country' | keyof ForeignFields, string>>;
  /** The values as stored: the phone in E.164, the postal code upper-cased and trimmed. */
  value: { country: string; mobileno: string; pincode: string; state: string };
};

/** Checks the country-dependent fields of an address outside India (the other fields are checked as for India). */
export function checkForeignAddress(country: string, input: ForeignFields): ForeignCheck {
  const fields: ForeignCheck['fields'] = {};
  const value = {
    country,
    mobileno: input.mobileno.trim(),
    pincode: input.pincode.trim().toUpperCase(),
    state: input.state.trim(),
  };
  if (!isIsoCountry(country)) {
    fields.country = addressMessages(country).country;
    return { fields, value };
  }
  const messages = addressMessages(country);
  const phone = value.mobileno.startsWith('+') ? parsePhoneNumberFromString(value.mobileno) : undefined;
  if (phone?.isValid() && (phone.country === country || phone.getPossibleCountries().includes(country as never))) {
    value.mobileno = phone.number;
  } else fields.mobileno = messages.mobileno;
  if (postcodeValidatorExistsForCountry(country)) {
    if (!value.pincode || !postcodeValidator(value.pincode, country)) fields.pincode = messages.pincode;
  } else if (value.pincode.length > 20) fields.pincode = messages.pincode;
  if (needsRegion(country) && !value.state) fields.state = messages.state;
  if (value.state.length > 100) fields.state = messages.state;
  if (input.gstin.trim()) fields.gstin = messages.gstin;
  return { fields, value };
}
