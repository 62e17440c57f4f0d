import { useId } from 'react';

/** A rating as shoppers read it: one decimal ("4.9"), from 0 to 5. */
export function formatRating(rating: number) {
  const value = Math.max(0, Math.min(5, Number.isFinite(rating) ? rating : 0));
  return value.toFixed(1);
}

/** One star, 20 units wide, drawn from its top point. */
const STAR = 'l2.6 5.4 5.9.8-4.3 4.1 1 5.8-5.2-2.8-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z';
/** Five stars in a row, 2 units apart. */
const STEP = 22;
const ROW = 5 * 20 + 4 * 2;
const FIVE_STARS = [0, 1, 2, 3, 4].map((i) => `M${10 + i * STEP} 1.5${STAR}`).join('');

/**
 * Where the gold ends along the row of stars, as a share of its width: a whole star for each whole point, and the
 * rest of the rating across the next star (4.5 → four stars and the left half of the fifth).
 */
function starsFill(value: number) {
  const whole = Math.floor(value);
  return whole >= 5 ? 1 : (whole * STEP + (value - whole) * 20) / ROW;
}

/**
 * A star rating out of 5, each star filled as far as the rating goes (4.5 → four and a half): one picture of five
 * stars, gold up to the rating and grey after, so a page of cards stays light. A product's rating comes only from
 * approved reviews; a product without one shows `NoReviews` instead.
 */
export function Stars({ rating, className = 'h-4' }: { rating: number; className?: string }) {
  const shown = formatRating(rating);
  const fill = starsFill(Number(shown));
  const id = useId();
  return (
    <svg
      role="img"
      aria-label={`Rated ${shown} out of 5`}
      viewBox={`0 0 ${ROW} 20`}
      className={`${className} aspect-[108/20] w-auto`}
    >
      <defs>
        <linearGradient id={id} gradientUnits="userSpaceOnUse" x1="0" x2={ROW} y1="0" y2="0">
          <stop offset={fill} className="text-gold-500" stopColor="currentColor" />
          <stop offset={fill} className="text-gray-300" stopColor="currentColor" />
        </linearGradient>
      </defs>
      <path fill={`url(#${id})`} d={FIVE_STARS} />
    </svg>
  );
}

/** What a product without an approved review shows where the stars would be. */
export function NoReviews({ className = 'text-xs text-gray-500' }: { className?: string }) {
  return <span className={className}>No reviews yet</span>;
}
