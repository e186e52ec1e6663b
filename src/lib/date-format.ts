/**
 * Dates as every screen writes them (SPEC §9), in the browser's time zone. Plain `Date` getters,
 * not dayjs: every list formats dates, and dayjs stays with the calendars that need it (issue
 * 31's budget for a list's first load).
 */
export const DATE_TIME_FORMAT = 'DD-MM-YYYY hh:mm:ss A';

const two = (n: number) => String(n).padStart(2, '0');

/** A moment (`2026-03-06T09:30:00+08:00`), or a calendar day (`2026-03-06`) as that day's local midnight; null when it is neither. */
function parse(value: string): Date | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `DD-MM-YYYY` */
const dayOf = (d: Date) => `${two(d.getDate())}-${two(d.getMonth() + 1)}-${String(d.getFullYear()).padStart(4, '0')}`;
/** `hh:mm A`, or `hh:mm:ss A` */
const timeOf = (d: Date, seconds: boolean) =>
  `${two(d.getHours() % 12 || 12)}:${two(d.getMinutes())}${seconds ? `:${two(d.getSeconds())}` : ''} ${d.getHours() < 12 ? 'AM' : 'PM'}`;

export function formatDateTime(iso: string | null | undefined): string {
  const d = iso ? parse(iso) : null;
  return d ? `${dayOf(d)} ${timeOf(d, true)}` : '';
}

/** The day of a moment, `DD-MM-YYYY`, where a table has no room for its time. */
export function formatDate(iso: string | null | undefined): string {
  return formatDateTime(iso).slice(0, 10);
}

/** A calendar day (`2026-03-06`, no time of its own) as every screen shows days: `06-03-2026`. */
export function formatDay(day: string | null | undefined): string {
  const d = day ? parse(day) : null;
  return d ? dayOf(d) : '—';
}

/** A recent moment, as short as is clear: `hh:mm A` today, `DD-MM-YYYY hh:mm A` before. */
export function formatRecent(iso: string | null | undefined): string {
  const d = iso ? parse(iso) : null;
  if (!d) return '';
  const today = dayOf(new Date());
  return dayOf(d) === today ? timeOf(d, false) : `${dayOf(d)} ${timeOf(d, false)}`;
}

/** Today in the browser's time zone, `YYYY-MM-DD`, as the date fields take days. */
export function todayLocal(now = new Date()): string {
  return `${String(now.getFullYear()).padStart(4, '0')}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}
