import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { problemTypes } from '../contract/account-rules';
import { FUTURE_SKEW_MS } from '../contract/complaint-rules';
import { type ComplaintInput, complaintListResponseSchema, complaintResponseSchema, type Coordinates } from '../contract/complaints';
import { complaintEvidenceResponseSchema } from '../contract/evidence';
import { uploadFileResponseSchema } from '../contract/files';
import { newComplaint } from '../server/test/complaints';
import { connectApi, expectProblem, readAs } from './support/api';

// Issue 47, registration in the field: where the officer stood (`coordinates`), and a complaint
// the phone made offline and sent later (`madeOffline`). Both are kept, answered, audited, and
// the position is weighed against the photos' (issue 35's findings).

const api = connectApi();
beforeAll(async () => {
  await api.reset();
});

const HOUR_MS = 3_600_000;
/** An instant as a phone in Malaysia writes it: wall clock with +08:00. */
const inMalaysia = (ms: number) => `${new Date(ms + 8 * HOUR_MS).toISOString().slice(0, 19)}+08:00`;
/** Whole seconds, as the phones and the form send times. */
const hoursAgo = (hours: number) => Math.floor((Date.now() - hours * HOUR_MS) / 1000) * 1000;

let places = 0;
/** A location no other complaint of this file has, to find what was stored (or was not). */
const newPlace = () => `Jalan Lapangan ${Date.now().toString(36)}-${places++}`;

const register = (body: ComplaintInput | Record<string, unknown>) => api.call('POST', 'api/v1/complaints', { as: 'officer', body });
const change = (id: number, body: Record<string, unknown>) => api.call('PATCH', `api/v1/complaints/${id}`, { as: 'officer', body });
const read = async (id: number) =>
  readAs(complaintResponseSchema, await api.call('GET', `api/v1/complaints/${id}`, { as: 'officer' })).data;
const registered = async (body: ComplaintInput) => readAs(complaintResponseSchema, await register(body)).data;
const complaintsAt = async (location: string) => {
  const res = await api.call('GET', `api/v1/complaints?history=true&limit=1000&q=${encodeURIComponent(location)}`, { as: 'officer' });
  return readAs(complaintListResponseSchema, res).data.items.filter((c) => c.location === location);
};

/** Merdeka Square, Kuala Lumpur, as a phone gives it. */
const stood: Coordinates = { latitude: 3.139003, longitude: 101.686855, accuracyMeters: 12 };

describe('POST /api/v1/complaints with where and how it was made', () => {
  it('keeps where the officer stood and when and on what the phone made it; answers them everywhere; registers it on arrival', async () => {
    const misconductMs = hoursAgo(3);
    const madeMs = hoursAgo(2);
    const location = newPlace();
    const sentAt = Date.now();
    const made = await registered(
      newComplaint({
        location,
        dateOfMisconduct: inMalaysia(misconductMs),
        coordinates: stood,
        madeOffline: { at: inMalaysia(madeMs), device: '  Chrome on Android  ' },
      }),
    );
    const expected = { coordinates: stood, madeOffline: { at: new Date(madeMs).toISOString(), device: 'Chrome on Android' } };
    expect(made).toMatchObject(expected);
    // Registered when it arrived, not when the phone made it.
    expect(Date.parse(made.createdAt)).toBeGreaterThanOrEqual(sentAt - 1000);
    expect(await read(made.id)).toMatchObject(expected);
    expect((await complaintsAt(location))[0]).toMatchObject(expected);
  });

  it('answers null for both when the complaint says neither, or sends them as null', async () => {
    expect(await registered(newComplaint({ location: newPlace() }))).toMatchObject({ coordinates: null, madeOffline: null });
    const nulls = await registered(newComplaint({ location: newPlace(), coordinates: null, madeOffline: null }));
    expect(await read(nulls.id)).toMatchObject({ coordinates: null, madeOffline: null });
  });

  it('takes a position whose accuracy is unknown, and a complaint made at the very time of the misconduct', async () => {
    const at = inMalaysia(hoursAgo(1));
    const made = await registered(
      newComplaint({
        location: newPlace(),
        dateOfMisconduct: at,
        coordinates: { latitude: -90, longitude: 180, accuracyMeters: null },
        madeOffline: { at, device: 'x'.repeat(100) },
      }),
    );
    expect(made.coordinates).toEqual({ latitude: -90, longitude: 180, accuracyMeters: null });
    expect(made.madeOffline?.device).toHaveLength(100);
  });

  it('refuses a complaint made in the future, before the misconduct, or on a device named in 101 characters; stores none', async () => {
    const cases: [Partial<ComplaintInput>, string, string][] = [
      [
        { madeOffline: { at: new Date(Date.now() + FUTURE_SKEW_MS + 10 * 60_000).toISOString(), device: 'Pixel 8' } },
        'madeOffline.at',
        'The complaint cannot be made in the future',
      ],
      [
        { dateOfMisconduct: inMalaysia(hoursAgo(2)), madeOffline: { at: inMalaysia(hoursAgo(3)), device: 'Pixel 8' } },
        'madeOffline.at',
        'The complaint cannot be made before the misconduct.',
      ],
      [{ madeOffline: { at: inMalaysia(hoursAgo(0.5)), device: 'x'.repeat(101) } }, 'madeOffline.device', 'At most 100 characters'],
      [{ madeOffline: { at: inMalaysia(hoursAgo(0.5)), device: '   ' } }, 'madeOffline.device', 'Name the device it was made on'],
    ];
    for (const [fields, field, message] of cases) {
      const location = newPlace();
      const problem = expectProblem(await register(newComplaint({ location, ...fields })), 400, problemTypes.validation);
      expect(problem.errors, field).toEqual({ [field]: [message] });
      expect(await complaintsAt(location)).toEqual([]);
    }
    const before = expectProblem(
      await register(
        newComplaint({ dateOfMisconduct: inMalaysia(hoursAgo(2)), madeOffline: { at: inMalaysia(hoursAgo(3)), device: 'Pixel 8' } }),
      ),
      400,
    );
    expect(before.code).toBe('madeOfflineBeforeMisconduct');
  });

  it('refuses a latitude, longitude or accuracy out of range in words that give the range; stores none', async () => {
    const cases: [Coordinates, string, string][] = [
      [{ ...stood, latitude: 90.5 }, 'coordinates.latitude', 'A latitude is from -90 to 90 degrees'],
      [{ ...stood, longitude: -181 }, 'coordinates.longitude', 'A longitude is from -180 to 180 degrees'],
      [{ ...stood, accuracyMeters: 100_001 }, 'coordinates.accuracyMeters', 'An accuracy is from 0 to 100000 metres'],
      [{ ...stood, accuracyMeters: -1 }, 'coordinates.accuracyMeters', 'An accuracy is from 0 to 100000 metres'],
    ];
    for (const [coordinates, field, message] of cases) {
      const location = newPlace();
      const problem = expectProblem(await register(newComplaint({ location, coordinates })), 400, problemTypes.validation);
      expect(problem.errors).toEqual({ [field]: [message] });
      expect(await complaintsAt(location)).toEqual([]);
    }
  });
});

