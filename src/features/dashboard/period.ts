import dayjs from 'dayjs';
import { calendarDay, startOfDay } from '@/lib/list-search';

// The dashboard's period as its URL keeps it, and the lists its figures link to. Kept apart from
// the page (charts, queries): the route's `validateSearch` is in the route tree every page loads.

/** `?from=&to=`: days of misconduct in the user's calendar, `to` included. Absent: this month so far. */
export interface DashboardSearch {
  from?: string;
  to?: string;
}

export interface Period {
  from: string;
  to: string;
}

const DAY = 'YYYY-MM-DD';

export function dashboardSearch(search: Record<string, unknown>): DashboardSearch {
  const from = calendarDay(search.from);
  const to = calendarDay(search.to);
  // Both ends or neither; a period that ends before it starts is no period.
  return from && to && to >= from ? { from, to } : { from: undefined, to: undefined };
}

export const PRESETS = ['thisMonth', 'lastMonth', 'last3Months', 'thisYear'] as const;
export type Preset = (typeof PRESETS)[number];

/** A preset's days, as of `today`. */
export function presetPeriod(preset: Preset, today = dayjs()): Period {
  const day = (d: dayjs.Dayjs) => d.format(DAY);
  switch (preset) {
    case 'thisMonth':
      return { from: day(today.startOf('month')), to: day(today) };
    case 'lastMonth': {
      const last = today.subtract(1, 'month');
      return { from: day(last.startOf('month')), to: day(last.endOf('month')) };
    }
    case 'last3Months':
      return { from: day(today.subtract(2, 'month').startOf('month')), to: day(today) };
    case 'thisYear':
      return { from: day(today.startOf('year')), to: day(today) };
  }
}

/** The period a view shows: its URL's, or this month so far. */
export const periodOf = (search: DashboardSearch, today = dayjs()): Period =>
  search.from && search.to ? { from: search.from, to: search.to } : presetPeriod('thisMonth', today);

/** The preset a period is, if any. */
export const presetOf = (period: Period, today = dayjs()): Preset | null =>
  PRESETS.find((p) => {
    const preset = presetPeriod(p, today);
    return preset.from === period.from && preset.to === period.to;
  }) ?? null;

/** What the API is asked: the instants the days begin and end in the user's time zone, and that zone. */
export const dashboardParams = (period: Period) => ({
  from: startOfDay(period.from),
  to: startOfDay(period.to, 1),
  tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
});

/** A month's first and last day. */
export function monthDays(month: string): Period {
  const first = dayjs(`${month}-01`);
  return { from: first.format(DAY), to: first.endOf('month').format(DAY) };
}

/** The first day of the charts' twelve months: the period's last month and the eleven before it. */
export const chartWindow = (period: Period): Period => ({
  from: dayjs(period.to).startOf('month').subtract(11, 'month').format(DAY),
  to: period.to,
});

/** The claim records' months the period covers. */
export const periodMonths = (period: Period) => ({ from: period.from.slice(0, 7), to: period.to.slice(0, 7) });
