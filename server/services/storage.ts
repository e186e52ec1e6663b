import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

/** Bytes `start` to `end` of an object, both included (HTTP's `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files are kept (issue 33): a folder on this machine, or a bucket of S3-compatible
 * object storage that several machines share. Keys are plain names (`<uuid>.jpg`,
 * `<uuid>.thumb.webp`); what they mean is the file store's business (`file-store.ts`).
 */
export interface Storage {
  /** Where, in words without secrets: for the log and readiness. */
  readonly where: string;
  /** Keeps `bytes` under `key`, whole: a reader sees the object complete or not at all. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** The object's bytes as a stream (only `range` when given), or null when there is none. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes the objects; a key with no object is no error. */
  remove(keys: readonly string[]): Promise<void>;
  /** Every key with its size, in no order. */
  list(): AsyncIterable<{ key: string; size: number }>;
  /** Throws when the storage does not answer (readiness). */
  check(): Promise<void>;
}

/** A key as the file store makes them: a name, no folders, nothing a path could climb out with. */
const KEY = /^[\w-]+(\.[\w-]+)*$/;
function checked(key: string) {
  if (!KEY.test(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}

/** The folder on this machine: `DATA_DIR/files` unless `FILES_URL=file:///…` says another. */
export function folderStorage(dir: string): Storage {
  const path = (key: string) => join(dir, checked(key));
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
  return {
    where: `folder ${dir}`,
    async put(key, bytes) {
      await mkdir(dir, { recursive: true });
      // Written aside and renamed: a reader never sees the half another request is still writing.
      const partial = `${path(key)}.${randomUUID()}.partial`;
      try {
        await writeFile(partial, bytes, { flag: 'wx' });
        await rename(partial, path(key));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async size(key) {
      try {
        return (await stat(path(key))).size;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async read(key, range) {
      const stream = createReadStream(path(key), range);
      // Opened before it is handed on, so a missing file is null here rather than an error mid-answer.
      return new Promise((done, fail) => {
        stream.once('open', () => done(stream));
        stream.once('error', (error) => (missing(error) ? done(null) : fail(error)));
      });
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(path(key), { force: true })));
    },
    async *list() {
      const names = await readdir(dir).catch((error: unknown) => (missing(error) ? [] : Promise.reject(error)));
      for (const name of names) {
        if (!KEY.test(name) || name.endsWith('.partial')) continue;
        const info = await stat(join(dir, name)).catch(() => null);
        if (info?.isFile()) yield { key: name, size: info.size };
      }
    },
    async check() {
      await mkdir(dir, { recursive: true });
      await stat(dir);
    },
  };
}

export interface S3Location {
  bucket: string;
  /** Put before every key, `complaint-desk/` or empty. */
  prefix: string;
  endpoint?: string;
  region?: string;
  forcePathStyle: boolean;
}

/**
 * A bucket of S3-compatible object storage (AWS S3, Cloudflare R2, MinIO, Ceph, Google Cloud
 * Storage's S3 API). Credentials come the AWS SDK's usual way (`AWS_ACCESS_KEY_ID` and
 * `AWS_SECRET_ACCESS_KEY`, a profile, an instance role).
 */
export function bucketStorage(location: S3Location): Storage {
  const s3 = new S3Client({
    region: location.region ?? process.env.AWS_REGION ?? 'us-east-1',
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    forcePathStyle: location.forcePathStyle,
    // Checksums only where S3 requires them: many compatible servers reject the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = location.bucket;
  const Key = (key: string) => `${location.prefix}${checked(key)}`;
  const notFound = (error: unknown) => {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
  };
  return {
    where: `bucket ${Bucket}${location.prefix ? ` under ${location.prefix}` : ''}${location.endpoint ? ` at ${new URL(location.endpoint).host}` : ''}`,
    async put(key, bytes, contentType) {
      await s3.send(new PutObjectCommand({ Bucket, Key: Key(key), Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
    },
    async size(key) {
      try {
        return (await s3.send(new HeadObjectCommand({ Bucket, Key: Key(key) }))).ContentLength ?? 0;
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async read(key, range) {
      try {
        const answer = await s3.send(
          new GetObjectCommand({ Bucket, Key: Key(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        // In Node the body is the response stream itself: handed on as it arrives, never held whole.
        return answer.Body as Readable;
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async remove(keys) {
      // At most 1,000 keys a request (S3's limit).
      for (let i = 0; i < keys.length; i += 1000) {
        const Objects = keys.slice(i, i + 1000).map((key) => ({ Key: Key(key) }));
        const answer = await s3.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
        const failed = answer.Errors?.filter((e) => e.Code !== 'NoSuchKey') ?? [];
        if (failed.length > 0) throw new Error(`Could not delete ${failed.length} objects: ${failed[0]!.Code} ${failed[0]!.Message}`);
      }
    },
    async *list() {
      // ListObjects (v1) by marker, the last key seen: every S3-compatible server has it alike,
      // where v2's continuation tokens differ (s3rver's need DES, which Node's OpenSSL 3 lacks).
      let Marker: string | undefined;
      for (;;) {
        const page = await s3.send(new ListObjectsCommand({ Bucket, Prefix: location.prefix || undefined, Marker }));
        for (const object of page.Contents ?? []) {
          const key = object.Key!.slice(location.prefix.length);
          if (KEY.test(key)) yield { key, size: object.Size ?? 0 };
        }
        Marker = page.Contents?.at(-1)?.Key;
        if (!page.IsTruncated || !Marker) return;
      }
    },
    async check() {
      await s3.send(new HeadBucketCommand({ Bucket }));
    },
  };
}

/**
 * `FILES_URL` read: unset, the folder `DATA_DIR/files`; `file:///srv/files`, that folder;
 * `s3://bucket/prefix?endpoint=https://…&region=…&forcePathStyle=true`, a bucket. Throws, naming
 * what is wrong, on anything else.
 */
export function storageFromUrl(filesUrl: string | undefined, defaultDir: string): Storage {
  if (!filesUrl) return folderStorage(defaultDir);
  const url = new URL(filesUrl);
  if (url.protocol === 'file:') return folderStorage(resolve(decodeURIComponent(url.pathname)));
  if (url.protocol !== 's3:') throw new Error(`FILES_URL must start with s3:// or file://, not ${url.protocol}//`);
  if (!url.hostname) throw new Error('FILES_URL names no bucket: s3://bucket/prefix');
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+/, '');
  const options = url.searchParams;
  const known = new Set(['endpoint', 'region', 'forcePathStyle']);
  for (const name of options.keys())
    if (!known.has(name)) throw new Error(`FILES_URL: unknown option ${name} (endpoint, region, forcePathStyle)`);
  const endpoint = options.get('endpoint') ?? undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint)) throw new Error('FILES_URL: endpoint must be an http:// or https:// address');
  const pathStyle = options.get('forcePathStyle');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false') throw new Error('FILES_URL: forcePathStyle is true or false');
  return bucketStorage({
    bucket: url.hostname,
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    endpoint,
    region: options.get('region') ?? undefined,
    // An endpoint of one's own (MinIO, Ceph, s3rver) is usually addressed by path.
    forcePathStyle: pathStyle ? pathStyle === 'true' : Boolean(endpoint),
  });
}
