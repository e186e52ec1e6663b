import { Group, Input } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import './calendar-locale';
import dayjs from 'dayjs';
import { useId, useState, type FocusEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCalendarProps } from './calendar-props';
import '@mantine/dates/styles.layer.css';

/** How the day of every date-and-time field is written and read, in every language (SPEC §9). */
export const DAY_FIELD_FORMAT = 'DD-MM-YYYY';

/** The value a field holds: local time as `YYYY-MM-DD HH:mm:ss`, or null when empty or incomplete. */
export type DateTimeValue = string | null;

interface DateTimeFieldProps {
  label: string;
  /** The time's own name for screen readers ("Time of misconduct"); the label's name otherwise. */
  timeLabel?: string;
  value?: DateTimeValue;
  onChange: (value: DateTimeValue) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  required?: boolean;
  disabled?: boolean;
  error?: ReactNode;
  description?: ReactNode;
  /** Days the calendar does not offer (`YYYY-MM-DD`); a typed one is left to the form's rules. */
  excludeDate?: (day: string) => boolean;
  /** Mantine form's own attributes (`data-path`, so a refused field gets the focus). */
  [attribute: `data-${string}`]: unknown;
}

/** The day, month and year of text shaped like a day: `DD-MM-YYYY`, also with `/` or `.` and one-digit days and months, or ISO `YYYY-MM-DD`. */
function dayParts(text: string): { year: number; month: number; day: number } | null {
  const trimmed = text.trim();
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(trimmed);
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const [year, month, day] = dmy ? [dmy[3], dmy[2], dmy[1]] : ymd ? [ymd[1], ymd[2], ymd[3]] : [];
  return year && month && day ? { year: Number(year), month: Number(month), day: Number(day) } : null;
}

