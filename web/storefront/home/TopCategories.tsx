import { Link } from 'react-router';
import { SectionHeading } from './SectionHeading';

/** The eight category tiles; paths are relative, as the shop's category strip has always linked them. */
export const TOP_CATEGORIES = [
  { name: 'Ruby', image: '/images/categories/ruby.svg', path: 'gemstones-ruby' },
  { name: 'Yellow Sapphire', image: '/images/categories/yellow-sapphire.svg', path: 'natural-yellow-sapphire' },
  { name: 'Coral', image: '/images/categories/coral.svg', path: 'gemstones-coral' },
  { name: 'Opal', image: '/images/categories/opal.svg', path: 'gemstones-opal' },
  { name: 'Pearl', image: '/images/categories/pearl.svg', path: 'gemstones-pearl' },
  { name: 'Tourmaline', image: '/images/categories/tourmaline.svg', path: 'gemstones-tourmaline' },
  { name: 'Hessonite', image: '/images/categories/hessonite.svg', path: 'gemstones-hessonite' },
  { name: 'Tanzanite', image: '/images/categories/tanzanite.svg', path: 'gemstones-tanzanite' },
] as const;

export function TopCategories() {
  return (
    <section aria-labelledby="top-categories" className="mx-auto max-w-7xl px-4 py-10">
      <SectionHeading id="top-categories" title="Our Top Categories" />
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(min(260px,100%),1fr))] gap-4">
        {TOP_CATEGORIES.map((c) => (
          <li key={c.path}>
            <Link
              to={c.path}
              className="group block overflow-hidden rounded-xl border border-gray-200 bg-white transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            >
              <img
                src={c.image}
                width={520}
                height={360}
                alt=""
                loading="lazy"
                decoding="async"
                className="aspect-[13/9] w-full object-cover transition-transform duration-500 group-hover:scale-105"
              />
              <span className="block py-3 text-center font-semibold text-gray-900 group-hover:text-brand-700">{c.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
