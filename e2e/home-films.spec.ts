import { expect, test } from '@playwright/test';

/** The home page's two films: a poster and a play button, and not a byte of film until the shopper asks for it. */

test('a home film loads nothing until play is pressed, then plays with its controls', async ({ page }) => {
  const filmRequests: string[] = [];
  page.on('request', (req) => {
    if (/\.(webm|mp4)(\?|$)/.test(new URL(req.url()).pathname)) filmRequests.push(req.url());
  });
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Inside Ratna Gems' });
  await section.scrollIntoViewIfNeeded();
  const play = section.getByRole('button', { name: 'Play the film: How every stone is certified' });
  await expect(play).toBeVisible();
  await expect(section.getByRole('button', { name: 'Play the film: From our Ludhiana workshop' })).toBeVisible();
  // Its poster has arrived (the page is settled) and still no film was asked for.
  await expect(play.locator('img')).toHaveJSProperty('complete', true);
  await page.waitForLoadState('networkidle');
  expect(filmRequests).toEqual([]);
  const films = section.getByTestId('story-video');
  await expect(films).toHaveCount(2);
  for (const film of await films.all()) {
    await expect(film).toHaveAttribute('preload', 'none');
    await expect(film).not.toHaveAttribute('controls');
  }

  await play.click();
  const video = films.first();
  await expect(play).toHaveCount(0);
  await expect(films.first()).toHaveAttribute('controls');
  await expect(films.first()).toHaveAccessibleName('Film: How every stone is certified');
  // Playing, or at least its first frames are in: the browser fetched the film.
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA || !v.paused))
    .toBe(true);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);
  expect(filmRequests.length).toBeGreaterThan(0);
  expect(filmRequests.every((url) => url.includes('/videos/certification.'))).toBe(true);
  // The other film is still untouched.
  await expect(films.nth(1)).not.toHaveAttribute('controls');
});
