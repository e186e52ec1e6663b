import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { inMalay } from '@/test/in-malay';
import { renderWithApp } from '@/test/render';
import { LimitedTextInput, LimitedTextarea } from './limited-text';

function Description({ initial = '', label = 'Description' }: { initial?: string; label?: string }) {
  const [value, setValue] = useState(initial);
  return <LimitedTextarea label={label} maxLength={2000} value={value} onChange={(event) => setValue(event.currentTarget.value)} />;
}

function Offender({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <LimitedTextInput label="Offender" maxLength={200} value={value} onChange={(event) => setValue(event.currentTarget.value)} />;
}

describe('LimitedTextarea and LimitedTextInput', () => {
  it('keep what fits of a paste past the limit, and say what was cut', async () => {
    const user = userEvent.setup();
    renderWithApp(<Description />);
    const field = await screen.findByRole('textbox', { name: 'Description' });
    await user.click(field);
    await user.paste('a'.repeat(5000));

    expect(field).toHaveValue('a'.repeat(2000));
    expect(screen.getByText('3,000 characters were cut: Description takes at most 2,000.')).toBeInTheDocument();
    expect(screen.getByText('2,000 / 2,000')).toBeInTheDocument();
    // The text changed again, the cut is old news.
    await user.keyboard('{Backspace}');
    expect(screen.queryByText(/were cut/)).not.toBeInTheDocument();
    expect(screen.getByText('1,999 / 2,000')).toBeInTheDocument();
  });

  it('put the paste in place of the selection, cutting only what does not fit', async () => {
    const user = userEvent.setup();
    renderWithApp(<Offender initial={`${'x'.repeat(190)}abcdef`} />);
    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Offender' });
    await user.click(field);
    // "cd" selected: 196 − 2 leaves room for 6 of the 7 characters, lines joined as one line.
    field.setSelectionRange(192, 194);
    await user.paste('12\n3456');

    expect(field).toHaveValue(`${'x'.repeat(190)}ab12 345ef`);
    expect(field.selectionStart).toBe(198);
    expect(screen.getByText('1 character was cut: Offender takes at most 200.')).toBeInTheDocument();
    expect(screen.getByText('200 / 200')).toBeInTheDocument();
  });

  it('let a paste that fits through untouched and say nothing', async () => {
    const user = userEvent.setup();
    renderWithApp(<Offender />);
    const field = await screen.findByRole('textbox', { name: 'Offender' });
    await user.click(field);
    await user.paste('Lorry WXY 1234');
    expect(field).toHaveValue('Lorry WXY 1234');
    expect(screen.queryByText(/was cut|were cut|\/ 200/)).not.toBeInTheDocument();
  });

  it('show the count from 90 % of the limit, and tell a screen reader once the limit is reached', async () => {
    const user = userEvent.setup();
    renderWithApp(<Offender initial={'x'.repeat(178)} />);
    const field = await screen.findByRole('textbox', { name: 'Offender' });
    expect(screen.queryByText(/\/ 200/)).not.toBeInTheDocument();

    await user.type(field, 'yy');
    expect(screen.getByText('180 / 200')).toBeInTheDocument();
    expect(screen.queryByText(/limit/)).not.toBeInTheDocument();

    await user.type(field, 'z'.repeat(25));
    expect(field).toHaveValue(`${'x'.repeat(178)}yy${'z'.repeat(20)}`);
    expect(screen.getByText('200 / 200')).toBeInTheDocument();
    const said = screen.getByText('The limit of 200 characters for Offender is reached.');
    expect(said.closest('[aria-live="polite"]')).not.toBeNull();
  });

  it('speak Malay in Malay, numbers as Malaysia writes them', async () => {
    const user = userEvent.setup();
    await inMalay(async () => {
      renderWithApp(<Description label="Penerangan" initial={'a'.repeat(1000)} />);
      const field = await screen.findByRole('textbox', { name: 'Penerangan' });
      await user.click(field);
      await user.paste('b'.repeat(4000));

      expect(field).toHaveValue('a'.repeat(1000) + 'b'.repeat(1000));
      expect(screen.getByText('3,000 aksara telah dipotong: Penerangan hanya memuatkan 2,000 aksara.')).toBeInTheDocument();
      expect(screen.getByText('2,000 / 2,000')).toBeInTheDocument();
    });
  });
});
