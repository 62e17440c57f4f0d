/**
 * Stored product images are WebP variants of one upload: `/uploads/<key>/<width>.webp` at each width below
 * (or the same path under MEDIA_PUBLIC_URL). This module imports nothing, so the shop's pages can use it
 * without bundling zod.
 */

/** The widths kept of every product image. */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
type ImageWidth = (typeof IMAGE_WIDTHS)[number];
/** The variant kept in `productimages` (the web app derives the others from it). */
export const STORED_IMAGE_WIDTH: ImageWidth = 1280;

const VARIANT_RE = /\/(\d+)\.webp(?=$|[?#])/;
const isVariant = (url: string) => {
  const m = VARIANT_RE.exec(url);
  return Boolean(m && (IMAGE_WIDTHS as readonly number[]).includes(Number(m[1])));
};

/** The URL of another stored width of a product image; URLs that are not our variants come back unchanged. */
export function imageUrlAt(url: string, width: ImageWidth): string {
  return isVariant(url) ? url.replace(VARIANT_RE, `/${width}.webp`) : url;
}

/** `srcset` for a stored product image (`…/320.webp 320w, …/640.webp 640w, …/1280.webp 1280w`); undefined for other URLs. */
export function imageSrcSet(url: string): string | undefined {
  if (!isVariant(url)) return undefined;
  return IMAGE_WIDTHS.map((w) => `${imageUrlAt(url, w)} ${w}w`).join(', ');
}

/**
 * `sizes` of the product page's main picture (the gallery), shared with the server's preload hint so the hinted
 * picture is the one the page shows. The picture's shown width: the page's 1rem margins, and beside the details
 * (half of the page less the 2rem gap) from 768 px up to the page's 1280 px. Each is declared at 95%: the browser
 * takes the smallest candidate at least as wide as that × the pixel ratio, and a candidate at most 5% short
 * looks the same while the next one up is four times the bytes. Lighthouse's phone (412 px at 1.75) shows
 * it at 380 px, 665 device pixels, and takes the 640w picture (about 8 KB) instead of the 1280w one (about 31 KB);
 * a desktop at 1280 px and pixel ratio 2 still takes the 1280w one.
 */
export const GALLERY_IMAGE_SIZES =
  '(min-width: 1280px) 578px, (min-width: 768px) calc((50vw - 2rem) * 0.95), calc((100vw - 2rem) * 0.95)';
