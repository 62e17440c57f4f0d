import { ApiError } from '../../api/client';

/** Best sellers: server message, else status text, else 'Network error occurred'; other failures generic. */
export function bestSellersErrorText(err: unknown) {
  if (err instanceof ApiError) {
    if (err.status === 0) return 'Network error occurred';
    return err.body?.message || err.message || 'Network error occurred';
  }
  return 'An unexpected error occurred';
}

/** Listing: 'Failed to fetch products' when the server says no, else the error's message, else generic. */
export function listingErrorText(err: unknown) {
  if (err instanceof ApiError) {
    if (err.status === 0) return err.message || 'Error loading products. Please try again.';
    return err.body?.message || 'Failed to fetch products';
  }
  return 'Error loading products. Please try again.';
}
