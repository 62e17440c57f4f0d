import fs from 'node:fs';
import Fastify from 'fastify';

/**
 * The reference for cached answers: a bare Fastify route answering a prepared JSON body (read once from
 * BODY_FILE), no hooks, no plugins, no database. What a cached catalogue answer should come close to.
 *
 *   BODY_FILE=/tmp/listing.json PORT=3227 node --import tsx bench/bare-fastify.ts
 */
const file = process.env.BODY_FILE;
const port = Number(process.env.PORT ?? 3227);
if (!file) throw new Error('BODY_FILE is required');
const body = fs.readFileSync(file);

const app = Fastify({ logger: false });
app.get('/*', (_request, reply) => {
  reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port, host: '127.0.0.1' });
console.log(`bare Fastify reference on http://127.0.0.1:${port} (${body.length} bytes)`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
