import { Link } from 'react-router';
import { Icon } from '../../ui/icons';
import { MENUS } from './menus';

/** The link list of one desktop dropdown menu. */
export function MenuPanel({ index, open }: { index: number; open: boolean }) {
  const menu = MENUS[index];
  if (!menu) return null;
  return (
    <ul
      id={`menu-${index}`}
      hidden={!open}
      className="absolute top-full left-0 z-50 min-w-60 rounded-b-lg border border-gray-200 bg-white py-2 shadow-lg"
    >
      {menu.links.map((link) => (
        <li key={link.to}>
          <Link
            to={link.to}
            className="block px-4 py-2 text-sm text-gray-800 hover:bg-brand-50 hover:text-brand-700 focus-visible:bg-brand-50 focus-visible:outline-none"
          >
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The menus on narrow screens: one native disclosure per menu, then a few common pages. */
export function MobileMenuList() {
  return (
    <>
      {MENUS.map((menu) => (
        <details key={menu.label} className="group border-b border-gray-100">
          <summary className="flex cursor-pointer list-none items-center justify-between py-3 font-semibold text-gray-900 [&::-webkit-details-marker]:hidden">
            {menu.label}
            <Icon name="chevronDown" className="size-5 transition-transform group-open:rotate-180" />
          </summary>
          <ul className="pb-2">
            {menu.links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="block rounded-md px-3 py-2 text-gray-700 hover:bg-brand-50">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </details>
      ))}
      <ul className="mt-3 space-y-1">
        <li>
          <Link to="/all" className="block rounded-md py-2 font-semibold text-brand-700">
            All Products
          </Link>
        </li>
        <li>
          <Link to="/about" className="block rounded-md py-2 text-gray-700">
            About Us
          </Link>
        </li>
        <li>
          <Link to="/contact" className="block rounded-md py-2 text-gray-700">
            Contact Us
          </Link>
        </li>
      </ul>
    </>
  );
}
