import fs from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorefrontResponse, StorefrontSaved, StorefrontVideoResponse } from '../../../contract/storefront.js';
import { sweepMedia } from '../../media/sweep.js';
import { S3_TEST_KEY, startTestS3 } from '../../media/test-support.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { makeImage, makeMp4, makeWebm, multipart, storedFiles } from '../products/test-kit.js';
import { DEMO_FILMS, seedStorefront } from './seed.js';

/**
 * The home page's films through HTTP: the two demo films a shop starts with, the merchant's own (uploaded as
 * MP4 or WebM through the product videos' storage, locally or in S3), who may change them, what is refused and
 * why, and the cached home page content forgetting them the moment they change.
 */

let t: TestApp;
let admin: TestUser;
let shopper: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAndIn('ADMIN');
  shopper = await t.signUpAndIn();
});
afterAll(() => t?.close());

async function publicContent(app: TestApp = t) {
  const res = await app.request({ method: 'GET', url: '/a1/api/storefront' });
  expect(res.statusCode, res.body).toBe(200);
  return StorefrontResponse.parse(res.json()).storefront;
}
const putFilms = (payload: unknown, cookie = admin.cookie, app: TestApp = t) =>
  app.request({ method: 'PUT', url: '/a1/api/admin/storefront/films', cookie, payload: payload as object });
