import type { StorefrontContent, storefrontRoutes } from '../../contract/storefront';
import { routeCaller } from './client';

const storefront = routeCaller<typeof storefrontRoutes>();

export type { StorefrontContent };

/** The home page's content (public). The server renders `/` from the same answer under the same key. */
export const storefrontApi = {
  content: async () => (await storefront('GET /a1/api/storefront')).storefront,
};

export const storefrontKeys = { content: ['storefront', 'content'] as const };
