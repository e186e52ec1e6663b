import { calendarDay, startOfDay } from '@/lib/list-search';

// The dashboard's period as its URL keeps it, and as the API is asked for it. Kept apart from
// the periods' arithmetic (dayjs): the route's `validateSearch` and loader are in the route
// tree every page loads, sign-in included.

/** `?from=&to=`: days of misconduct in the user's calendar, `to` included. Absent: this month so far. */
export interface DashboardSearch {
  from?: string;
  to?: string;
}

/** Days, `YYYY-MM-DD`, both included. */
export interface Period {
  from: string;
  to: string;
}

export function dashboardSearch(search: Record<string, unknown>): DashboardSearch {
  const from = calendarDay(search.from);
  const to = calendarDay(search.to);
  // Both ends or neither; a period that ends before it starts is no period.
  return from && to && to >= from ? { from, to } : { from: undefined, to: undefined };
}

const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The period a view shows: its URL's, or this month so far. */
export function periodOf(search: DashboardSearch, today = new Date()): Period {
  if (search.from && search.to) return { from: search.from, to: search.to };
  return { from: dayOf(new Date(today.getFullYear(), today.getMonth(), 1)), to: dayOf(today) };
}

/** What the API is asked: the instants the days begin and end in the user's time zone, and that zone. */
export const dashboardParams = (period: Period) => ({
  from: startOfDay(period.from),
  to: startOfDay(period.to, 1),
  tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
});
