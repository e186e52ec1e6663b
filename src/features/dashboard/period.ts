import dayjs from 'dayjs';
import type { Period } from './list-url';

// The dashboard's periods: presets, and the lists' days and months.

export type { Period };

const DAY = 'YYYY-MM-DD';

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

/** The preset a period is, if any. */
export const presetOf = (period: Period, today = dayjs()): Preset | null =>
  PRESETS.find((p) => {
    const preset = presetPeriod(p, today);
    return preset.from === period.from && preset.to === period.to;
  }) ?? null;

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
