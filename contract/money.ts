/** How the shop writes amounts of money, the same in the browser, the server's messages and its pages. */

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Rupees as the shop shows them: rupee sign and Indian digit grouping. `decimals`: 2 always shows paise
 * (₹1,50,000.00), 0 rounds to whole rupees (₹1,50,000), `'auto'` shows paise only when there are some
 * (₹1,50,000, ₹99.5).
 */
export function formatRupees(rupees: number, decimals: 0 | 2 | 'auto' = 2): string {
  const key = String(decimals);
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: decimals === 'auto' ? 0 : decimals,
      maximumFractionDigits: decimals === 'auto' ? 2 : decimals,
    });
    formatters.set(key, f);
  }
  return f.format(rupees);
}

/** An amount held in integer paise, written as rupees (see formatRupees). */
export const formatPaise = (paise: number, decimals: 0 | 2 | 'auto' = 2) => formatRupees(paise / 100, decimals);
