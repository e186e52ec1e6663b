import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/ms';
import { useTranslation } from 'react-i18next';
import '@mantine/dates/styles.css';

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
  const { t, i18n } = useTranslation();
  const locale = i18n.language?.startsWith('ms') ? 'ms' : 'en';
  return (
    <DateTimePicker
      valueFormat={DATE_TIME_FIELD_FORMAT}
      locale={locale}
      value={value ?? null}
      onChange={(next) => onChange(next || null)}
      clearable={!props.required}
      getDayAriaLabel={(day) => dayjs(day).locale(locale).format('D MMMM YYYY')}
      ariaLabels={{
        monthLevelControl: t('dateField.chooseMonth'),
        yearLevelControl: t('dateField.chooseYear'),
        nextMonth: t('dateField.nextMonth'),
        previousMonth: t('dateField.previousMonth'),
        nextYear: t('dateField.nextYear'),
        previousYear: t('dateField.previousYear'),
        nextDecade: t('dateField.nextDecade'),
        previousDecade: t('dateField.previousDecade'),
      }}
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
