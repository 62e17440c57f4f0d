/** One item of a product strip: 2 across on phones up to 5 on wide screens (the home placeholder uses it too). */
export const STRIP_ITEM_CLASS =
  'shrink-0 snap-start basis-[calc((100%-1rem)/2)] sm:basis-[calc((100%-2rem)/3)] lg:basis-[calc((100%-3rem)/4)] xl:basis-[calc((100%-4rem)/5)]';
