import { Link } from 'react-router';
import { imageSrcSet } from '../../../contract/images';
import type { StorefrontContent } from '../../api/storefront';

const BOX =
  'group relative block aspect-[2/1] overflow-hidden rounded-xl focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none';

/**
 * The promo banners the merchant keeps in the back-office. A banner linked to a sale says what that sale gives
 * (its percentage, from the sale itself) and is only sent while the sale runs, so the home page never promises a
 * discount the checkout does not give. While the content loads, two empty boxes keep the banners' place.
 */
export function PromoBanners({ banners }: { banners: StorefrontContent['banners'] | undefined }) {
  if (banners && !banners.length) return null;
  return (
    <section aria-label="Offers" aria-busy={!banners} className="mx-auto grid max-w-7xl gap-4 px-4 pt-8 md:grid-cols-2">
      {banners
        ? banners.map((b) => (
            <Link key={b._id} to={b.path} className={BOX} data-testid="promo-banner">
              <img
                src={b.image}
                srcSet={imageSrcSet(b.image)}
                sizes="(min-width: 1280px) 624px, (min-width: 768px) 50vw, 100vw"
                width={800}
                height={400}
                alt=""
                className="absolute inset-0 size-full object-cover transition-transform duration-500 group-hover:scale-105"
              />
              <div className="relative flex h-full max-w-[62%] flex-col justify-center p-5 text-brand-900 sm:p-7">
                {b.sale ? (
                  <span
                    className="w-fit rounded-full bg-brand-700 px-3 py-1 text-xs font-bold tracking-wide text-white"
                    data-testid="promo-badge"
                  >
                    {b.sale.percentoff}% OFF
                  </span>
                ) : null}
                <h2 className="mt-2 font-serif text-lg leading-tight font-bold sm:text-2xl">{b.heading}</h2>
                {b.text ? <p className="mt-1 hidden text-sm sm:block">{b.text}</p> : null}
                {b.cta ? <span className="mt-2 text-sm font-semibold underline underline-offset-4 sm:mt-3">{b.cta}</span> : null}
              </div>
            </Link>
          ))
        : [0, 1].map((i) => <div key={i} className={`${BOX} bg-brand-50`} />)}
    </section>
  );
}
