import { Link } from 'react-router';

const PROMOS = [
  {
    to: '/gemstones-emerald',
    image: '/images/promo-emerald.svg',
    label: '20% OFF',
    title: 'Natural Emerald (Panna)',
    text: 'Certified Colombian and Zambian emeralds, on sale.',
    cta: 'Shop Emerald',
    tint: 'text-emerald-950',
  },
  {
    to: '/gemstones-ruby',
    image: '/images/promo-ruby.svg',
    label: '15% OFF',
    title: 'Natural Ruby (Manik)',
    text: 'Burmese and African rubies with lab certificates, on sale.',
    cta: 'Shop Ruby',
    tint: 'text-brand-900',
  },
] as const;

/** Two sale banners: 20% off emerald, 15% off ruby. */
export function PromoBanners() {
  return (
    <section aria-label="Offers" className="mx-auto grid max-w-7xl gap-4 px-4 pt-8 md:grid-cols-2">
      {PROMOS.map((p) => (
        <Link
          key={p.to}
          to={p.to}
          className="group relative block aspect-[2/1] overflow-hidden rounded-xl focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          <img
            src={p.image}
            width={800}
            height={400}
            alt=""
            className="absolute inset-0 size-full object-cover transition-transform duration-500 group-hover:scale-105"
          />
          <div className={`relative flex h-full max-w-[62%] flex-col justify-center p-5 sm:p-7 ${p.tint}`}>
            <span className="w-fit rounded-full bg-brand-700 px-3 py-1 text-xs font-bold tracking-wide text-white">
              {p.label}
            </span>
            <h2 className="mt-2 font-serif text-lg leading-tight font-bold sm:text-2xl">{p.title}</h2>
            <p className="mt-1 hidden text-sm sm:block">{p.text}</p>
            <span className="mt-2 text-sm font-semibold underline underline-offset-4 sm:mt-3">{p.cta}</span>
          </div>
        </Link>
      ))}
    </section>
  );
}
