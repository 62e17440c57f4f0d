type Props = {
  src: string | undefined;
  alt?: string;
  /** Width and height in CSS pixels (the picture is square). */
  size: number;
  className: string;
  /** Shown in place of a missing picture; without it, nothing is. */
  placeholderClassName?: string;
  /** A picture that fails to load is taken out of the layout (else it leaves its space empty). */
  collapse?: boolean;
};

/** A small square product picture, lazily loaded, that hides itself when it cannot be loaded. */
export function Thumbnail({ src, alt = '', size, className, placeholderClassName, collapse }: Props) {
  if (!src) return placeholderClassName ? <span className={placeholderClassName} /> : null;
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      className={className}
      onError={(e) => {
        if (collapse) e.currentTarget.style.display = 'none';
        else e.currentTarget.style.visibility = 'hidden';
      }}
    />
  );
}
