import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import ms from '../../public/locales/ms/translation.json';
import { pickDateTime } from '@/test/date-field';
import { renderWithApp } from '@/test/render';
import { DateTimeField, type DateTimeValue } from './date-time-field';

function Field({ initial = null }: { initial?: DateTimeValue }) {
  const [value, setValue] = useState<DateTimeValue>(initial);
  return (
    <>
      <DateTimeField label="Date of Misconduct" value={value} onChange={setValue} />
      <output>{value ?? 'empty'}</output>
    </>
  );
}

describe('DateTimeField', () => {
  it('shows its value as DD-MM-YYYY hh:mm A, and nothing when empty', async () => {
    const { unmount } = renderWithApp(<Field initial="2026-11-20 14:05:00" />);
    expect(await screen.findByRole('button', { name: /Date of Misconduct/ })).toHaveTextContent('20-11-2026 02:05 PM');
    unmount();
    renderWithApp(<Field />);
    expect(await screen.findByRole('button', { name: /Date of Misconduct/ })).toHaveTextContent(/^$/);
  });

  it('takes a day from the calendar and a 12-hour time, and holds local time', async () => {
    const user = userEvent.setup();
    const { container } = renderWithApp(<Field initial="2026-11-20 10:30:00" />);
    await pickDateTime(user, container, /Date of Misconduct/, { date: '2026-10-18', time: '02:45', amPm: 'PM' });

    expect(screen.getByRole('status')).toHaveTextContent('2026-10-18 14:45:00');
    expect(screen.getByRole('button', { name: /Date of Misconduct/ })).toHaveTextContent('18-10-2026 02:45 PM');
  });

  it('speaks Malay in Malay: month names and controls, the same DD-MM-YYYY format', async () => {
    const user = userEvent.setup();
    i18n.addResourceBundle('ms', 'translation', ms);
    await i18n.changeLanguage('ms');
    try {
      renderWithApp(<Field initial="2026-10-20 09:00:00" />);
      const field = await screen.findByRole('button', { name: /Date of Misconduct/ });
      expect(field).toHaveTextContent('20-10-2026 09:00 AM');
      await user.click(field);
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('button', { name: 'Pilih bulan' })).toHaveTextContent('Oktober 2026');
      expect(within(dialog).getByRole('button', { name: '20 Oktober 2026' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
