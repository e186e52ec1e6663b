import dayjs from 'dayjs';

export const DATE_TIME_FORMAT = 'DD-MM-YYYY hh:mm:ss A';

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.format(DATE_TIME_FORMAT) : '';
}

/** The day of a moment, `DD-MM-YYYY`, where a table has no room for its time. */
export function formatDate(iso: string | null | undefined): string {
  return formatDateTime(iso).slice(0, 10);
}

/** A calendar day (`2026-03-06`, no time of its own) as every screen shows days: `06-03-2026`. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '—';
  const d = dayjs(day);
  return d.isValid() ? d.format('DD-MM-YYYY') : '—';
}

/** A recent moment, as short as is clear: `hh:mm A` today, `DD-MM-YYYY hh:mm A` before. */
export function formatRecent(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = dayjs(iso);
  if (!d.isValid()) return '';
  return d.format(d.isSame(dayjs(), 'day') ? 'hh:mm A' : 'DD-MM-YYYY hh:mm A');
}
