import { buildApp } from './app.js';
import { ConfigError, parseConfig } from './config.js';
import { DataDirLockedError } from './db/client.js';
import { checkMediaStore, closeMediaStore, createMediaStore, MediaStoreError } from './media/index.js';
import { standardError, standardOutput } from './runtime/log-output.js';
import { exitOnSignals } from './runtime/shutdown.js';
import { prepareDatabase } from './startup.js';

async function main() {
  const config = parseConfig();
  // Start-up lines, like the request logs, never wait for a slow or stalled log reader (see runtime/log-output.ts).
  const log = (msg: string) => standardOutput().line(msg);
  if (config.razorpay && !config.razorpay.webhookSecret) {
    standardError().line(
      'Warning: RAZORPAY_WEBHOOK_SECRET is not set, so Razorpay webhooks will be refused. Payments are still placed ' +
        'when the shopper returns and by the reconciler; set the secret of the dashboard webhook to take them at once.',
    );
  }
  if (config.payments === 'sandbox' && config.isProduction) {
    log('Payments: sandbox (PAYMENTS=sandbox). No real money is taken; every page shows a test payments ribbon.');
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

  exitOnSignals(app, config.shutdownGraceSeconds * 1000);

  await app.listen({ port: config.port, host: config.host });
  log(
    `Shop ready on ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded in ${config.dataDir}` : 'PostgreSQL'}; media: ${media.kind === 's3' ? `S3 bucket ${config.media.s3?.bucket}` : `local in ${config.media.localRoot}`})`,
  );
}

main().catch(async (err) => {
  const fail = standardError();
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof MediaStoreError) {
    fail.line(err.message);
  } else {
    fail.line(`Start-up failed: ${err instanceof Error ? err.message : String(err)}`);
    if (process.env.NODE_ENV !== 'production') fail.line(err instanceof Error ? (err.stack ?? '') : String(err));
  }
  await Promise.all([standardOutput().settle(Date.now() + 2000), fail.settle(Date.now() + 2000)]);
  process.exit(1);
});
