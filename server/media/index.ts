import type { Config } from '../config.js';
import { MediaStoreError, s3MediaStore } from './s3.js';
import { localMediaStore, type MediaStore } from './storage.js';

export { MediaStoreError } from './s3.js';

/** The media store the settings ask for: local disk under DATA_DIR/uploads, or the S3 bucket. */
export function createMediaStore(config: Pick<Config, 'media'>): MediaStore {
  const { media } = config;
  if (media.storage === 's3') {
    if (!media.s3) throw new MediaStoreError('Invalid setting S3_BUCKET: is required when MEDIA_STORAGE=s3');
    return s3MediaStore(media.s3, media.publicUrl);
  }
  return localMediaStore(media.localRoot);
}

/**
 * Start-up check: throws a MediaStoreError whose message is one line (the bucket does not exist, the
 * credentials are refused, the endpoint cannot be reached, the upload folder is not writable).
 */
export async function checkMediaStore(store: MediaStore): Promise<void> {
  try {
    await store.check();
  } catch (err) {
    if (err instanceof MediaStoreError) throw err;
    const reason = err instanceof Error ? err.message : String(err);
    throw new MediaStoreError(`Media store (${store.kind}) cannot be used: ${reason}`);
  }
}

/** 'ok' or 'unreachable' within the time limit (health checks). */
export async function mediaHealth(store: MediaStore, timeoutMs = 3000): Promise<'ok' | 'unreachable'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      store.check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
    return 'ok';
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

/** Releases what the store holds open (the S3 client's sockets). */
export function closeMediaStore(store: MediaStore) {
  if ('destroy' in store && typeof store.destroy === 'function') store.destroy();
}
