import { type FormEvent, useId } from 'react';
import { SHOP_HOURS } from '../components/shopInfo';
import { useShopContacts } from '../components/shopSettings';
import { GrievanceForm } from './GrievanceForm';
import { StaticPage } from './StaticPage';

const input =
  'w-full rounded-md border border-gray-300 px-3 py-2 text-gray-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none';

export default function ContactPage() {
  const id = useId();
  const shop = useShopContacts();
  // The form opens the visitor's e-mail app with the message written out; nothing is stored by the shop.
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const body = `${data.get('message') ?? ''}\n\n${data.get('name') ?? ''}\n${data.get('phone') ?? ''}`;
    window.location.href = `mailto:${shop.email}?subject=${encodeURIComponent('Enquiry from the website')}&body=${encodeURIComponent(body)}`;
  }
  return (
    <StaticPage title="Contact Us">
      <p>Questions about a gemstone, an order or a certificate? Call, write or visit us; we answer within one business day.</p>
      <div className="mt-6 grid gap-8 md:grid-cols-2">
        <div>
          <h2>Reach us</h2>
          <h3>Phone</h3>
          <p>
            <a href={shop.phone.href} data-testid="contact-phone">
              {shop.phone.label}
            </a>
          </p>
          <h3>E-mail</h3>
          <p>
            <a href={`mailto:${shop.email}`}>{shop.email}</a>
          </p>
          <h3>WhatsApp</h3>
          <p>
            <a href={shop.whatsapp} target="_blank" rel="noopener noreferrer">
              Chat with us on WhatsApp
            </a>
          </p>
          <h3>Office and showroom</h3>
          <address className="mb-3 not-italic">{shop.address}</address>
          <h3>Business hours</h3>
          <ul>
            {SHOP_HOURS.map((h) => (
              <li key={h.days}>
                {h.days}: {h.time}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2>Send us a message</h2>
          <form onSubmit={submit} className="space-y-4" aria-label="Send us a message">
            <div>
              <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-medium">
                Name
              </label>
              <input id={`${id}-name`} name="name" autoComplete="name" className={input} />
            </div>
            <div>
              <label htmlFor={`${id}-email`} className="mb-1 block text-sm font-medium">
                E-mail
              </label>
              <input id={`${id}-email`} name="email" type="email" autoComplete="email" className={input} />
            </div>
            <div>
              <label htmlFor={`${id}-phone`} className="mb-1 block text-sm font-medium">
                Phone
              </label>
              <input id={`${id}-phone`} name="phone" type="tel" autoComplete="tel" className={input} />
            </div>
            <div>
              <label htmlFor={`${id}-message`} className="mb-1 block text-sm font-medium">
                Message
              </label>
              <textarea id={`${id}-message`} name="message" rows={5} className={input} />
            </div>
            <button
              type="submit"
              className="rounded-md bg-brand-700 px-6 py-2.5 font-semibold text-white hover:bg-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none"
            >
              Send Message
            </button>
          </form>
        </div>
      </div>
      <section aria-labelledby={`${id}-grievance`} className="mt-10 border-t border-gray-200 pt-6">
        <h2 id={`${id}-grievance`}>Grievance Officer</h2>
        <p data-testid="grievance-officer">
          {shop.officer.name ? (
            <>
              {shop.officer.name}
              {shop.officer.designation ? `, ${shop.officer.designation}` : ''}
              <br />
            </>
          ) : null}
          {shop.legalname}
          <br />
          {shop.address}
          {shop.officer.email ? (
            <>
              <br />
              E-mail: <a href={`mailto:${shop.officer.email}`}>{shop.officer.email}</a>
            </>
          ) : null}
          {shop.officer.phone ? (
            <>
              <br />
              Phone: {shop.officer.phone}
            </>
          ) : null}
        </p>
        <p>A complaint gets a ticket number at once. We acknowledge it within 48 hours and resolve it within one month.</p>
        <GrievanceForm />
      </section>
    </StaticPage>
  );
}
