import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSrcSet, imageUrlAt, MAX_IMAGE_BYTES, type Product, ProductMutationResponse } from '../../../contract/catalogue.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import {
  createCategory,
  createSubcategory,
  type FilePart,
  makeImage,
  makeMp4,
  makeWebm,
  multipart,
  patchProduct,
  postProduct,
  storedFiles,
} from './test-kit.js';

let t: TestApp;
let admin: TestUser;
let shopper: TestUser;
let gemstones: string;
let jewellery: string;
let ruby: string;
let rings: string;
let base: Record<string, string | number>;
let jpeg: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAndIn('ADMIN');
  shopper = await t.signUpAndIn('USER');
  gemstones = await createCategory(t, admin.cookie, 'Gemstones');
  jewellery = await createCategory(t, admin.cookie, 'Jewellery');
  ruby = await createSubcategory(t, admin.cookie, gemstones, 'Ruby');
  rings = await createSubcategory(t, admin.cookie, jewellery, 'Rings');
  base = {
    category: gemstones,
    subcategory: ruby,
    productname: 'Burmese Ruby',
    productdescription: 'A pigeon-blood ruby from Mogok.',
    productprice: '15000.50',
    stockquantity: '3',
  };
  jpeg = await makeImage('jpeg');
});
afterAll(() => t.close());

const image = (body: Buffer, filename = 'stone.jpg', type = 'image/jpeg'): FilePart => ({ name: 'images', filename, body, type });
const productCount = async () => Number((await t.database.query<{ n: string }>('select count(*)::int as n from products'))[0]?.n);
const fetchUpload = (url: string) => t.request({ method: 'GET', url });

