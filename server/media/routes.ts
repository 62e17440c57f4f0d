import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ErrorResponse } from '../../contract/common.js';
import { MEDIA_CACHE_CONTROL } from './s3.js';
import { type ByteRange, dispositionOf, isSafeKey } from './storage.js';

/**
 * The one byte range a `Range` header asks for within an object of `size` bytes: undefined when the header
 * is absent, malformed or asks for several ranges (the whole object is sent), 'unsatisfiable' when it
 * starts past the end (416).
 * @forTests unit-tested with Range headers at the edges of a file
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const last = m[2] === '' ? Number.POSITIVE_INFINITY : Number(m[2]);
  if (last < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(last, size - 1) };
}

const UNAVAILABLE = { success: false, message: 'Media storage cannot be reached. Please try again shortly.' };

/**
 * GET and HEAD /uploads/<key>: stored media, long-cached (keys never change content), no listing, no path
 * escape. Single byte ranges are answered with 206 (browsers seek in videos that way; Safari plays no video
 * without them). 503 when the store cannot be reached.
 */
const routes: FastifyPluginAsync = async (app) => {
  const media = z
    .string()
    .meta({ format: 'binary' })
    .describe(
      'The stored bytes (image/webp, image/jpeg, image/png, image/avif, video/mp4, video/webm, or a lab report as ' +
        'application/pdf with Content-Disposition: inline; filename="lab-report.pdf")',
    );
  const schema = {
    tags: ['Media'],
    summary: 'A stored product image, video or lab report (immutable, long-cached; single byte ranges answered with 206)',
    params: z.object({ '*': z.string().describe('The media key, e.g. products/<id>/<name>-640.webp') }),
    headers: z.looseObject({ range: z.string().optional().describe('One byte range, e.g. bytes=0-1023') }),
    response: { 200: media, 206: media, 400: ErrorResponse, 404: ErrorResponse, 416: ErrorResponse, 503: ErrorResponse },
  };
  app.get('/uploads/*', { schema }, async (request, reply) => {
    const raw = (request.params as { '*': string })['*'] ?? '';
    let key: string;
    try {
      key = decodeURIComponent(raw);
    } catch {
      return reply.status(400).send({ success: false, message: 'Malformed path' });
    }
    if (!isSafeKey(key)) return reply.status(404).send({ success: false, message: 'Not found' });
    const rangeHeader = request.headers.range;
    try {
      // HEAD and range requests learn the size first; a plain GET streams at once.
      const stat = request.method === 'HEAD' || rangeHeader ? await app.media.stat(key) : undefined;
      if (stat === null) return reply.status(404).send({ success: false, message: 'Not found' });
      const range = stat ? parseRange(rangeHeader, stat.size) : undefined;
      if (range === 'unsatisfiable') {
        return reply
          .status(416)
          .header('content-range', `bytes */${stat?.size ?? 0}`)
          .send({ success: false, message: 'Range not satisfiable' });
      }
      let object: { body?: Readable; contentType: string; size: number } | null | undefined = stat;
      if (request.method !== 'HEAD' || !stat) object = await app.media.get(key, range);
      if (!object) return reply.status(404).send({ success: false, message: 'Not found' });
      reply
        .header('content-type', object.contentType)
        .header('cache-control', MEDIA_CACHE_CONTROL)
        .header('accept-ranges', 'bytes')
        .header('x-content-type-options', 'nosniff');
      // A lab report (PDF) is a document: shown by the browser's viewer, saved under a plain name.
      const disposition = dispositionOf(key);
      if (disposition) reply.header('content-disposition', disposition);
      if (range) {
        reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${object.size}`);
      }
      reply.header('content-length', range ? range.end - range.start + 1 : object.size);
      // HEAD: an empty stream keeps the Content-Length set above (an empty body would be sent as length 0).
      return reply.send(object.body ?? Readable.from([]));
    } catch (err) {
      request.log.error({ err, key }, 'media store cannot be reached');
      return reply.status(503).header('retry-after', '30').send(UNAVAILABLE);
    }
  });
};

export default routes;