describe('PATCH /api/v1/complaints/{id}', () => {
  it('changes where the officer stood, keeps it when not named, and clears it with null', async () => {
    const { id } = await registered(newComplaint({ location: newPlace(), coordinates: stood }));
    const moved = { latitude: 3.1569, longitude: 101.7123, accuracyMeters: 30 };
    expect(readAs(complaintResponseSchema, await change(id, { coordinates: moved })).data.coordinates).toEqual(moved);
    expect(readAs(complaintResponseSchema, await change(id, { qty: 4 })).data.coordinates).toEqual(moved);
    expect((await read(id)).coordinates).toEqual(moved);

    const refused = expectProblem(await change(id, { coordinates: { ...moved, latitude: -91 } }), 400, problemTypes.validation);
    expect(refused.errors).toEqual({ 'coordinates.latitude': ['A latitude is from -90 to 90 degrees'] });
    expect((await read(id)).coordinates).toEqual(moved);

    expect(readAs(complaintResponseSchema, await change(id, { coordinates: null })).data.coordinates).toBeNull();
    expect((await read(id)).coordinates).toBeNull();
  });

  it('never takes madeOffline, and keeps the misconduct no later than the complaint was made offline', async () => {
    const madeAt = inMalaysia(hoursAgo(2));
    const made = await registered(
      newComplaint({ location: newPlace(), dateOfMisconduct: inMalaysia(hoursAgo(3)), madeOffline: { at: madeAt, device: 'Pixel 8' } }),
    );
    const refused = expectProblem(await change(made.id, { madeOffline: null }), 400, problemTypes.validation);
    expect(refused.code).toBe('validation');
    expect(expectProblem(await change(made.id, { madeOffline: { at: madeAt, device: 'iPhone' } }), 400).code).toBe('validation');

    const later = expectProblem(await change(made.id, { dateOfMisconduct: inMalaysia(hoursAgo(1)) }), 400, problemTypes.validation);
    expect(later.code).toBe('misconductAfterMadeOffline');
    expect(later.errors).toEqual({ dateOfMisconduct: ['The misconduct cannot be after the complaint was made offline.'] });
    expect(await read(made.id)).toMatchObject({ dateOfMisconduct: made.dateOfMisconduct, madeOffline: made.madeOffline });

    const earlier = readAs(complaintResponseSchema, await change(made.id, { dateOfMisconduct: inMalaysia(hoursAgo(4)) })).data;
    expect(earlier.madeOffline).toEqual(made.madeOffline);
  });
});

