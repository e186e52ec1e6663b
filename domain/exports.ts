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

/** `YYYY-MM-DD HH:mm:ss` in the zone: sortable, and read as a date by spreadsheet programs. */
export function zonedTime(iso: string, tz: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
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

/** What a complaint export writes of each complaint (no images). */
export type ComplaintExportRow = Omit<Complaint, 'complaintAttachments' | 'justificationAttachments' | 'statusText'>;

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
