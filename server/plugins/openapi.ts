import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { finishOpenApi } from '../http/openapi.js';

const TITLE = 'Ratna Gems shop API';
const HIDDEN = { schema: { hide: true } };

/**
 * The OpenAPI document of every route registered after it (at /api/docs/openapi.json), made from the routes'
 * zod schemas, and the API reference page at /api/docs.
 *
 * The reference page (Scalar) carries a 4 MB script, about 40 MB of a server's memory once loaded: it is loaded
 * the first time someone opens the page, in a small Fastify instance of its own that the page's three addresses
 * are passed to, so a server that only answers shoppers never holds it.
 */
export default fp<{ publicUrl: string }>(
  async (app, { publicUrl }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: TITLE,
          version: '1.0.0',
          description:
            'The HTTP API of the gemstone and jewellery shop. Errors are `{success:false, message, errors?}`; any route ' +
            'may answer 503 with Retry-After when the database has no connection free in time. ' +
            'Signed-in routes need the `sid` session cookie from POST /u1/api/signin; ADMIN routes need it for a user with role ADMIN.',
        },
        servers: [{ url: publicUrl }],
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'Session cookie of a signed-in user' },
            adminSession: {
              type: 'apiKey',
              in: 'cookie',
              name: 'sid',
              description: 'Session cookie of a signed-in user with role ADMIN',
            },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: (input) => finishOpenApi(jsonSchemaTransformObject(input)),
    });
    app.get('/api/docs/openapi.json', HIDDEN, (_request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', 'filename=ratna-gems-shop-api.json')
        .header('access-control-allow-origin', '*')
        .header('access-control-allow-methods', '*')
        .send(app.swagger()),
    );
    let reference: Promise<FastifyInstance> | undefined;
    const loadReference = async () => {
      const { default: scalar } = await import('@scalar/fastify-api-reference');
      const pages = Fastify({ logger: false });
      await pages.register(scalar, { routePrefix: '/api/docs', configuration: { title: TITLE, url: './openapi.json' } });
      await pages.ready();
      return pages;
    };
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/js/scalar.js']) {
      app.get(url, HIDDEN, async (request, reply) => {
        reference ??= loadReference().catch((err) => {
          reference = undefined;
          throw err;
        });
        const res = await (await reference).inject({ method: 'GET', url: request.url, headers: { host: request.host } });
        for (const name of ['content-type', 'location'] as const) {
          const value = res.headers[name];
          if (value !== undefined) reply.header(name, value);
        }
        reply.code(res.statusCode);
        return res.rawPayload.length ? reply.send(res.rawPayload) : reply.send();
      });
    }
    app.addHook('onClose', async () => {
      if (reference) await (await reference.catch(() => undefined))?.close();
    });
  },
  { name: 'openapi' },
);
