import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId } from 'react';
import { Link, useParams } from 'react-router';
import { DEFAULT_RATTI_IN_CARATS } from '../../../contract/gems';
import { catalogueApi, catalogueKeys, type Product } from '../../api/catalogue';
import { ApiError } from '../../api/client';
import { useLiveMark } from '../../ui/earlyTaps';
import { Icon } from '../../ui/icons';
import { usePageTitle } from '../../ui/usePageTitle';
import { Breadcrumb, HOME } from '../components/Breadcrumb';
import { listingPath } from '../components/links';
import { formatRating, NoReviews, Stars } from '../components/Stars';
import { Gallery } from './Gallery';
import { ProductReviews } from './ProductReviews';
import { PurchasePanel } from './PurchasePanel';
import { Specifications } from './Specifications';

// Icon paths as lucide-react draws them (24×24; circles and rectangles written as paths), for <Icon d={…} />.
const AWARD =
  'm15.477 12.89 1.515 8.526a.5.5 0 0 1-.81.47l-3.58-2.687a1 1 0 0 0-1.197 0l-3.586 2.686a.5.5 0 0 1-.81-.469l1.514-8.526M6 8a6 6 0 1 0 12 0a6 6 0 1 0-12 0';
const SHIELD_CHECK =
  'M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1zM9 12l2 2 4-4';
const TRUCK =
  'M14 18V6a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2v11a1 1 0 0 0 1 1h2M15 18H9M19 18h2a1 1 0 0 0 1-1v-3.65a1 1 0 0 0-.22-.624l-3.48-4.35A1 1 0 0 0 17.52 8H14M15 18a2 2 0 1 0 4 0a2 2 0 1 0-4 0M5 18a2 2 0 1 0 4 0a2 2 0 1 0-4 0';

// Below the fold: the related products' row loads after the page's own code (see RelatedProducts).
const loadRelated = () => import('./RelatedProducts');
const RelatedProducts = lazy(async () => ({ default: (await loadRelated()).RelatedProducts }));
const RelatedSkeletons = lazy(async () => ({ default: (await loadRelated()).RelatedSkeletons }));
export const BENEFITS = ['Alleviates Misfortune', 'Supports Mental Health', 'Increases Wisdom', 'Success in business'];

/** Product page: `/{category}/{subcategory}/{slug}` (only the slug is looked up). */
export default function ProductPage() {
  const { slug = '' } = useParams();
  const query = useQuery({
    queryKey: catalogueKeys.product(slug),
    queryFn: async () => {
      try {
        return await catalogueApi.bySlug(slug);
      } catch (err) {
        console.error('Product could not be loaded', err);
        throw err;
      }
    },
    enabled: slug !== '',
    retry: (count, err) => !(err instanceof ApiError && err.status > 0 && err.status < 500) && count < 1,
  });

  if (slug === '' || query.isError) return <ProductNotFound />;
  if (query.isPending) return <ProductSkeleton />;
  const { product, relatedProducts, rattiincarats } = query.data;
  return (
    <ProductDetails
      key={product._id}
      product={product}
      related={relatedProducts ?? []}
      rattiInCarats={rattiincarats ?? DEFAULT_RATTI_IN_CARATS}
    />
  );
}

function ProductNotFound() {
  usePageTitle('Product Not Found');
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="font-serif text-3xl font-bold text-gray-900">Product Not Found</h1>
      <p className="mt-3 text-gray-700">The requested product could not be found.</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/all" className="rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-600">
          Browse all products
        </Link>
        <Link to="/" className="rounded-md border border-gray-300 px-5 py-2 font-semibold text-gray-900 hover:bg-gray-50">
          Go to home page
        </Link>
      </div>
    </section>
  );
}

