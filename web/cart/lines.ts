import type { CartItem } from '../api/cart';

/**
 * Why a cart line cannot be bought as it stands, or null when it can: the product was removed or switched off,
 * it is out of stock, or the line asks for more than is left.
 */
export function lineProblem(item: CartItem): string | null {
  if (item.productId !== null && item.unavailable && item.setting) {
    // The server could not price the piece today: its metal's rate is stale, or the design was withdrawn.
    return 'Price on request: this piece cannot be priced just now';
  }
  if (item.productId === null || item.unavailable) {
    return 'No longer available';
  }
  if (item.stockquantity <= 0) return 'Out of stock';
  if (item.quantity > item.stockquantity) return `Only ${item.stockquantity} left in stock`;
  return null;
}

export const hasProblems = (items: CartItem[]) => items.some((i) => lineProblem(i) !== null);
