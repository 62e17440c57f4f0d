import { lazy, Suspense, useRef } from 'react';
import { useIdle } from '../../ui/useIdle';
import { useNearViewport } from '../../ui/useNearViewport';
import { usePageTitle } from '../../ui/usePageTitle';
import { HeroSlider } from './HeroSlider';
import { PromoBanners } from './PromoBanners';

// Everything below the offers is its own chunk, fetched after the first paint.
const HomeSections = lazy(() => import('./HomeSections'));

/** Stands in for the sections while they load (below the offers, so it never shifts what is on screen). */
const placeholder = <div aria-hidden="true" className="min-h-[60rem]" />;

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
          <Suspense fallback={placeholder}>
            <HomeSections />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
    </>
  );
}
