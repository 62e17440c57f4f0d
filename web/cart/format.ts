const formatters = new Map<number, Intl.NumberFormat>();

/** Rupees as the shop shows them: rupee sign, Indian digit grouping (₹1,50,000.00). */
export function formatRupees(rupees: number, decimals: 0 | 2 = 2): string {
  let f = formatters.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(decimals, f);
  }
  return f.format(rupees);
}

/** Sum of price × quantity in rupees, added in paise so no float error creeps in. */
export function cartSubtotal(lines: { productprice: number; quantity: number }[]): number {
  const paise = lines.reduce((sum, l) => sum + Math.round(l.productprice * 100) * l.quantity, 0);
  return paise / 100;
}

/** The smallest stored variant of an uploaded image (`/uploads/<key>/<width>.webp`), for thumbnails. */
export function thumbnail(url: string | undefined, width: 320 | 640 = 320): string | undefined {
  if (!url) return undefined;
  return url.replace(/\/(320|640|1280)\.webp$/, `/${width}.webp`);
}
