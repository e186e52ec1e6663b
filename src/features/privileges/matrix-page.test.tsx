import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { userTypeByKey } from '@fixtures';
import { mockDb, updateMockDb } from '@mocks/db';
import { renderWithApp } from '@/test/render';
import { signInWithMenu } from '@/test/sign-in-with-menu';
import { MatrixPage } from './matrix-page';

const OFFICER = userTypeByKey.officer.id;

async function renderMatrix(userTypeId: number = OFFICER) {
  await signInWithMenu('admin');
  renderWithApp(<MatrixPage userTypeId={userTypeId} onUserTypeChange={() => {}} />, { path: '/manage-user/matrix-privilage' });
  return screen.findByRole('table', { name: 'Privileges by screen and action' });
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('MatrixPage', { timeout: 60_000 }, () => {
  it('shows unsupported cells disabled, and the row and column boxes indeterminate when partly set', async () => {
    await renderMatrix();
    expect(box('History Complaint: Create (this screen has no such action)')).toBeDisabled();
    expect(box('Complaint: Create')).toBeChecked();
    // The officer has every action of Complaint, but only view of Type of Offence.
    expect(box('Every action of Complaint')).toBeChecked();
    expect(box('Every action of Type of Offence')).toBePartiallyChecked();
    expect(box('Every screen: Create')).toBePartiallyChecked();
    expect(box('Every screen: Justify')).not.toBeChecked();
  });

  it('counts changes: a row box sets all it supports, a column box every screen; clearing view clears the row', async () => {
    const user = userEvent.setup();
    await renderMatrix();
    await user.click(box('Every action of Type of Offence'));
    expect(box('Type of Offence: Delete')).toBeChecked();
    expect(screen.getByText('3 unsaved changes')).toBeInTheDocument();
    await user.click(box('Zone: Update'));
    // Update brings view with it.
    expect(box('Zone: View')).toBeChecked();
    expect(screen.getByText('5 unsaved changes')).toBeInTheDocument();
    await user.click(box('Zone: View'));
    expect(box('Zone: Update')).not.toBeChecked();
    await user.click(box('Every screen: Justify'));
    expect(box('Justify Complaint: Justify')).toBeChecked();
    expect(box('Justify Complaint: View')).toBeChecked();
    expect(box('Every screen: Justify')).toBeChecked();
    // Clearing the column takes justify away again; the view it brought stays.
    await user.click(box('Every screen: Justify'));
    expect(box('Justify Complaint: Justify')).not.toBeChecked();
    expect(box('Justify Complaint: View')).toBeChecked();
    expect(screen.getByText('4 unsaved changes')).toBeInTheDocument();
  });

  it('reviews the changes before saving, and saves them for the next request', async () => {
    const user = userEvent.setup();
    await renderMatrix();
    await user.click(box('Complaint: Create'));
    await user.click(screen.getByRole('button', { name: 'Review and save' }));
    const review = await screen.findByRole('dialog', { name: 'Review the Changes' });
    expect(within(review).getByRole('listitem')).toHaveTextContent('Taken away Complaint · Create');
    await user.click(within(review).getByRole('button', { name: 'Save 1 change' }));
    expect(await screen.findByText('Privileges of Officer saved')).toBeInTheDocument();
    expect(mockDb().grants[OFFICER]!['manage-complaint/complaint']).toEqual(['view', 'update', 'delete']);
    await waitFor(() => expect(screen.getByText('0 unsaved changes')).toBeInTheDocument());
  });

  it('a save on a stale version is refused, and the screen offers to reload', async () => {
    const user = userEvent.setup();
    await renderMatrix();
    await user.click(box('Complaint: Delete'));
    // Someone else changes the verifiers meanwhile.
    updateMockDb((db) => {
      db.grants[userTypeByKey.verifier.id]!['manage-complaint/history-complaint'] = [];
    });
    await user.click(screen.getByRole('button', { name: 'Review and save' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Review the Changes' })).getByRole('button', { name: 'Save 1 change' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone changed the privileges meanwhile');
    expect(mockDb().grants[OFFICER]!['manage-complaint/complaint']).toContain('delete');
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(box('Complaint: Delete')).toBeChecked();
  });

  it('keeps the administrator’s own view and update of this screen: shown ticked, not offered to untick', async () => {
    const user = userEvent.setup();
    await renderMatrix(userTypeByKey.administrator.id);
    for (const action of ['View', 'Update']) {
      const cell = box(`Matrix Privilege: ${action} (kept for your own user type)`);
      expect(cell).toBeChecked();
      expect(cell).toBeDisabled();
    }
    // Clearing the whole row or the whole View column leaves them; the rest goes.
    await user.click(box('Every action of Matrix Privilege'));
    await user.click(box('Every screen: View'));
    expect(box('Matrix Privilege: View (kept for your own user type)')).toBeChecked();
    expect(box('Matrix Privilege: Update (kept for your own user type)')).toBeChecked();
    expect(box('Complaint: View')).not.toBeChecked();
    // Another user type's row is the administrator's to change.
    expect(screen.queryByRole('checkbox', { name: 'Matrix Privilege: View' })).toBeNull();
  });
});
