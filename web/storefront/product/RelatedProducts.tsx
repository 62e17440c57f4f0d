import type { Product } from '../../api/catalogue';
import { ProductCard } from '../components/ProductCard';
import { ProductCardSkeleton } from '../components/ProductCardSkeleton';
import { ProductStrip } from '../components/ProductStrip';

const RELATED_SKELETONS = 10;
const RELATED_MIN_WIDTH = 220;

/**
 * The product page's row of related products, at the foot of the page: its own chunk (with the product card and the
 * strip), so the page's first download is the product itself. A server-rendered page shows the row from its HTML, and
 * the row becomes live when this chunk has come.
 */
export function RelatedProducts({ related, id }: { related: Product[]; id: string }) {
  return (
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
  );
}

/** The row's placeholder while the product loads. */
export function RelatedSkeletons() {
  return (
    <ProductStrip
      label="Loading related products"
      minItemWidth={RELATED_MIN_WIDTH}
      items={Array.from({ length: RELATED_SKELETONS }, (_, i) => ({ key: `s${i}`, node: <ProductCardSkeleton /> }))}
    />
  );
}
