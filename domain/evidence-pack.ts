import type { AuditAction } from '../contract/audit-entities';
import type { ComplaintDetail } from '../contract/complaints';
import type { ExportLanguage } from '../contract/envelope';
import type { ComplaintEvidence, EvidenceFinding, PhotoEvidence } from '../contract/evidence';
import type { AuditChange } from './audit';
import { STATUS_NAMES, zonedReadableTime } from './exports';

/*
 * What an evidence pack says (issue 35), in the caller's language and time zone: the complaint,
 * every move with who and when and its chain hash, each photo with what it said of itself, its
 * findings and the SHA-256 of its original, the complaint's audit events with their chain
 * hashes, and who made the pack when. Both back ends draw this same content into their PDF.
 */

/** One part of the pack, in reading order. */
export type PackBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'field'; label: string; value: string }
  | { kind: 'text'; text: string }
  /** A hash or other machine text, set in a fixed-width face. */
  | { kind: 'code'; text: string }
  /** One photo of the complaint, drawn with what it says under it, then the SHA-256 of its original. */
  | { kind: 'photo'; fileId: string; title: string; lines: string[]; sha256: string };

export interface EvidencePack {
  title: string;
  /** Who made it and when, on every page's foot. */
  footer: string;
  /** Said in place of a photo whose file the storage no longer has. */
  missingPhoto: string;
  blocks: PackBlock[];
}

/** An audit event of the complaint, with its place and hashes in the trail's chain. */
export interface PackAuditEvent {
  seq: number;
  at: string;
  actorEmail: string | null;
  action: string;
  hash: string;
  prevHash: string;
}

/** A move of the complaint with its place and hash in the complaint's chain. */
export type PackMove = ComplaintDetail['statusHistory'][number] & { seq: number; hash: string };

export interface PackFacts {
  complaint: ComplaintDetail;
  moves: readonly PackMove[];
  evidence: ComplaintEvidence;
  audit: readonly PackAuditEvent[];
  /** The trail's head as the pack is made. */
  head: { seq: number; hash: string };
  madeBy: { fullName: string; email: string };
  madeAt: string;
}

/** A pack's making as the trail keeps it: with the complaint's ref no., which names it on Activity. */
export function packAudit(
  complaint: { id: number; refNo: string },
  made: { lang: ExportLanguage; tz: string; photos: number },
): AuditChange {
  return { action: 'pack', entity: 'complaint', entityId: complaint.id, before: null, after: { refNo: complaint.refNo, ...made } };
}

/** The audit actions in words (the SPA's locale files say the same). */
const ACTIONS: Record<ExportLanguage, Record<AuditAction, string>> = {
  en: {
    create: 'Created',
    update: 'Changed',
    delete: 'Deleted',
    invite: 'Invited',
    justify: 'Justified',
    verify: 'Verified',
    refresh: 'Refreshed',
    issue: 'Issued',
    pay: 'Marked paid',
    resend: 'Sent again',
    reset: 'Reset',
    pack: 'Evidence pack made',
  },
  ms: {
    create: 'Dicipta',
    update: 'Diubah',
    delete: 'Dipadam',
    invite: 'Dijemput',
    justify: 'Dijustifikasi',
    verify: 'Disahkan',
    refresh: 'Dikemas kini',
    issue: 'Dikeluarkan',
    pay: 'Ditanda dibayar',
    resend: 'Dihantar semula',
    reset: 'Ditetapkan semula',
    pack: 'Pek bukti dibuat',
  },
};

