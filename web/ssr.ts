/**
 * What a server-rendered page carries for the browser: the screen it shows and the API answers its markup was
 * rendered from (as query keys and data), in `<script id="boot-data" type="application/json">`.
 */
export type BootData = {
  screen: 'listing' | 'product';
  queries: [readonly unknown[], unknown][];
};

export const BOOT_DATA_ID = 'boot-data';

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
