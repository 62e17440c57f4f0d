/**
 * Stored product images are WebP variants of one upload: `/uploads/<key>/<width>.webp` at each width below.
 * (The same list as IMAGE_WIDTHS in contract/catalogue.ts, kept here because importing a value from that module
 * would bundle zod into the shop's pages.)
 */
const WIDTHS = [320, 640, 1280] as const;
const VARIANT = /\/(\d+)\.webp$/;

/** The URL of the variant of `url` at `width`, or `url` itself when it is not a stored variant. */
export function imageAt(url: string, width: (typeof WIDTHS)[number]) {
  return VARIANT.test(url) ? url.replace(VARIANT, `/${width}.webp`) : url;
}

/** A srcset listing every stored width of the image, or undefined for an image that has no variants. */
export function srcSetOf(url: string) {
  if (!VARIANT.test(url)) return undefined;
  return WIDTHS.map((w) => `${imageAt(url, w)} ${w}w`).join(', ');
}
