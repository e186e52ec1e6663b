import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { inMalay } from '@/test/in-malay';
import { renderWithApp } from '@/test/render';
import { signInWithMenu } from '@/test/sign-in-with-menu';
import { useUserMutations } from './api';
import { InviteUserForm } from './user-forms';

function Invite() {
  return <InviteUserForm mutations={useUserMutations()} onDone={() => {}} />;
}

describe('InviteUserForm', () => {
  it('asks for the invitee’s full name, not the administrator’s own, in English and Malay', async () => {
    const user = userEvent.setup();
    await signInWithMenu('admin');
    const { unmount } = renderWithApp(<Invite />);
    await user.click(await screen.findByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText("Enter the user's full name")).toBeInTheDocument();
    expect(screen.queryByText('Enter your full name')).not.toBeInTheDocument();
    unmount();

    await inMalay(async () => {
      renderWithApp(<Invite />);
      await user.click(await screen.findByRole('button', { name: 'Hantar jemputan' }));
      expect(await screen.findByText('Masukkan nama penuh pengguna')).toBeInTheDocument();
      expect(screen.queryByText('Masukkan nama penuh anda')).not.toBeInTheDocument();
    });
  });
});
