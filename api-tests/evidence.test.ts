import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { complaintResponseSchema } from '../contract/complaints';
import { type ComplaintEvidence, complaintEvidenceResponseSchema } from '../contract/evidence';
import { uploadFileResponseSchema } from '../contract/files';
import { complaints as fixtureComplaints, evidenceFiles, ORGANIZATION_ID } from '../fixtures';
import { connectApi, expectProblem, readAs } from './support/api';
import type { RequestOptions } from './support/client';

// What a complaint's photos say (issue 35), on both back ends: the fixture photos that declare
// their testimony, and photos uploaded with real EXIF, read on arrival.

const api = connectApi();
let kitarHijau: RequestOptions['as'];
beforeAll(async () => {
  await api.reset();
  kitarHijau = { token: await api.signIn('kitarHijau') };
});

const evidenceOf = async (id: number, as: RequestOptions['as'] = 'verifier'): Promise<ComplaintEvidence> =>
  readAs(complaintEvidenceResponseSchema, await api.call('GET', `api/v1/complaints/${id}/evidence`, { as })).data;
const fileOf = (complaintId: number, place: number) =>
  fixtureComplaints.find((c) => c.id === complaintId)!.complaintAttachments[place]!.fileId;
const refOf = (complaintId: number) => fixtureComplaints.find((c) => c.id === complaintId)!.refNo;

describe('the fixture photos', () => {
  it('complaint 58: one taken three days after the misconduct, two kilometres apart, one the same picture as 61’s', async () => {
    const evidence = await evidenceOf(58);
    expect(evidence.rules).toEqual({ minutesBefore: 24 * 60, minutesAfter: 60, farApartMeters: 500 });
    expect(evidence.photos.map((p) => [p.fileId, p.kind])).toEqual([
      [fileOf(58, 0), 'complaint'],
      [fileOf(58, 1), 'complaint'],
    ]);
    const declared = evidenceFiles.find((f) => f.fileId === fileOf(58, 0))!;
    expect(evidence.photos[0]).toMatchObject({ sha256: declared.sha256, metadata: declared.metadata });
    expect(evidence.findings).toEqual([
      { kind: 'takenOutsideWindow', fileId: fileOf(58, 0), takenAt: declared.metadata.takenAt, minutesAfter: 3 * 24 * 60 + 20 },
      { kind: 'duplicate', fileId: fileOf(58, 1), match: 'identical', other: { id: 61, refNo: refOf(61) } },
      { kind: 'farApart', fileIds: [fileOf(58, 0), fileOf(58, 1)], meters: expect.any(Number) },
    ]);
    const apart = evidence.findings.find((f) => f.kind === 'farApart') as { meters: number };
    expect(apart.meters).toBeGreaterThan(1_950);
    expect(apart.meters).toBeLessThan(2_050);
  });

  it('complaint 61: the duplicate back, a screenshot with no capture time, a photo re-saved in Photoshop', async () => {
    expect((await evidenceOf(61, 'contractor')).findings).toEqual([
      { kind: 'duplicate', fileId: fileOf(61, 0), match: 'identical', other: { id: 58, refNo: refOf(58) } },
      { kind: 'noCaptureTime', fileId: fileOf(61, 1) },
      { kind: 'edited', fileId: fileOf(61, 2), software: 'Adobe Photoshop 25.1 (Windows)' },
    ]);
  });

  it('a near picture is linked for whoever sees both complaints, and for no one else', async () => {
    expect((await evidenceOf(62)).findings).toEqual([
      { kind: 'duplicate', fileId: fileOf(62, 0), match: 'similar', other: { id: 54, refNo: refOf(54) } },
    ]);
    // Kitar Hijau's representative sees complaint 62 but not Sinar Lestari's 54.
    expect((await evidenceOf(62, kitarHijau)).findings).toEqual([]);
    const refused = expectProblem(await api.call('GET', 'api/v1/complaints/54/evidence', { as: kitarHijau }), 403);
    expect(refused.code).toBe('complaintNotYours');
  });

  it('a plain photo says nothing to worry about; a picture from before photos were read says nothing at all', async () => {
    expect((await evidenceOf(50)).findings).toEqual([]);
    const old = await evidenceOf(1);
    expect(old.photos.length).toBeGreaterThan(0);
    expect(old.photos.every((p) => p.metadata === null && /^[0-9a-f]{64}$/.test(p.sha256))).toBe(true);
    expect(old.findings).toEqual([]);
  });

  it('lists the complaints with findings as each caller sees them, and the dashboard counts them', async () => {
    const withFindings = async (as: RequestOptions['as']) => {
      const res = await api.call('GET', 'api/v1/complaints?history=true&findings=true&limit=100', { as });
      return (res.json as { data: { items: { id: number }[] } }).data.items.map((c) => c.id).sort((a, b) => a - b);
    };
    // 50's plain photo and 61's screenshot alone would not count; 61 has more.
    expect(await withFindings('verifier')).toEqual([54, 58, 61, 62]);
    expect(await withFindings('contractor')).toEqual([58, 61]);
    // Kitar Hijau's 62 is near Sinar Lestari's 54 only: not for Kitar Hijau's eyes.
    expect(await withFindings(kitarHijau)).toEqual([]);
    const cards = async (as: RequestOptions['as']) => {
      const res = await api.call(
        'GET',
        'api/v1/dashboard?from=2026-01-01T00:00:00%2B08:00&to=2026-12-01T00:00:00%2B08:00&tz=Asia/Kuala_Lumpur',
        {
          as,
        },
      );
      return (res.json as { data: { cards: { withFindings: number } } }).data.cards.withFindings;
    };
    expect(await cards('verifier')).toBe(4);
    expect(await cards('contractor')).toBe(2);
    expect(await cards(kitarHijau)).toBe(0);
  });

  it('answers 404 for a complaint that is not there', async () => {
    expectProblem(await api.call('GET', 'api/v1/complaints/999999/evidence', { as: 'verifier' }), 404);
  });
});

