import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { SectionHeading } from './SectionHeading';

const FAQS: { q: string; a: React.ReactNode }[] = [
  {
    q: 'Are your gemstones certified?',
    a: 'Yes. Every gemstone we sell is tested by an independent gem laboratory and comes with its certificate, which names the stone, its weight, dimensions, and any treatment.',
  },
  {
    q: 'Are the gemstones natural?',
    a: 'All our gemstones are natural and mined. Any treatment (for example heating) is disclosed on the certificate and in the Gemstone Specifications of each product.',
  },
  {
    q: 'Are the stones energised?',
    a: 'Yes. On request, stones are energised with Vedic rituals before dispatch, at no extra cost.',
  },
  {
    q: 'Do you ship outside India?',
    a: 'We ship worldwide, to about 195 countries. Shipping is free worldwide on orders above INR 1,50,000. Standard delivery in India takes up to 10 business days, express up to 5, and international up to 15.',
  },
  {
    q: 'Which payment methods can I use?',
    a: 'Cards, UPI, net banking and wallets, through our secure payment partner Razorpay. Prices are in Indian rupees.',
  },
  {
    q: 'Can I return a gemstone?',
    a: (
      <>
        Yes. We offer a 10-day no-questions-asked return and refund. Read the details in our{' '}
        <Link to="/return-policy" className="font-medium text-brand-700 underline">
          Return Policy
        </Link>
        .
      </>
    ),
  },
];

/** Frequently asked questions: an accordion with at most one answer open. */
export function Faq() {
  const [open, setOpen] = useState<number | null>(0);
  const id = useId();
  return (
    <section aria-labelledby="faq" className="mx-auto max-w-3xl px-4 py-10">
      <SectionHeading id="faq" title="Frequently Asked Questions" />
      <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
        {FAQS.map((item, i) => {
          const expanded = open === i;
          return (
            <li key={item.q}>
              <h3>
                <button
                  type="button"
                  id={`${id}-q${i}`}
                  aria-expanded={expanded}
                  aria-controls={`${id}-a${i}`}
                  onClick={() => setOpen(expanded ? null : i)}
                  className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-gray-900 hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none focus-visible:ring-inset"
                >
                  {item.q}
                  <ChevronDown
                    aria-hidden
                    className={`size-5 shrink-0 text-brand-700 transition-transform ${expanded ? 'rotate-180' : ''}`}
                  />
                </button>
              </h3>
              <section id={`${id}-a${i}`} aria-labelledby={`${id}-q${i}`} hidden={!expanded} className="px-5 pb-4 text-gray-700">
                {item.a}
              </section>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
