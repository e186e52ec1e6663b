import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import ms from '../../public/locales/ms/translation.json';
import { pickDateTime } from '@/test/date-field';
import { inMalay } from '@/test/in-malay';
import { renderWithApp } from '@/test/render';
import { DateTimeField, dayProblem, parseDay, type DateTimeValue } from './date-time-field';

function Field({ initial = null, required = false, error }: { initial?: DateTimeValue; required?: boolean; error?: string }) {
  const [value, setValue] = useState<DateTimeValue>(initial);
  return (
    <>
      <DateTimeField
        label="Date of Misconduct"
        timeLabel="Time of misconduct"
        value={value}
        onChange={setValue}
        required={required}
        error={value ? undefined : error}
      />
      <output>{value ?? 'empty'}</output>
    </>
  );
}

const dayBox = () => within(screen.getByRole('group', { name: 'Date of Misconduct' })).getByRole('textbox');
const timeBox = () => screen.getByLabelText('Time of misconduct');

describe('DateTimeField', () => {
  it('shows its day as DD-MM-YYYY and its time in the time field, and nothing when empty', async () => {
    const { unmount } = renderWithApp(<Field initial="2026-11-20 14:05:00" />);
    await screen.findByRole('group', { name: 'Date of Misconduct' });
    expect(dayBox()).toHaveValue('20-11-2026');
    expect(timeBox()).toHaveValue('14:05');
    unmount();
    renderWithApp(<Field />);
    await screen.findByRole('group', { name: 'Date of Misconduct' });
    expect(dayBox()).toHaveValue('');
    expect(timeBox()).toHaveValue('');
  });

  it('takes a typed day and a typed time, and holds local time', async () => {
    const user = userEvent.setup();
    const { container } = renderWithApp(<Field initial="2026-11-20 10:30:00" />);
    await pickDateTime(user, container, /Date of Misconduct/, { date: '2026-10-18', time: '02:45', amPm: 'PM' });

    expect(screen.getByRole('status')).toHaveTextContent('2026-10-18 14:45:00');
    expect(dayBox()).toHaveValue('18-10-2026');
    // Read back in words beside the field, and to a screen reader with the time.
    expect(screen.getByTestId('date-time-in-words')).toHaveTextContent('Sunday 18 October 2026, 2:45 pm');
    expect(screen.getByRole('group', { name: /Date of Misconduct/ })).toHaveAccessibleDescription('Sunday 18 October 2026, 2:45 pm');
  });

  it('is no moment until both parts are whole: a day without a time holds nothing', async () => {
    const user = userEvent.setup();
    renderWithApp(<Field required />);
    await screen.findByRole('group', { name: 'Date of Misconduct' });
    await user.type(dayBox(), '3-2-2026');
    expect(screen.getByRole('status')).toHaveTextContent('empty');
    expect(screen.getByTestId('date-time-in-words')).toBeEmptyDOMElement();
    await user.type(timeBox(), '09:30');
    expect(screen.getByRole('status')).toHaveTextContent('2026-02-03 09:30:00');
    expect(screen.getByTestId('date-time-in-words')).toHaveTextContent('Tuesday 3 February 2026, 9:30 am');
    // A day that is not one of the calendar's empties it again.
    await user.clear(dayBox());
    await user.type(dayBox(), '31-02-2026');
    expect(screen.getByRole('status')).toHaveTextContent('empty');
  });

  it('says a typed day that does not exist is no date, in place of the form\'s "enter the date"', async () => {
    const user = userEvent.setup();
    renderWithApp(<Field required error="Enter the date and time of the misconduct" />);
    await screen.findByRole('group', { name: 'Date of Misconduct' });
    await user.type(timeBox(), '09:30');
    await user.type(dayBox(), '31-02-2026');
    expect(screen.getByText('31-02-2026 is not a date: February 2026 has 28 days.')).toBeInTheDocument();
    expect(screen.queryByText('Enter the date and time of the misconduct')).not.toBeInTheDocument();
    expect(dayBox()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('group', { name: /Date of Misconduct/ })).toHaveAccessibleDescription(
      '31-02-2026 is not a date: February 2026 has 28 days.',
    );
    expect(screen.getByRole('status')).toHaveTextContent('empty');

    await user.clear(dayBox());
    await user.type(dayBox(), '12-13-2026');
    expect(screen.getByText('12-13-2026 is not a date: the months go from 01 to 12.')).toBeInTheDocument();
    // Text with no day's shape is answered with the shape, not as nothing typed.
    await user.clear(dayBox());
    await user.type(dayBox(), 'yesterday');
    expect(screen.getByText(/^Write the date as DD-MM-YYYY, for example \d{2}-\d{2}-\d{4}\.$/)).toBeInTheDocument();
    // Mended, the field holds the moment and says nothing more.
    await user.clear(dayBox());
    await user.type(dayBox(), '28-02-2026');
    expect(screen.getByRole('status')).toHaveTextContent('2026-02-28 09:30:00');
    expect(screen.queryByText(/is not a date|Write the date/)).not.toBeInTheDocument();
  });

  it('says so in Malay too', async () => {
    const user = userEvent.setup();
    await inMalay(async () => {
      renderWithApp(<Field />);
      await screen.findByRole('group', { name: 'Date of Misconduct' });
      await user.type(dayBox(), '29-02-2025');
      expect(screen.getByText('29-02-2025 bukan tarikh yang wujud: Februari 2025 hanya ada 28 hari.')).toBeInTheDocument();
    });
  });

  it('picks a day from the calendar, keeping the time', async () => {
    const user = userEvent.setup();
    renderWithApp(<Field initial="2026-10-20 09:00:00" />);
    await screen.findByRole('group', { name: 'Date of Misconduct' });
    await user.click(dayBox());
    await user.click(await screen.findByRole('button', { name: '14 October 2026' }));
    expect(screen.getByRole('status')).toHaveTextContent('2026-10-14 09:00:00');
  });

  it('speaks Malay in Malay: month names and controls, the same DD-MM-YYYY format', async () => {
    const user = userEvent.setup();
    i18n.addResourceBundle('ms', 'translation', ms);
    await i18n.changeLanguage('ms');
    try {
      renderWithApp(<DateTimeField label="Tarikh Salah Laku" value="2026-10-20 09:00:00" onChange={() => {}} />);
      const field = await screen.findByRole('group', { name: 'Tarikh Salah Laku' });
      expect(within(field).getByRole('textbox')).toHaveValue('20-10-2026');
      expect(screen.getByLabelText('Tarikh Salah Laku: masa')).toHaveValue('09:00');
      await user.click(within(field).getByRole('textbox'));
      expect(await screen.findByRole('button', { name: 'Pilih bulan' })).toHaveTextContent('Oktober 2026');
      expect(screen.getByRole('button', { name: '20 Oktober 2026' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('parseDay', () => {
  it.each([
    ['30-12-2025', '2025-12-30'],
    ['3-2-2026', '2026-02-03'],
    ['03/02/2026', '2026-02-03'],
    ['03.02.2026', '2026-02-03'],
    [' 2026-02-03 ', '2026-02-03'],
    ['29-02-2024', '2024-02-29'],
  ])('reads %s as %s', (typed, day) => expect(parseDay(typed)).toBe(day));

  it.each(['31-02-2026', '29-02-2025', '00-01-2026', '12-13-2026', '2026', '1-1-26', 'yesterday', ''])('refuses %s', (typed) =>
    expect(parseDay(typed)).toBeNull(),
  );
});

describe('dayProblem', () => {
  it.each([
    ['31-02-2026', { kind: 'day', month: '2026-02-01', days: 28 }],
    ['29-02-2025', { kind: 'day', month: '2025-02-01', days: 28 }],
    ['00-01-2026', { kind: 'day', month: '2026-01-01', days: 31 }],
    ['2026-04-31', { kind: 'day', month: '2026-04-01', days: 30 }],
    ['12-13-2026', { kind: 'month' }],
    ['1-1-26', { kind: 'shape' }],
    ['yesterday', { kind: 'shape' }],
  ])('finds %s no day: %o', (typed, problem) => expect(dayProblem(typed)).toEqual(problem));

  it.each(['', '  ', '29-02-2024', '3-2-2026'])('finds nothing wrong with %o', (typed) => expect(dayProblem(typed)).toBeNull());
});
