import crypto from 'node:crypto';
import type { Sharp } from 'sharp';
import { IMAGE_WIDTHS, STORED_IMAGE_WIDTH } from '../../contract/catalogue.js';
import { DomainError, Unavailable, UnsupportedType } from '../domain/errors.js';
import type { MediaStore } from './storage.js';

/**
 * Product media: images are checked by content (magic bytes, then decoded by sharp), stored once as WebP
 * variants of IMAGE_WIDTHS plus the full-size original (in its own format, without its metadata), under `products/<uuid>/`:
 * `320.webp 640.webp 1280.webp original.<ext>`. The product keeps the URL of the 1280 variant; the web app
 * derives the others (contract imageUrlAt / imageSrcSet). A video is stored as `products/<uuid>/video.<ext>`.
 */

type ImageKind = { ext: 'jpg' | 'png' | 'webp' | 'avif'; contentType: string };
type VideoKind = { ext: 'mp4' | 'webm'; contentType: string };

const ascii = (buf: Buffer, from: number, to: number) => buf.subarray(from, to).toString('latin1');

/** ISO base media file (MP4, AVIF…): the major brand and the compatible brands of the leading `ftyp` box. */
function ftypBrands(buf: Buffer): string[] | null {
  if (buf.length < 16 || ascii(buf, 4, 8) !== 'ftyp') return null;
  const boxSize = buf.readUInt32BE(0);
  const end = Math.min(buf.length, boxSize >= 16 ? boxSize : 16);
  const brands = [ascii(buf, 8, 12)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(buf, at, at + 4));
  return brands;
}

/** What the bytes say the image is; null for anything but JPEG, PNG, WebP and AVIF. */
function sniffImage(buf: Buffer): ImageKind | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return { ext: 'jpg', contentType: 'image/jpeg' };
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { ext: 'png', contentType: 'image/png' };
  }
  if (buf.length >= 12 && ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP')
    return { ext: 'webp', contentType: 'image/webp' };
  const brands = ftypBrands(buf);
  if (brands && (brands[0] === 'avif' || brands[0] === 'avis' || (brands.includes('avif') && brands[0] === 'mif1'))) {
    return { ext: 'avif', contentType: 'image/avif' };
  }
  return null;
}

const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'dash',
  'M4V ',
  'M4VH',
  'M4VP',
  'MSNV',
  'NDAS',
  'mmp4',
  'f4v ',
]);

/** What the bytes say the video is; null for anything but MP4 and WebM. */
function sniffVideo(buf: Buffer): VideoKind | null {
  const brands = ftypBrands(buf);
  if (brands && MP4_BRANDS.has(brands[0] as string)) return { ext: 'mp4', contentType: 'video/mp4' };
  if (buf.length >= 4 && buf.readUInt32BE(0) === 0x1a45dfa3 && ascii(buf, 4, Math.min(buf.length, 64)).includes('webm')) {
    return { ext: 'webm', contentType: 'video/webm' };
  }
  return null;
}

const SHARP_FORMAT: Record<ImageKind['ext'], string> = { jpg: 'jpeg', png: 'png', webp: 'webp', avif: 'heif' };
/** Decompression-bomb guard: about 60 megapixels. */
const MAX_PIXELS = 60_000_000;

const notAnImage = (name?: string) =>
  new UnsupportedType(`${name ? `The file "${name.slice(0, 100)}"` : 'The file'} is not a JPEG, PNG, WebP or AVIF image`, [
    { path: 'images', message: 'Only JPEG, PNG, WebP or AVIF images are accepted' },
  ]);
const notAVideo = () =>
  new UnsupportedType('The video must be an MP4 or WebM file', [
    { path: 'video', message: 'Only MP4 or WebM videos are accepted' },
  ]);

type ProcessedImage = {
  kind: ImageKind;
  variants: { width: number; body: Buffer }[];
  /** The full-size picture as stored: turned the right way up, without EXIF, XMP or IPTC (camera, GPS, owner). */
  original: Buffer;
};

/**
 * Writes the full-size original again in its own format with no metadata but its colour profile: a phone's
 * photo carries where and when it was taken and on what, and every stored file is public. JPEG at quality 95
 * with 4:4:4 chroma, PNG and lossless WebP stay as sharp as they came; AVIF at a high quality.
 */
function cleanOriginal(oriented: Sharp, kind: ImageKind, lossless: boolean): Promise<Buffer> {
  const image = oriented.clone().keepIccProfile();
  switch (kind.ext) {
    case 'jpg':
      return image.jpeg({ quality: 95, chromaSubsampling: '4:4:4', mozjpeg: false }).toBuffer();
    case 'png':
      return image.png({ compressionLevel: 9 }).toBuffer();
    case 'webp':
      return image.webp(lossless ? { lossless: true } : { quality: 95 }).toBuffer();
    case 'avif':
      return image.avif({ quality: 80 }).toBuffer();
  }
}