const uploadVideo = async (
  files: { name: string; filename: string; body: Buffer; type?: string }[],
  cookie = admin.cookie,
  app: TestApp = t,
) => app.request({ method: 'POST', url: '/a1/api/admin/storefront/video', cookie, ...(await multipart({}, files)) });
const uploadPoster = async (cookie = admin.cookie, app: TestApp = t) => {
  const body = await multipart({}, [{ name: 'image', filename: 'poster.png', body: await makeImage('png', 640, 360) }]);
  const res = await app.request({ method: 'POST', url: '/a1/api/admin/storefront/image', cookie, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { url: string }).url;
};
const film = (over: object = {}) => ({
  title: 'Cutting a Burmese ruby',
  text: 'From the rough to the finished stone.',
  poster: '/images/video-workshop.svg',
  mp4: '/videos/workshop.mp4',
  ...over,
});
const strip = <T extends { _id: string }>(rows: T[]) => rows.map(({ _id, ...rest }) => rest);

describe('a new shop', () => {
  it('shows the two demo films, with their posters and both formats; seeding the demo adds none twice', async () => {
    const home = await publicContent();
    expect(strip(home.films)).toEqual(DEMO_FILMS);
    await seedStorefront(t.database.db);
    expect(strip((await publicContent()).films)).toEqual(DEMO_FILMS);
    // The demo's clips are files of the shop.
    for (const f of DEMO_FILMS) {
      for (const file of [f.mp4, f.webm, f.poster]) {
        expect(fs.existsSync(path.join(import.meta.dirname, '../../../web/public', file)), file).toBe(true);
      }
    }
  });
});

describe('who may change the films', () => {
  it('refuses visitors (401) and shoppers (403), for the list and the upload, and nothing changes', async () => {
    const before = await publicContent();
    const mp4 = [{ name: 'video', filename: 'film.mp4', body: makeMp4(), type: 'video/mp4' }];
    expect((await putFilms({ films: [film()] }, '')).statusCode).toBe(401);
    expect((await putFilms({ films: [film()] }, shopper.cookie)).statusCode).toBe(403);
    expect((await uploadVideo(mp4, '')).statusCode).toBe(401);
    expect((await uploadVideo(mp4, shopper.cookie)).statusCode).toBe(403);
    expect(storedFiles(t).filter((f) => f.endsWith('.mp4'))).toEqual([]);
    expect(await publicContent()).toEqual(before);
  });
});

describe('the merchant’s films', () => {
  it('are uploaded (MP4 and WebM), saved in order, shown on the home page, and the cached answer goes at once', async () => {
    // The home page content is cached: a second read is a hit.
    const first = await t.request({ method: 'GET', url: '/a1/api/storefront' });
    const hits = t.app.answers.stats().hits;
    expect((await t.request({ method: 'GET', url: '/a1/api/storefront' })).body).toBe(first.body);
    expect(t.app.answers.stats().hits).toBe(hits + 1);

    const mp4 = await uploadVideo([{ name: 'video', filename: 'ruby.mp4', body: makeMp4(4096), type: 'video/mp4' }]);
    expect(mp4.statusCode, mp4.body).toBe(201);
    const mp4Film = StorefrontVideoResponse.parse(mp4.json());
    expect(mp4Film.format).toBe('mp4');
    expect(mp4Film.url).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\/video\.mp4$/);
    // The type is what the bytes say, not what the file is called.
    const webm = await uploadVideo([{ name: 'video', filename: 'ruby.mp4', body: makeWebm(4096), type: 'video/mp4' }]);
    expect(webm.statusCode, webm.body).toBe(201);
    const webmFilm = StorefrontVideoResponse.parse(webm.json());
    expect(webmFilm.format).toBe('webm');
    expect(webmFilm.url).toMatch(/\/video\.webm$/);
    const served = await t.request({ method: 'GET', url: webmFilm.url, headers: { range: 'bytes=0-99' } });
    expect(served.statusCode).toBe(206);
    expect(served.headers['content-type']).toBe('video/webm');
    const poster = await uploadPoster();

    const res = await putFilms({
      films: [
        film({ title: '  Our ruby  ', poster, mp4: mp4Film.url, webm: webmFilm.url }),
        film({ title: 'Only WebM', text: undefined, mp4: undefined, webm: webmFilm.url }),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = StorefrontSaved.parse(res.json());
    expect(saved.message).toBe('Saved: the home page shows it now');
    expect(strip(saved.storefront.films)).toEqual([
      { title: 'Our ruby', text: 'From the rough to the finished stone.', poster, mp4: mp4Film.url, webm: webmFilm.url },
      { title: 'Only WebM', text: '', poster: '/images/video-workshop.svg', mp4: '', webm: webmFilm.url },
    ]);
    // The very next public read has them: the kept answer was forgotten.
    const after = await t.request({ method: 'GET', url: '/a1/api/storefront' });
    expect(after.body).not.toBe(first.body);
    expect(StorefrontResponse.parse(after.json()).storefront.films).toEqual(saved.storefront.films);

    // Removing them all leaves the home page without films.
    expect((await putFilms({ films: [] })).statusCode).toBe(200);
    expect((await publicContent()).films).toEqual([]);
    // Put back for the sweep below.
    expect((await putFilms({ films: saved.storefront.films.map(({ _id, ...f }) => f) })).statusCode).toBe(200);

    // A day later the sweep removes the film nothing uses and keeps the home page's films and poster.
    const orphan = StorefrontVideoResponse.parse(
      (await uploadVideo([{ name: 'video', filename: 'spare.mp4', body: makeMp4(), type: 'video/mp4' }])).json(),
    ).url;
    const swept = await sweepMedia(t.database.db, t.app.media, { now: new Date(Date.now() + 2 * 86_400_000) });
    const key = (url: string) => url.replace(/^\/uploads\//, '');
    expect(swept.deleted).toContain(key(orphan));
    for (const kept of [mp4Film.url, webmFilm.url, poster]) expect(swept.deleted).not.toContain(key(kept));
    expect(storedFiles(t)).toEqual(expect.arrayContaining([key(mp4Film.url), key(webmFilm.url), key(poster)]));
  });

  it('refuses bad films with the field at fault and a sentence that says what to do (400), and changes nothing', async () => {
    const before = await publicContent();
    const cases: [object, string, RegExp][] = [
      [{ films: [film({ title: '  ' })] }, 'films.0.title', /^Please enter the title$/],
      [{ films: [film(), film({ mp4: '', webm: '' })] }, 'films.1.mp4', /^Upload the film \(MP4 or WebM\)$/],
      [{ films: [film({ mp4: undefined })] }, 'films.0.mp4', /^Upload the film/],
      [{ films: [film({ mp4: 'javascript:alert(1)' })] }, 'films.0.mp4', /^Upload the MP4 film/],
      [{ films: [film({ webm: 'http://insecure.example/a.webm' })] }, 'films.0.webm', /^Upload the WebM film/],
      [{ films: [film({ poster: '' })] }, 'films.0.poster', /^Upload a picture$/],
      [{ films: [film({ text: 'x'.repeat(601) })] }, 'films.0.text', /^The story must be at most 600 characters$/],
      [{ films: [film(), film(), film()] }, 'films', /^At most 2 films$/],
      [{ films: 'two' }, 'films', /^Send the films as a list$/],
    ];
    for (const [body, at, message] of cases) {
      const res = await putFilms(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.json().success).toBe(false);
      const error = (res.json().errors as { path: string; message: string }[]).find((e) => e.path === at);
      expect(error?.message, `${at} in ${res.body}`).toMatch(message);
    }
    expect(await publicContent()).toEqual(before);
  });

  it('refuses an upload that is not MP4 or WebM (415), a body that is not a form (415), none (400) and one too large (413)', async () => {
    const count = () => storedFiles(t).length;
    const files = count();
    const png = await uploadVideo([{ name: 'video', filename: 'film.mp4', body: await makeImage('png'), type: 'video/mp4' }]);
    expect(png.statusCode).toBe(415);
    expect(png.json().message).toBe('The video must be an MP4 or WebM file');
    expect(png.json().errors[0]).toEqual({ path: 'video', message: 'Only MP4 or WebM videos are accepted' });
    const avi = await uploadVideo([
      {
        name: 'video',
        filename: 'film.avi',
        body: Buffer.from(`RIFF\0\0\0\0AVI LIST${'x'.repeat(200)}`),
        type: 'video/x-msvideo',
      },
    ]);
    expect(avi.statusCode).toBe(415);
    const json = await t.request({
      method: 'POST',
      url: '/a1/api/admin/storefront/video',
      cookie: admin.cookie,
      payload: { video: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const none = await uploadVideo([{ name: 'image', filename: 'a.mp4', body: makeMp4() }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Choose a film to upload');
    const big = await uploadVideo([
      { name: 'video', filename: 'big.mp4', body: makeMp4(100 * 1024 * 1024 + 10), type: 'video/mp4' },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The film must be at most 100 MB');
    expect(count()).toBe(files);
  });
});

describe('with media in S3', () => {
  it('stores an uploaded film in the bucket, and the sweep keeps it while the home page shows it', async () => {
    const s3 = await startTestS3();
    const bucket = 'shop-films';
    let shop: TestApp | undefined;
    const raw = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: S3_TEST_KEY, secretAccessKey: S3_TEST_KEY },
    });
    try {
      await s3.createBucket(bucket);
      shop = await createTestApp(s3.env(bucket));
      const merchant = await shop.signUpAndIn('ADMIN');
      const res = await uploadVideo(
        [{ name: 'video', filename: 'ruby.webm', body: makeWebm(), type: 'video/webm' }],
        merchant.cookie,
        shop,
      );
      expect(res.statusCode, res.body).toBe(201);
      const { url, format } = StorefrontVideoResponse.parse(res.json());
      expect(format).toBe('webm');
      const key = url.replace(/^\/uploads\//, '');
      const listed = async () =>
        ((await raw.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'products/' }))).Contents ?? []).map((o) => o.Key);
      expect(await listed()).toContain(key);
      const served = await shop.request({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('video/webm');

      const saved = await putFilms({ films: [film({ mp4: '', webm: url })] }, merchant.cookie, shop);
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await publicContent(shop)).films.map((f) => f.webm)).toEqual([url]);
      const swept = await sweepMedia(shop.database.db, shop.app.media, { now: new Date(Date.now() + 2 * 86_400_000) });
      expect(swept.deleted).not.toContain(key);
      expect(await listed()).toContain(key);
    } finally {
      raw.destroy();
      await shop?.close();
      await s3.stop();
    }
  });
});