const WORDS = {
  en: {
    title: 'Evidence pack',
    made: 'Made {at} ({zone}) by {name} <{email}>',
    complaint: 'Complaint',
    refNo: 'Ref. No',
    status: 'Status',
    offence: 'Type of offence',
    misconduct: 'Date of misconduct',
    description: 'Description',
    offender: 'Offender',
    location: 'Location',
    qty: 'Quantity',
    contractor: 'Contractor',
    contract: 'Contract',
    registered: 'Registered',
    officerPosition: 'Where the officer stood',
    madeOffline: 'Made offline',
    madeOfflineAt: '{at} on {device}, sent later',
    justification: 'Justification',
    remark: 'Remark',
    none: '—',
    moves: 'Moves',
    move: '{at}: {from} to {to}, by {name}',
    registeredMove: '{at}: registered as {to}, by {name}',
    moveHash: 'Move {seq} of this complaint, SHA-256 {hash}',
    photos: 'Photos',
    noPhotos: 'No photos.',
    photo: 'Photo {n}',
    justificationPhoto: 'Justification photo {n}',
    notRead: 'Uploaded before photos were read: nothing is known of it but its hash.',
    takenAt: 'Taken: {at}',
    takenAssumed: '{at} (no time zone in the photo: the authority’s assumed)',
    noTime: 'Taken: no capture time in the photo',
    camera: 'Camera: {camera}',
    software: 'Saved by: {software}',
    position: 'Position: {lat}, {lon}{accuracy}',
    size: 'Size: {w} × {h} pixels',
    sha: 'SHA-256 of the original: {hash}',
    missingPhoto: 'The stored file of this photo is missing.',
    findings: 'Findings',
    noFindings:
      'Nothing to note: the photos were taken in time, in one place, and appear on no other complaint the maker of this pack may see.',
    inform: 'Findings inform the decision; they never block it.',
    after: '{photo} was taken {span} after the stated misconduct ({at}); expected from {before} before to {after} after.',
    before: '{photo} was taken {span} before the stated misconduct ({at}); expected from {before} before to {after} after.',
    noCaptureTime: '{photo} carries no capture time, as is usual for screenshots and photos passed through messaging apps.',
    edited: '{photo} was re-saved by editing software: {software}.',
    identical: '{photo} is the same image as a photo of complaint {ref}.',
    similar: '{photo} looks nearly the same as a photo of complaint {ref}.',
    farApart: '{first} and {second} were taken {distance} apart (more than {allowed}).',
    farFromOfficer: '{photo} was taken {distance} from where the officer stood (more than {allowed} and both positions’ accuracy).',
    audit: 'Audit trail',
    auditEvent: 'Event {seq}, {at}: {action} by {actor}',
    system: 'the system',
    auditHash: 'SHA-256 {hash}, after {prev}',
    head: 'Audit trail head when this pack was made: event {seq}, SHA-256 {hash}',
    days: ['{n} day', '{n} days'],
    hours: ['{n} hour', '{n} hours'],
    minutes: ['{n} minute', '{n} minutes'],
  },
  ms: {
    title: 'Pek bukti',
    made: 'Dibuat {at} ({zone}) oleh {name} <{email}>',
    complaint: 'Aduan',
    refNo: 'No. Rujukan',
    status: 'Status',
    offence: 'Jenis kesalahan',
    misconduct: 'Tarikh salah laku',
    description: 'Keterangan',
    offender: 'Pesalah',
    location: 'Lokasi',
    qty: 'Kuantiti',
    contractor: 'Kontraktor',
    contract: 'Kontrak',
    registered: 'Didaftarkan',
    officerPosition: 'Tempat pegawai berdiri',
    madeOffline: 'Dibuat di luar talian',
    madeOfflineAt: '{at} menggunakan {device}, dihantar kemudian',
    justification: 'Justifikasi',
    remark: 'Catatan',
    none: '—',
    moves: 'Pergerakan',
    move: '{at}: {from} ke {to}, oleh {name}',
    registeredMove: '{at}: didaftarkan sebagai {to}, oleh {name}',
    moveHash: 'Pergerakan {seq} aduan ini, SHA-256 {hash}',
    photos: 'Foto',
    noPhotos: 'Tiada foto.',
    photo: 'Foto {n}',
    justificationPhoto: 'Foto justifikasi {n}',
    notRead: 'Dimuat naik sebelum foto dibaca: tiada yang diketahui kecuali cincangannya.',
    takenAt: 'Diambil: {at}',
    takenAssumed: '{at} (foto tidak menyatakan zon waktu: zon pihak berkuasa diandaikan)',
    noTime: 'Diambil: tiada masa tangkapan dalam foto',
    camera: 'Kamera: {camera}',
    software: 'Disimpan oleh: {software}',
    position: 'Kedudukan: {lat}, {lon}{accuracy}',
    size: 'Saiz: {w} × {h} piksel',
    sha: 'SHA-256 fail asal: {hash}',
    missingPhoto: 'Fail simpanan foto ini tiada.',
    findings: 'Penemuan',
    noFindings:
      'Tiada apa-apa untuk diperhatikan: foto diambil dalam tempoh, di satu tempat, dan tiada pada aduan lain yang boleh dilihat oleh pembuat pek ini.',
    inform: 'Penemuan ini sebagai makluman; ia tidak menghalang keputusan.',
    after: '{photo} diambil {span} selepas salah laku yang dinyatakan ({at}); dijangka dari {before} sebelum hingga {after} selepas.',
    before: '{photo} diambil {span} sebelum salah laku yang dinyatakan ({at}); dijangka dari {before} sebelum hingga {after} selepas.',
    noCaptureTime: '{photo} tiada masa tangkapan, seperti biasa bagi tangkapan skrin dan foto yang dihantar melalui aplikasi pesanan.',
    edited: '{photo} telah disimpan semula oleh perisian penyuntingan: {software}.',
    identical: '{photo} ialah imej yang sama dengan foto aduan {ref}.',
    similar: '{photo} hampir sama dengan foto aduan {ref}.',
    farApart: '{first} dan {second} diambil {distance} berjauhan (lebih daripada {allowed}).',
    farFromOfficer: '{photo} diambil {distance} dari tempat pegawai berdiri (lebih daripada {allowed} dan ketepatan kedua-dua kedudukan).',
    audit: 'Jejak audit',
    auditEvent: 'Peristiwa {seq}, {at}: {action} oleh {actor}',
    system: 'sistem',
    auditHash: 'SHA-256 {hash}, selepas {prev}',
    head: 'Kepala jejak audit semasa pek ini dibuat: peristiwa {seq}, SHA-256 {hash}',
    days: ['{n} hari', '{n} hari'],
    hours: ['{n} jam', '{n} jam'],
    minutes: ['{n} minit', '{n} minit'],
  },
} as const satisfies Record<ExportLanguage, Record<string, string | readonly [string, string]>>;

