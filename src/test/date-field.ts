import { waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import dayjs from 'dayjs';

/**
 * Picks a date and a 12-hour time in the DateTimeField labelled `label`, as a user does: opens
 * it, goes to the month, clicks the day, types the time, chooses AM or PM, and confirms.
 */
export async function pickDateTime(
  user: UserEvent,
  container: HTMLElement,
  label: RegExp,
  at: { date: string; time: string; amPm: 'AM' | 'PM' },
) {
  const field = await within(container).findByRole('button', { name: label });
  await user.click(field);
  // The dropdown the field controls (a form around it may be a dialog too).
  const picker = await waitFor(() => {
    const dropdown = document.getElementById(field.getAttribute('aria-controls') ?? '');
    if (!dropdown) throw new Error('the date field did not open');
    return dropdown;
  });
  const target = dayjs(at.date);
  // "November 2026", as the calendar's header says it in English.
  const shown = dayjs(new Date(within(picker).getByRole('button', { name: 'Choose the month' }).textContent!));
  const months = target.startOf('month').diff(shown.startOf('month'), 'month');
  for (let i = 0; i < Math.abs(months); i++) {
    await user.click(within(picker).getByRole('button', { name: months > 0 ? 'Next month' : 'Previous month' }));
  }
  await user.click(within(picker).getByRole('button', { name: target.format('D MMMM YYYY') }));
  const [hours, minutes] = at.time.split(':');
  for (const [name, value] of [
    ['Hours', hours!],
    ['Minutes', minutes!],
  ] as const) {
    const input = within(picker).getByRole('spinbutton', { name });
    await user.clear(input);
    await user.type(input, value);
  }
  await user.selectOptions(within(picker).getByLabelText('AM or PM'), at.amPm);
  await user.click(within(picker).getByRole('button', { name: 'Use this date and time' }));
}
