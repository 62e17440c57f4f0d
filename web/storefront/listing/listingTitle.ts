/**
 * A listing's page title, worded exactly as the server words it in the page's <title> (contract/listing.ts):
 * "Ruby Gemstones", "Jewellery Rings", "Blue Sapphire Gemstones from ₹5,000", "All Products – Page 2".
 */
export { listingTitle } from '../../../contract/listing';
