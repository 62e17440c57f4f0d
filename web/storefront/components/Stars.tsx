/** A star rating out of 5 (products default to 5). */
export function Stars({ rating = 5, className = 'size-4' }: { rating?: number; className?: string }) {
  const value = Math.max(0, Math.min(5, Number.isFinite(rating) ? rating : 5));
  const full = Math.round(value);
  return (
    <span role="img" aria-label={`Rated ${value} out of 5`} className="inline-flex items-center gap-0.5 text-gold-500">
      {[1, 2, 3, 4, 5].map((i) => (
        <svg key={i} aria-hidden="true" viewBox="0 0 20 20" className={`${className} ${i <= full ? '' : 'text-gray-300'}`}>
          <path fill="currentColor" d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.8z" />
        </svg>
      ))}
    </span>
  );
}
