import type { ComplaintStatusCode } from '../contract/complaint-status';
import type { Complaint } from '../contract/complaints';
import type { ExportLanguage } from '../contract/envelope';
import { problems } from './problems';

/**
 * CSV exports of the lists, written the same by both back ends: RFC 4180 lines, a UTF-8
 * byte-order mark so spreadsheet programs read Malay and other text right, headers and
 * words in the caller's language, times in the caller's time zone.
 */

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
export const CSV_BOM = '\uFEFF';

export type Cell = string | number | null;

/**
 * A text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage
 * return before one) is made inert with a leading apostrophe (OWASP, CSV injection).
 */
export function inertText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvCell(cell: Cell): string {
  if (cell === null) return '';
  const text = typeof cell === 'number' ? String(cell) : inertText(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, ended by CRLF. Numbers stay numbers; texts are made inert and quoted as needed. */
export const csvLine = (cells: readonly Cell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A time zone both back ends can write times in; anything else is refused before the export starts. */
export function checkTimeZone(tz: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return tz;
  } catch {
    throw problems.timeZoneUnknown();
  }
}

/** One formatter per time zone: making one costs a hundred times more than using it. */
const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The zone's wall clock at an instant, as if it were UTC: its offset is this minus the instant. */
function wallClockMs(instant: number, tz: string): number {
  let format = wallClocks.get(tz);
  if (!format) {
    const options = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' } as const;
    wallClocks.set(tz, (format = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', ...options })));
  }
  const p: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of format.formatToParts(instant)) p[part.type] = part.value;
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
}

const DAY_MS = 86_400_000;
/** Per zone, each UTC day's one offset, or null for a day the offset changes in. Cleared past a bound. */
const dayOffsets = new Map<string, Map<number, number | null>>();

/**
 * The zone's offset at an instant. Asking Intl costs some 12 µs, and an export asks twice a
 * row, so a day's offset is asked once (at its first and last millisecond: the same for every
 * day without a change of offset), and only the rare day with a change is asked per instant.
 */
export function offsetMs(instant: number, tz: string): number {
  let days = dayOffsets.get(tz);
  if (!days || days.size > 100_000) dayOffsets.set(tz, (days = new Map()));
  const day = Math.floor(instant / DAY_MS);
  let offset = days.get(day);
  if (offset === undefined) {
    const first = wallClockMs(day * DAY_MS, tz) - day * DAY_MS;
    const last = wallClockMs((day + 1) * DAY_MS - 1000, tz) - ((day + 1) * DAY_MS - 1000);
    days.set(day, (offset = first === last ? first : null));
  }
  return offset ?? wallClockMs(Math.floor(instant / 1000) * 1000, tz) - Math.floor(instant / 1000) * 1000;
}

const two = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss` in the zone: sortable, and read as a date by spreadsheet programs. */
export function zonedTime(iso: string, tz: string): string {
  const wall = wallClock(iso, tz);
  return (
    `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())} ` +
    `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}`
  );
}

/** The clock on the wall in `tz`, read through the UTC getters. */
function wallClock(iso: string, tz: string): Date {
  const instant = Date.parse(iso);
  return new Date(instant + offsetMs(instant, tz));
}

/**
 * A moment as people read it, the way every screen writes it (`DD-MM-YYYY hh:mm:ss A`), in `tz`:
 * for documents made to be read (the evidence pack), where a CSV keeps `zonedTime`'s sortable form.
 */
export function zonedReadableTime(iso: string, tz: string): string {
  const wall = wallClock(iso, tz);
  const hours = wall.getUTCHours();
  return (
    `${two(wall.getUTCDate())}-${two(wall.getUTCMonth() + 1)}-${wall.getUTCFullYear()} ` +
    `${two(hours % 12 || 12)}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())} ${hours < 12 ? 'AM' : 'PM'}`
  );
}

/** The status names of PRODUCT.md in each language (the SPA's locale files say the same; a test holds them together). */
export const STATUS_NAMES: Record<ExportLanguage, Record<ComplaintStatusCode, string>> = {
  en: { 1: 'Submitted', 2: 'Justified', 3: 'Fined', 4: 'Waived' },
  ms: { 1: 'Dihantar', 2: 'Dijustifikasi', 3: 'Didenda', 4: 'Diketepikan' },
};

const COMPLAINT_HEADERS: Record<ExportLanguage, readonly string[]> = {
  en: [
    'Ref. No',
    'Type of Offence',
    'Contractor',
    'Contract',
    'Date of Misconduct',
    'Description',
    'Offender',
    'Location',
    'Quantity',
    'Status',
    'Justification',
    'Remark',
    'Registered At',
    'Registered By',
  ],
  ms: [
    'No. Rujukan',
    'Jenis Kesalahan',
    'Kontraktor',
    'Kontrak',
    'Tarikh Salah Laku',
    'Keterangan',
    'Pesalah',
    'Lokasi',
    'Kuantiti',
    'Status',
    'Justifikasi',
    'Catatan',
    'Didaftarkan Pada',
    'Didaftarkan Oleh',
  ],
};

/** What a complaint export writes of each complaint (no images): a complaint as the API shows it has all this. */
export type ComplaintExportRow = Pick<
  Complaint,
  'refNo' | 'dateOfMisconduct' | 'description' | 'offender' | 'location' | 'qty' | 'status' | 'justification' | 'remark' | 'createdAt'
> & {
  typeOfOffence: Pick<Complaint['typeOfOffence'], 'name'>;
  organization: Pick<Complaint['organization'], 'name'>;
  contract: Pick<NonNullable<Complaint['contract']>, 'contractNo'> | null;
  createdBy: Pick<Complaint['createdBy'], 'fullName'>;
};

export const complaintCsv = {
  fileName: (history: boolean) => (history ? 'complaint-history.csv' : 'open-complaints.csv'),
  header: (lang: ExportLanguage) => CSV_BOM + csvLine(COMPLAINT_HEADERS[lang]),
  line: (c: ComplaintExportRow, lang: ExportLanguage, tz: string) =>
    csvLine([
      c.refNo,
      c.typeOfOffence.name,
      c.organization.name,
      c.contract?.contractNo ?? null,
      zonedTime(c.dateOfMisconduct, tz),
      c.description,
      c.offender,
      c.location,
      c.qty,
      STATUS_NAMES[lang][c.status],
      c.justification,
      c.remark,
      zonedTime(c.createdAt, tz),
      c.createdBy.fullName,
    ]),
};

/** Active or not, in words. */
export const ACTIVE_NAMES: Record<ExportLanguage, Record<'true' | 'false', string>> = {
  en: { true: 'Active', false: 'Inactive' },
  ms: { true: 'Aktif', false: 'Tidak aktif' },
};

/** `Content-Disposition` of an export: a download under this name. */
export const attachmentDisposition = (fileName: string) => `attachment; filename="${fileName}"`;
