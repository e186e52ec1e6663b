import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBucketServer } from '../test/bucket-server';
import { keysOf } from '../test/stored';
import { copyStorage } from './copy-storage';
import { folderStorage, type Storage, storageFromUrl } from './storage';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

// Issue 33: the two places uploads are kept answer the same way. The S3 one is s3rver, run here.

let root: string;
let bucketServer: Awaited<ReturnType<typeof startBucketServer>>;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'storage-test-'));
  bucketServer = await startBucketServer(join(root, 's3'));
});
afterAll(async () => {
  await bucketServer.close();
  await rm(root, { recursive: true, force: true });
});

let n = 0;
/** A new, empty storage of each kind: a folder, or a prefix of its own in the bucket. */
const kinds: Record<string, () => Storage> = {
  folder: () => folderStorage(join(root, `folder-${++n}`)),
  bucket: () => storageFromUrl(`s3://files/run-${++n}/?endpoint=${bucketServer.endpoint}`, '/nonexistent'),
};

const bytes = (length: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 7 + 3) % 256));

describe.each(Object.keys(kinds))('storage in a %s', (kind) => {
  const make = kinds[kind]!;

  it('keeps an object whole and hands it back, or a range of it, as a stream', async () => {
    const storage = make();
    const original = bytes(3 * 1024 * 1024 + 17);
    await storage.put('a1.jpg', original, 'image/jpeg');
    expect(await storage.size('a1.jpg')).toBe(original.length);
    const whole = await storage.read('a1.jpg');
    // Handed on in pieces as they come, not as one buffer.
    let pieces = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of whole!) {
      pieces++;
      chunks.push(chunk as Buffer);
    }
    expect(pieces).toBeGreaterThan(1);
    expect(Buffer.concat(chunks).equals(original)).toBe(true);
    const part = await buffer((await storage.read('a1.jpg', { start: 1000, end: 1999 }))!);
    expect(part.equals(original.subarray(1000, 2000))).toBe(true);
    const last = await buffer((await storage.read('a1.jpg', { start: original.length - 1, end: original.length - 1 }))!);
    expect([...last]).toEqual([original.at(-1)]);
  });

  it('replaces an object put again under its key', async () => {
    const storage = make();
    await storage.put('b.webp', bytes(500), 'image/webp');
    await storage.put('b.webp', bytes(20), 'image/webp');
    expect(await storage.size('b.webp')).toBe(20);
    expect((await buffer((await storage.read('b.webp'))!)).equals(bytes(20))).toBe(true);
  });

  it('answers null for an object it does not have, and removes what it has (a missing key is no error)', async () => {
    const storage = make();
    expect(await storage.size('none.png')).toBeNull();
    expect(await storage.read('none.png')).toBeNull();
    await storage.put('c.png', bytes(10), 'image/png');
    await storage.put('c.thumb.webp', bytes(11), 'image/webp');
    await storage.put('d.png', bytes(12), 'image/png');
    await storage.remove(['c.png', 'c.thumb.webp', 'none.png']);
    expect(await keysOf(storage)).toEqual(['d.png']);
    expect(await storage.read('c.png')).toBeNull();
  });

  it('lists every key with its size, over more than one page of a listing', async () => {
    const storage = make();
    const keys = Array.from({ length: 1005 }, (_, i) => `k${String(i).padStart(4, '0')}.png`);
    for (let i = 0; i < keys.length; i += 50)
      await Promise.all(keys.slice(i, i + 50).map((key) => storage.put(key, bytes(3), 'image/png')));
    const listed: { key: string; size: number }[] = [];
    for await (const object of storage.list()) listed.push(object);
    expect(listed.map((o) => o.key).sort()).toEqual(keys);
    expect(listed.every((o) => o.size === 3)).toBe(true);
    await storage.remove(keys);
    expect(await keysOf(storage)).toEqual([]);
  }, 120_000);

  it('refuses a key that is a path, before anything is kept', async () => {
    const storage = make();
    for (const key of ['../escape.png', 'a/b.png', '', '.hidden', 'x y.png'])
      await expect(storage.put(key, bytes(1), 'image/png'), key).rejects.toThrow('Not a storage key');
    expect(await keysOf(storage)).toEqual([]);
  });

  it('answers its check while it can be reached', async () => {
    await expect(make().check()).resolves.toBeUndefined();
  });
});

