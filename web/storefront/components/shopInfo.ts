import { SHOP_PHONE } from './shopContact';

export { SHOP_EMAIL, SHOP_NAME, SHOP_PHONE } from './shopContact';

/** The shop's contact details, shown in the footer, home, contact page and policies. */
export const SHOP_FULL_NAME = 'Ratna Gems Ludhiana';
export const SHOP_PHONES = [SHOP_PHONE, { label: '+91 161 401 2345', href: 'tel:+911614012345' }];
export const SHOP_ADDRESS = 'Ratna Gems, 2nd Floor, Ghumar Mandi Road, Ludhiana, Punjab 141001, India';
export const SHOP_WHATSAPP = 'https://wa.me/919876543210';
export const SHOP_HOURS = [
  { days: 'Mon–Fri', time: '8am–5pm' },
  { days: 'Sat', time: '10am–8pm' },
  { days: 'Sun', time: 'Closed' },
];
export const SHOP_SOCIAL = [
  { label: 'Facebook', href: 'https://www.facebook.com/ratnagems' },
  { label: 'Instagram', href: 'https://www.instagram.com/ratnagems' },
  { label: 'YouTube', href: 'https://www.youtube.com/@ratnagems' },
  { label: 'Pinterest', href: 'https://www.pinterest.com/ratnagems' },
];

/** The information pages, linked from the footer and the 404 page. */
export const INFO_LINKS = [
  { label: 'About Us', to: '/about' },
  { label: 'Contact Us', to: '/contact' },
  { label: 'Terms and Conditions', to: '/terms-and-conditions' },
  { label: 'Cookie Policy', to: '/cookie-policy' },
  { label: 'Return Policy', to: '/return-policy' },
  { label: 'Shipping Policy', to: '/shipping-policy' },
  { label: 'Cancellation and Refund Policy', to: '/cancellation-and-refund-policy' },
];
