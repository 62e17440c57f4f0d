import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { faqLinks } from '../../../contract/site-links';
import type { StorefrontContent } from '../../api/storefront';
import { SUMMARY_RESET } from '../../ui/useDetails';
import { SectionHeading } from './SectionHeading';

/**
 * An answer's text, with `[words](/path)` as a link to that page of the shop; a link to anywhere else (an answer
 * saved before the server refused them) stays plain text. Nothing else is markup.
 */
function answerParts(answer: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const link of faqLinks(answer)) {
    if (!link.inShop) continue;
    if (link.index > at) parts.push(answer.slice(at, link.index));
    parts.push(
      <Link key={link.index} to={link.path} className="font-medium text-brand-700 underline">
        {link.words}
      </Link>,
    );
    at = link.index + link.length;
  }
  if (at < answer.length) parts.push(answer.slice(at));
  return parts;
}

/**
 * Frequently asked questions, as the merchant wrote them in the back-office: `<details>` disclosures (one open at
 * a time), which open and close before the page's script has run and without JavaScript.
 */
export function Faq({ faq }: { faq: StorefrontContent['faq'] }) {
  if (!faq.length) return null;
  return (
    <section aria-labelledby="faq" className="mx-auto max-w-3xl px-4 py-10">
      <SectionHeading id="faq" title="Frequently Asked Questions" />
      <div className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white" data-testid="faq">
        {faq.map((item, i) => (
          <details key={item._id} name="faq" open={i === 0} className="group">
            <summary
              className={`${SUMMARY_RESET} flex cursor-pointer items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-gray-900 hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none focus-visible:ring-inset`}
            >
              <h3>{item.question}</h3>
              <ChevronDown aria-hidden className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180" />
            </summary>
            <div className="px-5 pb-4 whitespace-pre-line text-gray-700">{answerParts(item.answer)}</div>
          </details>
        ))}
      </div>
    </section>
  );
}