describe('a storage that cannot be used', () => {
  it('fails its check: a bucket that does not exist, a folder that cannot be made', async () => {
    await expect(storageFromUrl(`s3://no-such-bucket?endpoint=${bucketServer.endpoint}`, '/nonexistent').check()).rejects.toThrow();
    const file = join(root, 'a-file');
    await writeFile(file, 'x');
    await expect(folderStorage(join(file, 'files')).check()).rejects.toThrow();
  });

  it('leaves no half-written file in a folder when a put fails', async () => {
    const dir = join(root, 'readonly');
    const storage = folderStorage(dir);
    await storage.put('e.png', bytes(5), 'image/png');
    // Writing over a folder of that name fails at the rename, after the bytes were written aside.
    await mkdir(join(dir, 'f.png', 'inside'), { recursive: true });
    await expect(storage.put('f.png', bytes(5), 'image/png')).rejects.toThrow();
    expect((await readdir(dir)).sort()).toEqual(['e.png', 'f.png']);
  });
});

describe('FILES_URL', () => {
  it('names a folder or a bucket, and says where without secrets', () => {
    expect(storageFromUrl(undefined, '/srv/data/files').where).toBe('folder /srv/data/files');
    expect(storageFromUrl('file:///mnt/uploads', '/x').where).toBe('folder /mnt/uploads');
    expect(storageFromUrl('s3://evidence/complaint-desk?region=eu-west-1', '/x').where).toBe('bucket evidence under complaint-desk/');
    expect(storageFromUrl('s3://evidence?endpoint=https://minio.example:9000', '/x').where).toBe('bucket evidence at minio.example:9000');
  });

  it.each([
    ['http://example.com/files', 'must start with s3:// or file://'],
    ['s3:///prefix', 'names no bucket'],
    ['s3://b?endpoint=ftp://x', 'endpoint must be an http'],
    ['s3://b?forcePathStyle=yes', 'forcePathStyle is true or false'],
    ['s3://b?secret=x', 'unknown option secret'],
    ['not a url', 'Invalid URL'],
  ])('refuses %s, saying why', (url, reason) => {
    expect(() => storageFromUrl(url, '/x')).toThrow(reason);
  });
});

describe('copying one storage into another (files:migrate)', () => {
  /** A folder of uploads as a deployment has them: originals and their copies. */
  async function filledFolder(count: number) {
    const storage = kinds.folder!();
    for (let i = 0; i < count; i++) {
      await storage.put(`f${i}.jpg`, bytes(1000 + i), 'image/jpeg');
      await storage.put(`f${i}.thumb.webp`, bytes(100 + i), 'image/webp');
    }
    return storage;
  }

  it('copies every object, checks each read back, and copies nothing twice when run again', async () => {
    const from = await filledFolder(20);
    const to = kinds.bucket!();
    expect(await copyStorage(from, to)).toEqual({ copied: 40, alreadyThere: 0, bytes: 20 * 1100 + 2 * 190, failed: [] });
    expect(await keysOf(to)).toEqual(await keysOf(from));
    for (const key of await keysOf(from))
      expect((await buffer((await to.read(key))!)).equals(await buffer((await from.read(key))!)), key).toBe(true);
    expect(await copyStorage(from, to)).toMatchObject({ copied: 0, alreadyThere: 40, failed: [] });
  });

  it('names every object whose copy does not read back the same', async () => {
    const from = await filledFolder(3);
    const real = kinds.bucket!();
    // A destination that keeps one object wrong, as a faulty disk or proxy could.
    const faulty: Storage = {
      ...real,
      put: (key, data, type) => real.put(key, key === 'f1.jpg' ? Buffer.from(data).fill(0, 0, 1) : data, type),
    };
    const report = await copyStorage(from, faulty);
    expect(report.copied).toBe(5);
    expect(report.failed).toEqual([
      { key: 'f1.jpg', reason: expect.stringMatching(/^read back with SHA-256 [0-9a-f]{64}, not [0-9a-f]{64}$/) },
    ]);
  });

  it('runs as npm run files:migrate: from DATA_DIR/files into FILES_URL, exit 0 when every copy is proven', async () => {
    const dataDir = join(root, 'deployment');
    const folder = folderStorage(join(dataDir, 'files'));
    for (let i = 0; i < 5; i++) await folder.put(`m${i}.png`, bytes(2000 + i), 'image/png');
    const filesUrl = `s3://files/migrated/?endpoint=${bucketServer.endpoint}`;
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/files-migrate-command.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, FILES_URL: filesUrl },
    });
    const { stdout } = await run;
    expect(stdout).toContain('5 copied');
    expect(stdout).toContain('0 failed');
    expect(await keysOf(storageFromUrl(filesUrl, '/nonexistent'))).toEqual(await keysOf(folder));
  });
});
