import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertSafeKey, contentTypeOf, dispositionOf, isSafeKey, type MediaStore, UPLOADS_PREFIX } from './storage.js';

type S3Settings = {
  bucket: string;
  region: string;
  /** Address of an S3-compatible server; unset = Amazon S3. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Unset = the SDK's usual chain (AWS_* variables, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Folder inside the bucket ('' or ending in /). */
  prefix: string;
};

export type S3MediaStore = Omit<MediaStore, 'list'> & {
  readonly kind: 's3';
  readonly bucket: string;
  /** Like MediaStore.list, with each object's size (migration compares sizes). */
  list(prefix?: string): AsyncIterable<{ key: string; lastModified: Date; size: number }>;
  /** Size of a stored object, or null when it does not exist. */
  size(key: string): Promise<number | null>;
  /** Closes the client's sockets. */
  destroy(): void;
};

/** Every object is immutable under its key (a new upload gets a new key), so browsers and CDNs may keep it. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A start-up or health problem with the media store, worded for the operator in one line. */
export class MediaStoreError extends Error {}

/** Objects per DeleteObjects request (S3's limit). */
const DELETE_BATCH = 1000;

// The pinned SDK runs on Node 20; its notice about future SDK versions needing Node 22 would only add a
// multi-line warning to every start. Setting the variable to false shows it again.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

/** The object is missing (not the bucket: a missing bucket is a store that cannot be used, not a 404). */
function isNotFound(err: unknown) {
  const name = (err as { name?: string })?.name;
  if (name === 'NoSuchBucket') return false;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(err) === 404;
}

/** The whole object's size from a ranged answer's Content-Range (`bytes 0-99/4096`). */
function totalOf(contentRange: string | undefined, fallback: number) {
  const total = Number(/\/(\d+)$/.exec(contentRange ?? '')?.[1]);
  return Number.isFinite(total) && total >= 0 ? total : fallback;
}

/** One line saying why the bucket cannot be used. */
function describeS3Error(err: unknown, settings: Pick<S3Settings, 'bucket' | 'endpoint' | 'region'>): string {
  const where = settings.endpoint ?? `Amazon S3 (${settings.region})`;
  const bucket = `S3 bucket "${settings.bucket}" at ${where}`;
  if (err instanceof S3ServiceException) {
    const code = err.name;
    if (code === 'NoSuchBucket') return `${bucket} does not exist; create it or fix S3_BUCKET`;
    if (['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'InvalidToken', 'ExpiredToken', 'TokenRefreshRequired'].includes(code)) {
      return `${bucket} refused the credentials (${code}); check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`;
    }
    if (code === 'AccessDenied' || err.$metadata.httpStatusCode === 403) {
      return `${bucket} denied access (${code}); the credentials need list, get, put and delete rights on it`;
    }
    if (code === 'PermanentRedirect' || code === 'AuthorizationHeaderMalformed' || err.$metadata.httpStatusCode === 301) {
      return `${bucket} is in another region (${code}); fix S3_REGION`;
    }
    return `${bucket} answered ${err.$metadata.httpStatusCode ?? ''} ${code}: ${err.message}`.replace(/\s+/g, ' ');
  }
  const e = err as { name?: string; code?: string; message?: string };
  if (e?.name === 'CredentialsProviderError') {
    return `${bucket}: no credentials found; set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`;
  }
  if (e?.name === 'AbortError' || e?.name === 'TimeoutError') return `${bucket} cannot be reached: no answer in time`;
  const reason = e?.code ?? e?.name ?? 'error';
  return `${bucket} cannot be reached (${reason}${e?.message && e.message !== reason ? `: ${e.message}` : ''})`.replace(
    /\s+/g,
    ' ',
  );
}

export function s3MediaStore(settings: S3Settings, publicUrl?: string): S3MediaStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: S3-compatible servers differ in what else they accept.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 3000, requestTimeout: 60_000 },
  });
  const { bucket, prefix } = settings;
  const objectName = (key: string) => prefix + key;
  const publicBase = publicUrl ? `${publicUrl.replace(/\/+$/, '')}/` : undefined;

  async function* listAll(keyPrefix: string) {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: objectName(keyPrefix), ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) {
        if (!o.Key?.startsWith(prefix)) continue;
        const key = o.Key.slice(prefix.length);
        if (!isSafeKey(key)) continue; // not one of ours: never handed to callers that might delete it
        yield { key, lastModified: o.LastModified ?? new Date(0), size: o.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  return {
    kind: 's3',
    bucket,
    async put(key, body, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectName(key),
          Body: body,
          ContentLength: body.length,
          ContentType: contentType || contentTypeOf(key),
          CacheControl: MEDIA_CACHE_CONTROL,
          // Sent as it is by the bucket or a CDN in front of it (MEDIA_PUBLIC_URL).
          ContentDisposition: dispositionOf(key),
        }),
      );
    },
    async get(key, range) {
      if (!isSafeKey(key)) return null;
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: objectName(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        if (!res.Body) return null;
        return {
          body: res.Body as Readable,
          contentType: res.ContentType ?? contentTypeOf(key),
          size: range ? totalOf(res.ContentRange, range.end + 1) : (res.ContentLength ?? 0),
        };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async stat(key) {
      if (!isSafeKey(key)) return null;
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectName(key) }));
        return { contentType: res.ContentType ?? contentTypeOf(key), size: res.ContentLength ?? 0 };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async exists(key) {
      return (await this.size(key)) !== null;
    },
    async size(key) {
      return (await this.stat(key))?.size ?? null;
    },
    async delete(keys) {
      const names = [...new Set(keys.filter(isSafeKey).map(objectName))];
      for (let i = 0; i < names.length; i += DELETE_BATCH) {
        const batch = names.slice(i, i + DELETE_BATCH);
        const res = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = (res.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
        if (failed.length) {
          throw new Error(
            `Could not delete ${failed.length} media object(s) from S3 bucket "${bucket}": ${failed[0]?.Code} ${failed[0]?.Key}`,
          );
        }
      }
    },
    list: (keyPrefix = '') => listAll(keyPrefix),
    urlFor(key) {
      assertSafeKey(key);
      return publicBase ? publicBase + objectName(key) : UPLOADS_PREFIX + key;
    },
    keyFromUrl(url) {
      let rest: string | undefined;
      if (url.startsWith(UPLOADS_PREFIX)) rest = url.slice(UPLOADS_PREFIX.length);
      else if (publicBase && url.startsWith(publicBase + prefix)) rest = url.slice(publicBase.length + prefix.length);
      return rest !== undefined && isSafeKey(rest) ? rest : null;
    },
    async check() {
      try {
        await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, MaxKeys: 1 }), {
          abortSignal: AbortSignal.timeout(5000),
        });
      } catch (err) {
        throw new MediaStoreError(describeS3Error(err, settings));
      }
    },
    destroy: () => client.destroy(),
  };
}
