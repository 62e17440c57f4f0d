import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId } from 'react';
import { Link, useParams } from 'react-router';
import type { ProductDelivery } from '../../../contract/catalogue';
import { DEFAULT_RATTI_IN_CARATS } from '../../../contract/gems';
import { catalogueApi, type Product } from '../../api/catalogue';
import { ApiError } from '../../api/client';
import { useLiveMark } from '../../ui/earlyTaps';
import { usePageTitle } from '../../ui/usePageTitle';
import { Breadcrumb, HOME } from '../components/Breadcrumb';
import { listingPath } from '../components/links';
import { formatRating, NoReviews, Stars } from '../components/Stars';
import { Gallery } from './Gallery';
import { productKeys } from './loader';
import { ProductPromises } from './ProductPromises';
import { ProductReviews } from './ProductReviews';
import { PurchasePanel } from './PurchasePanel';
import { Specifications } from './Specifications';

// Below the fold: the related products' row loads after the page's own code (see RelatedProducts).
const loadRelated = () => import('./RelatedProducts');
const RelatedProducts = lazy(async () => ({ default: (await loadRelated()).RelatedProducts }));
const RelatedSkeletons = lazy(async () => ({ default: (await loadRelated()).RelatedSkeletons }));
export const BENEFITS = ['Alleviates Misfortune', 'Supports Mental Health', 'Increases Wisdom', 'Success in business'];

/** Product page: `/{category}/{subcategory}/{slug}` (only the slug is looked up). */
export default function ProductPage() {
  const { slug = '' } = useParams();
  const query = useQuery({
    queryKey: productKeys.product(slug),
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
  const { product, relatedProducts, rattiincarats, delivery } = query.data;
  return (
    <ProductDetails
      key={product._id}
      product={product}
      related={relatedProducts ?? []}
      rattiInCarats={rattiincarats ?? DEFAULT_RATTI_IN_CARATS}
      delivery={delivery}
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

function ProductDetails({
  product,
  related,
  rattiInCarats,
  delivery,
}: {
  product: Product;
  related: Product[];
  rattiInCarats: number;
  delivery: ProductDelivery | null | undefined;
}) {
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
          <ProductPromises delivery={delivery} />
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
