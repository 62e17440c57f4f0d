/** The shop's name, phone and e-mail: what the header shows on every page (kept apart from shopInfo.ts so the first
 * download carries only these). */
export const SHOP_NAME = 'Ratna Gems';
export const SHOP_PHONE = { label: '+91 98765 43210', href: 'tel:+919876543210' };
export const SHOP_EMAIL = 'support@ratnagems.in';
