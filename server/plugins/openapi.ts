import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { finishOpenApi } from '../http/openapi.js';

/**
 * The OpenAPI document of every route registered after it (at /api/docs/openapi.json), made from the routes'
 * zod schemas, and the API reference page at /api/docs.
 */
export default fp<{ publicUrl: string }>(
  async (app, { publicUrl }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Ratna Gems shop API',
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
    await app.register(scalar, { routePrefix: '/api/docs', configuration: { title: 'Ratna Gems shop API' } });
  },
  { name: 'openapi' },
);
