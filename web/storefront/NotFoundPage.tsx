import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePageTitle } from '../ui/usePageTitle';
import { LinkList } from './components/LinkList';
import { INFO_LINKS } from './components/shopInfo';

const POPULAR = [
  { label: 'Ruby', to: '/gemstones-ruby' },
  { label: 'Emerald', to: '/gemstones-emerald' },
  { label: 'Yellow Sapphire', to: '/natural-yellow-sapphire' },
  { label: 'Blue Sapphire', to: '/natural-blue-sapphire' },
  { label: 'Pearl', to: '/gemstones-pearl' },
  { label: 'Rings', to: '/jewellery-rings' },
];

/** A helpful 404: search, popular pages, and the way home. */
export default function NotFoundPage() {
  usePageTitle('Page not found');
  const id = useId();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  function search(e: FormEvent) {
    e.preventDefault();
    const words = text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
    navigate(words.length ? `/search-${words.join('-')}` : '/all');
  }
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 text-center sm:py-16">
      <p className="font-serif text-6xl font-bold text-brand-700">404</p>
      <h1 className="mt-2 font-serif text-3xl font-bold text-gray-900">Page not found</h1>
      <p className="mt-3 text-gray-700">
        The page you were looking for has moved or never existed. Search for a gemstone, or start from one of these pages.
      </p>
      <form onSubmit={search} className="mx-auto mt-6 flex max-w-md gap-2">
        <label htmlFor={`${id}-q`} className="sr-only">
          Search products
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search products, e.g. blue sapphire"
          className="h-11 min-w-0 flex-1 rounded-md border border-gray-300 px-3 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        />
        <button
          type="submit"
          className="h-11 rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          Search
        </button>
      </form>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-600">
          Go to home page
        </Link>
        <Link to="/all" className="rounded-md border border-gray-300 px-5 py-2 font-semibold text-gray-900 hover:bg-gray-50">
          View all products
        </Link>
      </div>
      <h2 className="mt-10 mb-3 font-semibold text-gray-900">Popular gemstones</h2>
      <LinkList
        links={POPULAR}
        className="flex flex-wrap justify-center gap-2"
        linkClassName="inline-block rounded-full bg-brand-50 px-4 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-100"
      />
      <h2 className="mt-8 mb-3 font-semibold text-gray-900">Help and information</h2>
      <LinkList
        links={INFO_LINKS}
        className="flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm"
        linkClassName="text-brand-700 underline underline-offset-2"
      />
    </section>
  );
}
