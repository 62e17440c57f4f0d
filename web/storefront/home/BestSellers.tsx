import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { catalogueApi, catalogueKeys } from '../../api/catalogue';
import { controlKey, useEarlyTaps } from '../../ui/earlyTaps';
import { bestSellersErrorText } from '../components/errors';
import { ProductCard } from '../components/ProductCard';
import { ProductCardSkeleton } from '../components/ProductCardSkeleton';
import { ProductStrip } from '../components/ProductStrip';
import { SectionHeading } from './SectionHeading';

const BEST_SELLER_TABS = ['All', 'Sapphire', 'Ruby', 'Emerald', 'Coral'] as const;
type Tab = (typeof BEST_SELLER_TABS)[number];
const SKELETONS = 8;
const TAB_KEYS = BEST_SELLER_TABS.map((t) => controlKey(`best-sellers:${t}`));

const button =
  'rounded-md px-5 py-2 font-semibold focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none';

/** Best sellers with subcategory tabs (GET /p1/api/best/all?subcategory=). */
export function BestSellers() {
  const [tab, setTab] = useState<Tab>('All');
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  // A tab tapped while the server-rendered page was still waiting for its script opens once the app runs.
  useEarlyTaps(TAB_KEYS, (key) => {
    const t = BEST_SELLER_TABS[TAB_KEYS.indexOf(key)];
    if (t) setTab(t);
    return undefined;
  });
  const subcategory = tab === 'All' ? '' : tab;
  const query = useQuery({
    queryKey: catalogueKeys.best(subcategory),
    queryFn: () => catalogueApi.best(subcategory || undefined),
  });

  const onKeyDown = (e: KeyboardEvent) => {
    const i = BEST_SELLER_TABS.indexOf(tab);
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % BEST_SELLER_TABS.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + BEST_SELLER_TABS.length) % BEST_SELLER_TABS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? BEST_SELLER_TABS.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    setTab(BEST_SELLER_TABS[next] as Tab);
    tabRefs.current[next]?.focus();
  };

  const products = query.data?.products.filter((p) => p._id && p.productname) ?? [];
  const emptyText = query.data?.message || (subcategory ? `No products found in ${subcategory} category` : 'No products found');

  return (
    <section aria-labelledby="best-sellers" className="mx-auto max-w-7xl px-4 py-10">
      <SectionHeading id="best-sellers" title="Best Sellers" subtitle="The stones our customers choose most" />
      <div
        role="tablist"
        aria-label="Best sellers by gemstone"
        className="mx-auto flex h-10 w-fit max-w-full gap-1.5 overflow-x-auto sm:gap-2"
      >
        {BEST_SELLER_TABS.map((t, i) => (
          <button
            key={t}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`best-tab-${t}`}
            aria-selected={t === tab}
            aria-controls="best-panel"
            tabIndex={t === tab ? 0 : -1}
            data-early={TAB_KEYS[i]}
            onClick={() => setTab(t)}
            onKeyDown={onKeyDown}
            className={`shrink-0 rounded-full px-2.5 text-sm font-semibold sm:px-4 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none ${
              t === tab ? 'bg-brand-700 text-white' : 'bg-gray-100 text-gray-800 hover:bg-gray-200'
            }`}
          >
            {t}
          </button>
        ))}
      </div>
      <div id="best-panel" role="tabpanel" aria-labelledby={`best-tab-${tab}`} className="mt-6">
        {query.isPending ? (
          <ProductStrip
            label="Loading best sellers"
            items={Array.from({ length: SKELETONS }, (_, i) => ({ key: `s${i}`, node: <ProductCardSkeleton /> }))}
          />
        ) : query.isError ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
            <p className="mb-4 font-medium text-red-800">{bestSellersErrorText(query.error)}</p>
            <button
              type="button"
              onClick={() => void query.refetch()}
              className={`${button} bg-brand-700 text-white hover:bg-brand-600`}
            >
              Try Again
            </button>
          </div>
        ) : products.length === 0 ? (
          <div className="rounded-lg border border-gray-200 bg-gray-50 p-8 text-center">
            <p className="text-lg font-semibold text-gray-900">No products available</p>
            <p className="mt-1 mb-5 text-gray-700">{emptyText}</p>
            <div className="flex flex-wrap justify-center gap-3">
              <Link to="/all" className={`${button} bg-brand-700 text-white hover:bg-brand-600`}>
                View All Products
              </Link>
              <button
                type="button"
                onClick={() => void query.refetch()}
                className={`${button} border border-gray-300 bg-white text-gray-900 hover:bg-gray-50`}
              >
                Try Again
              </button>
            </div>
          </div>
        ) : (
          <ProductStrip
            label={`Best sellers: ${tab}`}
            items={products.map((p) => ({ key: p._id, node: <ProductCard product={p} /> }))}
          />
        )}
      </div>
    </section>
  );
}
