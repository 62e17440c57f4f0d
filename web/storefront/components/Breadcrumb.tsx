import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

/** The trail above a page: the pages above it, each a link, then the page itself. */
export function Breadcrumb({
  trail,
  current,
  className = 'mb-4',
}: {
  trail: { to: string; label: string }[];
  current: ReactNode;
  /** The space under it. */
  className?: string;
}) {
  return (
    <nav aria-label="Breadcrumb" className={`${className} text-sm text-gray-600`}>
      <ol className="flex flex-wrap items-center gap-2">
        {trail.map((step) => (
          <Fragment key={step.to}>
            <li>
              <Link to={step.to} className="hover:text-brand-700 hover:underline">
                {step.label}
              </Link>
            </li>
            <li aria-hidden>/</li>
          </Fragment>
        ))}
        <li aria-current="page" className="max-w-full truncate font-medium text-gray-900">
          {current}
        </li>
      </ol>
    </nav>
  );
}

/** The first step of every trail. */
export const HOME = { to: '/', label: 'Home' };