describe('the audit trail', () => {
  it('keeps where and how a complaint was made in its creation, and a change of the position', async () => {
    const madeMs = hoursAgo(0.5);
    const { id } = await registered(
      newComplaint({ location: newPlace(), coordinates: stood, madeOffline: { at: inMalaysia(madeMs), device: 'Chrome on Android' } }),
    );
    readAs(complaintResponseSchema, await change(id, { coordinates: null }));
    const res = await api.call('GET', `api/v1/audit-events?entity=complaint&entityId=${id}`, { as: 'admin' });
    const events = (res.json as { data: { items: { action: string; before: Record<string, unknown>; after: Record<string, unknown> }[] } })
      .data.items;
    const created = events.find((e) => e.action === 'create')!;
    expect(created.after).toMatchObject({
      coordinates: stood,
      madeOffline: { at: new Date(madeMs).toISOString(), device: 'Chrome on Android' },
    });
    const changed = events.find((e) => e.action === 'update')!;
    expect(changed.before.coordinates).toEqual(stood);
    expect(changed.after.coordinates).toBeNull();
    expect(changed.after.madeOffline).toEqual(created.after.madeOffline);
  });
});

describe('an officer’s photo against where the officer stood', () => {
  /** A photo as a phone writes it: taken at `takenMs`, at Merdeka Square (± 5 m) unless `placed` is false. */
  const photo = (takenMs: number, colour: number, placed = true) =>
    sharp({ create: { width: 320, height: 240, channels: 3, background: { r: colour, g: 90, b: 140 } } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Google', Model: 'Pixel 8' },
        IFD2: { DateTimeOriginal: inMalaysia(takenMs).slice(0, 19).replace(/-/g, ':').replace('T', ' '), OffsetTimeOriginal: '+08:00' },
        ...(placed && {
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '3/1 8/1 5208/100',
            GPSLongitudeRef: 'E',
            GPSLongitude: '101/1 41/1 4308/100',
            GPSHPositioningError: '5/1',
          },
        }),
      })
      .toBuffer();
  /** The photo's place (3.1478, 101.6953), and points some distance north of it. */
  const north = (meters: number): Coordinates => ({ latitude: 3.1478 + meters / 111_195, longitude: 101.6953, accuracyMeters: 12 });

  let colours = 10;
  async function registerWithPhoto(coordinates: Coordinates | null, placed = true) {
    const misconductMs = hoursAgo(1);
    const upload = await api.call('POST', 'api/v1/files', {
      as: 'officer',
      parts: [
        {
          name: 'file',
          bytes: new Uint8Array(await photo(misconductMs, (colours += 40) % 256, placed)),
          filename: 'site.jpg',
          contentType: 'image/jpeg',
        },
      ],
    });
    const file = readAs(uploadFileResponseSchema, upload).data;
    const made = await registered(
      newComplaint({ location: newPlace(), dateOfMisconduct: inMalaysia(misconductMs), coordinates, attachmentFileIds: [file.id] }),
    );
    return { id: made.id, fileId: file.id };
  }
  const findingsOf = async (id: number) =>
    readAs(complaintEvidenceResponseSchema, await api.call('GET', `api/v1/complaints/${id}/evidence`, { as: 'verifier' })).data.findings;
  const withFindings = async () => {
    const res = await api.call('GET', 'api/v1/complaints?history=true&findings=true&limit=1000', { as: 'verifier' });
    return readAs(complaintListResponseSchema, res).data.items.map((c) => c.id);
  };

  it('is a finding, with the distance, when further than allowed and both accuracies; the lists count it', async () => {
    const { id, fileId } = await registerWithPhoto(north(2_000));
    const findings = await findingsOf(id);
    expect(findings).toEqual([{ kind: 'farFromOfficer', fileId, meters: expect.any(Number) }]);
    const { meters } = findings[0] as { meters: number };
    expect(meters).toBeGreaterThan(1_950);
    expect(meters).toBeLessThan(2_050);
    expect(await withFindings()).toContain(id);
  });

  it('says nothing when the photo was taken near, when the officer’s position or the photo’s is not known', async () => {
    expect(await findingsOf((await registerWithPhoto(north(100))).id)).toEqual([]);
    // 510 m: beyond the 500 m allowed, within it and the two accuracies (12 m and 5 m).
    expect(await findingsOf((await registerWithPhoto(north(510))).id)).toEqual([]);
    expect(await findingsOf((await registerWithPhoto(null)).id)).toEqual([]);
    expect(await findingsOf((await registerWithPhoto(north(2_000), false)).id)).toEqual([]);
  });

  it('follows a change of the position: found once it is far, gone once it is cleared', async () => {
    const { id, fileId } = await registerWithPhoto(null);
    expect(await withFindings()).not.toContain(id);
    readAs(complaintResponseSchema, await change(id, { coordinates: north(3_000) }));
    expect(await findingsOf(id)).toEqual([{ kind: 'farFromOfficer', fileId, meters: expect.any(Number) }]);
    expect(await withFindings()).toContain(id);
    readAs(complaintResponseSchema, await change(id, { coordinates: null }));
    expect(await findingsOf(id)).toEqual([]);
    expect(await withFindings()).not.toContain(id);
  });
});
