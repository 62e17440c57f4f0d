import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, type Product } from '../../../contract/catalogue.js';
import { DesignResponse, DesignsResponse } from '../../../contract/made-to-order.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import {
  createCategory,
  createSubcategory,
  type FilePart,
  makeImage,
  multipart,
  postProduct,
  storedFiles,
} from '../products/test-kit.js';
import { createDesign, goldRing } from './test-kit.js';

/**
 * A design's pictures through HTTP: added as a product's are (checked by content, stored as WebP variants) and
 * removed one by one; the public list and the configurator read them from `images`. Every refusal keeps the files
 * as they were.
 */
let t: TestApp;
let admin: TestUser;
let shopper: TestUser;
let designId: string;

const RING = goldRing('Solitaire ring');

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAndIn('ADMIN');
  shopper = await t.signUpAndIn();
  designId = (await createDesign(t, admin, RING))._id;
});
afterAll(() => t.close());

const picture = (body: Buffer, filename = 'ring.jpg', type = 'image/jpeg'): FilePart => ({
  name: 'images',
  filename,
  body,
  type,
});

async function addPictures(
  id: string,
  files: FilePart[],
  cookie: string | null = admin.cookie,
  fields: Record<string, string> = {},
) {
  const { payload, headers } = await multipart(fields, files);
  return t.request({ method: 'POST', url: `/p1/api/admin/designs/${id}/images`, cookie: cookie ?? undefined, payload, headers });
}
const removePicture = (id: string, url: unknown, cookie = admin.cookie) =>
  t.request({ method: 'DELETE', url: `/p1/api/admin/designs/${id}/images`, cookie, payload: { url } });
const publicDesign = async (id: string) =>
  DesignsResponse.parse((await t.request({ method: 'GET', url: '/p1/api/designs' })).json()).designs.find((d) => d._id === id);
const storedDesign = async (id: string) =>
  (await t.database.query<{ images: string[] }>('select images from designs where id = $1', [id]))[0]?.images;

describe('adding a design’s pictures', () => {
  it('stores them as a product’s (WebP 320/640/1280 and the original) after the design’s own, shown in the public list', async () => {
    const before = storedFiles(t).length;
    const first = await addPictures(designId, [picture(await makeImage('jpeg', 400, 300))]);
    expect(first.statusCode, first.body).toBe(200);
    const one = DesignResponse.parse(first.json()).design.images;
    expect(one).toHaveLength(1);
    expect(one[0]).toMatch(/^\/uploads\/.+\/1280\.webp$/);
    // each picture is four stored files, as a product's is
    expect(storedFiles(t).length).toBe(before + 4);
    const small = await t.request({ method: 'GET', url: (one[0] as string).replace('/1280.webp', '/320.webp') });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');

    const second = await addPictures(designId, [
      picture(await makeImage('png'), 'side.png', 'image/png'),
      picture(await makeImage('webp'), 'top.webp', 'image/webp'),
    ]);
    expect(second.statusCode, second.body).toBe(200);
    const three = DesignResponse.parse(second.json()).design.images;
    expect(three).toHaveLength(3);
    expect(three[0]).toBe(one[0]);
    expect((await publicDesign(designId))?.images).toEqual(three);
  });

  it('is the merchant’s only: signed out 401, a shopper 403, nothing stored', async () => {
    const before = storedFiles(t);
    const jpeg = await makeImage('jpeg');
    expect((await addPictures(designId, [picture(jpeg)], null)).statusCode).toBe(401);
    const shopperTry = await addPictures(designId, [picture(jpeg)], shopper.cookie);
    expect(shopperTry.statusCode).toBe(403);
    expect(storedFiles(t)).toEqual(before);
  });

  it('answers 404 for an unknown design and 400 for a malformed id, keeping none of the files sent', async () => {
    const before = storedFiles(t);
    const jpeg = await makeImage('jpeg');
    const unknown = await addPictures('00000000-0000-4000-8000-000000000000', [picture(jpeg)]);
    expect(unknown.statusCode).toBe(404);
    expect((await addPictures('not-an-id', [picture(jpeg)])).statusCode).toBe(400);
    expect(storedFiles(t)).toEqual(before);
  });

  it('refuses a file that is not a picture (415, as for a product), one over 10 MB (413) and none at all (400), storing nothing', async () => {
    const before = storedFiles(t);
    const imagesBefore = await storedDesign(designId);
    const text = await addPictures(designId, [
      picture(await makeImage('jpeg'), 'ok.jpg'),
      picture(Buffer.from('just some text, not a picture'), 'x.png', 'image/png'),
    ]);
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ success: false, errors: [{ path: 'images' }] });
    const big = await addPictures(designId, [picture(Buffer.alloc(MAX_IMAGE_BYTES + 1, 1), 'big.jpg')]);
    expect(big.statusCode).toBe(413);
    const none = await addPictures(designId, [], admin.cookie, { note: 'no picture' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ success: false, errors: [{ path: 'images' }] });
    // a video or a lab report sent along is not a design's: read past, never stored
    const video = await addPictures(designId, [
      { name: 'video', filename: 'v.mp4', body: Buffer.from('whatever'), type: 'video/mp4' },
    ]);
    expect(video.statusCode).toBe(400);
    const json = await t.request({
      method: 'POST',
      url: `/p1/api/admin/designs/${designId}/images`,
      cookie: admin.cookie,
      payload: { images: [] },
    });
    expect(json.statusCode).toBe(415);
    expect(storedFiles(t)).toEqual(before);
    expect(await storedDesign(designId)).toEqual(imagesBefore);
  });

  it('takes at most 10 pictures in all (413), counting the design’s own', async () => {
    const id = (await createDesign(t, admin, goldRing('Halo ring')))._id;
    const jpeg = await makeImage('jpeg');
    expect(
      (
        await addPictures(
          id,
          Array.from({ length: 8 }, () => picture(jpeg)),
        )
      ).statusCode,
    ).toBe(200);
    const before = storedFiles(t);
    const over = await addPictures(id, [picture(jpeg), picture(jpeg), picture(jpeg)]);
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe('A design can have at most 10 images');
    expect(storedFiles(t)).toEqual(before);
    expect(await storedDesign(id)).toHaveLength(8);
    expect((await addPictures(id, [picture(jpeg), picture(jpeg)])).statusCode).toBe(200);
  });
});

