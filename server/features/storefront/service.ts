import { asc, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from '../../../contract/catalogue.js';
import type {
  CategoryTilesBody,
  FaqBody,
  FilmsBody,
  HeroSlidesBody,
  PromoBannersBody,
  StorefrontContent,
} from '../../../contract/storefront.js';
import type { DbOrTx } from '../../db/client.js';
import { sales, storefrontBanners, storefrontFaq, storefrontFilms, storefrontSlides, storefrontTiles } from '../../db/schema.js';
import { DomainError, InvalidInput, TooLarge, UnsupportedType } from '../../domain/errors.js';
import { MediaUnavailableError, processImage, storeProcessedImage, storeVideo } from '../../media/images.js';
import type { MediaStore } from '../../media/storage.js';
import { drain, readUpTo } from '../products/upload.js';

type Input<T extends z.ZodType> = z.output<T>;

/**
 * The home page's content. `publicOnly`: banners whose linked sale does not run at `at` are left out, so the
 * shop never advertises a discount the checkout would not give.
 */
export async function readContent(db: DbOrTx, at: Date, publicOnly: boolean): Promise<StorefrontContent> {
  const [slides, banners, tiles, films, faq] = await Promise.all([
    db.select().from(storefrontSlides).orderBy(asc(storefrontSlides.position)),
    db.select().from(storefrontBanners).orderBy(asc(storefrontBanners.position)),
    db.select().from(storefrontTiles).orderBy(asc(storefrontTiles.position)),
    db.select().from(storefrontFilms).orderBy(asc(storefrontFilms.position)),
    db.select().from(storefrontFaq).orderBy(asc(storefrontFaq.position)),
  ]);
  const saleIds = banners.flatMap((b) => (b.saleId ? [b.saleId] : []));
  const linked = saleIds.length ? await db.select().from(sales).where(inArray(sales.id, saleIds)) : [];
  const runningSale = new Map(linked.filter((s) => s.startsAt <= at && s.endsAt > at).map((s) => [s.id, s]));
  return {
    slides: slides.map((s) => ({
      _id: s.id,
      image: s.image,
      kicker: s.kicker,
      heading: s.heading,
      text: s.text,
      cta: s.cta,
      link: s.link,
    })),
    banners: banners
      .filter((b) => !publicOnly || !b.saleId || runningSale.has(b.saleId))
      .map((b) => {
        const sale = b.saleId ? runningSale.get(b.saleId) : undefined;
        return {
          _id: b.id,
          image: b.image,
          heading: b.heading,
          text: b.text,
          cta: b.cta,
          path: b.path,
          saleId: b.saleId,
          sale: sale ? { _id: sale.id, name: sale.name, percentoff: sale.percentoff, endsAt: sale.endsAt.toISOString() } : null,
        };
      }),
    tiles: tiles.map((t) => ({ _id: t.id, image: t.image, name: t.name, path: t.path })),
    films: films.map((f) => ({ _id: f.id, title: f.title, text: f.text, poster: f.poster, mp4: f.mp4, webm: f.webm })),
    faq: faq.map((f) => ({ _id: f.id, question: f.question, answer: f.answer })),
  };
}

const positioned = <T>(rows: T[]) => rows.map((row, position) => ({ ...row, position }));

export async function replaceSlides(db: DbOrTx, body: Input<typeof HeroSlidesBody>) {
  await db.transaction(async (tx) => {
    await tx.delete(storefrontSlides);
    await tx.insert(storefrontSlides).values(positioned(body.slides));
  });
}

export async function replaceBanners(db: DbOrTx, body: Input<typeof PromoBannersBody>) {
  await db.transaction(async (tx) => {
    const saleIds = [...new Set(body.banners.flatMap((b) => (b.saleId ? [b.saleId] : [])))];
    if (saleIds.length) {
      const found = await tx.select({ id: sales.id }).from(sales).where(inArray(sales.id, saleIds));
      const known = new Set(found.map((s) => s.id));
      const missing = body.banners.findIndex((b) => b.saleId && !known.has(b.saleId));
      if (missing >= 0) {
        throw new InvalidInput('The chosen sale does not exist', [
          { path: `banners.${missing}.saleId`, message: 'Choose an existing sale' },
        ]);
      }
    }
    await tx.delete(storefrontBanners);
    if (body.banners.length) {
      await tx.insert(storefrontBanners).values(positioned(body.banners.map((b) => ({ ...b, saleId: b.saleId ?? null }))));
    }
  });
}

export async function replaceTiles(db: DbOrTx, body: Input<typeof CategoryTilesBody>) {
  await db.transaction(async (tx) => {
    await tx.delete(storefrontTiles);
    if (body.tiles.length) await tx.insert(storefrontTiles).values(positioned(body.tiles));
  });
}

export async function replaceFilms(db: DbOrTx, body: Input<typeof FilmsBody>) {
  await db.transaction(async (tx) => {
    await tx.delete(storefrontFilms);
    if (body.films.length) await tx.insert(storefrontFilms).values(positioned(body.films));
  });
}

export async function replaceFaq(db: DbOrTx, body: Input<typeof FaqBody>) {
  await db.transaction(async (tx) => {
    await tx.delete(storefrontFaq);
    if (body.faq.length) await tx.insert(storefrontFaq).values(positioned(body.faq));
  });
}

/**
 * Reads the one picture of an upload (multipart field `image`), checks it by content and stores its WebP widths
 * like a product image; answers the URL to keep (1280 px). 415 not multipart or not an image, 413 too big, 400 none.
 */
export async function uploadContentImage(request: FastifyRequest, media: MediaStore): Promise<string> {
  if (!request.isMultipart()) throw new UnsupportedType('Expected multipart/form-data');
  let url: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'image' || url) {
        await drain(part.file);
        continue;
      }
      const buf = await readUpTo(part.file, MAX_IMAGE_BYTES);
      if (!buf) {
        throw new TooLarge(`The picture must be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`, [
          { path: 'image', message: 'The picture is larger than 10 MB' },
        ]);
      }
      if (!buf.length) continue;
      const image = await processImage(buf, part.filename);
      url = await storeProcessedImage(media, image);
    }
  } catch (err) {
    if (err instanceof MediaUnavailableError) request.log.error({ err: err.cause }, 'could not store an uploaded picture');
    if (err instanceof DomainError && err.errors?.[0]?.path === 'images') {
      throw err.withErrors([{ path: 'image', message: err.errors[0].message }]);
    }
    throw err;
  }
  if (!url) throw new InvalidInput('Choose a picture to upload', [{ path: 'image', message: 'Choose a picture to upload' }]);
  return url;
}