/** Checks an upload is a real image and renders its WebP variants. 415 when it is not an image we take. */
export async function processImage(buf: Buffer, name?: string): Promise<ProcessedImage> {
  const kind = sniffImage(buf);
  if (!kind) throw notAnImage(name);
  // Loaded at the first upload: a server that only answers shoppers never holds the image library.
  const { default: sharp } = await import('sharp');
  try {
    const input = sharp(buf, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
    const meta = await input.metadata();
    if (meta.format !== SHARP_FORMAT[kind.ext] || (kind.ext === 'avif' && meta.compression !== 'av1')) throw notAnImage(name);
    const oriented = input.rotate(); // apply EXIF orientation; metadata (GPS, camera) is copied into no stored file
    const [original, ...variants] = await Promise.all([
      // a lossless WebP (its image in a VP8L chunk) stays lossless
      cleanOriginal(oriented, kind, kind.ext === 'webp' && buf.includes('VP8L', 12, 'latin1')),
      ...IMAGE_WIDTHS.map(async (width) => ({
        width,
        body: await oriented.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
      })),
    ]);
    return { kind, variants: variants as { width: number; body: Buffer }[], original: original as Buffer };
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw notAnImage(name);
  }
}

/** The store refused or could not take a write: the product is not saved (503, the cause is logged). */
export class MediaUnavailableError extends Unavailable {
  constructor(cause: unknown) {
    super('Media storage cannot be reached, so nothing was saved. Please try again shortly.');
    this.cause = cause;
  }
}

const newFolder = () => `products/${crypto.randomUUID()}`;

/** Writes the given objects; if any write fails, deletes what was written and throws a MediaUnavailableError. */
async function putAll(media: MediaStore, objects: { key: string; body: Buffer; contentType: string }[]) {
  const results = await Promise.allSettled(objects.map((o) => media.put(o.key, o.body, o.contentType)));
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) {
    await media.delete(objects.map((o) => o.key)).catch(() => {}); // left to the sweep when this fails too
    throw new MediaUnavailableError((failed as PromiseRejectedResult).reason);
  }
}

/** Stores an already checked image; returns the URL kept in `productimages` (the 1280 variant). */
export async function storeProcessedImage(media: MediaStore, image: ProcessedImage): Promise<string> {
  const folder = newFolder();
  await putAll(media, [
    ...image.variants.map((v) => ({ key: `${folder}/${v.width}.webp`, body: v.body, contentType: 'image/webp' })),
    { key: `${folder}/original.${image.kind.ext}`, body: image.original, contentType: image.kind.contentType },
  ]);
  return media.urlFor(`${folder}/${STORED_IMAGE_WIDTH}.webp`);
}

/** Checks and stores a product video; returns its URL for `productvideo`. 415 when it is not MP4/WebM. */
export async function storeVideo(media: MediaStore, buffer: Buffer): Promise<string> {
  const kind = sniffVideo(buffer);
  if (!kind) throw notAVideo();
  const key = `${newFolder()}/video.${kind.ext}`;
  await putAll(media, [{ key, body: buffer, contentType: kind.contentType }]);
  return media.urlFor(key);
}

/** A PDF starts with its header (`%PDF-1.7`, `%PDF-2.0`) and ends with `%%EOF` (trailing whitespace allowed). */
function isPdf(buf: Buffer): boolean {
  if (buf.length < 16 || !/^%PDF-[12]\.\d/.test(ascii(buf, 0, 8))) return false;
  return ascii(buf, Math.max(0, buf.length - 1024), buf.length).includes('%%EOF');
}

const notACertificate = (name?: string) =>
  new UnsupportedType(
    `${name ? `The file "${name.slice(0, 100)}"` : 'The report'} is not a PDF or a JPEG, PNG, WebP or AVIF image`,
    [{ path: 'certificate', message: 'Only a PDF or a JPEG, PNG, WebP or AVIF image of the report is accepted' }],
  );

/**
 * Checks and stores a product's lab report: a PDF as it is (`products/<uuid>/certificate.pdf`, application/pdf),
 * or a picture through the images' pipeline (checked, re-encoded without its metadata), keeping the URL of the
 * full-size original so the report stays legible. 415 for anything else.
 */
export async function storeCertificate(media: MediaStore, buffer: Buffer, name?: string): Promise<string> {
  if (isPdf(buffer)) {
    const key = `${newFolder()}/certificate.pdf`;
    await putAll(media, [{ key, body: buffer, contentType: 'application/pdf' }]);
    return media.urlFor(key);
  }
  if (!sniffImage(buffer)) throw notACertificate(name);
  let image: ProcessedImage;
  try {
    image = await processImage(buffer, name);
  } catch (err) {
    if (err instanceof UnsupportedType) throw notACertificate(name);
    throw err;
  }
  const url = await storeProcessedImage(media, image);
  return `${url.slice(0, url.lastIndexOf('/') + 1)}original.${image.kind.ext}`;
}

const FOLDER_RE = /^products\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\//;

/** The folder (`products/<uuid>/`) a stored product image or video lives in; null for URLs that are not ours. */
export function mediaFolderOf(media: MediaStore, url: string): string | null {
  const key = media.keyFromUrl(url);
  const m = key ? FOLDER_RE.exec(key) : null;
  return m ? m[0] : null;
}

/** Every key that belongs to a stored image or video URL (all variants and the original). */
function mediaKeysOf(media: MediaStore, url: string): string[] {
  const folder = mediaFolderOf(media, url);
  if (!folder) return [];
  return [
    ...IMAGE_WIDTHS.map((w) => `${folder}${w}.webp`),
    ...(['jpg', 'png', 'webp', 'avif'] as const).map((ext) => `${folder}original.${ext}`),
    `${folder}video.mp4`,
    `${folder}video.webm`,
    `${folder}certificate.pdf`,
  ];
}

/** Deletes the files of stored media URLs; URLs that are not ours are left alone. */
export async function deleteMedia(media: MediaStore, urls: readonly string[]): Promise<void> {
  const keys = urls.flatMap((u) => mediaKeysOf(media, u));
  if (keys.length) await media.delete(keys);
}
