import type { FastifyPluginAsync } from 'fastify';
import { isSafeKey } from './storage.js';

/** GET /uploads/<key>: stored media, long-cached (keys never change content), no listing, no path escape. */
const routes: FastifyPluginAsync = async (app) => {
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const raw = (request.params as { '*': string })['*'] ?? '';
    let key: string;
    try {
      key = decodeURIComponent(raw);
    } catch {
      return reply.status(400).send({ success: false, message: 'Malformed path' });
    }
    if (!isSafeKey(key)) return reply.status(404).send({ success: false, message: 'Not found' });
    const object = await app.media.get(key);
    if (!object) return reply.status(404).send({ success: false, message: 'Not found' });
    return reply
      .header('content-type', object.contentType)
      .header('content-length', object.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(object.body);
  });
};

export default routes;
