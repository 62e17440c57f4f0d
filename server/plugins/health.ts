import fp from 'fastify-plugin';
import { z } from 'zod';
import { ping } from '../db/client.js';
import { mediaHealth } from '../media/index.js';

const Health = z.object({ success: z.boolean(), db: z.string(), media: z.string() });

/** `GET /healthz`: 200 when the database answers within 3 s and the media store is reachable, else 503. */
export default fp(
  async (app) => {
    app.get(
      '/healthz',
      {
        schema: {
          tags: ['Operations'],
          summary: 'Liveness, database and media store check',
          response: { 200: Health, 503: Health },
        },
      },
      async (_request, reply) => {
        const [db, media] = await Promise.all([
          Promise.race([
            ping(app.database),
            new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 3000).unref()),
          ]).then(
            () => 'ok',
            () => 'unreachable',
          ),
          mediaHealth(app.media),
        ]);
        const success = db === 'ok' && media === 'ok';
        return reply.status(success ? 200 : 503).send({ success, db, media });
      },
    );
  },
  { name: 'health' },
);
