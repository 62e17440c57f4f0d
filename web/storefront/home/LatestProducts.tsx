import { useQuery } from '@tanstack/react-query';
import { catalogueApi, catalogueKeys } from '../../api/catalogue';
import { ProductCard } from '../components/ProductCard';
import { ProductCardSkeleton } from '../components/ProductCardSkeleton';
import { ProductStrip } from '../components/ProductStrip';
import { SectionHeading } from './SectionHeading';

const SKELETONS = 10;

/** The newest products (GET /p1/api/latest/all); items without an id or a name are dropped. */
export function LatestProducts() {
  const query = useQuery({
    queryKey: catalogueKeys.latest,
    queryFn: async () => (await catalogueApi.latest(10)).products.filter((p) => p._id && p.productname),
  });
  return (
    <section aria-labelledby="latest-products" className="mx-auto max-w-7xl px-4 py-10">
      <SectionHeading id="latest-products" title="Latest Products" subtitle="Fresh arrivals from our vaults" />
      {query.isPending ? (
        <ProductStrip
          label="Loading latest products"
          items={Array.from({ length: SKELETONS }, (_, i) => ({ key: `s${i}`, node: <ProductCardSkeleton /> }))}
        />
      ) : query.isError ? (
        <p role="alert" className="text-center font-medium text-red-700">
          Failed to fetch products
        </p>
      ) : query.data.length === 0 ? (
        <p className="text-center text-gray-700">No products found</p>
      ) : (
        <ProductStrip
          label="Latest products"
          items={query.data.map((p) => ({ key: p._id, node: <ProductCard product={p} /> }))}
        />
      )}
    </section>
  );
}
