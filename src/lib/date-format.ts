import dayjs from 'dayjs';

export const DATE_TIME_FORMAT = 'DD-MM-YYYY hh:mm:ss A';

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.format(DATE_TIME_FORMAT) : '';
}
