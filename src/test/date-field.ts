import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import dayjs from 'dayjs';

/**
 * Puts a date and a 12-hour time in the DateTimeField labelled `label`, as a user does: types
 * the day as DD-MM-YYYY, then Tab to the time and types it (jsdom's time field takes HH:mm).
 */
export async function pickDateTime(
  user: UserEvent,
  container: HTMLElement,
  label: RegExp,
  at: { date: string; time: string; amPm: 'AM' | 'PM' },
) {
  const field = await within(container).findByRole('group', { name: label });
  const day = within(field).getByRole('textbox');
  await user.clear(day);
  await user.type(day, dayjs(at.date).format('DD-MM-YYYY'));
  await user.tab();
  const time = field.querySelector<HTMLInputElement>('input[type="time"]')!;
  const [hours, minutes] = at.time.split(':').map(Number) as [number, number];
  const hours24 = (hours % 12) + (at.amPm === 'PM' ? 12 : 0);
  await user.clear(time);
  await user.type(time, `${String(hours24).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`);
}
