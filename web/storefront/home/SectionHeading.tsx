import type { ReactNode } from 'react';

/** A home section's centred heading (fixed heights, so loading placeholders line up with it). */
export function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle?: ReactNode }) {
  return (
    <div className="mb-6 text-center">
      <h2 id={id} className="font-serif text-2xl leading-9 font-bold text-gray-900 sm:text-3xl">
        {title}
      </h2>
      {subtitle && <p className="mt-1 text-gray-700">{subtitle}</p>}
    </div>
  );
}
