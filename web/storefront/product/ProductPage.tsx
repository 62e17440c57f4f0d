import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Award, LoaderCircle, Minus, Plus, ShieldCheck, Truck } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DEFAULT_RATTI_IN_CARATS } from '../../../contract/gems';
import { cartApi } from '../../api/cart';
import { catalogueApi, catalogueKeys, type Product } from '../../api/catalogue';
import { ApiError } from '../../api/client';
import { rememberCartAction, signInPath } from '../../auth/returnTo';
import { useSession } from '../../auth/session';
import { buyNowPath } from '../../cart/buyNow';
import { earlyKey, useEarlyTaps, useLiveMark } from '../../ui/earlyTaps';
import { notify } from '../../ui/notify';
import { usePageTitle } from '../../ui/usePageTitle';
import { listingPath } from '../components/links';
import { ProductCard } from '../components/ProductCard';
import { ProductCardSkeleton } from '../components/ProductCardSkeleton';
import { ProductStrip } from '../components/ProductStrip';
import { SalePrice } from '../components/SalePrice';
import { formatRating, Stars } from '../components/Stars';
import { Gallery } from './Gallery';
import { GemWeight } from './GemWeight';
import { LabCertificate } from './LabCertificate';
import { Specifications } from './Specifications';

const RELATED_SKELETONS = 10;
const RELATED_MIN_WIDTH = 220;
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
      <ProductStrip
        label="Loading related products"
        minItemWidth={RELATED_MIN_WIDTH}
        items={Array.from({ length: RELATED_SKELETONS }, (_, i) => ({ key: `s${i}`, node: <ProductCardSkeleton /> }))}
      />
    </section>
  );
}

// Pills show the checked radio by CSS alone, so a choice shows at once, before the app has taken the page over too.
const PILL =
  'cursor-pointer rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-800 hover:border-gray-400 peer-checked:border-brand-700 peer-checked:bg-brand-50 peer-checked:text-brand-700 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500';

