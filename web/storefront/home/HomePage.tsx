import { lazy, Suspense, useRef } from 'react';
import { useIdle } from '../../ui/useIdle';
import { useNearViewport } from '../../ui/useNearViewport';
import { usePageTitle } from '../../ui/usePageTitle';
import { HeroSlider } from './HeroSlider';
import { PromoBanners } from './PromoBanners';

// Everything below the offers is its own chunk, fetched after the first paint.
const HomeSections = lazy(() => import('./HomeSections'));

/** Stands in for the sections while they load: the best sellers' heading and tabs rows, then a grey block. */
function SectionsPlaceholder() {
  return (
    <div aria-hidden="true" className="mx-auto min-h-[60rem] max-w-7xl overflow-hidden px-4 py-10">
      <div className="mb-6 flex flex-col items-center gap-1">
        <div className="h-9 w-48 animate-pulse rounded bg-gray-200" />
        <div className="h-6 w-64 animate-pulse rounded bg-gray-100" />
      </div>
      <div className="h-10" />
      <div className="mt-6 h-96 animate-pulse rounded-lg bg-gray-100" />
    </div>
  );
}

export default function HomePage() {
  usePageTitle('');
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, '200px');
  const idle = useIdle(3000);
  return (
    <>
      <h1 className="sr-only">Ratna Gems Ludhiana: certified gemstones and jewellery</h1>
      <HeroSlider />
      <PromoBanners />
      <div ref={ref}>
        {near || idle ? (
          <Suspense fallback={<SectionsPlaceholder />}>
            <HomeSections />
          </Suspense>
        ) : (
          <SectionsPlaceholder />
        )}
      </div>
    </>
  );
}
