import { useEffect } from 'react';

const SHOP_NAME = 'Ratna Gems Ludhiana';

/** Sets the browser tab's title for the screen ("<title> | Ratna Gems Ludhiana"; the shop name alone when empty). */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (title === undefined) return;
    document.title = title ? `${title} | ${SHOP_NAME}` : `${SHOP_NAME} | Certified Gemstones and Jewellery`;
  }, [title]);
}
