import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, parseConfig } from './config.js';
import { DataDirLockedError } from './db/client.js';
import { localMediaStore } from './media/storage.js';
import { prepareDatabase } from './startup.js';

async function main() {
  const config = parseConfig();
  const log = (msg: string) => console.log(msg);
  // One media store for the demo seed and the app that serves it.
  const media = localMediaStore(path.join(config.dataDir, 'uploads'));
  const database = await prepareDatabase(config, log, media);
  const app = await buildApp({ config, database, jobs: true, media });
  app.addHook('onClose', async () => {
    await database.close();
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      console.error('Shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await app.close(); // stops accepting, lets in-flight requests finish, then closes the database
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  console.log(
    `Shop ready on ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('Start-up failed:', err instanceof Error ? err.message : err);
    if (process.env.NODE_ENV !== 'production') console.error(err);
  }
  process.exit(1);
});