/**
 * Reads the one film of an upload (multipart field `video`), checks by its bytes that it is MP4 or WebM and stores
 * it as sent, like a product video; answers its URL and which of the two it is. 415 not multipart or not such a
 * film, 413 over 100 MB, 400 none.
 */
export async function uploadContentVideo(
  request: FastifyRequest,
  media: MediaStore,
): Promise<{ url: string; format: 'mp4' | 'webm' }> {
  if (!request.isMultipart()) throw new UnsupportedType('Expected multipart/form-data');
  let url: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'video' || url) {
        await drain(part.file);
        continue;
      }
      const buf = await readUpTo(part.file, MAX_VIDEO_BYTES);
      if (!buf || part.file.truncated) {
        throw new TooLarge(`The film must be at most ${MAX_VIDEO_BYTES / 1024 / 1024} MB`, [
          { path: 'video', message: 'The film is larger than 100 MB' },
        ]);
      }
      if (!buf.length) continue;
      url = await storeVideo(media, buf);
    }
  } catch (err) {
    if (err instanceof MediaUnavailableError) request.log.error({ err: err.cause }, 'could not store an uploaded film');
    throw err;
  }
  if (!url) throw new InvalidInput('Choose a film to upload', [{ path: 'video', message: 'Choose a film to upload' }]);
  return { url, format: url.endsWith('.webm') ? 'webm' : 'mp4' };
}