const isoDay = (year: number, month: number, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** A day as people type it (see `dayParts`), as `YYYY-MM-DD`. Null unless it is a day of the calendar (no 31-02). */
export function parseDay(text: string): string | null {
  const parts = dayParts(text);
  if (!parts) return null;
  const iso = isoDay(parts.year, parts.month, parts.day);
  return dayjs(iso).isValid() && dayjs(iso).format('YYYY-MM-DD') === iso ? iso : null;
}

/**
 * Why typed text is no day: a month the year has not, a day its month has not (31-02-2026:
 * February 2026 has 28 days), or not the shape of a day at all. Null for a day, or nothing typed.
 */
export function dayProblem(text: string): { kind: 'month' } | { kind: 'day'; month: string; days: number } | { kind: 'shape' } | null {
  if (!text.trim() || parseDay(text)) return null;
  const parts = dayParts(text);
  if (!parts) return { kind: 'shape' };
  if (parts.month < 1 || parts.month > 12) return { kind: 'month' };
  const month = isoDay(parts.year, parts.month, 1);
  return { kind: 'day', month, days: dayjs(month).daysInMonth() };
}

const dayOf = (value: DateTimeValue) => (value ? value.slice(0, 10) : null);
const timeOf = (value: DateTimeValue) => (value ? value.slice(11, 16) : '');

/**
 * The one date-and-time field of every form: the day typed as DD-MM-YYYY or picked from a
 * calendar in the user's language, and the time typed in the browser's own time field
 * (hours, minutes, AM/PM as its locale writes them; keys and arrows work as everywhere).
 * Its value is whole or null: a day without a time, or a time without a day, is not a moment.
 */
export function DateTimeField({
  label,
  timeLabel,
  value,
  onChange,
  onBlur,
  required = false,
  disabled = false,
  error,
  description,
  excludeDate,
  ...attributes
}: DateTimeFieldProps) {
  const { t } = useTranslation();
  const calendar = useCalendarProps();
  const id = useId();
  // What the user has put in so far, kept while it is not yet a whole moment.
  const [day, setDay] = useState(dayOf(value ?? null));
  const [time, setTime] = useState(timeOf(value ?? null));
  // The day box's text while it holds no day, to say what is wrong with it.
  const [dayText, setDayText] = useState('');
  // The value as last given or sent: one that differs came from outside (a reset, another record).
  const [held, setHeld] = useState<DateTimeValue>(value ?? null);
  if ((value ?? null) !== held) {
    setHeld(value ?? null);
    setDay(dayOf(value ?? null));
    setTime(timeOf(value ?? null));
    setDayText('');
  }

  // While its calendar is open, Escape closes the calendar, not the dialog around the field.
  const [calendarOpen, setCalendarOpen] = useState(false);

  function change(nextDay: string | null, nextTime: string) {
    setDay(nextDay);
    setTime(nextTime);
    const next = nextDay && /^\d{2}:\d{2}$/.test(nextTime) ? `${nextDay} ${nextTime}:00` : null;
    if (next === held) return;
    setHeld(next);
    onChange(next);
  }

  // The moment read back in words beside the field, so a slip in typing shows at once.
  const whole = day && /^\d{2}:\d{2}$/.test(time) ? dayjs(`${day} ${time}`) : null;
  const inWords = whole?.isValid() ? whole.locale(calendar.locale).format(t('dateField.inWordsFormat')) : null;

  // Text typed as a day that is none is answered for what it is, not as an empty field.
  const problem = dayProblem(dayText);
  const typed = dayText.trim();
  const dayError =
    problem?.kind === 'day'
      ? t('dateField.noSuchDay', { typed, month: dayjs(problem.month).locale(calendar.locale).format('MMMM YYYY'), days: problem.days })
      : problem?.kind === 'month'
        ? t('dateField.noSuchMonth', { typed })
        : problem && error
          ? t('dateField.notADay', { example: dayjs().format(DAY_FIELD_FORMAT) })
          : null;
  const shownError = dayError ?? error;

  const ids = { label: `${id}-label`, description: `${id}-description`, error: `${id}-error`, inWords: `${id}-in-words` };
  const describedBy =
    [description && ids.description, inWords && ids.inWords, shownError && ids.error].filter(Boolean).join(' ') || undefined;
  const shared = { disabled, error: Boolean(error), 'aria-describedby': describedBy, onBlur, required };
  return (
    // The read-back and the message describe the group (Mantine's inputs keep their own aria-describedby).
    <div
      role="group"
      aria-labelledby={ids.label}
      aria-describedby={[inWords && ids.inWords, shownError && ids.error].filter(Boolean).join(' ') || undefined}
    >
      <Input.Label id={ids.label} htmlFor={`${id}-day`} required={required}>
        {label}
      </Input.Label>
      {description && <Input.Description id={ids.description}>{description}</Input.Description>}
      <Group gap="xs" wrap="nowrap" align="flex-start" mt={4}>
        <DateInput
          {...calendar}
          {...attributes}
          {...shared}
          error={Boolean(shownError)}
          id={`${id}-day`}
          style={{ flex: '3 1 0', minWidth: 0 }}
          value={day}
          onChange={(next) => {
            setCalendarOpen(false);
            setDayText('');
            change(next, time);
          }}
          // Text that is not (or no longer) a day holds no day, and stays as typed to be mended.
          onInput={(event) => {
            setCalendarOpen(true);
            setDayText(event.currentTarget.value);
            change(parseDay(event.currentTarget.value), time);
          }}
          onFocus={() => setCalendarOpen(true)}
          onClick={() => setCalendarOpen(true)}
          onKeyDown={(event) => event.key === 'Escape' && setCalendarOpen(false)}
          onBlur={(event) => {
            setCalendarOpen(false);
            onBlur?.(event);
          }}
          data-mantine-stop-propagation={calendarOpen || undefined}
          fixOnBlur={false}
          valueFormat={DAY_FIELD_FORMAT}
          dateParser={parseDay}
          placeholder={DAY_FIELD_FORMAT}
          excludeDate={excludeDate}
          clearable={!required}
          clearButtonProps={{ 'aria-label': t('dateField.clearDay') }}
        />
        <TimeInput
          {...shared}
          style={{ flex: '2 1 0', minWidth: 0 }}
          aria-label={timeLabel ?? t('dateField.timeOf', { label })}
          value={time}
          onChange={(event) => change(day, event.currentTarget.value)}
        />
      </Group>
      <Input.Description id={ids.inWords} mt={4} aria-live="polite" data-testid="date-time-in-words">
        {inWords}
      </Input.Description>
      {/* Live: a day that does not exist is said as it is typed. */}
      <div aria-live="polite">
        {shownError && typeof shownError !== 'boolean' && (
          <Input.Error id={ids.error} mt={4}>
            {shownError}
          </Input.Error>
        )}
      </div>
    </div>
  );
}
