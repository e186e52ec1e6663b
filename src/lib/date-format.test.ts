import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { DATE_TIME_FORMAT, formatDate, formatDateTime, formatDay, formatRecent, todayLocal } from './date-format';

// What the screens write, said as SPEC §9's format would through dayjs, for moments around the clock.
const MOMENTS = [
  '2026-11-26T21:30:05+08:00',
  '2026-11-26T00:00:00Z',
  '2026-01-01T12:00:59.999+08:00',
  '2025-12-31T23:59:59-05:00',
  '2026-03-06T00:05:00',
  '2026-07-15T12:30:00.123456+00:00',
];

describe('dates as every screen writes them', () => {
  it.each(MOMENTS)('%s: DD-MM-YYYY hh:mm:ss A in the browser’s time zone', (iso) => {
    expect(formatDateTime(iso)).toBe(dayjs(iso).format(DATE_TIME_FORMAT));
    expect(formatDate(iso)).toBe(dayjs(iso).format('DD-MM-YYYY'));
  });

  it('writes noon and midnight as 12 PM and 12 AM', () => {
    expect(formatDateTime('2026-11-26T12:00:00')).toBe('26-11-2026 12:00:00 PM');
    expect(formatDateTime('2026-11-26T00:00:00')).toBe('26-11-2026 12:00:00 AM');
  });

  it('takes a calendar day as that day, whatever the time zone', () => {
    expect(formatDay('2026-03-06')).toBe('06-03-2026');
    expect(formatDay('2026-12-31')).toBe('31-12-2026');
  });

  it('writes nothing for no date or one that is not a date', () => {
    for (const nothing of [null, undefined, '', 'not a date', '2026-13-45T99:00:00']) {
      expect(formatDateTime(nothing)).toBe('');
      expect(formatRecent(nothing)).toBe('');
      expect(formatDay(nothing)).toBe('—');
    }
  });

  it('writes a recent moment as its time today, with its day before', () => {
    const now = new Date();
    const earlier = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 0, 1);
    expect(formatRecent(earlier.toISOString())).toBe('12:01 AM');
    const before = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 15, 4);
    expect(formatRecent(before.toISOString())).toBe(dayjs(before).format('DD-MM-YYYY hh:mm A'));
  });

  it('says today as the date fields take days', () => {
    expect(todayLocal(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(todayLocal()).toBe(dayjs().format('YYYY-MM-DD'));
  });
});