function ProductDetails({ product, related, rattiInCarats }: { product: Product; related: Product[]; rattiInCarats: number }) {
  usePageTitle(product.metatitle.trim() || product.productname, { exact: product.metatitle.trim() !== '' });
  const id = useId();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { user } = useSession();
  const [size, setSize] = useState(product.productsizes[0] ?? '');
  const [colour, setColour] = useState(product.productcolours[0] ?? '');
  const quantity = 1; // The page's quantity stepper is fixed at 1 (SPEC §4); the cart changes quantities.
  const [busy, setBusy] = useState(false);
  const outOfStock = product.stockquantity <= 0;
  const line = { productId: product._id, productsize: size || undefined, productcolour: colour || undefined, quantity };
  const needsSignIn = (err: unknown) => !user || (err instanceof ApiError && err.status === 401);
  const pageRef = useRef<HTMLElement>(null);

  // A size or colour chosen on the server's page before the app took it over is the one in force.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the page becomes live
  useLayoutEffect(() => {
    const checked = [...(pageRef.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]:checked') ?? [])];
    const chosen = (name: string) => checked.find((input) => input.name === name)?.value;
    const s = chosen(`${id}-size`);
    const c = chosen(`${id}-colour`);
    if (s !== undefined && s !== size) setSize(s);
    if (c !== undefined && c !== colour) setColour(c);
  }, []);

  // Add to Cart or Buy Now tapped before the page was live: carried out now, once each.
  const addKey = earlyKey('add', product._id);
  const buyKey = earlyKey('buy', product._id);
  useEarlyTaps([addKey, buyKey], (key) => (key === addKey ? addToCart() : buyNow()));
  useLiveMark();

  /** Signed out: sign in (or up) first; the item is added then, and the shopper comes back here. */
  function signInFirst(kind: 'add' | 'buy') {
    rememberCartAction({ kind, line });
    navigate(signInPath(`${window.location.pathname}${window.location.search}`));
  }

  async function addToCart() {
    setBusy(true);
    try {
      await cartApi.add(line);
      await qc.invalidateQueries({ queryKey: ['cart'] });
      notify.success('Added to cart!');
    } catch (err) {
      if (needsSignIn(err)) signInFirst('add');
      else notify.error(err instanceof Error && err.message ? err.message : 'Failed to add to cart');
    } finally {
      setBusy(false);
    }
  }

  async function buyNow() {
    setBusy(true);
    try {
      // Only this item is bought; whatever else is in the cart stays there for later.
      const { data } = await cartApi.add(line);
      await qc.invalidateQueries({ queryKey: ['cart'] });
      const added = data.find(
        (l) => l.productId === product._id && l.productsize === (size || '') && l.productcolour === (colour || ''),
      );
      navigate(added ? buyNowPath(added.cartItemId, quantity) : '/checkout');
    } catch (err) {
      notify.error((err instanceof ApiError && err.body?.message) || 'Failed to proceed to checkout');
      if (needsSignIn(err)) signInFirst('buy');
      void qc.invalidateQueries({ queryKey: ['cart'] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <article ref={pageRef} className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-gray-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="hover:underline">
              Home
            </Link>
            <span aria-hidden="true"> / </span>
          </li>
          <li>
            <Link to={listingPath(product.category.categoryname)} className="hover:underline">
              {product.category.categoryname}
            </Link>
            <span aria-hidden="true"> / </span>
          </li>
          <li>
            <Link
              to={listingPath(product.category.categoryname, product.subcategory.subcategoryname)}
              className="hover:underline"
            >
              {product.subcategory.subcategoryname}
            </Link>
            <span aria-hidden="true"> / </span>
          </li>
          <li aria-current="page" className="max-w-full truncate font-medium text-gray-900">
            {product.productname}
          </li>
        </ol>
      </nav>

      <div className="grid gap-8 md:grid-cols-2">
        <Gallery product={product} />

        <div>
          <h1 className="font-serif text-2xl font-bold text-gray-900 sm:text-3xl">{product.productname}</h1>
          <div className="mt-2 flex items-center gap-2 text-sm text-gray-700">
            <Stars rating={product.rating} />
            <span data-testid="rating-value">{formatRating(product.rating)}</span>
          </div>
          <SalePrice product={product} size="page" />
          <p className="mt-1 text-sm text-gray-600">Inclusive of all taxes</p>
          <GemWeight product={product} rattiInCarats={rattiInCarats} />
          <LabCertificate product={product} />
          {product.productbrand && <p className="mt-2 text-sm text-gray-700">Brand: {product.productbrand}</p>}
          <p className={`mt-2 text-sm font-medium ${outOfStock ? 'text-red-700' : 'text-green-800'}`}>
            {outOfStock ? 'Out of stock' : 'In stock'}
          </p>

          {product.productsizes.length > 0 && (
            <fieldset className="mt-5">
              <legend className="mb-2 text-sm font-semibold text-gray-900">Size</legend>
              <div className="flex flex-wrap gap-2">
                {product.productsizes.map((s) => (
                  <label key={s}>
                    <input
                      type="radio"
                      name={`${id}-size`}
                      value={s}
                      checked={size === s}
                      onChange={() => setSize(s)}
                      className="peer sr-only"
                    />
                    <span className={PILL}>{s}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}

          {product.productcolours.length > 0 && (
            <fieldset className="mt-5">
              <legend className="mb-2 text-sm font-semibold text-gray-900">
                Colour: <span className="font-normal">{colour}</span>
              </legend>
              <div className="flex flex-wrap gap-2">
                {product.productcolours.map((c) => (
                  <label key={c} title={c}>
                    <input
                      type="radio"
                      name={`${id}-colour`}
                      value={c}
                      checked={colour === c}
                      onChange={() => setColour(c)}
                      className="peer sr-only"
                    />
                    <span className={`${PILL} flex items-center gap-2`}>
                      <span
                        aria-hidden="true"
                        className="size-4 rounded-full border border-gray-300"
                        style={{ backgroundColor: c.toLowerCase() }}
                      />
                      {c}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}

          <fieldset className="mt-5">
            <legend className="mb-2 block text-sm font-semibold text-gray-900">Quantity</legend>
            <div className="inline-flex items-center rounded-md border border-gray-300">
              <button type="button" disabled aria-label="Decrease quantity" className="p-2.5 text-gray-400">
                <Minus aria-hidden className="size-4" />
              </button>
              <output className="w-10 text-center font-semibold" aria-live="polite">
                {quantity}
              </output>
              <button type="button" disabled aria-label="Increase quantity" className="p-2.5 text-gray-400">
                <Plus aria-hidden className="size-4" />
              </button>
            </div>
          </fieldset>

          <div className="mt-6 grid gap-3 sm:grid-cols-2">
            <button
              type="button"
              onClick={addToCart}
              disabled={busy || outOfStock}
              data-early={addKey}
              className="h-12 rounded-md border-2 border-brand-700 bg-white font-semibold text-brand-700 hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-wait aria-busy:opacity-70"
            >
              Add to Cart
            </button>
            <button
              type="button"
              onClick={buyNow}
              disabled={busy || outOfStock}
              data-early={buyKey}
              className="h-12 rounded-md bg-brand-700 font-semibold text-white hover:bg-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-wait aria-busy:opacity-70"
            >
              Buy Now
            </button>
          </div>

          <ul className="mt-6 grid grid-cols-3 gap-2 border-y border-gray-200 py-4 text-center text-xs font-medium text-gray-800 sm:text-sm">
            <li className="flex flex-col items-center gap-1">
              <Truck aria-hidden className="size-6 text-brand-700" />
              Free Delivery
            </li>
            <li className="flex flex-col items-center gap-1">
              <ShieldCheck aria-hidden className="size-6 text-brand-700" />
              Secure Payment
            </li>
            <li className="flex flex-col items-center gap-1">
              <Award aria-hidden className="size-6 text-brand-700" />
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
        <Specifications product={product} />
        <section aria-labelledby={`${id}-details`}>
          <h2 id={`${id}-details`} className="mb-3 font-serif text-2xl font-bold text-gray-900">
            Product Details
          </h2>
          <p className="whitespace-pre-line text-gray-700">{product.productdescription}</p>
        </section>
      </div>

      {related.length > 0 && (
        <section aria-labelledby={`${id}-related`} className="mt-12">
          <h2 id={`${id}-related`} className="mb-6 font-serif text-2xl font-bold text-gray-900">
            Related Products
          </h2>
          <ProductStrip
            label="Related products"
            draggable
            minItemWidth={RELATED_MIN_WIDTH}
            items={related.map((p) => ({ key: p._id, node: <ProductCard product={p} /> }))}
          />
        </section>
      )}

      {busy && (
        <div role="status" className="fixed inset-0 z-50 flex items-center justify-center bg-white/60">
          <LoaderCircle aria-hidden className="size-12 animate-spin text-brand-700" />
          <span className="sr-only">Please wait</span>
        </div>
      )}
    </article>
  );
}
