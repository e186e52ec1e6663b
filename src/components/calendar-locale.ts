/**
 * Malay month and day names for @mantine/dates' calendars (dayjs's locale data): imported by
 * each module that renders one, so that it comes with the calendars and not with every list.
 */
import 'dayjs/locale/ms';
