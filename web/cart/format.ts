import { imageUrlAt } from '../../contract/images';

export { formatRupees } from '../../contract/money';

/** Sum of price × quantity in rupees, added in paise so no float error creeps in. */
export function cartSubtotal(lines: { productprice: number; quantity: number }[]): number {
  const paise = lines.reduce((sum, l) => sum + Math.round(l.productprice * 100) * l.quantity, 0);
  return paise / 100;
}

/** The smallest stored variant of an uploaded image (`/uploads/<key>/<width>.webp`), for thumbnails. */
export function thumbnail(url: string | undefined, width: 320 | 640 = 320): string | undefined {
  return url ? imageUrlAt(url, width) : undefined;
}
