import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { useCalendarProps } from './calendar-props';
import '@mantine/dates/styles.layer.css';

/** How every date-and-time field shows its value, in every language (SPEC §9 without seconds). */
export const DATE_TIME_FIELD_FORMAT = 'DD-MM-YYYY hh:mm A';

/** The value a field holds: local time as `YYYY-MM-DD HH:mm:ss`, or null when empty. */
export type DateTimeValue = string | null;

type DateTimeFieldProps = Omit<DateTimePickerProps, 'valueFormat' | 'locale' | 'type' | 'value' | 'onChange'> & {
  value?: DateTimeValue;
  onChange: (value: DateTimeValue) => void;
};

/**
 * The one date-and-time field of every form: a calendar and a 12-hour time in the user's
 * language, shown as DD-MM-YYYY hh:mm A, never the browser's own mm/dd/yyyy field.
 */
export function DateTimeField({ value, onChange, ...props }: DateTimeFieldProps) {
  const { t } = useTranslation();
  const calendar = useCalendarProps();
  return (
    <DateTimePicker
      valueFormat={DATE_TIME_FIELD_FORMAT}
      {...calendar}
      value={value ?? null}
      onChange={(next) => onChange(next || null)}
      clearable={!props.required}
      timePickerProps={{
        format: '12h',
        hoursInputLabel: t('dateField.hours'),
        minutesInputLabel: t('dateField.minutes'),
        amPmInputLabel: t('dateField.amPm'),
        ...props.timePickerProps,
      }}
      submitButtonProps={{ 'aria-label': t('dateField.done'), ...props.submitButtonProps }}
      {...props}
    />
  );
}
