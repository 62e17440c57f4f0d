import { useEffect } from 'react';

/** The suffix the server puts on page titles too (server/features/seo), so a title does not change once the page runs. */
const SITE = 'Ratna Gems';
const HOME_TITLE = `${SITE} Ludhiana | Certified Gemstones and Jewellery`;

/**
 * Sets the browser tab's title: "<title> | Ratna Gems", the home title when empty, `title` as it is when `exact`.
 * Undefined leaves the title alone (e.g. until the data that names the page has arrived).
 */
export function usePageTitle(title: string | undefined, { exact = false }: { exact?: boolean } = {}) {
  useEffect(() => {
    if (title === undefined) return;
    document.title = exact ? title : title ? `${title} | ${SITE}` : HOME_TITLE;
  }, [title, exact]);
}
