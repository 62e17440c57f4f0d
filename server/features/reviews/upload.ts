import type { FastifyRequest } from 'fastify';
import { MAX_REVIEW_PHOTO_BYTES, MAX_REVIEW_PHOTOS, ReviewFields } from '../../../contract/reviews.js';
import { InvalidInput, TooLarge, UnsupportedType } from '../../domain/errors.js';
import { deleteMedia, MediaUnavailableError, processImage, storeProcessedImage } from '../../media/images.js';
import type { MediaStore } from '../../media/storage.js';
import { drain, readUpTo } from '../products/upload.js';

type ReviewUpload = { fields: ReviewFields; photos: { name: string; body: Buffer }[] };

const notAPhoto = (name: string) =>
  new UnsupportedType(`The file "${name.slice(0, 100)}" is not a JPEG, PNG or WebP photo`, [
    { path: 'photos', message: 'Only JPEG, PNG or WebP photos are accepted' },
  ]);

/**
 * Reads the review form (multipart/form-data): its text fields, checked, and up to three photos kept in memory
 * until the review may be written (nothing is stored for a review that is refused). 415 not multipart, 413 a
 * photo over 10 MB, 400 a fourth photo or a bad field.
 */
export async function readReviewForm(request: FastifyRequest): Promise<ReviewUpload> {
  if (!request.isMultipart()) throw new UnsupportedType('Expected multipart/form-data');
  const raw: Record<string, string> = {};
  const photos: { name: string; body: Buffer }[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') raw[part.fieldname] ??= part.value;
      continue;
    }
    if (part.fieldname !== 'photos') {
      await drain(part.file);
      continue;
    }
    if (photos.length >= MAX_REVIEW_PHOTOS) {
      await drain(part.file);
      throw new InvalidInput(`A review can have at most ${MAX_REVIEW_PHOTOS} photos`, [
        { path: 'photos', message: `At most ${MAX_REVIEW_PHOTOS} photos` },
      ]);
    }
    const body = await readUpTo(part.file, MAX_REVIEW_PHOTO_BYTES);
    if (!body || part.file.truncated) {
      throw new TooLarge(`Each photo must be at most ${MAX_REVIEW_PHOTO_BYTES / 1024 / 1024} MB`, [
        { path: 'photos', message: `"${part.filename.slice(0, 100)}" is larger than 10 MB` },
      ]);
    }
    if (body.length) photos.push({ name: part.filename, body });
  }
  const parsed = ReviewFields.safeParse(raw);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ path: i.path.join('.') || 'body', message: i.message }));
    throw new InvalidInput(errors[0]?.message ?? 'Invalid review', errors);
  }
  return { fields: parsed.data, photos };
}

/**
 * Checks each photo by content and stores it the way product pictures are stored (WebP variants and the
 * original re-encoded), so no stored file keeps the camera, the time or the GPS position. Returns the URLs
 * and a function that deletes them again (the review could not be written).
 */
export async function storeReviewPhotos(request: FastifyRequest, media: MediaStore, photos: { name: string; body: Buffer }[]) {
  const stored: string[] = [];
  const discard = async () => {
    const urls = stored.splice(0);
    if (urls.length) await deleteMedia(media, urls).catch((err) => request.log.error({ err }, 'could not delete review photos'));
  };
  try {
    for (const photo of photos) {
      let image: Awaited<ReturnType<typeof processImage>>;
      try {
        image = await processImage(photo.body, photo.name);
      } catch (err) {
        if (err instanceof UnsupportedType) throw notAPhoto(photo.name);
        throw err;
      }
      if (image.kind.ext === 'avif') throw notAPhoto(photo.name);
      stored.push(await storeProcessedImage(media, image));
    }
  } catch (err) {
    if (err instanceof MediaUnavailableError) request.log.error({ err: err.cause }, 'could not store review photos');
    await discard();
    throw err;
  }
  return { urls: [...stored], discard };
}
