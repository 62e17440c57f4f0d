/** The shop's contact details, shown in the header, footer, contact page and policies. */
export const SHOP = {
  name: 'Ratna Gems',
  fullName: 'Ratna Gems Ludhiana',
  phones: [
    { label: '+91 98765 43210', href: 'tel:+919876543210' },
    { label: '+91 161 4012345', href: 'tel:+911614012345' },
  ],
  email: 'support@ratnagems.in',
  address: 'Ratna Gems, 2nd Floor, Ghumar Mandi Road, Ludhiana, Punjab 141001, India',
  whatsapp: 'https://wa.me/919876543210',
  hours: [
    { days: 'Mon–Fri', time: '8am–5pm' },
    { days: 'Sat', time: '10am–8pm' },
    { days: 'Sun', time: 'Closed' },
  ],
  social: [
    { label: 'Facebook', href: 'https://www.facebook.com/ratnagems' },
    { label: 'Instagram', href: 'https://www.instagram.com/ratnagems' },
    { label: 'YouTube', href: 'https://www.youtube.com/@ratnagems' },
    { label: 'Pinterest', href: 'https://www.pinterest.com/ratnagems' },
  ],
} as const;

/** The information pages, linked from the footer and the 404 page. */
export const INFO_LINKS = [
  { label: 'About Us', to: '/about' },
  { label: 'Contact Us', to: '/contact' },
  { label: 'Terms and Conditions', to: '/terms-and-conditions' },
  { label: 'Cookie Policy', to: '/cookie-policy' },
  { label: 'Return Policy', to: '/return-policy' },
  { label: 'Shipping Policy', to: '/shipping-policy' },
  { label: 'Cancellation and Refund Policy', to: '/cancellation-and-refund-policy' },
] as const;
