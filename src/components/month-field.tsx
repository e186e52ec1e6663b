import type { MonthPickerInputProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { useCalendarProps } from './calendar-props';
import { MonthPickerInput } from './picker-inputs';

/**
 * A month to filter by (Claim Record's Month), in the user's language, cleared with a named
 * button; its value the month's first day, `YYYY-MM-01`.
 */
export function MonthField(
  props: Omit<MonthPickerInputProps, 'locale' | 'ariaLabels' | 'valueFormat' | 'clearable' | 'clearButtonProps' | 'type'>,
) {
  const { t } = useTranslation();
  const calendar = useCalendarProps();
  return (
    <MonthPickerInput
      label={t('claims.month')}
      placeholder={t('claims.anyMonth')}
      valueFormat="MMMM YYYY"
      clearable
      clearButtonProps={{ 'aria-label': t('claims.clearMonth') }}
      locale={calendar.locale}
      ariaLabels={calendar.ariaLabels}
      {...props}
    />
  );
}
