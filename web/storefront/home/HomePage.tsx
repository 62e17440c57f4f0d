import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { type StorefrontContent, storefrontApi } from '../../api/storefront';
import { BOOT_DATA_ID } from '../../ssr';
import { useIdle } from '../../ui/useIdle';
import { useNearViewport } from '../../ui/useNearViewport';
import { usePageTitle } from '../../ui/usePageTitle';
import { HeroSlider } from './HeroSlider';
import { homeKeys } from './loader';
import { PromoBanners } from './PromoBanners';

// Everything below the offers is its own chunk, fetched after the first paint.
const HomeSections = lazy(() => import('./HomeSections'));

/** Stands in for the sections while they load (below the offers, so it never shifts what is on screen). */
const placeholder = <div aria-hidden="true" className="min-h-[60rem]" />;

/**
 * A page the server rendered (and the server rendering it) shows the sections at once, so the FAQ and the
 * category tiles are in its markup and work before the script has run; a page rendered in the browser fetches
 * them once they are near or the browser is idle.
 */
const renderedOnServer = () => typeof document === 'undefined' || document.getElementById(BOOT_DATA_ID) !== null;

/** The home page: its slides, banners, tiles and FAQ are the content the merchant keeps in the back-office. */
export default function HomePage() {
  usePageTitle('');
  const [eager] = useState(renderedOnServer);
  const content = useQuery({ queryKey: homeKeys.content, queryFn: storefrontApi.content });
  return (
    <>
      <h1 className="sr-only">Ratna Gems Ludhiana: certified gemstones and jewellery</h1>
      <HeroSlider slides={content.data?.slides ?? (content.isError ? [] : undefined)} />
      <PromoBanners banners={content.data?.banners ?? (content.isError ? [] : undefined)} />
      {eager ? (
        // Nothing here changes state while the browser takes the server's markup over: a boundary that is still
        // waiting for its chunk would be rendered again (and its markup replaced) on any update.
        <Suspense fallback={placeholder}>
          <HomeSections content={content.data} />
        </Suspense>
      ) : (
        <DeferredSections content={content.data} />
      )}
    </>
  );
}

/** The sections of a page rendered in the browser: fetched once they are near, or when the browser is idle. */
function DeferredSections({ content }: { content: StorefrontContent | undefined }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, '200px');
  const idle = useIdle(3000);
  return (
    <div ref={ref}>
      {near || idle ? (
        <Suspense fallback={placeholder}>
          <HomeSections content={content} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
