import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../ui/usePageTitle';

/** The date every policy page states. */
const POLICY_DATE = '11 March 2024';

/** Frame of an information page: breadcrumb, title, optional 'Last Updated' line, text. */
export function StaticPage({ title, updated, children }: { title: string; updated?: boolean; children: ReactNode }) {
  usePageTitle(title);
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <nav aria-label="Breadcrumb" className="mb-3 text-sm text-gray-600">
        <Link to="/" className="hover:underline">
          Home
        </Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page" className="font-medium text-gray-900">
          {title}
        </span>
      </nav>
      <h1 className="font-serif text-3xl font-bold text-gray-900 sm:text-4xl">{title}</h1>
      {updated && <p className="mt-2 text-sm text-gray-600">Last Updated {POLICY_DATE}</p>}
      <div className="shop-prose mt-6">{children}</div>
    </article>
  );
}
