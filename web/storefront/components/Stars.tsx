/** A rating as shoppers read it: one decimal ("4.9"), products without one count as 5. */
export function formatRating(rating: number | undefined) {
  const value = Math.max(0, Math.min(5, Number.isFinite(rating) && rating ? (rating as number) : 5));
  return value.toFixed(1);
}

const STAR = 'M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.8z';

/** A star rating out of 5 (products default to 5); each star is filled as far as the rating goes (4.5 → four and a half). */
export function Stars({ rating = 5, className = 'size-4' }: { rating?: number; className?: string }) {
  const shown = formatRating(rating);
  const value = Number(shown);
  return (
    <span role="img" aria-label={`Rated ${shown} out of 5`} className="inline-flex items-center gap-0.5">
      {[1, 2, 3, 4, 5].map((i) => {
        const fill = Math.round(Math.max(0, Math.min(1, value - (i - 1))) * 100);
        return (
          <span key={i} className="relative inline-block" data-fill={fill}>
            <svg aria-hidden="true" viewBox="0 0 20 20" className={`${className} text-gray-300`}>
              <path fill="currentColor" d={STAR} />
            </svg>
            {fill > 0 ? (
              <span className="absolute inset-y-0 left-0 overflow-hidden text-gold-500" style={{ width: `${fill}%` }}>
                <svg aria-hidden="true" viewBox="0 0 20 20" className={`${className} max-w-none`}>
                  <path fill="currentColor" d={STAR} />
                </svg>
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}
