// The date fields' calendars, a chunk of their own: picker-inputs.tsx fetches it on intent.
export { DatePicker, MonthPicker } from '@mantine/dates';
