import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { ClippedText } from './clipped-text';

const TEXT = 'Two sofas and a mattress left beside the communal bins after the morning collection round.';

describe('ClippedText', () => {
  it('cuts the text to one line at its width', async () => {
    renderWithApp(<ClippedText text={TEXT} maw={150} />);
    const text = await screen.findByText(TEXT);
    expect(text).toHaveAttribute('data-truncate', 'end');
    expect(text.getAttribute('style')).toMatch(/max-width: calc\(9.375rem/);
  });

  it('is no Tab stop of its own (a row is one stop, its action), and keeps the whole text readable', async () => {
    const user = userEvent.setup();
    renderWithApp(<ClippedText text={TEXT} maw={150} />);
    const text = await screen.findByText(TEXT);
    await user.tab();
    expect(text).not.toHaveFocus();
    expect(text).not.toHaveAttribute('tabindex');
    expect(text).toHaveTextContent(TEXT);
  });

  it('shows the whole text on hover', async () => {
    const user = userEvent.setup();
    renderWithApp(<ClippedText text={TEXT} maw={150} />);
    await user.hover(await screen.findByText(TEXT));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(TEXT);
  });
});

describe('ClippedText on two lines', () => {
  it('clamps to two lines and still shows the whole text on hover', async () => {
    const user = userEvent.setup();
    renderWithApp(<ClippedText text={TEXT} lines={2} />);
    const text = await screen.findByText(TEXT);
    expect(text).toHaveAttribute('data-line-clamp', 'true');
    expect(text.getAttribute('style')).toMatch(/--text-line-clamp: 2/);
    await user.hover(text);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(TEXT);
  });
});
