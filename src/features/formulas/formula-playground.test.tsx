import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { FormulaPlayground } from './formula-form';

/** Manage Formula's field on its own (the Design System's Plugins page): checked and priced as it is typed. */
describe('FormulaPlayground', () => {
  it('prices the sample expression, follows what is typed, and says what is wrong with a broken one', async () => {
    // Keys without a pause between them: the checks follow each key, and a busy machine keeps to the timeout.
    const user = userEvent.setup({ delay: null });
    renderWithApp(<FormulaPlayground />);
    const result = await screen.findByTestId('formula-preview-result');
    // The preview's own values: qty 2, rate 150.00, repeatCount 3, so doubled: 2 × 150 × 2.
    expect(result).toHaveTextContent('RM 600.00');
    const field = screen.getByRole('textbox', { name: 'Expression' });
    await user.clear(field);
    await user.type(field, 'rate * qty');
    expect(screen.getByTestId('formula-preview-result')).toHaveTextContent('RM 300.00');
    await user.type(field, ' *');
    expect(screen.getByTestId('formula-preview-result')).toHaveTextContent('— (the expression does not check yet)');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/^This is not a complete formula: .*\(character \d+\)$/)).toBeInTheDocument();
  });
});
