import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { ensureFirstAdmin } from './features/auth/service.js';
import type { MediaStore } from './media/storage.js';
import { seedDemo } from './seed/index.js';

/**
 * Opens the database, migrates it, creates the first administrator and, when asked, the demo
 * catalogue (whose pictures go to `media`, the store the app serves).
 */
export async function prepareDatabase(config: Config, log: (msg: string) => void, media: MediaStore): Promise<Database> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const applied = await migrate(database);
    if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
    const admin = await database.withLock(0x5a0b_0002, () => ensureFirstAdmin(database.db, config.admin));
    if (admin?.generated) {
      // Printed once: the shop had no administrator and none was configured.
      log(
        `\n  First administrator created.\n  Mobile number: ${admin.mobileno}\n  Password:      ${admin.password}\n  Sign in at /signin and change the password. This is shown only once.\n`,
      );
    } else if (admin) {
      log(`Created administrator ${admin.mobileno}`);
    }
    if (config.seedDemo) await seedDemo(database, media, log, { cacheDir: config.seedPicturesDir });
    return database;
  } catch (err) {
    await database.close();
    throw err;
  }
}
