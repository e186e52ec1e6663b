import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoAccounts, fixtureComplaint, notifications } from '@fixtures';
import { createSession } from '@mocks/session';
import { renderWithApp, signInAs } from '@/test/render';
import { inMalay } from '@/test/in-malay';
import { NotificationBell } from './notification-bell';

// Issue 46, defect 3: a deleted complaint's notices say it was withdrawn, and open no broken link.

/** The contractor's notice of a complaint still submitted, which the officer then deletes. */
const registration = notifications.find(
  (n) => n.recipientId === demoAccounts.contractor.id && typeof n.complaintId === 'number' && fixtureComplaint(n.complaintId).status === 1,
)!;
const { refNo } = fixtureComplaint(registration.complaintId!);

beforeEach(async () => {
  const officer = createSession(demoAccounts.officer.id, undefined, { secondFactor: true }).token;
  const res = await fetch(new URL(`/api/v1/complaints/${registration.complaintId}`, window.location.origin), {
    method: 'DELETE',
    headers: { authorization: `Bearer ${officer}` },
  });
  expect(res.status).toBe(204);
  signInAs('contractor');
});

async function openBell() {
  const user = userEvent.setup();
  const view = renderWithApp(<NotificationBell />, { path: '/dashboard' });
  await user.click(await screen.findByRole('button', { name: /^(Notifications|Pemberitahuan),/ }));
  const list = await screen.findByTestId('notification-list');
  return { ...view, user, list: await within(list).findByRole('list') };
}

/** The one row of the list titled `title` that names the complaint (titles repeat). */
const rowTitled = (list: HTMLElement, title: string) => {
  const rows = within(list)
    .getAllByRole('listitem')
    .filter((li) => within(li).queryByText(title, { exact: true }) && li.textContent!.includes(refNo));
  expect(rows).toHaveLength(1);
  return rows[0]!;
};

describe('a notice of a withdrawn complaint', { timeout: 20_000 }, () => {
  it('is marked withdrawn in the bell, and opens a dialog that says so instead of the missing complaint', async () => {
    const { list, user, router } = await openBell();
    const withdrawal = rowTitled(list, `Complaint ${refNo} withdrawn`);
    expect(withdrawal).toHaveAttribute('data-unread');
    expect(within(withdrawal).getByText('Withdrawn')).toBeInTheDocument();
    const old = rowTitled(list, registration.title);
    expect(within(old).getByText('Withdrawn')).toBeInTheDocument();

    await user.click(within(old).getByText(registration.title));
    const dialog = await screen.findByRole('dialog', { name: registration.title });
    expect(within(dialog).getByText(`Complaint ${refNo} was withdrawn`)).toBeInTheDocument();
    expect(within(dialog).getByText(/can no longer be opened/)).toBeInTheDocument();
    expect(within(dialog).getByText(registration.description.split('\n')[0]!, { exact: false })).toBeInTheDocument();
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: registration.title })).not.toBeInTheDocument());
  });

  it('says so in Malay too', async () => {
    await inMalay(async () => {
      const { list, user, router, unmount } = await openBell();
      const withdrawal = rowTitled(list, `Complaint ${refNo} withdrawn`);
      expect(within(withdrawal).getByText('Ditarik balik')).toBeInTheDocument();
      await user.click(within(withdrawal).getByText(`Complaint ${refNo} withdrawn`));
      const dialog = await screen.findByRole('dialog', { name: `Complaint ${refNo} withdrawn` });
      expect(within(dialog).getByText(`Aduan ${refNo} telah ditarik balik`)).toBeInTheDocument();
      expect(within(dialog).getByText(/tidak boleh dibuka lagi/)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard');
      await user.click(within(dialog).getByRole('button', { name: 'Tutup' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: `Complaint ${refNo} withdrawn` })).not.toBeInTheDocument());
      // Gone before English comes back: nothing left to re-render outside the test.
      unmount();
    });
  });
});