function ProductSkeleton() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-6 sm:py-8" aria-busy="true" aria-label="Loading product">
      <div className="mb-4 h-5 w-64 animate-pulse rounded bg-gray-200" />
      <div className="grid gap-8 md:grid-cols-2">
        <div className="aspect-square animate-pulse rounded-xl bg-gray-200" />
        <div className="space-y-4">
          <div className="h-9 w-3/4 animate-pulse rounded bg-gray-200" />
          <div className="h-5 w-32 animate-pulse rounded bg-gray-200" />
          <div className="h-8 w-40 animate-pulse rounded bg-gray-200" />
          <div className="h-24 animate-pulse rounded bg-gray-100" />
          <div className="h-12 animate-pulse rounded bg-gray-200" />
        </div>
      </div>
      <div className="mt-12 mb-6 h-8 w-56 animate-pulse rounded bg-gray-200" />
      <Suspense>
        <RelatedSkeletons />
      </Suspense>
    </section>
  );
}

function ProductDetails({ product, related, rattiInCarats }: { product: Product; related: Product[]; rattiInCarats: number }) {
  usePageTitle(product.metatitle.trim() || product.productname, { exact: product.metatitle.trim() !== '' });
  const id = useId();
  useLiveMark();

  return (
    <article className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <Breadcrumb
        trail={[
          HOME,
          { to: listingPath(product.category.categoryname), label: product.category.categoryname },
          {
            to: listingPath(product.category.categoryname, product.subcategory.subcategoryname),
            label: product.subcategory.subcategoryname,
          },
        ]}
        current={product.productname}
      />

      <div className="grid gap-8 md:grid-cols-2">
        <Gallery product={product} />

        <div>
          <h1 className="font-serif text-2xl font-bold text-gray-900 sm:text-3xl">{product.productname}</h1>
          <div className="mt-2 flex items-center gap-2 text-sm text-gray-700">
            {product.rating === null ? (
              <NoReviews className="text-sm text-gray-600" />
            ) : (
              <>
                <Stars rating={product.rating} />
                <span data-testid="rating-value">{formatRating(product.rating)}</span>
                <a href="#reviews" className="text-brand-700 hover:underline">
                  {product.reviewcount} {product.reviewcount === 1 ? 'review' : 'reviews'}
                </a>
              </>
            )}
          </div>
          <PurchasePanel product={product} rattiInCarats={rattiInCarats} id={id} />
          <ul className="mt-6 grid grid-cols-3 gap-2 border-y border-gray-200 py-4 text-center text-xs font-medium text-gray-800 sm:text-sm">
            <li className="flex flex-col items-center gap-1">
              <Icon d={TRUCK} className="size-6 text-brand-700" />
              Free Delivery
            </li>
            <li className="flex flex-col items-center gap-1">
              <Icon d={SHIELD_CHECK} className="size-6 text-brand-700" />
              Secure Payment
            </li>
            <li className="flex flex-col items-center gap-1">
              <Icon d={AWARD} className="size-6 text-brand-700" />
              Best Quality
            </li>
          </ul>
          <p className="mt-3 text-center text-sm font-semibold text-gray-800 md:hidden">10 Day Money-Back Returns*</p>

          <section aria-labelledby={`${id}-benefits`} className="mt-6 rounded-lg bg-brand-50 p-5">
            <h2 id={`${id}-benefits`} className="mb-3 font-serif text-xl font-bold text-gray-900">
              Gemstone Benefits
            </h2>
            <ul className="grid gap-2 sm:grid-cols-2">
              {BENEFITS.map((b) => (
                <li key={b} className="flex items-center gap-2 text-gray-800">
                  <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-brand-700" />
                  {b}
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>

      <div className="mt-10 grid gap-8 lg:grid-cols-2">
        <Specifications product={product} rattiInCarats={rattiInCarats} />
        <section aria-labelledby={`${id}-details`}>
          <h2 id={`${id}-details`} className="mb-3 font-serif text-2xl font-bold text-gray-900">
            Product Details
          </h2>
          <p className="whitespace-pre-line text-gray-700">{product.productdescription}</p>
        </section>
      </div>

      <ProductReviews productId={product._id} reviewcount={product.reviewcount} />

      {related.length > 0 && (
        <Suspense>
          <RelatedProducts related={related} id={id} />
        </Suspense>
      )}
    </article>
  );
}
