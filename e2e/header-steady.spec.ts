import { expect, test } from '@playwright/test';

/**
 * A slow phone paints a page while its HTML is still arriving. The header's row must not move when the rest of it
 * comes: a disclosure (the menu, the phone's search) painted before its summary is parsed keeps its final box.
 * The page is served cut off just after each of the row's `<details>` tags, and the row's boxes compared with the
 * whole page's (no script: what is painted is the HTML alone).
 */
test.use({ javaScriptEnabled: false });

type Box = { tag: string; x: number; y: number; height: number };

test('the header row keeps its place while the page is still arriving', async ({ page }) => {
  let cut: number | null = null;
  let html = '';
  await page.route(
    (url) => url.pathname === '/all',
    async (route) => {
      const response = await route.fetch();
      html = await response.text();
      await route.fulfill({ response, body: cut === null ? html : html.slice(0, cut) });
    },
  );
  const row = () =>
    page.evaluate(async () => {
      await document.fonts.ready;
      const first = document.querySelector('header details');
      const children = first?.parentElement ? [...first.parentElement.children] : [];
      return children.map((el) => {
        const r = el.getBoundingClientRect();
        return { tag: el.tagName, x: r.x, y: r.y, height: r.height };
      });
    });

  await page.goto('/all');
  const whole: Box[] = await row();
  expect(whole.length).toBeGreaterThan(3);

  const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
  const start = html.indexOf('<header');
  const tags = [...header.matchAll(/<details[^>]*>/g)].slice(0, 2);
  expect(tags).toHaveLength(2);
  for (const tag of tags) {
    cut = start + (tag.index ?? 0) + tag[0].length;
    await page.goto('/all');
    const partial = await row();
    expect(partial.length).toBeGreaterThan(0);
    // Every box already there sits where it will stay (the last one may still be growing sideways).
    for (const [i, box] of partial.entries()) {
      const final = whole[i] as Box;
      expect(box.tag).toBe(final.tag);
      expect(Math.abs(box.y - final.y), `${box.tag} #${i} top`).toBeLessThan(0.5);
      expect(Math.abs(box.height - final.height), `${box.tag} #${i} height`).toBeLessThan(0.5);
      expect(Math.abs(box.x - final.x), `${box.tag} #${i} left`).toBeLessThan(0.5);
    }
  }
});