describe('removing a design’s picture', () => {
  it('removes the one named and deletes its files after the change; the others stay', async () => {
    const images = (await storedDesign(designId)) as string[];
    const [gone, ...kept] = images;
    const folder = (gone as string).split('/').slice(2, -1).join('/');
    expect(storedFiles(t).some((f) => f.startsWith(`${folder}/`))).toBe(true);
    const res = await removePicture(designId, gone);
    expect(res.statusCode, res.body).toBe(200);
    expect(DesignResponse.parse(res.json()).design.images).toEqual(kept);
    expect(await storedDesign(designId)).toEqual(kept);
    expect(storedFiles(t).some((f) => f.startsWith(`${folder}/`))).toBe(false);
    expect((await t.request({ method: 'GET', url: gone as string })).statusCode).toBe(404);
    expect((await publicDesign(designId))?.images).toEqual(kept);
  });

  it('answers 404 for a URL the design does not have — another design’s, a product’s, a removed one — and deletes no file', async () => {
    const gemstones = await createCategory(t, admin.cookie, 'Gemstones');
    const ruby = await createSubcategory(t, admin.cookie, gemstones, 'Ruby');
    const made = await postProduct(
      t,
      admin.cookie,
      {
        category: gemstones,
        subcategory: ruby,
        productname: 'Ruby',
        productdescription: 'A ruby.',
        productprice: '1000',
        stockquantity: '1',
      },
      [picture(await makeImage('jpeg'), 'ruby.jpg')],
    );
    const product = made.json().product as Product;
    const productPicture = product.productimages[0] as string;
    const before = storedFiles(t);
    const imagesBefore = await storedDesign(designId);
    for (const url of [productPicture, '/uploads/products/../../etc/passwd', 'https://example.com/x/1280.webp']) {
      const res = await removePicture(designId, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().success).toBe(false);
    }
    expect(storedFiles(t)).toEqual(before);
    expect(await storedDesign(designId)).toEqual(imagesBefore);
    expect((await t.request({ method: 'GET', url: productPicture })).statusCode).toBe(200);
  });

  it('refuses a shopper (403), an unknown design (404) and a missing url (400)', async () => {
    const url = ((await storedDesign(designId)) as string[])[0];
    expect((await removePicture(designId, url, shopper.cookie)).statusCode).toBe(403);
    expect((await removePicture('00000000-0000-4000-8000-000000000000', url)).statusCode).toBe(404);
    expect((await removePicture(designId, undefined)).statusCode).toBe(400);
    expect((await removePicture(designId, '')).statusCode).toBe(400);
    expect(await storedDesign(designId)).toContain(url);
  });

  it('deleting a design deletes its pictures’ files', async () => {
    const images = (await storedDesign(designId)) as string[];
    expect(images.length).toBeGreaterThan(0);
    const res = await t.request({ method: 'DELETE', url: `/p1/api/admin/designs/${designId}`, cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    for (const url of images) expect((await t.request({ method: 'GET', url })).statusCode).toBe(404);
  });
});
