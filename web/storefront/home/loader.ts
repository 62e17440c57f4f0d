import { readOf, type ScreenLoader } from '../../../contract/screen-loader.js';
import type { storefrontRoutes } from '../../../contract/storefront.js';

/**
 * What the home screen (HomePage.tsx) reads first, and its query key: the home page's content. The server renders `/`
 * from the same loader.
 */

const storefront = readOf<typeof storefrontRoutes>();

export const homeKeys = { content: ['storefront', 'content'] as const };

export function homeLoader(): ScreenLoader {
  return {
    screen: 'home',
    queries: [storefront('GET /a1/api/storefront', { key: homeKeys.content, field: 'storefront' })],
  };
}
