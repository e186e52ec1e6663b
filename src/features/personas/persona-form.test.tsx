import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Persona, PersonaInput, PersonaUpdate } from '@contract';
import { useCatalogueMutations } from '@/lib/catalogue-queries';
import { inMalay } from '@/test/in-malay';
import { renderWithApp } from '@/test/render';
import { signInWithMenu } from '@/test/sign-in-with-menu';
import { PersonaForm } from './persona-form';

function NewPersona() {
  return (
    <PersonaForm current={null} mutations={useCatalogueMutations<Persona, PersonaInput, PersonaUpdate>('personas')} onDone={() => {}} />
  );
}

describe('PersonaForm', () => {
  it('asks for the persona’s full name, not the administrator’s own', async () => {
    const user = userEvent.setup();
    await signInWithMenu('admin');
    const { unmount } = renderWithApp(<NewPersona />);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText("Enter the persona's full name")).toBeInTheDocument();
    expect(screen.queryByText('Enter your full name')).not.toBeInTheDocument();
    unmount();

    await inMalay(async () => {
      renderWithApp(<NewPersona />);
      await user.click(await screen.findByRole('button', { name: 'Simpan' }));
      expect(await screen.findByText('Masukkan nama penuh persona')).toBeInTheDocument();
    });
  });
});
