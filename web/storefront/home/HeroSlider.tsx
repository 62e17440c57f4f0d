import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../ui/icons';

export const SLIDE_INTERVAL_MS = 2000;

const SLIDES = [
  {
    image: '/images/hero-1.svg',
    kicker: 'Certified natural gemstones',
    title: 'Ruby, Sapphire, Emerald and More',
    text: 'Every stone tested and certified, energised before it reaches you.',
    cta: 'Shop Now',
  },
  {
    image: '/images/hero-2.svg',
    kicker: '10,000+ gemstones',
    title: 'The Navratna Collection',
    text: 'From a Ludhiana wholesaler, shipped to about 195 countries.',
    cta: 'Explore the Collection',
  },
  {
    image: '/images/hero-3.svg',
    kicker: 'Free worldwide shipping',
    title: 'On Orders Above INR 1,50,000',
    text: '10-day no-questions-asked return and refund.',
    cta: 'Shop All Products',
  },
] as const;

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

const control =
  'flex items-center justify-center rounded-full bg-white/85 text-gray-900 shadow hover:bg-white focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-brand-900 focus-visible:outline-none';

/**
 * Home hero: 3 slides, each linking to /all, advancing every 2 s. It stops while hovered or focused, when the
 * shopper pauses it, and for anyone who prefers reduced motion.
 */
export function HeroSlider() {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reduced = usePrefersReducedMotion();
  const paused = hovered || focused || stopped || reduced;
  const count = SLIDES.length;

  useEffect(() => {
    if (paused) return;
    const t = setInterval(() => setIndex((i) => (i + 1) % SLIDES.length), SLIDE_INTERVAL_MS);
    return () => clearInterval(t);
  }, [paused]);

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
        style={{ transform: `translateX(-${index * 100}%)` }}
        aria-live={paused ? 'polite' : 'off'}
      >
        {SLIDES.map((s, i) => (
          // biome-ignore lint/a11y/useSemanticElements: a carousel slide is a group (WAI-ARIA carousel pattern), not a form fieldset
          <div
            key={s.image}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={i !== index}
            inert={i !== index}
            className="w-full shrink-0"
          >
            <Link
              to="/all"
              className="relative block aspect-[4/3] sm:aspect-[21/9] lg:aspect-auto lg:h-[26rem] focus-visible:outline-none"
            >
              <img
                src={s.image}
                width={1600}
                height={640}
                alt=""
                fetchPriority={i === 0 ? 'high' : undefined}
                loading={i === 0 ? 'eager' : 'lazy'}
                className="absolute inset-0 size-full object-cover object-[70%_50%]"
              />
              <div className="absolute inset-0 bg-gradient-to-r from-black/65 via-black/30 to-transparent" />
              <div className="relative mx-auto flex h-full max-w-7xl flex-col justify-center px-5 pb-10 text-white sm:px-16 sm:pb-0">
                <p className="text-xs font-semibold tracking-widest text-gold-400 uppercase sm:text-sm">{s.kicker}</p>
                <h2 className="mt-1 max-w-xl font-serif text-2xl leading-tight font-bold sm:text-4xl lg:text-5xl">{s.title}</h2>
                <p className="mt-2 max-w-md text-sm text-white/90 sm:text-base">{s.text}</p>
                <span className="mt-4 w-fit rounded-md bg-gold-400 px-5 py-2 text-sm font-semibold text-brand-900 sm:text-base">
                  {s.cta}
                </span>
              </div>
            </Link>
          </div>
        ))}
      </div>

      <button
        type="button"
        aria-label="Previous slide"
        onClick={() => setIndex((i) => (i - 1 + count) % count)}
        className={`${control} absolute bottom-2 left-2 size-9 sm:top-1/2 sm:bottom-auto sm:left-4 sm:size-10 sm:-translate-y-1/2`}
      >
        <Icon name="chevronLeft" />
      </button>
      <button
        type="button"
        aria-label="Next slide"
        onClick={() => setIndex((i) => (i + 1) % count)}
        className={`${control} absolute right-2 bottom-2 size-9 sm:top-1/2 sm:right-4 sm:bottom-auto sm:size-10 sm:-translate-y-1/2`}
      >
        <Icon name="chevronRight" />
      </button>
      <div className="absolute inset-x-14 bottom-3.5 flex items-center justify-center gap-1 sm:bottom-2">
        {SLIDES.map((s, i) => (
          <button
            key={s.image}
            type="button"
            aria-label={`Go to slide ${i + 1}`}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => setIndex(i)}
            className="group flex size-6 items-center justify-center focus-visible:outline-none"
          >
            <span
              className={`block h-2.5 rounded-full transition-all group-focus-visible:ring-2 group-focus-visible:ring-white ${
                i === index ? 'w-6 bg-white' : 'w-2.5 bg-white/60'
              }`}
            />
          </button>
        ))}
        <button
          type="button"
          aria-label={stopped ? 'Play slideshow' : 'Pause slideshow'}
          onClick={() => setStopped((s) => !s)}
          className="ml-2 flex size-6 items-center justify-center rounded-full bg-white/85 text-[10px] font-bold text-gray-900 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
        >
          <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
        </button>
      </div>
    </section>
  );
}
