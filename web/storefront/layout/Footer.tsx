import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { INFO_LINKS, SHOP_HOURS, SHOP_SOCIAL } from '../components/shopInfo';
import { useShopContacts } from '../components/shopSettings';

/** Footer: business hours, newsletter box, social and information links, contact details. */
export default function Footer() {
  const emailId = useId();
  const shop = useShopContacts();
  return (
    <footer className="bg-brand-900 px-4 pt-12 pb-8 text-sm text-white/90">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-3 font-serif text-lg font-semibold text-white">
            {shop.name}
          </h2>
          <p className="mb-3 text-white/80">
            Certified natural gemstones and jewellery from a Ludhiana wholesaler, shipped to about 195 countries.
          </p>
          <ul className="space-y-2">
            <li className="flex gap-2">
              <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
              <address className="not-italic">{shop.address}</address>
            </li>
            <li className="flex gap-2">
              <Phone aria-hidden className="mt-0.5 size-4 shrink-0" />
              <a href={shop.phone.href} className="hover:underline" data-testid="footer-phone">
                {shop.phone.label}
              </a>
            </li>
            <li className="flex gap-2">
              <Mail aria-hidden className="mt-0.5 size-4 shrink-0" />
              <a href={`mailto:${shop.email}`} className="hover:underline">
                {shop.email}
              </a>
            </li>
          </ul>
        </section>

        <nav aria-labelledby="footer-info">
          <h2 id="footer-info" className="mb-3 text-base font-semibold text-white">
            Information
          </h2>
          <ul className="space-y-2">
            {INFO_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:underline">
                  {l.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/all" className="hover:underline">
                All Products
              </Link>
            </li>
          </ul>
        </nav>

        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours" className="mb-3 flex items-center gap-2 text-base font-semibold text-white">
            <Clock aria-hidden className="size-4" />
            Business Hours
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            {SHOP_HOURS.map((h) => (
              <div key={h.days} className="contents">
                <dt className="font-medium text-white">{h.days}</dt>
                <dd>{h.time}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="footer-news">
          <h2 id="footer-news" className="mb-3 text-base font-semibold text-white">
            Newsletter
          </h2>
          <p className="mb-3 text-white/80">New arrivals and offers, once a month.</p>
          <form className="flex gap-2" onSubmit={(e) => e.preventDefault()}>
            <label htmlFor={emailId} className="sr-only">
              Email address
            </label>
            <input
              id={emailId}
              type="email"
              name="email"
              autoComplete="email"
              placeholder="Your email address"
              className="min-w-0 flex-1 rounded-md border border-white/30 bg-white px-3 py-2 text-gray-900 placeholder:text-gray-500"
            />
            <button
              type="submit"
              className="rounded-md bg-gold-400 px-4 py-2 font-semibold text-brand-900 hover:bg-gold-500 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
            >
              Subscribe
            </button>
          </form>
          <h3 className="mt-6 mb-2 font-semibold text-white">Follow us</h3>
          <ul className="flex flex-wrap gap-2">
            {SHOP_SOCIAL.map((s) => (
              <li key={s.label}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-block rounded-full border border-white/40 px-3 py-1 hover:bg-white/10"
                >
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="mx-auto mt-10 max-w-7xl border-t border-white/20 pt-6 text-center text-xs text-white/70">
        © {new Date().getFullYear()} {shop.name}. All rights reserved. Prices in Indian rupees (INR).
      </p>
    </footer>
  );
}
