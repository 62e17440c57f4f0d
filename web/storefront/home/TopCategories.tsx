import { Link } from 'react-router';
import { imageSrcSet } from '../../../contract/images';
import type { StorefrontContent } from '../../api/storefront';
import { SectionHeading } from './SectionHeading';

/** The category tiles the merchant keeps in the back-office (the demo's eight by default). */
export function TopCategories({ tiles }: { tiles: StorefrontContent['tiles'] }) {
  if (!tiles.length) return null;
  return (
    <section aria-labelledby="top-categories" className="mx-auto max-w-7xl px-4 py-10">
      <SectionHeading id="top-categories" title="Our Top Categories" />
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(min(260px,100%),1fr))] gap-4" data-testid="category-tiles">
        {tiles.map((c) => (
          <li key={c._id}>
            <Link
              to={c.path}
              className="group block overflow-hidden rounded-xl border border-gray-200 bg-white transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            >
              <img
                src={c.image}
                srcSet={imageSrcSet(c.image)}
                sizes="(min-width: 1280px) 300px, (min-width: 640px) 33vw, 100vw"
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
