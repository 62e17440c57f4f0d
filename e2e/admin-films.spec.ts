import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNotice, signedInPage } from './helpers.js';

/**
 * The merchant's own film: uploaded on the Storefront screen with its poster, saved, and shown on the home page,
 * where nothing of it is fetched until the shopper presses play. Refused files and missing words are said in
 * sentences beside the field.
 */

type Film = { _id: string; title: string; text: string; poster: string; mp4: string; webm: string };

test('an admin uploads a film and its poster; the home page shows it and plays it only when asked', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await signedInPage(browser, baseURL);
  const saved = ((await (await admin.request.get('/a1/api/admin/storefront')).json()) as { storefront: { films: Film[] } })
    .storefront.films;
  try {
    await admin.goto('/dashboard/storefront');
    const films = admin.getByRole('region', { name: 'Films' });
    await expect(films.getByLabel('Film 1 title')).toHaveValue('How every stone is certified');

    // A file that is not a film is refused with a sentence, and nothing changes.
    await films
      .getByLabel('Film 1 video')
      .setInputFiles({ name: 'notes.mp4', mimeType: 'video/mp4', buffer: Buffer.from('not a film at all') });
    await expect(films.getByText('The video must be an MP4 or WebM file')).toBeVisible();

    // The merchant's film: a WebM (the shop's own clip under another name) replaces the demo's WebM; the MP4 is removed.
    const clip = fs.readFileSync(path.join('web', 'public', 'videos', 'workshop.webm'));
    const uploaded = admin.waitForResponse((r) => r.url().endsWith('/a1/api/admin/storefront/video'));
    await films.getByLabel('Film 1 video').setInputFiles({ name: 'ruby-cutting.webm', mimeType: 'video/webm', buffer: clip });
    const video = (await (await uploaded).json()) as { url: string; format: string };
    expect(video.format).toBe('webm');
    expect(video.url).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\/video\.webm$/);
    await films.getByRole('button', { name: 'Remove film 1’s MP4' }).click();
    await expect(films.getByRole('list', { name: 'Files of film 1' }).getByRole('listitem')).toHaveCount(1);

    const png = await sharp({ create: { width: 1280, height: 720, channels: 3, background: { r: 155, g: 17, b: 30 } } })
      .png()
      .toBuffer();
    const posted = admin.waitForResponse((r) => r.url().endsWith('/a1/api/admin/storefront/image'));
    await films.getByLabel('Film 1 poster').setInputFiles({ name: 'ruby.png', mimeType: 'image/png', buffer: png });
    const poster = ((await (await posted).json()) as { url: string }).url;

    // Without a title it is not saved, and the screen says why.
    await films.getByLabel('Film 1 title').fill('');
    await films.getByRole('button', { name: 'Save films' }).click();
    await expect(films.getByText('Please enter the title')).toBeVisible();

    const title = `Cutting a Burmese ruby ${Date.now().toString(36)}`;
    await films.getByLabel('Film 1 title').fill(title);
    await films.getByLabel('Film 1 story').fill('From the rough to the finished stone, on our wheel in Ludhiana.');
    // Our film goes second and back, then the workshop film is removed: one film is left. The buttons are
    // clicked with the pointer, so nothing may cover them, and (with a long file name beside them) the screen is
    // no wider than the window: on a phone a wider one is shown zoomed out, and a tap misses what it aims at.
    const width = admin.viewportSize()?.width ?? 0;
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await films.getByRole('button', { name: 'Move Film 1 down' }).click();
    await expect(films.getByLabel('Film 2 title')).toHaveValue(title);
    await films.getByRole('button', { name: 'Move Film 2 up' }).click();
    await expect(films.getByLabel('Film 1 title')).toHaveValue(title);
    await films.getByRole('button', { name: 'Move Film 1 down' }).click();
    await expect(films.getByLabel('Film 2 title')).toHaveValue(title);
    await films.getByRole('button', { name: 'Remove Film 1', exact: true }).click();
    await expect(films.getByLabel('Film 1 title')).toHaveValue(title);
    await expect(films.getByTestId('preview-films')).toContainText(title);
    await films.getByRole('button', { name: 'Save films' }).click();
    await expectNotice(admin, 'Saved: the home page shows it now');

    // The home page (server-rendered) shows only that film, and fetches nothing of it before play.
    const filmRequests: string[] = [];
    page.on('request', (req) => {
      if (/\.(webm|mp4)$/.test(new URL(req.url()).pathname)) filmRequests.push(new URL(req.url()).pathname);
    });
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Inside Ratna Gems' });
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole('heading', { name: title })).toBeVisible();
    await expect(section.getByText('From the rough to the finished stone, on our wheel in Ludhiana.')).toBeVisible();
    await expect(section.getByTestId('story-video')).toHaveCount(1);
    const play = section.getByRole('button', { name: `Play the film: ${title}` });
    await expect(play.locator('img')).toHaveAttribute('src', poster);
    await expect(play.locator('img')).toHaveJSProperty('complete', true);
    await page.waitForLoadState('networkidle');
    expect(filmRequests).toEqual([]);
    const film = section.getByTestId('story-video');
    await expect(film).toHaveAttribute('preload', 'none');
    await expect(film.locator('source')).toHaveCount(1);
    await expect(film.locator('source')).toHaveAttribute('src', video.url);

    await play.click();
    await expect(film).toHaveAttribute('controls');
    await expect.poll(() => film.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);
    expect(filmRequests.length).toBeGreaterThan(0);
    expect(filmRequests.every((p) => p === video.url)).toBe(true);
  } finally {
    const restored = await admin.request.put('/a1/api/admin/storefront/films', {
      data: { films: saved.map(({ _id, ...f }) => f) },
    });
    expect(restored.status()).toBe(200);
    await admin.context().close();
  }
});
