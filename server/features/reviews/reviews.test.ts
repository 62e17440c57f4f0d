// @postgres: two votes on one review sent at the same moment
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPagePath } from '../../../contract/filter.js';
import { AdminReviewsResponse, ReviewsResponse } from '../../../contract/reviews.js';
import { categories, outbox, productReviews, subcategories } from '../../db/schema.js';
import { createProduct, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { makeImage, multipart, storedFiles } from '../products/test-kit.js';

/**
 * Verified reviews through HTTP: only the buyer of a delivered line reviews it, once; the merchant alone
 * moderates; shoppers see approved reviews only, and a product's rating (cards, page, JSON-LD) comes from them.
 */
let t: TestApp;
let admin: TestUser;
let asha: TestUser;
let vikram: TestUser;
let productId: string;
let pagePath: string;
/** Asha's delivered order and line, her order not yet delivered, Vikram's delivered one. */
let delivered: { orderId: string; lineId: string };
let undelivered: { orderId: string; lineId: string };
let vikrams: { orderId: string; lineId: string };

const CAMERA = 'LeakyCam';

/** A phone photo: camera, owner and GPS position in its EXIF. */
function phonePhoto() {
  return sharp({ create: { width: 120, height: 90, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .withExif({
      IFD0: { Make: CAMERA, Model: `${CAMERA} Pro`, Artist: 'Asha at home' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 54/1 3600/100', GPSLongitudeRef: 'E', GPSLongitude: '75/1 51/1 0/1' },
    })
    .jpeg()
    .toBuffer();
}

async function buyAndPlace(user: TestUser) {
  const s = shop(t);
  const added = await s.add(user.cookie, productId, 1);
  expect(added.statusCode, added.body).toBe(200);
  const order = await s.payAndPlace(user.cookie);
  return { orderId: order._id, lineId: order.products[0]?._id as string };
}

async function deliver(orderId: string) {
  const res = await t.request({
    method: 'PATCH',
    url: `/o1/api/admin/update/${orderId}`,
    cookie: admin.cookie,
    payload: { deliverystatus: 'delivered' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

type Photo = { body: Buffer; filename?: string; type?: string };
async function postReview(cookie: string | undefined, fields: Record<string, string | number | undefined>, photos: Photo[] = []) {
  const form = await multipart(
    fields,
    photos.map((p, i) => ({
      name: 'photos',
      filename: p.filename ?? `photo-${i}.jpg`,
      body: p.body,
      type: p.type ?? 'image/jpeg',
    })),
  );
  return t.request({ method: 'POST', url: '/p1/api/reviews', cookie, ...form });
}

const words = (line: { orderId: string; lineId: string }, over: Record<string, string | number | undefined> = {}) => ({
  ...line,
  rating: 4,
  title: 'Lovely colour',
  body: 'The stone is exactly as pictured, with a deep even blue in daylight.',
  ...over,
});

const moderate = (cookie: string | undefined, id: string, payload: object) =>
  t.request({ method: 'PATCH', url: `/p1/api/admin/reviews/${id}`, cookie, payload });
const publicReviews = async (query = '') => {
  const res = await t.request({ method: 'GET', url: `/p1/api/reviews/${productId}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return ReviewsResponse.parse(res.json());
};
const productAnswer = async () => {
  const slug = pagePath.split('/').pop() as string;
  const res = await t.request({ method: 'GET', url: `/p1/api/slug/${slug}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().product as { rating: number | null; reviewcount: number };
};
const jsonLd = async () => {
  const res = await t.request({ method: 'GET', url: pagePath, headers: { accept: 'text/html' } });
  expect(res.statusCode).toBe(200);
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(res.body);
  return JSON.parse(m?.[1] as string);
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAndIn('ADMIN');
  asha = await t.signUpAndIn('USER', { fullname: 'Asha Rani Verma' });
  vikram = await t.signUpAndIn('USER', { fullname: 'Vikram Singh' });
  const product = await createProduct(t.database.db, { name: 'Ceylon Blue Sapphire', stock: 10 });
  productId = product.id;
  const [c] = await t.database.db.select().from(categories).where(eq(categories.id, product.categoryId));
  const [s] = await t.database.db.select().from(subcategories).where(eq(subcategories.id, product.subcategoryId));
  pagePath = productPagePath(c?.name as string, s?.name as string, product.slug);
  delivered = await buyAndPlace(asha);
  undelivered = await buyAndPlace(asha);
  vikrams = await buyAndPlace(vikram);
  await deliver(delivered.orderId);
  await deliver(vikrams.orderId);
});
afterAll(async () => {
  await t?.close();
});

describe('writing a review', () => {
  it('a stranger is asked to sign in (401)', async () => {
    expect((await postReview(undefined, words(delivered))).statusCode).toBe(401);
  });

  it("a line of the buyer's own order that is not delivered yet is refused (403)", async () => {
    const res = await postReview(asha.cookie, words(undelivered));
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe('You can review this once your order has been delivered');
  });

  it("someone else's order or line is not found (404), as an unknown one", async () => {
    const res = await postReview(vikram.cookie, words(delivered));
    expect(res.statusCode, res.body).toBe(404);
    // A line of another order named with one's own order.
    const mixed = await postReview(vikram.cookie, words({ orderId: vikrams.orderId, lineId: delivered.lineId }));
    expect(mixed.statusCode, mixed.body).toBe(404);
  });

  it('checks its fields: stars 1–5, 20 characters or more, ids (400)', async () => {
    for (const over of [{ rating: 6 }, { rating: 0 }, { body: 'Too short' }, { title: 'x'.repeat(101) }, { lineId: 'nope' }]) {
      const res = await postReview(asha.cookie, words(delivered, over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
    }
  });

  it('a fourth photo is refused (400) and nothing is stored', async () => {
    const before = storedFiles(t);
    const photo = { body: await makeImage('jpeg') };
    const res = await postReview(asha.cookie, words(delivered), [photo, photo, photo, photo]);
    expect(res.statusCode, res.body).toBe(400);
    expect(storedFiles(t)).toEqual(before);
  });

  it('a file that is not a JPEG, PNG or WebP photo is refused (415) and nothing is stored', async () => {
    const before = storedFiles(t);
    const res = await postReview(asha.cookie, words(delivered), [{ body: Buffer.from('GIF89a not really'), filename: 'a.gif' }]);
    expect(res.statusCode, res.body).toBe(415);
    expect(storedFiles(t)).toEqual(before);
  });

  it('the buyer of a delivered line reviews it with photos, whose camera and GPS data are not kept', async () => {
    const photo = await phonePhoto();
    const meta = await sharp(photo).metadata();
    // The photo does carry the camera and a GPS block before the upload (else the test proves nothing).
    expect(meta.exif?.includes(Buffer.from(CAMERA))).toBe(true);
    const before = new Set(storedFiles(t));
    const res = await postReview(asha.cookie, words(delivered, { rating: 4 }), [
      { body: photo },
      { body: await makeImage('png'), type: 'image/png', filename: 'b.png' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const review = res.json().review;
    expect(review).toMatchObject({ status: 'pending', rating: 4, author: 'Asha V.', verified: true, lineId: delivered.lineId });
    expect(review.photos).toHaveLength(2);
    const added = storedFiles(t).filter((f) => !before.has(f));
    expect(added.length).toBeGreaterThanOrEqual(8); // two photos: three sizes and the original each
    for (const file of added) {
      const bytes = fs.readFileSync(path.join(t.dataDir, 'uploads', file));
      const m = await sharp(bytes).metadata();
      expect(m.exif, file).toBeUndefined();
      expect(bytes.includes(Buffer.from(CAMERA)), file).toBe(false);
      expect(bytes.includes(Buffer.from('Asha at home')), file).toBe(false);
    }
    // The answer's photo is served.
    const served = await t.request({ method: 'GET', url: review.photos[0] });
    expect(served.statusCode).toBe(200);
  });

  it('a second review of the same line is a 409, and stores no photo', async () => {
    const before = storedFiles(t);
    const res = await postReview(asha.cookie, words(delivered, { rating: 1 }), [{ body: await makeImage('jpeg') }]);
    expect(res.statusCode, res.body).toBe(409);
    expect(storedFiles(t)).toEqual(before);
  });

  it('My Orders says which lines the buyer reviewed', async () => {
    const res = await shop(t).myOrders(asha.cookie);
    const lines = (res.json().orders as { products: { _id: string; review: unknown }[] }[]).flatMap((o) => o.products);
    expect(lines.find((l) => l._id === delivered.lineId)?.review).toMatchObject({ status: 'pending', rating: 4 });
    expect(lines.find((l) => l._id === undelivered.lineId)?.review).toBeNull();
  });
});

describe('moderation and what shoppers see', () => {
  let ashaReview: string;
  let vikramReview: string;

  it('an unapproved review is not shown, and the product has no rating: "No reviews yet", no aggregateRating', async () => {
    const list = await publicReviews();
    expect(list.reviews).toEqual([]);
    expect(list.summary).toEqual({ average: null, count: 0, histogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
    expect(await productAnswer()).toMatchObject({ rating: null, reviewcount: 0 });
    expect((await jsonLd()).aggregateRating).toBeUndefined();
  });

  it('only an administrator moderates: 401 for a stranger, 403 for a shopper', async () => {
    const [row] = await t.database.db.select().from(productReviews).where(eq(productReviews.orderItemId, delivered.lineId));
    ashaReview = row?.id as string;
    expect((await moderate(undefined, ashaReview, { status: 'approved' })).statusCode).toBe(401);
    expect((await moderate(asha.cookie, ashaReview, { status: 'approved' })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/p1/api/admin/reviews', cookie: vikram.cookie })).statusCode).toBe(403);
    expect((await publicReviews()).reviews).toEqual([]);
  });

  it('a rejection needs a reason (400)', async () => {
    const res = await moderate(admin.cookie, ashaReview, { status: 'rejected' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('reason');
  });

  it("approving shows the review at once (the cached answers are dropped), with the merchant's reply; its words are never changed", async () => {
    const list = await t.request({ method: 'GET', url: '/p1/api/admin/reviews?status=pending', cookie: admin.cookie });
    const pending = AdminReviewsResponse.parse(list.json()).reviews;
    expect(pending.map((r) => r._id)).toContain(ashaReview);
    expect(pending.find((r) => r._id === ashaReview)).toMatchObject({
      user: { _id: asha.id, fullname: 'Asha Rani Verma' },
      order: { _id: delivered.orderId },
    });
    const res = await moderate(admin.cookie, ashaReview, {
      status: 'approved',
      reply: 'Thank you, Asha!',
      body: 'The merchant tries to rewrite this review to say something else.',
      rating: 5,
      title: 'Changed',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().review).toMatchObject({ status: 'approved', rating: 4, title: 'Lovely colour' });
    const shown = await publicReviews();
    expect(shown.reviews).toHaveLength(1);
    expect(shown.reviews[0]).toMatchObject({
      _id: ashaReview,
      rating: 4,
      title: 'Lovely colour',
      body: words(delivered).body,
      author: 'Asha V.',
      verified: true,
      helpful: 0,
      reply: { body: 'Thank you, Asha!' },
    });
    expect(shown.reviews[0]?.photos).toHaveLength(2);
    expect(shown.summary).toEqual({ average: 4, count: 1, histogram: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 } });
    expect(await productAnswer()).toMatchObject({ rating: 4, reviewcount: 1 });
  });

  it('the rating counts approved reviews only: a rejected one is never shown nor counted', async () => {
    const five = await postReview(vikram.cookie, words(vikrams, { rating: 5, title: 'Superb' }));
    expect(five.statusCode, five.body).toBe(201);
    vikramReview = five.json().review._id;
    // Pending: nothing changes for shoppers.
    expect(await productAnswer()).toMatchObject({ rating: 4, reviewcount: 1 });
    const rejected = await moderate(admin.cookie, vikramReview, { status: 'rejected', reason: 'Mentions a competitor' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().review).toMatchObject({ status: 'rejected', rejectreason: 'Mentions a competitor' });
    expect((await publicReviews()).reviews.map((r) => r._id)).toEqual([ashaReview]);
    expect(await productAnswer()).toMatchObject({ rating: 4, reviewcount: 1 });
    expect(await jsonLd()).toMatchObject({ aggregateRating: { ratingValue: '4.0', reviewCount: 1 } });
    // Approved after all: 4 and 5 average 4.5.
    expect((await moderate(admin.cookie, vikramReview, { status: 'approved' })).statusCode).toBe(200);
    expect(await productAnswer()).toMatchObject({ rating: 4.5, reviewcount: 2 });
    expect((await publicReviews('?sort=rating-high')).reviews.map((r) => r.rating)).toEqual([5, 4]);
    expect((await publicReviews('?sort=rating-low')).reviews.map((r) => r.rating)).toEqual([4, 5]);
    expect(await jsonLd()).toMatchObject({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.5', reviewCount: 2 },
    });
    // The listing cards carry the same rating.
    const latest = await t.request({ method: 'GET', url: '/p1/api/latest/all?limit=50' });
    const card = (latest.json().products as { _id: string; rating: number | null; reviewcount: number }[]).find(
      (p) => p._id === productId,
    );
    expect(card).toMatchObject({ rating: 4.5, reviewcount: 2 });
  });

  it('"Helpful" counts one vote per account; a second vote changes nothing', async () => {
    const vote = (cookie: string | undefined, id = ashaReview) =>
      t.request({ method: 'POST', url: `/p1/api/reviews/${id}/helpful`, cookie });
    expect((await vote(undefined)).statusCode).toBe(401);
    const first = await vote(vikram.cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().helpful).toBe(1);
    const again = await vote(vikram.cookie);
    expect(again.json().helpful).toBe(1);
    const [a, b] = await Promise.all([vote(admin.cookie), vote(admin.cookie)]);
    expect([a?.json().helpful, b?.json().helpful].sort()).toEqual([2, 2]);
    expect((await publicReviews('?sort=helpful')).reviews[0]).toMatchObject({ _id: ashaReview, helpful: 2 });
  });

  it('a review that is not approved cannot be voted on (404)', async () => {
    const rejected = await moderate(admin.cookie, vikramReview, { status: 'rejected', reason: 'Withdrawn by the shop' });
    expect(rejected.statusCode).toBe(200);
    const res = await t.request({ method: 'POST', url: `/p1/api/reviews/${vikramReview}/helpful`, cookie: asha.cookie });
    expect(res.statusCode).toBe(404);
    expect(await productAnswer()).toMatchObject({ rating: 4, reviewcount: 1 });
  });

  it('an unknown product or review is a 404, a malformed id a 400', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.request({ method: 'GET', url: `/p1/api/reviews/${unknown}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/p1/api/reviews/nope' })).statusCode).toBe(400);
    expect((await moderate(admin.cookie, unknown, { status: 'approved' })).statusCode).toBe(404);
  });
});

describe('review invitations', () => {
  it('go once per delivered order, and only to buyers who agreed to marketing messages', async () => {
    const agreed = await t.signUpAndIn('USER', { fullname: 'Neha Kapoor' });
    const declined = await t.signUpAndIn('USER', { fullname: 'Karan Arora' });
    const consent = await t.request({
      method: 'PATCH',
      url: '/u1/api/editdetails',
      cookie: agreed.cookie,
      payload: { marketing: true },
    });
    expect(consent.statusCode, consent.body).toBe(200);
    const yes = await buyAndPlace(agreed);
    const no = await buyAndPlace(declined);
    const invites = async (orderId: string) =>
      (await t.database.db.select().from(outbox).where(eq(outbox.template, 'review_invite'))).filter(
        (m) => (m.data as { orderId?: string }).orderId === orderId,
      );
    expect(await invites(yes.orderId)).toEqual([]); // not before delivery
    await deliver(yes.orderId);
    await deliver(no.orderId);
    const sent = await invites(yes.orderId);
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent.map((m) => m.channel)).size).toBe(sent.length);
    expect(await invites(no.orderId)).toEqual([]);
    // Delivered again after a status slip: no second invitation.
    const back = await t.request({
      method: 'PATCH',
      url: `/o1/api/admin/update/${yes.orderId}`,
      cookie: admin.cookie,
      payload: { deliverystatus: 'shipped' },
    });
    expect(back.statusCode).toBe(200);
    await deliver(yes.orderId);
    expect((await invites(yes.orderId)).length).toBe(sent.length);
  });
});
