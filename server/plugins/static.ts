import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIXES, isFileRequest } from '../http/paths.js';

/**
 * The built web app's files (hashed assets kept a year, the rest an hour), and what no route answers: a page
 * address gets the app's page (`sendPage`), anything else 404 in the API's error shape.
 */
export default fp<{ webDir: string; sendPage: (request: FastifyRequest, reply: FastifyReply) => unknown }>(
  async (app, { webDir, sendPage }) => {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      serve: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'public, max-age=3600');
        }
      },
    });

    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const isApi = API_PREFIXES.some((p) => url.startsWith(p));
      if ((request.method === 'GET' || request.method === 'HEAD') && !isApi && !isFileRequest(url)) {
        return sendPage(request, reply);
      }
      return reply.status(404).send({ success: false, message: 'Route not found' });
    });
  },
  { name: 'static' },
);
