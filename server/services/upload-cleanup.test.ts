import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFileResponseSchema } from '../../contract/files';
import { DEFAULT_UPLOAD_ALLOWANCE, unattachedUploadsDueBefore } from '../../domain/files';
import { complaintAttachments, complaints, files } from '../db/schema';
import { deleteUnattachedBefore, isOwnUpload, tryUnattachedCleanupLock } from '../repositories/files';
import { imageBytes, multipartFile } from '../test/multipart';
import { createTestApp, ownStorage } from '../test/test-app';
import { fileStore, variantKey } from './file-store';
import { emptied } from '../test/stored';
import { clearUnattachedUploads } from './upload-cleanup';

/*
 * What only the server has: the job that deletes uploads nothing took within the allowance's
 * hours, rows and files on disk alike, and its lock, so that of many processes one works.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
const storage = ownStorage();
beforeAll(async () => {
  t = await createTestApp({ storage });
});
afterAll(async () => {
  await t.close();
  await emptied(storage);
});

const run = () => clearUnattachedUploads(t.db, fileStore(storage), DEFAULT_UPLOAD_ALLOWANCE);
/** Which of these keys the storage has. */
const present = async (keys: string[]) =>
  (await Promise.all(keys.map(async (key) => ((await storage.size(key)) === null ? [] : [key])))).flat();

/** A new upload of the contractor's: its id, and its original and two WebP copies on disk. */
async function upload() {
  const { payload, headers } = multipartFile(imageBytes.png());
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/files',
    payload,
    headers: { ...headers, ...(await t.signIn('contractor')) },
  });
  const { id } = uploadFileResponseSchema.parse(res.json()).data;
  const [row] = await t.db.select({ storageName: files.storageName }).from(files).where(eq(files.id, id));
  const paths = [row!.storageName, variantKey(row!.storageName, 'thumb'), variantKey(row!.storageName, 'display')];
  expect(await present(paths)).toEqual(paths);
  return { id, paths };
}

/** Moves these uploads this many hours into the past. */
async function age(ids: string[], hours: number) {
  await t.db
    .update(files)
    .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
    .where(inArray(files.id, ids));
}

const rowExists = async (id: string) => (await t.db.select({ id: files.id }).from(files).where(eq(files.id, id))).length === 1;

describe('clearing unattached uploads', () => {
  it('deletes the row, original and both copies of an upload left unattached past the limit; keeps attached and young ones', async () => {
    const [stale, avatar, ofComplaint, ofJustification, young] = [
      await upload(),
      await upload(),
      await upload(),
      await upload(),
      await upload(),
    ];
    const [complaint] = await t.db.select({ id: complaints.id }).from(complaints).limit(1);
    await t.db.insert(complaintAttachments).values([
      { complaintId: complaint!.id, kind: 'complaint', fileId: ofComplaint.id },
      { complaintId: complaint!.id, kind: 'justification', fileId: ofJustification.id },
    ]);
    const me = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: await t.signIn('contractor'),
      payload: { imageFileId: avatar.id },
    });
    expect(me.statusCode).toBe(200);
    await age([stale.id, avatar.id, ofComplaint.id, ofJustification.id], DEFAULT_UPLOAD_ALLOWANCE.unattachedHours + 1);
    await age([young.id], DEFAULT_UPLOAD_ALLOWANCE.unattachedHours - 1);

    expect(await run()).toBe(1);
    expect(await rowExists(stale.id)).toBe(false);
    expect(await present(stale.paths)).toEqual([]);
    for (const kept of [avatar, ofComplaint, ofJustification, young]) {
      expect(await rowExists(kept.id)).toBe(true);
      expect(await present(kept.paths)).toEqual(kept.paths);
    }
    // The demo data's images are all attached, however old.
    expect(await run()).toBe(0);
  });

  it('works in one process at a time: while another holds the lock, a run leaves everything as it is', async () => {
    const stale = await upload();
    await age([stale.id], DEFAULT_UPLOAD_ALLOWANCE.unattachedHours + 1);

    // Another process's run, holding the lock until told to finish.
    let finish!: () => void;
    let locked!: (held: boolean) => void;
    const held = new Promise<boolean>((resolve) => (locked = resolve));
    const other = t.db.transaction(async (tx) => {
      locked(await tryUnattachedCleanupLock(tx));
      await new Promise<void>((resolve) => (finish = resolve));
    });
    expect(await held).toBe(true);
    try {
      expect(await run()).toBeNull();
      expect(await rowExists(stale.id)).toBe(true);
      expect(await present(stale.paths)).toEqual(stale.paths);
    } finally {
      finish();
      await other;
    }

    // Its transaction over, the lock is free again.
    expect(await run()).toBe(1);
    expect(await rowExists(stale.id)).toBe(false);
    expect(await present(stale.paths)).toEqual([]);
  });

  it('races an owner attaching an old upload cleanly: whichever locks the file first wins, the other is refused, never failed', async () => {
    const headers = { ...(await t.signIn('contractor')), 'content-type': 'application/json' };
    const setAvatar = (imageFileId: string) => t.app.inject({ method: 'PATCH', url: '/api/v1/me', headers, payload: { imageFileId } });

    // The clean-up has the upload's row in hand when its owner chooses it as avatar: the avatar waits, and is refused.
    const taken = await upload();
    await age([taken.id], DEFAULT_UPLOAD_ALLOWANCE.unattachedHours + 1);
    let finish!: () => void;
    let deleted!: (names: string[]) => void;
    const gone = new Promise<string[]>((resolve) => (deleted = resolve));
    const cleanup = t.db.transaction(async (tx) => {
      deleted(await deleteUnattachedBefore(tx, unattachedUploadsDueBefore(new Date(), DEFAULT_UPLOAD_ALLOWANCE)));
      await new Promise<void>((resolve) => (finish = resolve));
    });
    let avatar: ReturnType<typeof setAvatar>;
    try {
      expect(await gone).toHaveLength(1);
      avatar = setAvatar(taken.id);
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      finish();
      await cleanup;
    }
    const refused = await avatar;
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'avatarNotOwn' });

    // The owner's transaction has the row in hand first (as PATCH me and complaint writes take it): the clean-up passes it by.
    const kept = await upload();
    await age([kept.id], DEFAULT_UPLOAD_ALLOWANCE.unattachedHours + 1);
    const [contractor] = await t.db.select({ ownerId: files.ownerId }).from(files).where(eq(files.id, kept.id));
    let attached!: () => void;
    let checked!: (own: boolean) => void;
    const own = new Promise<boolean>((resolve) => (checked = resolve));
    const attaching = t.db.transaction(async (tx) => {
      checked(await isOwnUpload(tx, kept.id, contractor!.ownerId!));
      await new Promise<void>((resolve) => (attached = resolve));
    });
    try {
      expect(await own).toBe(true);
      await run();
      expect(await rowExists(kept.id)).toBe(true);
    } finally {
      attached();
      await attaching;
    }
    // That transaction attached nothing in the end: the next run takes the upload.
    expect(await run()).toBe(1);
    expect(await rowExists(kept.id)).toBe(false);
  });

  it('of two runs at once, one deletes each upload and neither fails', async () => {
    const stale = [await upload(), await upload()];
    await age(
      stale.map((s) => s.id),
      DEFAULT_UPLOAD_ALLOWANCE.unattachedHours + 1,
    );
    const results = await Promise.all([run(), run()]);
    expect(results.reduce<number>((sum, removed) => sum + (removed ?? 0), 0)).toBe(2);
    for (const { id } of stale) expect(await rowExists(id)).toBe(false);
  });
});