type Words = (typeof WORDS)[ExportLanguage];

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

/** "3 days 20 minutes": the largest two units of a span of minutes. */
function span(words: Words, minutes: number): string {
  const total = Math.abs(minutes);
  const parts = (
    [
      [words.days, Math.floor(total / 1440)],
      [words.hours, Math.floor((total % 1440) / 60)],
      [words.minutes, total % 60],
    ] as const
  ).filter(([, n]) => n > 0);
  if (parts.length === 0) return fill(words.minutes[1], { n: 0 });
  return parts
    .slice(0, 2)
    .map(([forms, n]) => fill(forms[n === 1 ? 0 : 1], { n }))
    .join(' ');
}

const distance = (meters: number) => (meters >= 1000 ? `${(meters / 1000).toFixed(1)} km` : `${meters} m`);

/** A finding in words (the SPA words the same finding alike). */
function findingText(words: Words, finding: EvidenceFinding, names: Map<string, string>, evidence: ComplaintEvidence, zone: string) {
  const name = (fileId: string) => names.get(fileId) ?? fileId;
  const window = { before: span(words, evidence.rules.minutesBefore), after: span(words, evidence.rules.minutesAfter) };
  switch (finding.kind) {
    case 'takenOutsideWindow':
      return fill(finding.minutesAfter > 0 ? words.after : words.before, {
        photo: name(finding.fileId),
        span: span(words, finding.minutesAfter),
        at: zonedReadableTime(finding.takenAt, zone),
        ...window,
      });
    case 'noCaptureTime':
      return fill(words.noCaptureTime, { photo: name(finding.fileId) });
    case 'edited':
      return fill(words.edited, { photo: name(finding.fileId), software: finding.software });
    case 'duplicate':
      return fill(finding.match === 'identical' ? words.identical : words.similar, {
        photo: name(finding.fileId),
        ref: finding.other.refNo,
      });
    case 'farApart':
      return fill(words.farApart, {
        first: name(finding.fileIds[0]!),
        second: name(finding.fileIds[1]!),
        distance: distance(finding.meters),
        allowed: distance(evidence.rules.farApartMeters),
      });
    case 'farFromOfficer':
      return fill(words.farFromOfficer, {
        photo: name(finding.fileId),
        distance: distance(finding.meters),
        allowed: distance(evidence.rules.farApartMeters),
      });
  }
}

/** `3.139003, 101.686855 (± 12 m)`: a position as the detail shows it. */
const position = ({ latitude, longitude, accuracyMeters }: NonNullable<ComplaintDetail['coordinates']>) =>
  `${latitude.toFixed(6)}, ${longitude.toFixed(6)}${accuracyMeters === null ? '' : ` (± ${Math.round(accuracyMeters)} m)`}`;

/** What a photo said of itself, line by line. */
function photoLines(words: Words, photo: PhotoEvidence, zone: string): string[] {
  const m = photo.metadata;
  if (!m) return [words.notRead];
  const at = m.takenAt && zonedReadableTime(m.takenAt, zone);
  const camera = [m.cameraMake, m.cameraModel].filter(Boolean).join(' ');
  return [
    at ? fill(words.takenAt, { at: m.takenAtOffsetKnown ? at : fill(words.takenAssumed, { at }) }) : words.noTime,
    ...(camera ? [fill(words.camera, { camera })] : []),
    ...(m.software ? [fill(words.software, { software: m.software })] : []),
    ...(m.gps
      ? [
          fill(words.position, {
            lat: m.gps.latitude.toFixed(5),
            lon: m.gps.longitude.toFixed(5),
            accuracy: m.gps.accuracyMeters === null ? '' : ` (± ${Math.round(m.gps.accuracyMeters)} m)`,
          }),
        ]
      : []),
    ...(m.width && m.height ? [fill(words.size, { w: m.width, h: m.height })] : []),
  ];
}

