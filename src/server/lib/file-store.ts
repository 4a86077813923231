/**
 * The one place uploaded files are kept (docs/decisions/0039): put, get, delete and the public
 * address, by bucket and name. Every file has a `stored_files` row (its owner, type and size);
 * its bytes are in that row, or, with S3_BUCKET set, in an S3-compatible bucket under the key
 * `<bucket>/<name>` (the row's `bytes` is then null). Without S3_BUCKET everything stays in the
 * database, as the embedded default needs.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { storedFiles } from '../db/schema.ts';
import { afterCommit, type Tx } from '../db/transaction.ts';
import { AppError } from './errors.ts';
import type { Logger } from '../logger.ts';

export const STORAGE_PREFIX = '/storage';

export interface NewFile {
  bucket: string;
  name: string;
  contentType: string;
  bytes: Buffer;
  width?: number | null;
  height?: number | null;
  ownerId?: string | null;
}

/** What `/storage/<bucket>/<name>` answers: the bytes, or where the bucket serves them. */
export type FileAnswer =
  | { kind: 'bytes'; bytes: Uint8Array; contentType: string }
  | { kind: 'redirect'; url: string; cacheSeconds: number }
  | { kind: 'unavailable' };

/** A private bucket's signed addresses stay valid this long; answers pointing at one are kept for less. */
const SIGNED_URL_SECONDS = 3600;
const SIGNED_URL_CACHE_SECONDS = 600;
const YEAR_SECONDS = 31_536_000;

interface Bucket {
  client: S3Client;
  name: string;
  publicUrl: string | null;
  sdk: typeof S3Sdk;
  signedUrl: typeof getSignedUrl;
}

let bucket: Bucket | null = null;
let log: Pick<Logger, 'error' | 'warn'> | null = null;

/** The key of a file in the bucket. */
export function objectKey(bucketName: string, name: string): string {
  return `${bucketName}/${name}`;
}

/** IdeaHub's stable address of a file; with the bytes in the bucket it redirects there. */
export function publicUrlFor(bucketName: string, name: string): string {
  return `${STORAGE_PREFIX}/${bucketName}/${encodeURIComponent(name)}`;
}

/**
 * Sets where new files go, from S3_* (or back to the database when S3_BUCKET is unset). Called
 * once at start-up by the server and the CLI; the SDK is loaded only when a bucket is set.
 */
