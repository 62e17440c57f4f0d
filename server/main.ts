import { buildApp } from './app.js';
import { ConfigError, parseConfig } from './config.js';
import { DataDirLockedError } from './db/client.js';
import { checkMediaStore, closeMediaStore, createMediaStore, MediaStoreError } from './media/index.js';
import { prepareDatabase } from './startup.js';

async function main() {
  const config = parseConfig();
  const log = (msg: string) => console.log(msg);
  if (config.razorpay && !config.razorpay.webhookSecret) {
    console.warn(
      'Warning: RAZORPAY_WEBHOOK_SECRET is not set, so Razorpay webhooks will be refused. Payments are still placed ' +
        'when the shopper returns and by the reconciler; set the secret of the dashboard webhook to take them at once.',
    );
  }
  // The media store first: a missing bucket or refused credentials stop start-up before the database is touched.
  // The same store receives the demo catalogue's pictures and serves them.
  const media = createMediaStore(config);
  try {
    await checkMediaStore(media);
  } catch (err) {
    closeMediaStore(media);
    throw err;
  }
  const database = await prepareDatabase(config, log, media);
  const app = await buildApp({ config, database, media, jobs: true });
  app.addHook('onClose', async () => {
    await database.close();
    closeMediaStore(media);
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
    `Shop ready on ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded in ${config.dataDir}` : 'PostgreSQL'}; media: ${media.kind === 's3' ? `S3 bucket ${config.media.s3?.bucket}` : `local in ${config.media.localRoot}`})`,
  );
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof MediaStoreError) {
    console.error(err.message);
  } else {
    console.error('Start-up failed:', err instanceof Error ? err.message : err);
    if (process.env.NODE_ENV !== 'production') console.error(err);
  }
  process.exit(1);
});