describe('creating a product', () => {
  it('creates a product from the form, with images in every accepted format stored as WebP variants', async () => {
    const before = storedFiles(t).length;
    const files = [
      image(await makeImage('jpeg', 400, 300), 'a.jpg'),
      image(await makeImage('png'), 'b.png', 'image/png'),
      image(await makeImage('webp'), 'c.webp', 'image/webp'),
      image(await makeImage('avif'), 'd.avif', 'image/avif'),
    ];
    const res = await postProduct(
      t,
      admin.cookie,
      {
        ...base,
        productname: '  Natural Ruby 5.25 Ct ',
        productcolours: 'Red, Pink , ,red, Maroon',
        productsizes: '5 Ct,6 Ct, 5 ct',
        productbrand: 'Ratna',
        metatitle: 'Natural Ruby',
        metadescription: 'Certified natural ruby',
        treatment: 'Unheated',
        origin: 'Burma',
        weightcarrat: '5.25',
        weightratti: '',
        rating: '4.5',
        unknownfield: 'ignored',
      },
      files,
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = ProductMutationResponse.parse(res.json());
    expect(body.message).toBe('Product created successfully');
    const p = body.product;
    expect(p).toMatchObject({
      productname: 'Natural Ruby 5.25 Ct',
      slug: 'natural-ruby-5-25-ct',
      productprice: 15000.5,
      stockquantity: 3,
      productcolours: ['Red', 'Pink', 'Maroon'],
      productsizes: ['5 Ct', '6 Ct'],
      productbrand: 'Ratna',
      treatment: 'Unheated',
      origin: 'Burma',
      cut: '',
      weightcarrat: 5.25,
      weightratti: null,
      weightgrams: null,
      // A typed rating is ignored: the rating comes from approved reviews only, and there are none yet.
      rating: null,
      reviewcount: 0,
      isActive: true,
      productvideo: '',
      category: { _id: gemstones, categoryname: 'Gemstones' },
      subcategory: { _id: ruby, subcategoryname: 'Ruby' },
    });
    expect(p).not.toHaveProperty('unknownfield');
    expect(p.productimages).toHaveLength(4);
    for (const url of p.productimages) expect(url).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\/1280\.webp$/);

    // each image: three WebP widths plus the original, nothing else
    const files2 = storedFiles(t);
    expect(files2.length - before).toBe(16);
    const folder = (p.productimages[0] as string).replace('/uploads/', '').replace('1280.webp', '');
    expect(files2.filter((f) => f.startsWith(folder))).toEqual(
      ['1280.webp', '320.webp', '640.webp', 'original.jpg'].map((f) => folder + f),
    );
    const origins = p.productimages.map((u) =>
      storedFiles(t).find((f) => f.startsWith(u.slice(9, -9)) && f.includes('original')),
    );
    expect(origins.map((f) => f?.split('.').pop())).toEqual(['jpg', 'png', 'webp', 'avif']);

    // the variants are real WebP at the stored widths (never enlarged); the web app derives them from the URL
    const first = p.productimages[0] as string;
    expect(imageSrcSet(first)).toBe(
      `${imageUrlAt(first, 320)} 320w, ${imageUrlAt(first, 640)} 640w, ${imageUrlAt(first, 1280)} 1280w`,
    );
    const small = await fetchUpload(imageUrlAt(first, 320));
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    const meta = await sharp(small.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240 });
    const large = await sharp((await fetchUpload(first)).rawPayload).metadata();
    expect(large).toMatchObject({ format: 'webp', width: 400 });
  });

  it('refuses a text file named x.png with 415 and stores nothing', async () => {
    const before = storedFiles(t);
    const count = await productCount();
    const res = await postProduct(t, admin.cookie, base, [
      image(jpeg, 'ok.jpg'),
      image(Buffer.from('just some text, not a picture'), 'x.png', 'image/png'),
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, errors: [{ path: 'images' }] });
    expect(storedFiles(t)).toEqual(before);
    expect(await productCount()).toBe(count);
  });

  it('refuses GIFs, broken images and images with a lying header (415)', async () => {
    const before = storedFiles(t);
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    const truncatedPng = (await makeImage('png')).subarray(0, 40);
    const pngHeadJpegBody = Buffer.concat([(await makeImage('png')).subarray(0, 8), jpeg]);
    for (const body of [gif, truncatedPng, pngHeadJpegBody]) {
      const res = await postProduct(t, admin.cookie, base, [image(body, 'x.png', 'image/png')]);
      expect(res.statusCode).toBe(415);
    }
    const fakeVideo = await postProduct(t, admin.cookie, base, [
      { name: 'video', filename: 'v.mp4', body: Buffer.from('not a video at all'), type: 'video/mp4' },
    ]);
    expect(fakeVideo.statusCode).toBe(415);
    expect(fakeVideo.json().errors[0].path).toBe('video');
    expect(storedFiles(t)).toEqual(before);
  });

  it('refuses an image over 10 MB with 413 and stores nothing', async () => {
    const before = storedFiles(t);
    const big = Buffer.concat([jpeg, Buffer.alloc(MAX_IMAGE_BYTES + 1 - jpeg.length)]);
    const res = await postProduct(t, admin.cookie, base, [image(jpeg, 'first.jpg'), image(big, 'big.jpg')]);
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0].path).toBe('images');
    expect(storedFiles(t)).toEqual(before);
  });

  it('refuses more than 10 images with 413 and stores nothing', async () => {
    const before = storedFiles(t);
    const count = await productCount();
    const res = await postProduct(
      t,
      admin.cookie,
      base,
      Array.from({ length: 11 }, (_, i) => image(jpeg, `s${i}.jpg`)),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/at most 10 images/);
    expect(storedFiles(t)).toEqual(before);
    expect(await productCount()).toBe(count);

    const ten = await postProduct(
      t,
      admin.cookie,
      { ...base, productname: 'Ten Pictures' },
      Array.from({ length: 10 }, (_, i) => image(jpeg, `s${i}.jpg`)),
    );
    expect(ten.statusCode).toBe(201);
    expect(ten.json().product.productimages).toHaveLength(10);
  });

  it('stores one MP4 or WebM video and refuses a second video part', async () => {
    const mp4 = await postProduct(t, admin.cookie, { ...base, productname: 'Ruby with video' }, [
      { name: 'video', filename: 'v.mp4', body: makeMp4(), type: 'video/mp4' },
    ]);
    expect(mp4.statusCode).toBe(201);
    const url = mp4.json().product.productvideo as string;
    expect(url).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\/video\.mp4$/);
    const served = await fetchUpload(url);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.rawPayload.equals(makeMp4())).toBe(true);

    const webm = await postProduct(t, admin.cookie, { ...base, productname: 'Ruby with webm' }, [
      { name: 'video', filename: 'v.webm', body: makeWebm(), type: 'video/webm' },
    ]);
    expect(webm.json().product.productvideo).toMatch(/video\.webm$/);

    const before = storedFiles(t);
    const two = await postProduct(t, admin.cookie, base, [
      { name: 'video', filename: 'a.mp4', body: makeMp4(), type: 'video/mp4' },
      { name: 'video', filename: 'b.mp4', body: makeMp4(), type: 'video/mp4' },
    ]);
    expect(two.statusCode).toBe(400);
    expect(storedFiles(t)).toEqual(before);
  });

  it('reports every missing or wrong field beside its name (400) and keeps no uploaded file', async () => {
    const before = storedFiles(t);
    const res = await postProduct(
      t,
      admin.cookie,
      { productprice: '10.999', stockquantity: '2.5', productname: '   ', weightgrams: 'heavy' },
      [image(jpeg)],
    );
    expect(res.statusCode).toBe(400);
    const paths = (res.json().errors as { path: string }[]).map((e) => e.path).sort();
    expect(paths).toEqual(
      ['category', 'productdescription', 'productname', 'productprice', 'stockquantity', 'subcategory', 'weightgrams'].sort(),
    );
    expect(res.json().errors.find((e: { path: string }) => e.path === 'productname').message).toBe('Product name is required');
    expect(storedFiles(t)).toEqual(before);

    for (const [field, value] of [
      ['productprice', '-5'],
      ['productprice', 'abc'],
      ['productprice', ''],
      ['stockquantity', '-1'],
      ['category', 'not-an-id'],
    ] as const) {
      const r = await postProduct(t, admin.cookie, { ...base, [field]: value });
      expect(r.statusCode, `${field}=${value}`).toBe(400);
      expect(r.json().errors[0].path).toBe(field);
    }
    const free = await postProduct(t, admin.cookie, {
      ...base,
      productname: 'Free sample',
      productprice: '0',
      stockquantity: '0',
    });
    expect(free.statusCode).toBe(201);
    expect(free.json().product).toMatchObject({ productprice: 0, stockquantity: 0 });
  });

  it('refuses a subcategory of another category (400) and keeps no uploaded file', async () => {
    const before = storedFiles(t);
    const res = await postProduct(t, admin.cookie, { ...base, subcategory: rings }, [image(jpeg)]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ path: 'subcategory', message: 'This subcategory belongs to another category' });
    const unknown = await postProduct(t, admin.cookie, { ...base, subcategory: '00000000-0000-4000-8000-000000000000' }, [
      image(jpeg),
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(storedFiles(t)).toEqual(before);
  });

  it('answers a body that is not multipart with 415', async () => {
    const json = await t.request({ method: 'POST', url: '/p1/api/create', cookie: admin.cookie, payload: base });
    expect(json.statusCode).toBe(415);
    const empty = await t.request({ method: 'POST', url: '/p1/api/create', cookie: admin.cookie });
    expect(empty.statusCode).toBe(415);
    const form = await t.request({
      method: 'POST',
      url: '/p1/api/create',
      cookie: admin.cookie,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'productname=x',
    });
    expect(form.statusCode).toBe(415);
  });

  it('keeps slugs unique (-2, -3…) and stores HTML-hostile names as given', async () => {
    const name = 'Blue <img src=x onerror=alert(1)> Sapphire & "Co"';
    const slugs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await postProduct(t, admin.cookie, { ...base, productname: name });
      expect(res.statusCode).toBe(201);
      expect(res.json().product.productname).toBe(name);
      slugs.push(res.json().product.slug);
    }
    expect(slugs).toEqual([
      'blue-img-src-x-onerror-alert-1-sapphire-co',
      'blue-img-src-x-onerror-alert-1-sapphire-co-2',
      'blue-img-src-x-onerror-alert-1-sapphire-co-3',
    ]);
    const page = await t.request({ method: 'GET', url: `/p1/api/slug/${slugs[1]}` });
    expect(page.json().product.productname).toBe(name);
    const hindi = await postProduct(t, admin.cookie, { ...base, productname: 'माणिक्य रत्न' });
    expect(hindi.json().product.slug).toBe('माणिक्य-रत्न');
    const symbols = await postProduct(t, admin.cookie, { ...base, productname: '***' });
    expect(symbols.json().product.slug).toMatch(/^product(-\d+)?$/);
  });
});

