import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { LinkList } from '../components/LinkList';
import { INFO_LINKS, SHOP_HOURS, SHOP_SOCIAL } from '../components/shopInfo';
import { useShopContacts } from '../components/shopSettings';
import { NewsletterForm } from './NewsletterForm';

const ALL_PRODUCTS = { label: 'All Products', to: '/all' };

/** A column of the footer: a section (or nav) named by its heading. */
function FooterColumn({
  as: Tag = 'section',
  id,
  title,
  headingClass = 'text-base',
  children,
}: {
  as?: 'section' | 'nav';
  id: string;
  title: ReactNode;
  headingClass?: string;
  children: ReactNode;
}) {
  return (
    <Tag aria-labelledby={id}>
      <h2 id={id} className={`mb-3 flex items-center gap-2 ${headingClass} font-semibold text-white`}>
        {title}
      </h2>
      {children}
    </Tag>
  );
}

/** Footer: business hours, newsletter box, social and information links, contact details. */
export default function Footer() {
  const shop = useShopContacts();
  return (
    <footer className="bg-brand-900 px-4 pt-12 pb-8 text-sm text-white/90">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 sm:grid-cols-2 lg:grid-cols-4">
        <FooterColumn id="footer-contact" title={shop.name} headingClass="font-serif text-lg">
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
          {shop.officer.name ? (
            <p className="mt-3 text-white/80" data-testid="footer-grievance-officer">
              Grievance Officer: {shop.officer.name}
              {shop.officer.designation ? `, ${shop.officer.designation}` : ''}
              {shop.officer.email ? (
                <>
                  {' · '}
                  <a href={`mailto:${shop.officer.email}`} className="hover:underline">
                    {shop.officer.email}
                  </a>
                </>
              ) : null}
              {shop.officer.phone ? ` · ${shop.officer.phone}` : ''}
              {shop.legalname ? <span className="block">Seller: {shop.legalname}</span> : null}
            </p>
          ) : null}
        </FooterColumn>

        <FooterColumn as="nav" id="footer-info" title="Information">
          <LinkList links={[...INFO_LINKS, ALL_PRODUCTS]} className="space-y-2" linkClassName="hover:underline" />
        </FooterColumn>

        <FooterColumn
          id="footer-hours"
          title={
            <>
              <Clock aria-hidden className="size-4" />
              Business Hours
            </>
          }
        >
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            {SHOP_HOURS.map((h) => (
              <div key={h.days} className="contents">
                <dt className="font-medium text-white">{h.days}</dt>
                <dd>{h.time}</dd>
              </div>
            ))}
          </dl>
        </FooterColumn>

        <FooterColumn id="footer-news" title="Newsletter">
          <p className="mb-3 text-white/80">New arrivals and offers, once a month.</p>
          <NewsletterForm />
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
        </FooterColumn>
      </div>
      <p className="mx-auto mt-10 max-w-7xl border-t border-white/20 pt-6 text-center text-xs text-white/70">
        © {new Date().getFullYear()} {shop.name}. All rights reserved. Prices in Indian rupees (INR).
      </p>
    </footer>
  );
}
