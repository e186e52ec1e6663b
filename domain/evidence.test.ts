import { describe, expect, it } from 'vitest';
import { NO_METADATA, type PhotoMetadata } from '../contract/evidence';
import {
  DEFAULT_EVIDENCE_RULES,
  editingSoftware,
  evidenceFindings,
  evidenceFlags,
  FINDING_FLAGS,
  findingsMask,
  hammingDistance,
  isTellingDhash,
  metersBetween,
  type Photo,
  photoMetadataOf,
} from './evidence';

const complaint = { dateOfMisconduct: '2026-11-20T02:00:00.000Z' }; // 10:00 in Kuala Lumpur
const photo = (fileId: string, metadata: Partial<PhotoMetadata> = {}, extra: Partial<Photo> = {}): Photo => ({
  fileId,
  kind: 'complaint',
  sha256: `sha-${fileId}`,
  dhash: null,
  metadata: { ...NO_METADATA, takenAt: '2026-11-20T09:30:00+08:00', takenAtOffsetKnown: true, ...metadata },
  ...extra,
});
/** Kuala Lumpur's Merdeka Square, and points some distance from it. */
const square = { latitude: 3.1478, longitude: 101.6953, accuracyMeters: 5 };

describe('evidence findings', () => {
  it('finds nothing to say about a photo taken half an hour before, with a camera, alone', () => {
    expect(evidenceFindings(complaint, [photo('a', { gps: square, software: 'HDR+ 1.0.520847707zd' })], [])).toEqual([]);
  });

  it('says how long before or after the window a photo was taken: 24 h before to 1 h after by default', () => {
    const findings = evidenceFindings(
      complaint,
      [
        photo('days-after', { takenAt: '2026-11-23T10:00:00+08:00' }),
        photo('edge-after', { takenAt: '2026-11-20T11:00:00+08:00' }),
        photo('just-after', { takenAt: '2026-11-20T11:01:00+08:00' }),
        photo('edge-before', { takenAt: '2026-11-19T10:00:00+08:00' }),
        photo('week-before', { takenAt: '2026-11-13T10:00:00+08:00' }),
      ],
      [],
    );
    expect(findings).toEqual([
      { kind: 'takenOutsideWindow', fileId: 'days-after', takenAt: '2026-11-23T10:00:00+08:00', minutesAfter: 3 * 24 * 60 },
      { kind: 'takenOutsideWindow', fileId: 'just-after', takenAt: '2026-11-20T11:01:00+08:00', minutesAfter: 61 },
      { kind: 'takenOutsideWindow', fileId: 'week-before', takenAt: '2026-11-13T10:00:00+08:00', minutesAfter: -7 * 24 * 60 },
    ]);
    const wider = { ...DEFAULT_EVIDENCE_RULES, minutesAfter: 4 * 24 * 60 };
    expect(evidenceFindings(complaint, [photo('days-after', { takenAt: '2026-11-23T10:00:00+08:00' })], [], wider)).toEqual([]);
  });

  it('says nothing of a photo uploaded before photos were read, nor compares one with it', () => {
    const unread = photo('old', {}, { metadata: null, sha256: 'same' });
    const read = photo('new', {}, { sha256: 'same' });
    const other = { complaintId: 3, refNo: 'CMP-2026-000003', organizationId: 2, sha256: 'same', dhash: null };
    expect(evidenceFindings(complaint, [unread], [{ ...other, read: true }])).toEqual([]);
    expect(evidenceFindings(complaint, [read], [{ ...other, read: false }])).toEqual([]);
    expect(evidenceFindings(complaint, [read], [{ ...other, read: true }])).toEqual([
      { kind: 'duplicate', fileId: 'new', match: 'identical', other: { id: 3, refNo: 'CMP-2026-000003' } },
    ]);
  });

  it("holds the contractor's photos to no window and no place, but compares them and notes an editor", () => {
    const theirs = (fileId: string, metadata: Partial<PhotoMetadata>) => photo(fileId, metadata, { kind: 'justification', sha256: 'same' });
    const findings = evidenceFindings(
      complaint,
      [
        theirs('week-later', { takenAt: '2026-11-27T10:00:00+08:00', gps: square }),
        theirs('edited', { takenAt: null, software: 'Snapseed 2.0', gps: { ...square, latitude: square.latitude + 1 } }),
      ],
      [{ complaintId: 3, refNo: 'CMP-2026-000003', organizationId: 2, sha256: 'same', dhash: null, read: true }],
    );
    expect(findings).toEqual([
      { kind: 'duplicate', fileId: 'week-later', match: 'identical', other: { id: 3, refNo: 'CMP-2026-000003' } },
      { kind: 'edited', fileId: 'edited', software: 'Snapseed 2.0' },
      { kind: 'duplicate', fileId: 'edited', match: 'identical', other: { id: 3, refNo: 'CMP-2026-000003' } },
    ]);
  });

  it('does not call two flat pictures near: their hashes tell nothing apart', () => {
    expect(isTellingDhash('0000000000000000')).toBe(false);
    expect(isTellingDhash('fffffffffffffff0')).toBe(false);
    expect(isTellingDhash('ffff0000ffff0000')).toBe(true);
    const flat = photo('blank', {}, { dhash: '0000000000000001' });
    expect(
      evidenceFindings(
        complaint,
        [flat],
        [{ complaintId: 4, refNo: 'CMP-2026-000004', organizationId: 2, sha256: 'x', dhash: '0000000000000000', read: true }],
      ),
    ).toEqual([]);
  });

  it('notes a photo with no capture time, and one an editor re-saved', () => {
    expect(
      evidenceFindings(complaint, [photo('shot', { takenAt: null }), photo('edited', { software: 'Adobe Photoshop 25.1 (Windows)' })], []),
    ).toEqual([
      { kind: 'noCaptureTime', fileId: 'shot' },
      { kind: 'edited', fileId: 'edited', software: 'Adobe Photoshop 25.1 (Windows)' },
    ]);
    expect(editingSoftware({ ...NO_METADATA, software: 'Snapseed 2.0' })).toBe('Snapseed 2.0');
    expect(editingSoftware({ ...NO_METADATA, software: 'iOS 17.1.1' })).toBeNull();
    expect(editingSoftware({ ...NO_METADATA, software: 'G998BXXU7EWK1' })).toBeNull();
  });

  it('links the same picture on other complaints, each once, identical before similar', () => {
    const own = photo('a', {}, { sha256: 'same', dhash: 'ffff0000ffff0000' });
    const findings = evidenceFindings(
      complaint,
      [own],
      [
        { complaintId: 9, refNo: 'CMP-2026-000009', organizationId: 2, sha256: 'other', dhash: 'ffff0000ffff0003', read: true }, // 2 bits off: similar
        { complaintId: 7, refNo: 'CMP-2026-000007', organizationId: 2, sha256: 'same', dhash: 'ffff0000ffff0000', read: true },
        { complaintId: 9, refNo: 'CMP-2026-000009', organizationId: 2, sha256: 'same', dhash: null, read: true },
        { complaintId: 5, refNo: 'CMP-2026-000005', organizationId: 2, sha256: 'other', dhash: '0000ffff0000ffff', read: true }, // another picture
      ],
    );
    expect(findings).toEqual([
      { kind: 'duplicate', fileId: 'a', match: 'identical', other: { id: 7, refNo: 'CMP-2026-000007' } },
      { kind: 'duplicate', fileId: 'a', match: 'identical', other: { id: 9, refNo: 'CMP-2026-000009' } },
    ]);
    expect(
      evidenceFindings(
        complaint,
        [own],
        [{ complaintId: 9, refNo: 'CMP-2026-000009', organizationId: 2, sha256: 'other', dhash: 'ffff0000ffff0003', read: true }],
      ),
    ).toEqual([{ kind: 'duplicate', fileId: 'a', match: 'similar', other: { id: 9, refNo: 'CMP-2026-000009' } }]);
  });

  it('names the two photos furthest apart when any two are further apart than allowed', () => {
    const near = { ...square, latitude: square.latitude + 0.002 }; // some 220 m north
    const far = { ...square, latitude: square.latitude + 0.01 }; // some 1.1 km north
    expect(evidenceFindings(complaint, [photo('a', { gps: square }), photo('b', { gps: near })], [])).toEqual([]);
    const findings = evidenceFindings(
      complaint,
      [photo('a', { gps: square }), photo('b', { gps: near }), photo('c', { gps: far }), photo('d')],
      [],
    );
    expect(findings).toEqual([{ kind: 'farApart', fileIds: ['a', 'c'], meters: expect.any(Number) }]);
    expect((findings[0] as { meters: number }).meters).toBeGreaterThan(1_100);
    expect((findings[0] as { meters: number }).meters).toBeLessThan(1_120);
  });

  it('names an officer’s photo taken further from where the officer stood than allowed plus both accuracies', () => {
    const stood = (accuracyMeters: number | null) => ({
      dateOfMisconduct: complaint.dateOfMisconduct,
      coordinates: { ...square, accuracyMeters },
    });
    const north = (meters: number, accuracyMeters: number | null = null) => ({
      ...square,
      latitude: square.latitude + meters / 111_195,
      accuracyMeters,
    });
    // 600 m away: beyond 500 m when both positions are exact; within 500 + 60 + 50 when not.
    expect(evidenceFindings(stood(null), [photo('a', { gps: north(600) })], [])).toEqual([
      { kind: 'farFromOfficer', fileId: 'a', meters: 600 },
    ]);
    expect(evidenceFindings(stood(60), [photo('a', { gps: north(600, 50) })], [])).toEqual([]);
    expect(evidenceFindings(stood(60), [photo('a', { gps: north(620, 50) })], [])).toEqual([
      { kind: 'farFromOfficer', fileId: 'a', meters: 620 },
    ]);
    // Nothing is said without the officer's position, without the photo's, or of a contractor's photo.
    expect(evidenceFindings(complaint, [photo('a', { gps: north(5_000) })], [])).toEqual([]);
    expect(evidenceFindings({ ...complaint, coordinates: null }, [photo('a', { gps: north(5_000) })], [])).toEqual([]);
    expect(evidenceFindings(stood(null), [photo('a', { gps: null })], [])).toEqual([]);
    expect(evidenceFindings(stood(null), [photo('a', { gps: north(5_000) }, { kind: 'justification' })], [])).toEqual([]);
    // The distance the rules allow is the configured one.
    expect(
      evidenceFindings(stood(null), [photo('a', { gps: north(600) })], [], { ...DEFAULT_EVIDENCE_RULES, farApartMeters: 700 }),
    ).toEqual([]);
  });

  it('measures bits and metres', () => {
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hammingDistance('f0f0f0f0f0f0f0f0', 'f0f0f0f0f0f0f0f1')).toBe(1);
    // Kuala Lumpur to Singapore, about 316 km.
    expect(Math.round(metersBetween(square, { latitude: 1.2903, longitude: 103.8519 }) / 1000)).toBe(316);
  });

  it('flags what anyone sees apart from a duplicate on another organisation’s complaint; the missing time flags nothing', () => {
    const others = [
      { complaintId: 7, refNo: 'CMP-2026-000007', organizationId: 2, sha256: 'same', dhash: null, read: true },
      { complaintId: 9, refNo: 'CMP-2026-000009', organizationId: 3, sha256: 'same', dhash: null, read: true },
    ];
    const duplicate = (id: number) => ({ kind: 'duplicate' as const, fileId: 'a', match: 'identical' as const, other: { id, refNo: '' } });
    expect(evidenceFlags([{ kind: 'noCaptureTime', fileId: 'a' }], 2, others)).toBe(0);
    expect(evidenceFlags([duplicate(7)], 2, others)).toBe(FINDING_FLAGS.own);
    expect(evidenceFlags([duplicate(9)], 2, others)).toBe(FINDING_FLAGS.elsewhere);
    expect(evidenceFlags([duplicate(9), { kind: 'edited', fileId: 'a', software: 'GIMP' }], 2, others)).toBe(3);
    expect(findingsMask(null)).toBe(3);
    expect(findingsMask(2)).toBe(FINDING_FLAGS.own);
  });

  it('reads EXIF tags: the capture time with its offset, or in the authority zone; place; camera; editor', () => {
    const size = { width: 4000, height: 3000 };
    expect(
      photoMetadataOf(
        {
          DateTimeOriginal: '2026:11:23 10:00:00',
          OffsetTimeOriginal: '+07:00',
          latitude: 3.1,
          longitude: 101.7,
          Make: ' Apple ',
          Software: 'GIMP 2.10',
        },
        size,
      ),
    ).toEqual({
      takenAt: '2026-11-23T10:00:00+07:00',
      takenAtOffsetKnown: true,
      gps: { latitude: 3.1, longitude: 101.7, accuracyMeters: null },
      cameraMake: 'Apple',
      cameraModel: null,
      software: 'GIMP 2.10',
      ...size,
    });
    expect(photoMetadataOf({ DateTimeOriginal: '2026:11:23 10:00:00' }, size).takenAt).toBe('2026-11-23T10:00:00+08:00');
    expect(photoMetadataOf({ DateTimeOriginal: '0000:00:00 00:00:00', latitude: 95, longitude: 0 }, size)).toEqual({
      ...NO_METADATA,
      ...size,
    });
    expect(photoMetadataOf(null, size)).toEqual({ ...NO_METADATA, ...size });
  });
});
