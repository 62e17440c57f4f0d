import type { RenderedScreen } from '../contract/screen-loader';

/**
 * What a server-rendered page carries for the browser: the screen it shows and the API answers its markup was
 * rendered from (as query keys and data), in `<script id="boot-data" type="application/json">`: each key is one of the
 * screen's loader's (web/storefront/<screen>/loader.ts), which its screen asks with.
 */
export type BootData = {
  screen: RenderedScreen;
  queries: [readonly unknown[], unknown][];
};

export const BOOT_DATA_ID = 'boot-data';

/**
 * Every page the server sends carries the shop's public settings (GET /a1/api/settings: name, address, support
 * contacts) in `<script id="shop-settings" type="application/json">`, and the header's menus (GET /c1/api/menus) in
 * `<script id="shop-menus" …>`, each stored under its query key before the first render, so the header and footer
 * never wait for them.
 */
const SETTINGS_DATA_ID = 'shop-settings';
export const SETTINGS_KEY = ['settings'] as const;
const MENUS_DATA_ID = 'shop-menus';
export const MENUS_KEY = ['menus'] as const;

/** The JSON a page carries in the script with this id, or undefined (a page from the development server, or not read). */
function readPageData(doc: Document, id: string, isShaped: (data: unknown) => boolean): unknown {
  const text = doc.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    const data: unknown = JSON.parse(text);
    return isShaped(data) ? data : undefined;
  } catch {
    return undefined;
  }
}

/** The settings the page carries, or undefined (a page from the development server, or the settings could not be read). */
export function readShopSettings(doc: Document): unknown {
  return readPageData(doc, SETTINGS_DATA_ID, (data) => Boolean(data) && typeof data === 'object');
}

/** The header's menus the page carries, or undefined. */
export function readShopMenus(doc: Document): unknown {
  return readPageData(doc, MENUS_DATA_ID, Array.isArray);
}

/** The boot data of this page, or undefined when the page was not server-rendered. */
export function readBootData(doc: Document): BootData | undefined {
  const text = doc.getElementById(BOOT_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as BootData;
    return Array.isArray(data.queries) ? data : undefined;
  } catch {
    return undefined;
  }
}
