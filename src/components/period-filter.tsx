import type { DatesRangeValue } from '@mantine/dates';
import { useState } from 'react';
import { todayLocal } from '@/lib/date-format';
import { useTranslation } from 'react-i18next';
import { useCalendarProps } from './calendar-props';
import { DatePickerInput } from './picker-inputs';

interface PeriodFilterProps {
  label: string;
  /** Days in the user's calendar, `YYYY-MM-DD`, as the URL holds them; `to` included. */
  from: string | undefined;
  to: string | undefined;
  /** Both ends picked, or both cleared. */
  onChange: (period: { from: string | undefined; to: string | undefined }) => void;
}

/**
 * A list's filter by a range of days up to today, `DD-MM-YYYY`, in the user's language. A
 * period is sent once both ends are picked; the first click alone stays here.
 */
export function PeriodFilter({ label, from, to, onChange }: PeriodFilterProps) {
  const { t } = useTranslation();
  const calendar = useCalendarProps();
  const inUrl = `${from ?? ''}/${to ?? ''}`;
  const [period, setPeriod] = useState<DatesRangeValue<string>>([from ?? null, to ?? null]);
  const [shown, setShown] = useState(inUrl);
  if (inUrl !== shown) {
    setShown(inUrl);
    setPeriod([from ?? null, to ?? null]);
  }
  return (
    <DatePickerInput
      type="range"
      label={label}
      placeholder={t('complaints.filters.anyTime')}
      valueFormat="DD-MM-YYYY"
      value={period}
      onChange={(next) => {
        setPeriod(next);
        const [start, end] = next;
        if ((start && end) || (!start && !end)) onChange({ from: start ?? undefined, to: end ?? undefined });
      }}
      allowSingleDateInRange
      maxDate={todayLocal()}
      clearable
      clearButtonProps={{ 'aria-label': t('complaints.filters.clearPeriod') }}
      {...calendar}
      w={{ base: '100%', sm: 260 }}
    />
  );
}