export async function configureFileStore(config: Config, logger: Pick<Logger, 'error' | 'warn'>): Promise<void> {
  log = logger;
  bucket?.client.destroy();
  bucket = null;
  if (!config.S3_BUCKET) return;
  const sdk = await import('@aws-sdk/client-s3');
  const presigner = await import('@aws-sdk/s3-request-presigner');
  const client = new sdk.S3Client({
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    // Checksums only where the API requires them: not every S3-compatible server knows the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  bucket = { client, name: config.S3_BUCKET, publicUrl: config.S3_PUBLIC_URL?.replace(/\/+$/, '') ?? null, sdk, signedUrl: presigner.getSignedUrl };
}

function requireBucket(): Bucket {
  if (!bucket) throw new Error('S3_BUCKET is not set: no bucket to reach.');
  return bucket;
}

/** Writes one object to the bucket. */
export async function putObject(file: Pick<NewFile, 'bucket' | 'name' | 'contentType' | 'bytes'>): Promise<void> {
  const b = requireBucket();
  await b.client.send(
    new b.sdk.PutObjectCommand({
      Bucket: b.name,
      Key: objectKey(file.bucket, file.name),
      Body: file.bytes,
      ContentType: file.contentType,
      CacheControl: `public, max-age=${YEAR_SECONDS}, immutable`,
    }),
  );
}

/** Reads one object's bytes back from the bucket (null when it is not there). */
export async function getObject(bucketName: string, name: string): Promise<Buffer | null> {
  const b = requireBucket();
  try {
    const out = await b.client.send(new b.sdk.GetObjectCommand({ Bucket: b.name, Key: objectKey(bucketName, name) }));
    return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : null;
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
    throw error;
  }
}

/** Deletes objects from the bucket; a failure is logged (the rows are already gone), never thrown. */
export async function deleteObjects(keys: Array<{ bucket: string; name: string }>): Promise<void> {
  if (keys.length === 0) return;
  if (!bucket) {
    log?.error({ files: keys.length }, 'files in the bucket lost their rows but S3_BUCKET is not set: their objects stay');
    return;
  }
  const b = bucket;
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = keys.slice(i, i + 1000);
    try {
      const out = await b.client.send(
        new b.sdk.DeleteObjectsCommand({ Bucket: b.name, Delete: { Objects: chunk.map((k) => ({ Key: objectKey(k.bucket, k.name) })), Quiet: true } }),
      );
      for (const e of out.Errors ?? []) log?.error({ key: e.Key, code: e.Code }, 'deleting an object from the bucket failed');
    } catch (error) {
      log?.error({ err: error, keys: chunk.map((k) => objectKey(k.bucket, k.name)) }, 'deleting objects from the bucket failed');
    }
  }
}

/**
 * Stores files (e.g. an image and its thumbnail) as one: with a bucket, the objects first, then
 * the rows in one statement; when the rows cannot be written the objects are deleted again. So a
 * failed bucket write leaves no row, and no row exists without its object.
 */
export async function putFiles(db: Db | Tx, files: NewFile[]): Promise<void> {
  const inBucket = bucket !== null;
  if (inBucket) {
    const written: NewFile[] = [];
    try {
      for (const file of files) {
        await putObject(file);
        written.push(file);
      }
    } catch (error) {
      log?.error({ err: error }, 'writing to the bucket failed');
      await deleteObjects(written);
      throw new AppError(503, 'storage_unavailable', 'The file could not be stored right now. Please try again.');
    }
  }
  const rows = files.map((f) => ({
    bucket: f.bucket,
    name: f.name,
    contentType: f.contentType,
    size: f.bytes.length,
    width: f.width ?? null,
    height: f.height ?? null,
    bytes: inBucket ? null : f.bytes,
    ownerId: f.ownerId ?? null,
  }));
  try {
    await db.insert(storedFiles).values(rows);
  } catch (error) {
    if (inBucket) await deleteObjects(files);
    throw error;
  }
}

/** What IdeaHub's address of a file answers; null when there is no such file. */
export async function getFile(db: Db, bucketName: string, name: string): Promise<FileAnswer | null> {
  const [row] = await db
    .select({ bytes: storedFiles.bytes, contentType: storedFiles.contentType })
    .from(storedFiles)
    .where(and(eq(storedFiles.bucket, bucketName), eq(storedFiles.name, name)))
    .limit(1);
  if (!row) return null;
  if (row.bytes) return { kind: 'bytes', bytes: row.bytes, contentType: row.contentType };
  if (!bucket) {
    log?.error({ bucket: bucketName, name }, 'a file is in the bucket but S3_BUCKET is not set');
    return { kind: 'unavailable' };
  }
  if (bucket.publicUrl) return { kind: 'redirect', url: `${bucket.publicUrl}/${bucketName}/${encodeURIComponent(name)}`, cacheSeconds: YEAR_SECONDS };
  const url = await bucket.signedUrl(bucket.client, new bucket.sdk.GetObjectCommand({ Bucket: bucket.name, Key: objectKey(bucketName, name) }), {
    expiresIn: SIGNED_URL_SECONDS,
  });
  return { kind: 'redirect', url, cacheSeconds: SIGNED_URL_CACHE_SECONDS };
}

/**
 * Deletes files' rows in the caller's transaction (or at once on a database) and their objects
 * once it has committed: a rolled-back deletion keeps both.
 */
export async function deleteFiles(tx: Db | Tx, bucketName: string, names: string[]): Promise<void> {
  if (names.length === 0) return;
  const gone = await tx
    .delete(storedFiles)
    .where(and(eq(storedFiles.bucket, bucketName), inArray(storedFiles.name, names)))
    .returning({ bucket: storedFiles.bucket, name: storedFiles.name, inBucket: sql<boolean>`${storedFiles.bytes} is null` });
  const objects = gone.filter((g) => g.inBucket);
  if (objects.length) afterCommit(tx, () => deleteObjects(objects));
}

/** Files still held in the database, for moving to the bucket (oldest first, in pages). */
export async function filesInDatabase(db: Db, limit: number, after: string | null) {
  return db
    .select({ id: storedFiles.id, bucket: storedFiles.bucket, name: storedFiles.name, contentType: storedFiles.contentType, bytes: storedFiles.bytes })
    .from(storedFiles)
    .where(after ? and(sql`${storedFiles.bytes} is not null`, sql`${storedFiles.id} > ${after}`) : sql`${storedFiles.bytes} is not null`)
    .orderBy(storedFiles.id)
    .limit(limit);
}

/** How many files are in the bucket and how many in the database. */
export async function fileCounts(db: Db): Promise<{ inBucket: number; inDatabase: number }> {
  const [row] = await db
    .select({
      inBucket: sql<number>`count(*) filter (where ${storedFiles.bytes} is null)::int`,
      inDatabase: sql<number>`count(*) filter (where ${storedFiles.bytes} is not null)::int`,
    })
    .from(storedFiles);
  return { inBucket: row?.inBucket ?? 0, inDatabase: row?.inDatabase ?? 0 };
}

/** Drops a file's bytes from its row once its object is in the bucket (only if the row still holds them). */
export async function markMovedToBucket(db: Db, id: string): Promise<boolean> {
  const moved = await db
    .update(storedFiles)
    .set({ bytes: null })
    .where(and(eq(storedFiles.id, id), sql`${storedFiles.bytes} is not null`))
    .returning({ id: storedFiles.id });
  return moved.length > 0;
}

/** For the move: whether a file's row is gone while it was being copied (its object must go too). */
export async function fileRowExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: storedFiles.id }).from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
  return row !== undefined;
}
