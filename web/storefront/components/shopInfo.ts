/**
 * What the storefront says of the shop beyond its settings (name, address, phone and e-mail are the shop's settings:
 * see shopSettings.ts): business hours, social links, the information pages.
 */
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
