/**
 * The listing URL's filter grammar is shared with the server (contract/filter.ts, which imports no zod, so it adds
 * only its own few hundred bytes to the listing's chunk). The storefront imports it through this file only.
 */
export * from '../../../contract/filter';
