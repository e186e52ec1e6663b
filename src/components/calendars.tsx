import { DatePicker, getDefaultClampedDate, MonthPicker, type DateStringValue } from '@mantine/dates';
import './calendar-locale';
import type { ComponentType } from 'react';
import '@mantine/dates/styles.layer.css';

/*
 * The date fields' calendars, a chunk of their own with @mantine/dates and dayjs:
 * picker-inputs.tsx fetches it on intent (a field pointed at or focused), so a list's first
 * load carries only the field.
 */

// The calendars take what the field's own component passes them (its `__` props are internal).
const CALENDARS = {
  DatePickerInput: DatePicker as ComponentType<Record<string, unknown>>,
  MonthPickerInput: MonthPicker as ComponentType<Record<string, unknown>>,
};

interface FieldCalendarProps {
  kind: keyof typeof CALENDARS;
  /** The value's first day, where the calendar opens. */
  first: DateStringValue | Date | null | undefined;
  defaultDate?: DateStringValue | Date;
  minDate?: DateStringValue | Date;
  maxDate?: DateStringValue | Date;
  [calendarProp: string]: unknown;
}

/** The calendar of a field's dropdown, given what the field does not use itself. */
export default function FieldCalendar({ kind, first, defaultDate, minDate, maxDate, ...calendar }: FieldCalendarProps) {
  const Calendar = CALENDARS[kind];
  return (
    <Calendar
      {...calendar}
      minDate={minDate}
      maxDate={maxDate}
      defaultDate={first || defaultDate || getDefaultClampedDate({ maxDate, minDate })}
      __staticSelector={kind}
      __stopPropagation
    />
  );
}
