import { Play } from 'lucide-react';
import { useRef, useState } from 'react';
import { imageSrcSet } from '../../../contract/images';
import type { StorefrontContent } from '../../api/storefront';
import { SectionHeading } from './SectionHeading';

type Film = StorefrontContent['films'][number];

/**
 * The shop's films (the merchant's, or the demo's two), each with its story. None, no section. Nothing of a film
 * is fetched until its play button is pressed.
 */
export function StoryBlocks({ films }: { films: Film[] }) {
  if (!films.length) return null;
  return (
    <section aria-labelledby="stories" className="bg-brand-50 py-10">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="stories" title="Inside Ratna Gems" subtitle="Where your gemstone comes from" />
        <ul className={`grid gap-6 ${films.length > 1 ? 'md:grid-cols-2' : 'mx-auto max-w-3xl'}`}>
          {films.map((f) => (
            <li key={f._id} className="overflow-hidden rounded-xl bg-white shadow-sm">
              <StoryFilm film={f} />
              <div className="p-5">
                <h3 className="font-serif text-xl font-bold text-gray-900">{f.title}</h3>
                {f.text ? <p className="mt-2 text-gray-700">{f.text}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/**
 * A film behind its poster and play button. The video element loads nothing (preload="none", no poster of its
 * own) until the shopper presses play; then the poster gives way and the browser's own controls take over.
 */
function StoryFilm({ film: { poster, mp4, webm, title } }: { film: Film }) {
  const [started, setStarted] = useState(false);
  const ref = useRef<HTMLVideoElement>(null);
  const play = () => {
    setStarted(true);
    const el = ref.current;
    if (!el) return;
    el.preload = 'auto';
    el.play().catch(() => {
      // A browser that will not start it on its own still shows the controls to start it.
    });
  };
  return (
    <div className="relative aspect-video bg-brand-900">
      {/* biome-ignore lint/a11y/useMediaCaption: the films are pictures without a sound track; there is nothing to caption */}
      <video
        ref={ref}
        preload="none"
        playsInline
        loop
        controls={started}
        width={1280}
        height={720}
        aria-label={`Film: ${title}`}
        className="size-full object-cover"
        data-testid="story-video"
      >
        {webm ? <source src={webm} type="video/webm" /> : null}
        {mp4 ? <source src={mp4} type="video/mp4" /> : null}
      </video>
      {started ? null : (
        <button
          type="button"
          onClick={play}
          aria-label={`Play the film: ${title}`}
          className="group absolute inset-0 focus-visible:outline-none"
        >
          <img
            src={poster}
            srcSet={imageSrcSet(poster)}
            sizes="(min-width: 1280px) 608px, (min-width: 768px) 50vw, 100vw"
            width={1280}
            height={720}
            alt=""
            loading="lazy"
            decoding="async"
            className="absolute inset-0 size-full object-cover"
          />
          <span className="absolute top-1/2 left-1/2 grid size-16 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-brand-900 shadow-lg ring-brand-500 ring-offset-2 transition-transform group-hover:scale-110 group-focus-visible:ring-2">
            <Play aria-hidden className="ml-1 size-7 fill-current" />
          </span>
        </button>
      )}
    </div>
  );
}
