import type { CartItem } from '../../contract/orders';
import { api } from './client';

export type { CartItem };

type Items = { success: boolean; message: string; data: CartItem[] };

/** Cart calls (signed in). React Query keys for cart data start with 'cart'; invalidate ['cart'] after any change. */
export const cartApi = {
  count: () => api<{ success: boolean; data: { count: number } }>('/c2/api/count'),
  all: () => api<{ success: boolean; data: CartItem[] }>('/c2/api/all'),
  add: (body: { productId: string; productcolour?: string; productsize?: string; quantity?: number }) =>
    api<Items>('/c2/api/add', { body }),
  updateQuantity: (body: { cartItemId: string; quantity: number }) =>
    api<Items>('/c2/api/update-quantity', { method: 'PATCH', body }),
  remove: (cartItemId: string) =>
    api<{ success: boolean; message: string }>(`/c2/api/remove/${encodeURIComponent(cartItemId)}`, { method: 'DELETE' }),
  clear: () => api<{ success: boolean; message: string }>('/c2/api/clear', { method: 'DELETE' }),
};
