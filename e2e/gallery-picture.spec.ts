/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { ensureTestCatalogue } from './browse-catalogue.js';

/**
 * The product page's main picture: the browser takes the smallest stored width (320/640/1280) that is sharp
 * enough for the picture's shown width × the screen's pixel ratio, on a phone as on a desktop, and the server's
 * preload hint names the same candidates, so the picture is fetched once.
 */

const BASE = `http://localhost:${process.env.E2E_PORT ?? 3100}`;
const FEATURED_PATH = '/test-vault/moonlight-sapphire/moonlight-sapphire-oval-cut-certified-stone';
const WIDTHS = [320, 640, 1280];
/** A candidate may be this much short of the shown width × the pixel ratio (GALLERY_IMAGE_SIZES declares 95%). */
const TOLERANCE = 0.95;

test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: BASE });
  await ensureTestCatalogue(api);
  await api.dispose();
});

const SCREENS = [
  // Lighthouse's mobile device: the picture is 380 px wide, 665 device pixels; 640w is 4% short of it.
  { name: 'Lighthouse phone', width: 412, height: 823, dpr: 1.75, takes: 640 },
  { name: 'phone at dpr 2', width: 390, height: 844, dpr: 2, takes: 1280 },
  { name: 'phone at dpr 3', width: 390, height: 844, dpr: 3, takes: 1280 },
  { name: 'small phone at dpr 1.5', width: 360, height: 740, dpr: 1.5, takes: 640 },
  { name: 'laptop', width: 1366, height: 768, dpr: 1, takes: 640 },
  { name: 'desktop at dpr 2', width: 1280, height: 800, dpr: 2, takes: 1280 },
  { name: 'tablet', width: 800, height: 1000, dpr: 2, takes: 1280 },
];

for (const screen of SCREENS) {
  test(`the gallery picture on a ${screen.name} (${screen.width} px, dpr ${screen.dpr}) is ${screen.takes}w`, async ({
    browser,
  }) => {
    const phone = screen.width < 768;
    const context = await browser.newContext({
      baseURL: BASE,
      viewport: { width: screen.width, height: screen.height },
      // A phone's screen is as wide as its viewport (a wider one makes Chromium look ahead for a wider page).
      screen: { width: screen.width, height: screen.height },
      deviceScaleFactor: screen.dpr,
      isMobile: phone,
      hasTouch: phone,
    });
    try {
      const page = await context.newPage();
      const fetched: string[] = [];
      page.on('request', (r) => {
        const m = /\/([^/]+)\/(\d+)\.webp$/.exec(new URL(r.url()).pathname);
        if (m && m[2] !== '320') fetched.push(`${m[1]}/${m[2]}`); // the thumbnails are 320w
      });
      await page.goto(FEATURED_PATH);
      const img = page.getByRole('main').locator('img[fetchpriority="high"]');
      await expect(img).toHaveJSProperty('complete', true);
      const shown = await img.evaluate((i: HTMLImageElement) => ({
        width: i.getBoundingClientRect().width,
        currentSrc: i.currentSrc,
        srcset: i.getAttribute('srcset'),
        sizes: i.getAttribute('sizes'),
      }));
      const taken = Number(/\/(\d+)\.webp$/.exec(shown.currentSrc)?.[1]);
      expect(shown.currentSrc).toMatch(new RegExp(`/${screen.takes}\\.webp$`));

      // Sharp enough for the shown width × the pixel ratio (within the tolerance), and no wider than needed.
      const needed = shown.width * screen.dpr * TOLERANCE;
      expect(taken).toBeGreaterThanOrEqual(Math.min(needed, 1280));
      const smaller = WIDTHS.filter((w) => w < taken).at(-1);
      if (smaller !== undefined) expect(smaller).toBeLessThan(needed);

      // The server's hint names the same candidates, so the one picture is fetched once.
      const hints = page.locator('head link[rel="preload"][as="image"]');
      await expect(hints.first()).toHaveAttribute('imagesrcset', shown.srcset ?? '');
      for (const hint of await hints.all()) {
        await expect(hint).toHaveAttribute('imagesrcset', shown.srcset ?? '');
        await expect(hint).toHaveAttribute('imagesizes', shown.sizes ?? '');
      }
      const key = /\/([^/]+)\/\d+\.webp$/.exec(shown.currentSrc)?.[1];
      expect(fetched.filter((f) => f.startsWith(`${key}/`))).toEqual([`${key}/${screen.takes}`]);
    } finally {
      await context.close();
    }
  });
}
