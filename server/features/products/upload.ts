import type { FastifyRequest } from 'fastify';
import { MAX_CERTIFICATE_BYTES, MAX_IMAGE_BYTES, MAX_IMAGES_PER_PRODUCT, MAX_VIDEO_BYTES } from '../../../contract/catalogue.js';
import { InvalidInput, TooLarge, UnsupportedType } from '../../domain/errors.js';
import {
  deleteMedia,
  MediaUnavailableError,
  processImage,
  storeCertificate,
  storeProcessedImage,
  storeVideo,
} from '../../media/images.js';
import type { MediaStore } from '../../media/storage.js';

/** What a product form sent: its text fields, and the URLs of the media already stored for it. */
export type ProductUpload = {
  fields: Record<string, string>;
  /** Values of fields sent as JSON parts (content type application/json), already parsed. */
  jsonFields: Record<string, unknown>;
  images: string[];
  video?: string;
  /** The lab report (a PDF, or the original of a picture of it). */
  certificate?: string;
  /** Deletes every file this upload stored (the request failed or was rolled back). */
  discard(): Promise<void>;
};

const LIST_FIELDS = new Set(['productsizes', 'productcolours']);

/** 413 for more than 10 pictures on one product (or one design, which takes its pictures the same way). */
export const tooManyImages = (owner: 'product' | 'design' = 'product') =>
  new TooLarge(`A ${owner} can have at most ${MAX_IMAGES_PER_PRODUCT} images`, [
    { path: 'images', message: `At most ${MAX_IMAGES_PER_PRODUCT} images per ${owner}` },
  ]);

/** Reads a stream into memory, or returns null as soon as it passes `max` bytes (the rest is drained). */
export async function readUpTo(stream: NodeJS.ReadableStream & { resume(): unknown }, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) {
      stream.resume();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export async function drain(stream: AsyncIterable<unknown>) {
  for await (const _ of stream) {
    // discard a part nobody asked for
  }
}

/**
 * Reads a product form (multipart/form-data) part by part: each image is checked by content, resized and
 * stored as it arrives, so memory holds one file at a time. Any failure deletes what was stored and throws
 * (415 not multipart or not an image/video, 413 too big or too many, 400 two videos). The `certificate` part, the
 * stone's lab report, alone may be a PDF (or a picture of the report), at most 10 MB. With `imagesOnly` (a design's
 * pictures) the `images` parts are the only files taken: any other file part is read past and stored nowhere.
 */
export async function readProductUpload(
  request: FastifyRequest,
  media: MediaStore,
  { imagesOnly = false, owner = 'product' }: { imagesOnly?: boolean; owner?: 'product' | 'design' } = {},
): Promise<ProductUpload> {
  if (!request.isMultipart()) throw new UnsupportedType('Expected multipart/form-data');
  const stored: string[] = [];
  const upload: ProductUpload = {
    fields: {},
    jsonFields: {},
    images: [],
    discard: async () => {
      const urls = stored.splice(0);
      if (urls.length)
        await deleteMedia(media, urls).catch((err) => request.log.error({ err }, 'could not delete uploaded media'));
    },
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        const name = part.fieldname;
        if (typeof part.value !== 'string') {
          upload.jsonFields[name] ??= part.value;
          continue;
        }
        if (LIST_FIELDS.has(name) && upload.fields[name] !== undefined) upload.fields[name] += `, ${part.value}`;
        else upload.fields[name] ??= part.value;
        continue;
      }
      if (part.fieldname === 'images') {
        if (upload.images.length >= MAX_IMAGES_PER_PRODUCT) {
          await drain(part.file);
          throw tooManyImages(owner);
        }
        const buf = await readUpTo(part.file, MAX_IMAGE_BYTES);
        if (!buf) {
          throw new TooLarge(`Each image must be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`, [
            { path: 'images', message: `"${part.filename}" is larger than 10 MB` },
          ]);
        }
        if (!buf.length) continue; // an empty file input
        const image = await processImage(buf, part.filename);
        const url = await storeProcessedImage(media, image);
        stored.push(url);
        upload.images.push(url);
      } else if (imagesOnly) {
        await drain(part.file);
      } else if (part.fieldname === 'video') {
        if (upload.video) {
          await drain(part.file);
          throw new InvalidInput('A product can have one video', [{ path: 'video', message: 'Only one video per product' }]);
        }
        const buf = await readUpTo(part.file, MAX_VIDEO_BYTES);
        if (!buf || part.file.truncated) {
          throw new TooLarge(`The video must be at most ${MAX_VIDEO_BYTES / 1024 / 1024} MB`, [
            { path: 'video', message: 'The video is larger than 100 MB' },
          ]);
        }
        if (!buf.length) continue;
        const url = await storeVideo(media, buf);
        stored.push(url);
        upload.video = url;
      } else if (part.fieldname === 'certificate') {
        if (upload.certificate) {
          await drain(part.file);
          throw new InvalidInput('A product can have one lab report', [
            { path: 'certificate', message: 'Only one report per product' },
          ]);
        }
        const buf = await readUpTo(part.file, MAX_CERTIFICATE_BYTES);
        if (!buf || part.file.truncated) {
          throw new TooLarge(`The lab report must be at most ${MAX_CERTIFICATE_BYTES / 1024 / 1024} MB`, [
            { path: 'certificate', message: 'The report is larger than 10 MB' },
          ]);
        }
        if (!buf.length) continue;
        const url = await storeCertificate(media, buf, part.filename);
        stored.push(url);
        upload.certificate = url;
      } else {
        await drain(part.file);
      }
    }
  } catch (err) {
    if (err instanceof MediaUnavailableError) request.log.error({ err: err.cause }, 'could not store uploaded media');
    await upload.discard();
    throw err;
  }
  return upload;
}
