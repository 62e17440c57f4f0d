/**
 * Links the merchant writes that must stay in the shop (slides, banners, tiles, FAQ answers). Free of zod, so the
 * storefront uses the same rule without bundling it.
 */

/**
 * A page of the shop (`/gemstones-ruby`, `/all`): one leading `/`, and no `\` or space anywhere — browsers read
 * `/\host/` as `//host/`, another site.
 */
export const SITE_PATH = /^\/(?!\/)[^\s\\]*$/;

/** `[words](target)` in a FAQ answer; only a target that is a {@link SITE_PATH} becomes a link. */
const FAQ_LINK = /\[([^\]\n]{1,200})\]\(([^\s()]{1,300})\)/g;

/** The link-shaped parts of a FAQ answer, each with whether its target is a page of the shop. */
export function faqLinks(answer: string): { index: number; length: number; words: string; path: string; inShop: boolean }[] {
  return [...answer.matchAll(FAQ_LINK)].map((m) => ({
    index: m.index,
    length: m[0].length,
    words: m[1] as string,
    path: m[2] as string,
    inShop: SITE_PATH.test(m[2] as string),
  }));
}
