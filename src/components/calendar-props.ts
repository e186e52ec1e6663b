import type { DayOfWeek } from '@mantine/dates';
import { useTranslation } from 'react-i18next';

/**
 * What every calendar of the app (date-time fields, date ranges) takes to speak the user's
 * language: month and day names, and names for each of its buttons.
 */
export function useCalendarProps() {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === 'ms' ? 'ms' : 'en';
  // `D MMMM YYYY`: 26 November 2026, in either language.
  const dayName = new Intl.DateTimeFormat(locale === 'ms' ? 'ms' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
  return {
    locale,
    // Days of other months and weekends in the calendar's pale colours are too faint to read (WCAG AA).
    hideOutsideDates: true,
    weekendDays: [] as DayOfWeek[],
    getDayAriaLabel: (day: string) => dayName.format(new Date(`${day.slice(0, 10)}T12:00:00`)),
    ariaLabels: {
      monthLevelControl: t('dateField.chooseMonth'),
      yearLevelControl: t('dateField.chooseYear'),
      nextMonth: t('dateField.nextMonth'),
      previousMonth: t('dateField.previousMonth'),
      nextYear: t('dateField.nextYear'),
      previousYear: t('dateField.previousYear'),
      nextDecade: t('dateField.nextDecade'),
      previousDecade: t('dateField.previousDecade'),
    },
  };
}
