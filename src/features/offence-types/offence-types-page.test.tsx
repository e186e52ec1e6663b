import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockDb } from '@mocks/db';
import { renderWithApp } from '@/test/render';
import { signInWithMenu } from '@/test/sign-in-with-menu';
import { OffenceTypesPage } from './offence-types-page';
import { WithListSearch } from '@/test/with-list-search';

async function renderPage(role: 'admin' | 'officer' = 'admin') {
  await signInWithMenu(role);
  renderWithApp(<WithListSearch>{(list) => <OffenceTypesPage {...list} />}</WithListSearch>, { path: '/manage-complaint/type-of-offence' });
  await screen.findByRole('cell', { name: 'Crew without safety gear' });
}

/** Narrows the table to one name and answers its row. */
async function rowOf(user: ReturnType<typeof userEvent.setup>, name: string) {
  const filter = screen.getByLabelText('Filter:');
  await user.clear(filter);
  await user.type(filter, name);
  const cell = await screen.findByRole('cell', { name });
  await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
  return cell.closest('tr')!;
}

describe('OffenceTypesPage', { timeout: 60_000 }, () => {
  it('creates a type of offence, which then shows in the list', async () => {
    const user = userEvent.setup();
    await renderPage();

    await user.click(screen.getByRole('button', { name: 'New type of offence' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Type of Offence' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Blocked walkway');
    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Bins left across a walkway.');
    await user.type(within(dialog).getByRole('textbox', { name: /^Default rate/ }), '75.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Blocked walkway created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Type of Offence' })).not.toBeInTheDocument());
    const row = await rowOf(user, 'Blocked walkway');
    expect(row).toHaveTextContent('75.50');
    expect(row).toHaveTextContent('Active');
    expect(mockDb().catalogues['type-of-offences'].find((t) => t.name === 'Blocked walkway')).toMatchObject({
      defaultRate: 75.5,
      isActive: true,
    });
  });

  it('says beside the name when another type already has it, whatever its case', async () => {
    const user = userEvent.setup();
    await renderPage();

    await user.click(screen.getByRole('button', { name: 'New type of offence' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Type of Offence' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await user.type(name, 'illegal DUMPING');
    await user.type(within(dialog).getByRole('textbox', { name: /^Default rate/ }), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(name).toHaveAccessibleDescription(/Another type of offence has this name/));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(dialog).toBeInTheDocument();
  });

  it('refuses to delete a type in use and offers to deactivate it instead', async () => {
    const user = userEvent.setup();
    await renderPage();
    const row = await rowOf(user, 'Illegal dumping');

    await user.click(within(row).getByRole('button', { name: 'Delete Illegal dumping' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Type of Offence' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await within(dialog).findByText(/This type is in use; deactivate it instead/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByText('Illegal dumping deactivated')).toBeInTheDocument();
    await waitFor(() => expect(row).toHaveTextContent('Inactive'));
    expect(within(row).getByRole('button', { name: 'Activate Illegal dumping' })).toBeInTheDocument();
    expect(mockDb().catalogues['type-of-offences'].find((t) => t.name === 'Illegal dumping')?.isActive).toBe(false);
  });

  it('deactivates a type at once with Undo in its toast; Undo puts it back in use; activating asks nothing', async () => {
    const user = userEvent.setup();
    await renderPage();
    const row = await rowOf(user, 'Late collection');
    const isActive = () => mockDb().catalogues['type-of-offences'].find((t) => t.name === 'Late collection')?.isActive;

    await user.click(within(row).getByRole('button', { name: 'Deactivate Late collection' }));
    expect(await screen.findByText('Late collection deactivated')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(isActive()).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Late collection activated')).toBeInTheDocument();
    await waitFor(() => expect(isActive()).toBe(true));

    await user.click(await within(row).findByRole('button', { name: 'Deactivate Late collection' }));
    await waitFor(() => expect(isActive()).toBe(false));
    await user.click(await within(row).findByRole('button', { name: 'Activate Late collection' }));
    await waitFor(() => expect(isActive()).toBe(true));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('deletes a type no complaint or contract uses', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'New type of offence' }));
    const form = await screen.findByRole('dialog', { name: 'New Type of Offence' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Unused type');
    await user.type(within(form).getByRole('textbox', { name: /^Default rate/ }), '0');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const row = await rowOf(user, 'Unused type');

    await user.click(within(row).getByRole('button', { name: 'Delete Unused type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Type of Offence' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Unused type deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Unused type' })).not.toBeInTheDocument());
    expect(screen.getByText('No items found').closest('.mantine-datatable-empty-state')).toHaveAttribute('data-active');
  });

  it('shows an officer the list without the buttons the matrix does not allow', async () => {
    await renderPage('officer');
    expect(screen.queryByRole('button', { name: 'New type of offence' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete|Deactivate) / })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Action' })).not.toBeInTheDocument();
  });
});
