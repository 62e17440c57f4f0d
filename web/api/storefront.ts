import type { StorefrontContent, storefrontRoutes } from '../../contract/storefront';
import { routeCaller } from './client';

const storefront = routeCaller<typeof storefrontRoutes>();

export type { StorefrontContent };

/** The home page's content (public). Its query key is the home screen's loader's (web/storefront/home/loader.ts). */
export const storefrontApi = {
  content: async () => (await storefront('GET /a1/api/storefront')).storefront,
};