/** The pack's content, in `lang`, times in `zone`. */
export function evidencePack(facts: PackFacts, lang: ExportLanguage, zone: string): EvidencePack {
  const words = WORDS[lang];
  const { complaint: c, evidence } = facts;
  const at = (iso: string) => zonedReadableTime(iso, zone);
  const names = new Map<string, string>();
  const counts = { complaint: 0, justification: 0 };
  for (const photo of evidence.photos) {
    counts[photo.kind] += 1;
    names.set(photo.fileId, fill(photo.kind === 'complaint' ? words.photo : words.justificationPhoto, { n: counts[photo.kind] }));
  }
  const status = (code: number | null) => (code === null ? words.none : STATUS_NAMES[lang][code as 1 | 2 | 3 | 4]);
  const field = (label: string, value: string | null) => ({ kind: 'field' as const, label, value: value || words.none });

  return {
    title: `${words.title}: ${c.refNo}`,
    footer: fill(words.made, { at: at(facts.madeAt), zone, name: facts.madeBy.fullName, email: facts.madeBy.email }),
    missingPhoto: words.missingPhoto,
    blocks: [
      { kind: 'heading', text: words.complaint },
      field(words.refNo, c.refNo),
      field(words.status, status(c.status)),
      field(words.offence, c.typeOfOffence.name),
      field(words.misconduct, at(c.dateOfMisconduct)),
      field(words.description, c.description),
      field(words.offender, c.offender),
      field(words.location, c.location),
      field(words.qty, String(c.qty)),
      field(words.contractor, c.organization.name),
      field(words.contract, c.contract ? `${c.contract.contractNo} ${c.contract.title}` : null),
      field(words.registered, `${at(c.createdAt)}, ${c.createdBy.fullName}`),
      ...(c.coordinates ? [field(words.officerPosition, position(c.coordinates))] : []),
      ...(c.madeOffline
        ? [field(words.madeOffline, fill(words.madeOfflineAt, { at: at(c.madeOffline.at), device: c.madeOffline.device }))]
        : []),
      field(words.justification, c.justification),
      field(words.remark, c.remark),

      { kind: 'heading', text: words.moves },
      ...facts.moves.flatMap((move): PackBlock[] => [
        {
          kind: 'text',
          text: fill(move.fromStatus === null ? words.registeredMove : words.move, {
            at: at(move.changedAt),
            from: status(move.fromStatus),
            to: status(move.toStatus),
            name: move.changedBy.fullName,
          }),
        },
        ...(move.text && move.fromStatus !== null ? [{ kind: 'text' as const, text: `“${move.text}”` }] : []),
        { kind: 'code', text: fill(words.moveHash, { seq: move.seq, hash: move.hash }) },
      ]),

      { kind: 'heading', text: words.findings },
      ...(evidence.photos.length === 0
        ? []
        : evidence.findings.length === 0
          ? [{ kind: 'text' as const, text: words.noFindings }]
          : evidence.findings.map((finding) => ({
              kind: 'text' as const,
              text: `• ${findingText(words, finding, names, evidence, zone)}`,
            }))),
      { kind: 'text', text: words.inform },

      { kind: 'heading', text: words.photos },
      ...(evidence.photos.length === 0 ? [{ kind: 'text' as const, text: words.noPhotos }] : []),
      ...evidence.photos.map((photo) => ({
        kind: 'photo' as const,
        fileId: photo.fileId,
        title: names.get(photo.fileId)!,
        lines: photoLines(words, photo, zone),
        sha256: fill(words.sha, { hash: photo.sha256 }),
      })),

      { kind: 'heading', text: words.audit },
      ...facts.audit.flatMap((event): PackBlock[] => [
        {
          kind: 'text',
          text: fill(words.auditEvent, {
            seq: event.seq,
            at: at(event.at),
            action: ACTIONS[lang][event.action as AuditAction] ?? event.action,
            actor: event.actorEmail ?? words.system,
          }),
        },
        { kind: 'code', text: fill(words.auditHash, { hash: event.hash, prev: event.prevHash }) },
      ]),
      { kind: 'code', text: fill(words.head, { seq: facts.head.seq, hash: facts.head.hash }) },
    ],
  };
}
