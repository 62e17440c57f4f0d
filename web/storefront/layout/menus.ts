import { useQuery } from '@tanstack/react-query';
import type { categoryRoutes } from '../../../contract/categories';
import { MENUS } from '../../../contract/menu-names';
import type { ShopMenu } from '../../../contract/menus';
import { routeCaller } from '../../api/client';
import { MENUS_KEY } from '../../ssr';

const call = routeCaller<typeof categoryRoutes>();

/** The five menus with nothing under them: what the header stands on until the shop's menus are known. */
const EMPTY_MENUS: ShopMenu[] = MENUS.map(({ menu, label }) => ({ menu, label, links: [] }));

/**
 * The header's dropdown menus (GET /c1/api/menus): the five, each with the categories and subcategories the merchant
 * placed under it. Every page the server sends carries them (web/ssr.ts `readShopMenus`), so the menus show from the
 * first paint, before the app runs; they are asked for only when a page came without them. Always five, so the
 * header never moves when they arrive.
 */
export function useShopMenus(): ShopMenu[] {
  const { data } = useQuery({
    queryKey: MENUS_KEY,
    queryFn: async () => (await call('GET /c1/api/menus')).menus,
    staleTime: 5 * 60_000,
  });
  return data?.length ? data : EMPTY_MENUS;
}
