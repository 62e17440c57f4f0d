import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { imageSrcSet } from '../../../contract/images';
import type { StorefrontContent } from '../../api/storefront';
import { controlKey, useEarlyTaps } from '../../ui/earlyTaps';
import { Icon } from '../../ui/icons';

const SLIDE_INTERVAL_MS = 2000;

function usePrefersReducedMotion() {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    if (!mq) return;
    setReduced(mq.matches);
    const onChange = () => setReduced(mq.matches);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

/** The slideshow's buttons, kept when tapped before the app runs (carried out once it does). */
const PREVIOUS = controlKey('hero:previous');
const NEXT = controlKey('hero:next');
const PAUSE = controlKey('hero:pause');
const dotKey = (i: number) => controlKey(`hero:slide-${i}`);

const control =
  'flex items-center justify-center rounded-full bg-white/85 text-gray-900 shadow hover:bg-white focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-brand-900 focus-visible:outline-none';

/** The hero's box: the same size whether it holds slides or waits for them, so nothing below it moves. */
const FRAME = 'relative block aspect-[4/3] sm:aspect-[21/9] lg:aspect-auto lg:h-[26rem]';

/**
 * Home hero: the slides the merchant keeps in the back-office, each linking where it says, advancing every 2 s.
 * It stops while hovered or focused, when the shopper pauses it, and for anyone who prefers reduced motion.
 * Without slides yet (the content is loading) it keeps its place.
 */
export function HeroSlider({ slides }: { slides: StorefrontContent['slides'] | undefined }) {
  if (!slides?.length) {
    return (
      <section aria-label="Featured collections" aria-busy={!slides} data-testid="hero" className="bg-brand-900">
        <div className={FRAME} />
      </section>
    );
  }
  return <Slides slides={slides} />;
}

function Slides({ slides }: { slides: StorefrontContent['slides'] }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reduced = usePrefersReducedMotion();
  const paused = hovered || focused || stopped || reduced;
  const count = slides.length;
  const earlyKeys = [PREVIOUS, NEXT, PAUSE, ...slides.map((_, i) => dotKey(i))];
  useEarlyTaps(earlyKeys, (key) => {
    if (key === PREVIOUS) setIndex((i) => (i - 1 + count) % count);
    else if (key === NEXT) setIndex((i) => (i + 1) % count);
    else if (key === PAUSE) setStopped((s) => !s);
    else setIndex(earlyKeys.indexOf(key) - 3);
    return undefined;
  });

  useEffect(() => {
    if (paused || count < 2) return;
    const t = setInterval(() => {
      // Asked at each turn too: a tick due before the preference's own effect has run never moves a still hero.
      if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
      setIndex((i) => (i + 1) % count);
    }, SLIDE_INTERVAL_MS);
    return () => clearInterval(t);
  }, [paused, count]);
  // A list that got shorter (the merchant removed a slide) never leaves the index past its end.
  const shown = index % count;

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured collections"
      data-testid="hero"
      className="relative overflow-hidden bg-brand-900"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
        style={{ transform: `translateX(-${shown * 100}%)` }}
        aria-live={paused ? 'polite' : 'off'}
      >
        {slides.map((s, i) => (
          // biome-ignore lint/a11y/useSemanticElements: a carousel slide is a group (WAI-ARIA carousel pattern), not a form fieldset
          <div
            key={s._id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={i !== shown}
            inert={i !== shown}
            className="w-full shrink-0"
          >
            <Link to={s.link} className={`${FRAME} focus-visible:outline-none`}>
              <img
                src={s.image}
                srcSet={imageSrcSet(s.image)}
                sizes="100vw"
                width={1600}
                height={640}
                alt=""
                fetchPriority={i === 0 ? 'high' : undefined}
                loading={i === 0 ? 'eager' : 'lazy'}
                className="absolute inset-0 size-full object-cover object-[70%_50%]"
              />
              {/* On a phone the words run over the stones: a deeper shade there keeps them readable. */}
              <div className="absolute inset-0 bg-gradient-to-r from-black/65 via-black/30 to-transparent max-sm:via-black/50 max-sm:to-black/30" />
              <div className="relative mx-auto flex h-full max-w-7xl flex-col justify-center px-5 pb-10 text-white sm:px-16 sm:pb-0">
                {s.kicker ? (
                  <p className="text-xs font-semibold tracking-widest text-gold-400 uppercase sm:text-sm">{s.kicker}</p>
                ) : null}
                <h2 className="mt-1 max-w-xl font-serif text-2xl leading-tight font-bold sm:text-4xl lg:text-5xl">{s.heading}</h2>
                {s.text ? <p className="mt-2 max-w-md text-sm text-white/90 sm:text-base">{s.text}</p> : null}
                {s.cta ? (
                  <span className="mt-4 w-fit rounded-md bg-gold-400 px-5 py-2 text-sm font-semibold text-brand-900 sm:text-base">
                    {s.cta}
                  </span>
                ) : null}
              </div>
            </Link>
          </div>
        ))}
      </div>

      <button
        type="button"
        aria-label="Previous slide"
        data-early={PREVIOUS}
        onClick={() => setIndex((i) => (i - 1 + count) % count)}
        className={`${control} absolute bottom-2 left-2 size-9 sm:top-1/2 sm:bottom-auto sm:left-4 sm:size-10 sm:-translate-y-1/2`}
      >
        <Icon name="chevronLeft" />
      </button>
      <button
        type="button"
        aria-label="Next slide"
        data-early={NEXT}
        onClick={() => setIndex((i) => (i + 1) % count)}
        className={`${control} absolute right-2 bottom-2 size-9 sm:top-1/2 sm:right-4 sm:bottom-auto sm:size-10 sm:-translate-y-1/2`}
      >
        <Icon name="chevronRight" />
      </button>
      <div className="absolute inset-x-14 bottom-3.5 flex items-center justify-center gap-1 sm:bottom-2">
        {slides.map((s, i) => (
          <button
            key={s._id}
            type="button"
            aria-label={`Go to slide ${i + 1}`}
            aria-current={i === shown ? 'true' : undefined}
            data-early={dotKey(i)}
            onClick={() => setIndex(i)}
            className="group flex size-6 items-center justify-center focus-visible:outline-none"
          >
            <span
              className={`block h-2.5 rounded-full transition-all group-focus-visible:ring-2 group-focus-visible:ring-white ${
                i === shown ? 'w-6 bg-white' : 'w-2.5 bg-white/60'
              }`}
            />
          </button>
        ))}
        <button
          type="button"
          aria-label={stopped ? 'Play slideshow' : 'Pause slideshow'}
          data-early={PAUSE}
          onClick={() => setStopped((s) => !s)}
          className="ml-2 flex size-6 items-center justify-center rounded-full bg-white/85 text-[10px] font-bold text-gray-900 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
        >
          <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
        </button>
      </div>
    </section>
  );
}