describe('editing a product', () => {
  async function productWith(n: number, extra: FilePart[] = []): Promise<Product> {
    const res = await postProduct(t, admin.cookie, { ...base, productname: `Edit me ${n}` }, [
      ...Array.from({ length: n }, (_, i) => image(jpeg, `e${i}.jpg`)),
      ...extra,
    ]);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().product;
  }
  const filesOf = (url: string) => storedFiles(t).filter((f) => f.startsWith(url.slice('/uploads/'.length, -'1280.webp'.length)));

  it('changes only the fields sent, keeps the slug, and adds new images after the kept ones', async () => {
    const p = await productWith(2);
    const res = await patchProduct(
      t,
      admin.cookie,
      p._id,
      { productname: 'Renamed Ruby', productprice: '999.99', productcolours: 'Gold', cut: 'Oval', weightcarrat: '' },
      [image(await makeImage('png'), 'new.png', 'image/png')],
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = ProductMutationResponse.parse(res.json());
    expect(body.message).toBe('Product updated successfully');
    expect(body.product).toMatchObject({
      _id: p._id,
      slug: p.slug,
      productname: 'Renamed Ruby',
      productprice: 999.99,
      productcolours: ['Gold'],
      cut: 'Oval',
      productdescription: p.productdescription,
      stockquantity: p.stockquantity,
      category: p.category,
    });
    expect(body.product.productimages.slice(0, 2)).toEqual(p.productimages);
    expect(body.product.productimages).toHaveLength(3);
    expect(new Date(body.product.updatedAt) >= new Date(p.updatedAt)).toBe(true);
  });

  it('removes only this product’s images named in imagesToDelete, files deleted after the commit', async () => {
    const other = await productWith(1);
    const p = await productWith(3);
    const [a, b, c] = p.productimages as [string, string, string];
    expect(filesOf(b)).toHaveLength(4);
    const res = await patchProduct(t, admin.cookie, p._id, {
      imagesToDelete: JSON.stringify([b, other.productimages[0], '/uploads/products/../../etc/passwd']),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product.productimages).toEqual([a, c]);
    expect(filesOf(b)).toEqual([]);
    expect(filesOf(a)).toHaveLength(4);
    expect(filesOf(other.productimages[0] as string)).toHaveLength(4);
    expect((await fetchUpload(b)).statusCode).toBe(404);
  });

  it('counts existing images toward the 10 (413), and deleting some makes room', async () => {
    const p = await productWith(8);
    const before = storedFiles(t);
    const three = [image(jpeg, 'n1.jpg'), image(jpeg, 'n2.jpg'), image(jpeg, 'n3.jpg')];
    const over = await patchProduct(t, admin.cookie, p._id, {}, three);
    expect(over.statusCode).toBe(413);
    expect(storedFiles(t)).toEqual(before);
    const unchanged = await t.request({ method: 'GET', url: `/p1/api/slug/${p.slug}` });
    expect(unchanged.json().product.productimages).toEqual(p.productimages);

    const ok = await patchProduct(t, admin.cookie, p._id, { imagesToDelete: JSON.stringify(p.productimages.slice(0, 1)) }, three);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().product.productimages).toHaveLength(10);
  });

  it('replaces or removes the video (videoToDelete) and deletes the old file', async () => {
    const p = await productWith(0, [{ name: 'video', filename: 'v.mp4', body: makeMp4(), type: 'video/mp4' }]);
    const replaced = await patchProduct(t, admin.cookie, p._id, {}, [
      { name: 'video', filename: 'w.webm', body: makeWebm(), type: 'video/webm' },
    ]);
    expect(replaced.statusCode).toBe(200);
    const newVideo = replaced.json().product.productvideo as string;
    expect(newVideo).toMatch(/video\.webm$/);
    expect((await fetchUpload(p.productvideo)).statusCode).toBe(404);

    const kept = await patchProduct(t, admin.cookie, p._id, { videoToDelete: 'false' });
    expect(kept.json().product.productvideo).toBe(newVideo);
    const removed = await patchProduct(t, admin.cookie, p._id, { videoToDelete: 'true' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().product.productvideo).toBe('');
    expect((await fetchUpload(newVideo)).statusCode).toBe(404);
  });

  it('refuses malformed imagesToDelete / videoToDelete and a foreign subcategory (400), keeping no new file', async () => {
    const p = await productWith(1);
    const before = storedFiles(t);
    for (const fields of [
      { imagesToDelete: 'not json' },
      { imagesToDelete: '{"a":1}' },
      { videoToDelete: '"yes"' },
      { subcategory: rings },
      { category: jewellery },
      { productprice: '-1' },
    ]) {
      const res = await patchProduct(t, admin.cookie, p._id, fields, [image(jpeg)]);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(storedFiles(t)).toEqual(before);
    }
    const moved = await patchProduct(t, admin.cookie, p._id, { category: jewellery, subcategory: rings });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().product.subcategory.subcategoryname).toBe('Rings');
  });

  it('applies a stock change as a difference when the form says what it showed', async () => {
    const p = await productWith(0); // stock 3
    await t.database.query('update products set stock = stock - 2 where id = $1', [p._id]); // two sold meanwhile
    const res = await patchProduct(t, admin.cookie, p._id, { stockquantity: '5', stockquantityWas: '3' });
    expect(res.json().product.stockquantity).toBe(3);
    const absolute = await patchProduct(t, admin.cookie, p._id, { stockquantity: '7' });
    expect(absolute.json().product.stockquantity).toBe(7);
  });

  it('answers 404 for an unknown product, 400 for a malformed id, 415 without multipart', async () => {
    expect((await patchProduct(t, admin.cookie, '00000000-0000-4000-8000-000000000000', { productname: 'x' })).statusCode).toBe(
      404,
    );
    expect((await patchProduct(t, admin.cookie, 'nope', { productname: 'x' })).statusCode).toBe(400);
    const p = await productWith(0);
    const json = await t.request({
      method: 'PATCH',
      url: `/p1/api/edit/${p._id}`,
      cookie: admin.cookie,
      payload: { productname: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('deleting a product', () => {
  it('deletes the product and its media, but keeps the image a past order shows', async () => {
    const res = await postProduct(t, admin.cookie, { ...base, productname: 'Sold Ruby' }, [
      image(jpeg, 'a.jpg'),
      image(jpeg, 'b.jpg'),
      { name: 'video', filename: 'v.mp4', body: makeMp4(), type: 'video/mp4' },
    ]);
    const p = res.json().product as Product;
    const [first, second] = p.productimages as [string, string];
    // a past order bought it: its line keeps the first image as bought
    const [checkout] = await t.database.query<{ id: string }>(
      `insert into checkouts (user_id, provider, provider_order_id, amount_paise, lines, hold_expires_at)
       values ($1, 'sandbox', 'order_del_1', 1500050, '[]', now()) returning id`,
      [shopper.id],
    );
    const [order] = await t.database.query<{ id: string }>(
      `insert into orders (user_id, checkout_id, razorpay_order_id, razorpay_payment_id, total_paise, paymentstatus, shippinginfo)
       values ($1, $2, 'order_del_1', 'pay_1', 1500050, 'Paid', '{}') returning id`,
      [shopper.id, checkout?.id],
    );
    await t.database.query(
      `insert into order_items (order_id, product_id, productname, unit_price_paise, productimage, quantity)
       values ($1, $2, 'Sold Ruby', 1500050, $3, 1)`,
      [order?.id, p._id, first],
    );

    const del = await t.request({ method: 'DELETE', url: `/p1/api/delete/${p._id}`, cookie: admin.cookie });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, message: 'Product has been deleted successfully' });
    expect((await t.request({ method: 'GET', url: `/p1/api/slug/${p.slug}` })).statusCode).toBe(404);
    expect((await fetchUpload(second)).statusCode).toBe(404);
    expect((await fetchUpload(p.productvideo)).statusCode).toBe(404);
    expect((await fetchUpload(first)).statusCode).toBe(200);
    const [line] = await t.database.query<{ product_id: string | null; productname: string }>(
      'select product_id, productname from order_items where order_id = $1',
      [order?.id],
    );
    expect(line).toEqual({ product_id: null, productname: 'Sold Ruby' });

    expect((await t.request({ method: 'DELETE', url: `/p1/api/delete/${p._id}`, cookie: admin.cookie })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: '/p1/api/delete/xyz', cookie: admin.cookie })).statusCode).toBe(400);
  });
});

describe('guards on the writing rows', () => {
  it('keeps anonymous (401) and USER (403) out, and stores nothing for them', async () => {
    const p = (await postProduct(t, admin.cookie, { ...base, productname: 'Guarded' })).json().product as Product;
    const before = storedFiles(t);
    const form = await multipart(base, [image(jpeg)]);
    const rows: [string, string, object][] = [
      ['POST', '/p1/api/create', form],
      ['PATCH', `/p1/api/edit/${p._id}`, form],
      ['DELETE', `/p1/api/delete/${p._id}`, {}],
      ['PATCH', `/p1/api/status/${p._id}`, {}],
    ];
    for (const [method, url, extra] of rows) {
      expect((await t.request({ method: method as 'GET', url, ...extra })).statusCode, `${method} ${url}`).toBe(401);
      expect(
        (await t.request({ method: method as 'GET', url, cookie: shopper.cookie, ...extra })).statusCode,
        `${method} ${url}`,
      ).toBe(403);
    }
    expect(storedFiles(t)).toEqual(before);
    const still = (await t.request({ method: 'GET', url: `/p1/api/slug/${p.slug}` })).json().product;
    expect(still).toMatchObject({ productname: 'Guarded', isActive: true });
    const rows2 = await t.database.db.execute(sql`select count(*)::int as n from products where name = 'Guarded'`);
    expect((rows2 as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });
});