describe('photos uploaded with their EXIF', () => {
  /** A JPEG as a phone writes it, taken at `takenAt` (EXIF wall clock and offset). */
  const photo = (wallClock: string, offset: string, colour: number) =>
    sharp({ create: { width: 320, height: 240, channels: 3, background: { r: colour, g: 120, b: 80 } } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Google', Model: 'Pixel 8' }, IFD2: { DateTimeOriginal: wallClock, OffsetTimeOriginal: offset } })
      .toBuffer();

  async function register(bytes: Uint8Array, dateOfMisconduct: string) {
    const upload = await api.call('POST', 'api/v1/files', {
      as: 'officer',
      parts: [{ name: 'file', bytes, filename: 'site.jpg', contentType: 'image/jpeg' }],
    });
    const file = readAs(uploadFileResponseSchema, upload).data;
    const res = await api.call('POST', 'api/v1/complaints', {
      as: 'officer',
      body: {
        typeOfOffenceId: 2,
        dateOfMisconduct,
        description: 'Bulky waste left at the bin centre.',
        organizationId: ORGANIZATION_ID.alamBersih,
        contractId: 1,
        offender: 'Lorry WXY 1234',
        location: 'Jalan Ipoh, Sentul',
        qty: 1,
        attachmentFileIds: [file.id],
      },
    });
    return { id: readAs(complaintResponseSchema, res).data.id, fileId: file.id };
  }

  it('reads the capture time on arrival: four days after the stated misconduct is a finding; the same picture twice links both', async () => {
    const bytes = new Uint8Array(await photo('2026:11:21 09:30:00', '+08:00', 200));
    const first = await register(bytes, '2026-11-17T09:00:00+08:00');
    const evidence = await evidenceOf(first.id);
    expect(evidence.photos[0]!.metadata).toMatchObject({
      takenAt: '2026-11-21T09:30:00+08:00',
      takenAtOffsetKnown: true,
      cameraMake: 'Google',
      cameraModel: 'Pixel 8',
      software: null,
    });
    expect(evidence.findings).toEqual([
      { kind: 'takenOutsideWindow', fileId: first.fileId, takenAt: '2026-11-21T09:30:00+08:00', minutesAfter: 4 * 24 * 60 + 30 },
    ]);

    // The same bytes uploaded again for another complaint, stated at the right time.
    const second = await register(bytes, '2026-11-21T09:00:00+08:00');
    expect((await evidenceOf(second.id)).findings).toEqual([
      { kind: 'duplicate', fileId: second.fileId, match: 'identical', other: { id: first.id, refNo: expect.any(String) } },
    ]);
    expect((await evidenceOf(first.id)).findings).toContainEqual({
      kind: 'duplicate',
      fileId: first.fileId,
      match: 'identical',
      other: { id: second.id, refNo: expect.any(String) },
    });
  });

  it('flags both complaints of a shared photo in the lists, and the first no more once the second is deleted', async () => {
    const bytes = new Uint8Array(await photo('2026:10:02 09:10:00', '+08:00', 90));
    const first = await register(bytes, '2026-10-02T09:00:00+08:00');
    const listed = async () =>
      (
        (await api.call('GET', 'api/v1/complaints?history=true&findings=true&limit=100', { as: 'verifier' })).json as {
          data: { items: { id: number }[] };
        }
      ).data.items.map((c) => c.id);
    expect(await listed()).not.toContain(first.id);
    const second = await register(bytes, '2026-10-02T09:00:00+08:00');
    expect(await listed()).toEqual(expect.arrayContaining([first.id, second.id]));
    expect((await api.call('DELETE', `api/v1/complaints/${second.id}`, { as: 'officer' })).status).toBe(204);
    expect(await listed()).not.toContain(first.id);
  });

  it('finds nothing in a photo taken within the window', async () => {
    const { id } = await register(new Uint8Array(await photo('2026:11:24 08:40:00', '+08:00', 30)), '2026-11-24T09:00:00+08:00');
    expect((await evidenceOf(id)).findings).toEqual([]);
  });
});

describe('the evidence pack', () => {
  /** The PDF's text, page by page joined, whitespace made single. */
  async function packText(id: number, as: RequestOptions['as'], query = '') {
    const res = await api.call('GET', `api/v1/complaints/${id}/evidence-pack.pdf${query}`, { as });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`evidence-${refOf(id)}.pdf`);
    expect(new TextDecoder().decode(res.bytes.slice(0, 5))).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(res.bytes), { mergePages: true });
    return text.replace(/\s+/g, ' ');
  }

  it('holds the complaint, its moves with their hashes, each photo with its testimony, hash and findings, the audit events and who made it', async () => {
    const text = await packText(58, 'verifier', '?tz=Asia/Kuala_Lumpur');
    const complaint = fixtureComplaints.find((c) => c.id === 58)!;
    expect(text).toContain(`Evidence pack: ${complaint.refNo}`);
    expect(text).toContain(complaint.offender);
    expect(text).toContain('Justified');
    for (const move of complaint.statusHistory) expect(text).toContain(move.changedBy.fullName);
    expect(text).toMatch(/Move 1 of this complaint, SHA-256 [0-9a-f]{64}/);
    const declared = evidenceFiles.find((f) => f.fileId === fileOf(58, 0))!;
    expect(text).toContain(`SHA-256 of the original: ${declared.sha256}`);
    expect(text).toContain('Camera: samsung SM-A546E');
    expect(text).toContain('Photo 1 was taken 3 days 20 minutes after the stated misconduct');
    expect(text).toContain(`Photo 2 is the same image as a photo of complaint ${refOf(61)}.`);
    expect(text).toMatch(/Photo 1 and Photo 2 were taken 2\.0 km apart/);
    // Its own making is the complaint's newest audit event, with its hashes, and the trail's head.
    // Moments as every screen writes them, DD-MM-YYYY hh:mm:ss AM/PM, not ISO and 24-hour.
    const moment = String.raw`\d{2}-\d{2}-\d{4} (0\d|1[0-2]):\d{2}:\d{2} (AM|PM)`;
    expect(text).toMatch(new RegExp(String.raw`Event \d+, ${moment}: Evidence pack made by verifier@example\.com`));
    expect(text).toMatch(/Audit trail head when this pack was made: event \d+, SHA-256 [0-9a-f]{64}/);
    expect(text).toMatch(new RegExp(String.raw`Made ${moment} \(Asia/Kuala_Lumpur\) by .+ <verifier@example\.com>`));
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  });

  it('speaks Malay when asked, and is audited', async () => {
    const text = await packText(61, 'contractor', '?lang=ms');
    expect(text).toContain(`Pek bukti: ${refOf(61)}`);
    expect(text).toContain('Foto 2 tiada masa tangkapan');
    expect(text).toContain('Foto 3 telah disimpan semula oleh perisian penyuntingan: Adobe Photoshop 25.1 (Windows).');
    const trail = await api.call('GET', 'api/v1/audit-events?entity=complaint&entityId=61', { as: 'admin' });
    // With the complaint's ref no., which names it on Activity as every complaint event is named.
    expect((trail.json as { data: { items: { action: string; actor: { email: string } }[] } }).data.items[0]).toMatchObject({
      action: 'pack',
      actor: { email: 'contractor@example.com' },
      after: { refNo: refOf(61) },
    });
  });

  it("refuses another contractor's complaint and a zone it does not know, making nothing", async () => {
    const other = await api.call('GET', 'api/v1/complaints/54/evidence-pack.pdf', { as: kitarHijau });
    expect(expectProblem(other, 403).code).toBe('complaintNotYours');
    expect(
      expectProblem(await api.call('GET', 'api/v1/complaints/58/evidence-pack.pdf?tz=Mars/Olympus', { as: 'verifier' }), 400).code,
    ).toBe('timeZoneUnknown');
  });
});
