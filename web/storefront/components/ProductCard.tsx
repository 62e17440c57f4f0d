import { useState } from 'react';
import { Link } from 'react-router';
import { imageSrcSet, imageUrlAt } from '../../../contract/images';
import type { Product } from '../../api/catalogue';
import { useSession } from '../../auth/session';
import { useAddToCart } from '../../cart/cart';
import { earlyKey, useEarlyTaps } from '../../ui/earlyTaps';
import { Icon } from '../../ui/icons';
import { notify } from '../../ui/notify';
import { CardTradePrice } from './CardTradePrice';
import { gemFacts, productPath, shortName } from './links';
import { SalePrice } from './SalePrice';
import { NoReviews, Stars } from './Stars';

// Icon paths as lucide-react draws them (24×24; circles and rectangles written as paths), for <Icon d={…} />.
const COPY =
  'M10 8h10a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2V10a2 2 0 0 1 2-2zM4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2';
const SPINNER = 'M21 12a9 9 0 1 1-6.219-8.56';

/** The `sizes` attribute for a card image in the usual grids and strips. */
const CARD_IMAGE_SIZES = '(min-width: 1280px) 240px, (min-width: 1024px) 22vw, (min-width: 640px) 30vw, 46vw';

/**
 * A product in a grid or strip: image, name (first three words), gem facts (carat, shape, origin), rating, price,
 * Add to Cart.
 * Administrators also get a button that copies the product's id.
 */
export function ProductCard({
  product,
  sizes = CARD_IMAGE_SIZES,
  priority = false,
  heading: Heading = 'h3',
}: {
  product: Product;
  sizes?: string;
  /** Above the fold on first paint (the first cards of a listing): load at once, not lazily. */
  priority?: boolean;
  /** The name's heading level: one below the heading the cards stand under (h2 under a listing's h1). */
  heading?: 'h2' | 'h3';
}) {
  const { user } = useSession();
  const { addToCart: add, adding } = useAddToCart();
  const [imageFailed, setImageFailed] = useState(false);
  const href = productPath(product);
  const image = product.productimages[0];

  const line = {
    productId: product._id,
    productcolour: product.productcolours[0],
    productsize: product.productsizes[0],
    quantity: 1,
  };
  const addToCart = () => add(line);

  // A tap on Add to Cart before the page was live is carried out now.
  const addKey = earlyKey('add', product._id);
  useEarlyTaps([addKey], addToCart);

  async function copyId() {
    try {
      await navigator.clipboard.writeText(product._id);
      notify.success('Product ID copied!');
    } catch {
      notify.error('Could not copy the product ID');
    }
  }

  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white transition-shadow hover:shadow-md">
      <div className="aspect-square overflow-hidden bg-gray-100">
        {image && !imageFailed && (
          <img
            src={imageUrlAt(image, 640)}
            srcSet={imageSrcSet(image)}
            sizes={sizes}
            width={640}
            height={640}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            alt={product.productname}
            onError={() => setImageFailed(true)}
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <Heading className="h-5 truncate text-sm font-semibold text-gray-900">
          <Link
            to={href}
            title={product.productname}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand-500"
          >
            {shortName(product.productname)}
          </Link>
        </Heading>
        {/* Always one line high, facts or not, so cards in a row line up and nothing moves. */}
        <p data-testid="gem-facts" className="h-4 truncate text-xs leading-4 text-gray-600">
          {gemFacts(product)}
        </p>
        <div className="h-4 leading-none">
          {product.rating === null ? (
            <NoReviews className="text-xs leading-4 text-gray-500" />
          ) : (
            <span className="inline-flex items-center gap-1 text-xs leading-4 text-gray-600">
              <Stars rating={product.rating} className="h-3.5" />
              <span>
                ({product.reviewcount}
                <span className="sr-only"> {product.reviewcount === 1 ? 'review' : 'reviews'}</span>)
              </span>
            </span>
          )}
        </div>
        <SalePrice product={product} />
        <CardTradePrice product={product} user={user} />
        <button
          type="button"
          onClick={addToCart}
          disabled={adding}
          data-early={addKey}
          className="relative z-10 mt-auto flex h-9 items-center justify-center gap-2 rounded-md bg-brand-700 text-sm font-semibold text-white hover:bg-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1 focus-visible:outline-none disabled:opacity-70 aria-busy:cursor-wait aria-busy:opacity-70"
        >
          {adding && <Icon d={SPINNER} className="size-4 animate-spin" />}
          {adding ? 'Adding...' : 'Add to Cart'}
        </button>
      </div>
      {user?.role === 'ADMIN' && (
        <button
          type="button"
          onClick={copyId}
          aria-label={`Copy product ID of ${product.productname}`}
          title="Copy product ID"
          className="absolute top-2 right-2 z-10 rounded-md bg-white/90 p-1.5 text-gray-700 shadow hover:bg-white focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        >
          <Icon d={COPY} className="size-4" />
        </button>
      )}
    </article>
  );
}
