import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockDb, updateMockDb } from '@mocks/db';
import { ACCOUNT_ID } from '@fixtures';
import { inMalay } from '@/test/in-malay';
import { renderWithApp } from '@/test/render';
import { signInWithMenu } from '@/test/sign-in-with-menu';
import { WithListSearch } from '@/test/with-list-search';
import { ClaimsPage } from './claims-page';
import type { ClaimsSearch } from './list-url';

async function renderPage(initial: ClaimsSearch = {}, role: 'officer' | 'verifier' = 'officer') {
  await signInWithMenu(role);
  renderWithApp(<WithListSearch<ClaimsSearch> initial={initial}>{(list) => <ClaimsPage {...list} />}</WithListSearch>, {
    path: '/manage-complaint/claim-record',
  });
}

describe('ClaimsPage', { timeout: 60_000 }, () => {
  it('opens a draft and, for an officer of no organisation, refuses to issue it and says why; nothing changes', async () => {
    const user = userEvent.setup();
    updateMockDb((db) => {
      db.catalogues.personas.find((p) => p.id === ACCOUNT_ID.officer)!.organizationId = null;
    });
    await renderPage({ open: 3 });
    const detail = await screen.findByRole('dialog', { name: 'Claim Record' });
    await user.click(await within(detail).findByRole('button', { name: 'Issue' }));
    const ask = await screen.findByRole('dialog', { name: 'Issue this claim record?' });
    await user.click(within(ask).getByRole('button', { name: 'Issue' }));

    expect(await screen.findByText(/^Your account is not linked to an organisation/)).toBeInTheDocument();
    expect(mockDb().claimRecords.find((r) => r.id === 3)).toMatchObject({ status: 'draft', invoiceNo: null, parties: null });
    expect(within(detail).getByText('Draft')).toBeInTheDocument();
  });

  it.each([
    ['officer', true],
    ['verifier', false],
  ] as const)('offers the invoice of an issued record only to whom the matrix opens it: %s', async (role, offered) => {
    await renderPage({ open: 2 }, role);
    const detail = await screen.findByRole('dialog', { name: 'Claim Record' });
    // Its lines are in: the buttons above them are all drawn.
    expect(await within(detail).findByRole('button', { name: /Export CSV/ })).toBeInTheDocument();
    expect(within(detail).queryByRole('link', { name: 'View invoice' }) !== null).toBe(offered);
  });

  it('says in Malay that a month is already claimed, naming the contract and the month', async () => {
    const user = userEvent.setup();
    await inMalay(async () => {
      const before = mockDb().claimRecords.length;
      await renderPage();
      await user.click(await screen.findByRole('button', { name: 'Jana tuntutan' }));
      const form = await screen.findByRole('dialog', { name: 'Jana Rekod Tuntutan' });
      await user.click(within(form).getByRole('combobox', { name: /^Kontrak/ }));
      await user.click(await screen.findByRole('option', { name: /^MPSK\/KON\/2026\/001 — / }));
      await user.click(within(form).getByRole('button', { name: /^Bulan/ }));
      while (!screen.queryByText('2026', { exact: true })) await user.click(screen.getByRole('button', { name: 'Tahun sebelumnya' }));
      await user.click(screen.getByRole('button', { name: 'Feb' }));
      await user.click(within(form).getByRole('button', { name: 'Jana' }));

      await waitFor(() =>
        expect(within(form).getByRole('alert')).toHaveTextContent(
          'Kontrak MPSK/KON/2026/001 sudah mempunyai rekod tuntutan bagi Februari 2026.',
        ),
      );
      expect(mockDb().claimRecords).toHaveLength(before);
    });
  });
});
