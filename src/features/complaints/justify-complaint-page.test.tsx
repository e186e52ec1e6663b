import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_ID, complaints, contractorOrganizationComplaints } from '@fixtures';
import { mockDb, updateMockDb } from '@mocks/db';
import { complaintAsShown as shown } from '@mocks/node';
import { answerUploads } from '@/test/answer-uploads';
import { HOUR_MS, setClock } from '@/test/clock';
import { renderWithApp, signInAs } from '@/test/render';
import { signInWithMenu } from '@/test/sign-in-with-menu';
import { useRootStore } from '@/stores/root-store';
import { JustifyComplaintPage } from './justify-complaint-page';
import { WithListSearch } from '@/test/with-list-search';

type User = ReturnType<typeof userEvent.setup>;

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const contractorSubmitted = contractorOrganizationComplaints.filter((c) => c.status === 1).at(-1)!;
const justified = complaints.filter((c) => c.status === 2).at(-1)!;
const submitted = complaints.filter((c) => c.status === 1).at(-1)!;

async function renderPage(role: 'contractor' | 'verifier') {
  await signInWithMenu(role);
  renderWithApp(<WithListSearch>{(list) => <JustifyComplaintPage {...list} />}</WithListSearch>, {
    path: '/manage-complaint/verify-complaint',
  });
  await screen.findAllByRole('button', { name: /^View detail of / });
}

/** Filters the list down to the one row of this complaint. */
async function rowOf(user: User, refNo: string) {
  const filter = screen.getByLabelText('Filter:');
  await user.clear(filter);
  await user.type(filter, refNo);
  const rows = () => screen.getAllByRole('button', { name: /^View detail of / }).map((button) => button.closest('tr')!);
  await waitFor(() => {
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent(refNo);
  });
  return rows()[0]!;
}

/** The complaint now says the verifier registered it. */
function registeredByVerifier(id: number) {
  updateMockDb((db) => {
    db.complaints.find((complaint) => complaint.id === id)!.createdById = ACCOUNT_ID.verifier;
  });
}

describe('JustifyComplaintPage', { timeout: 60_000 }, () => {
  it('lets the contractor justify a submitted complaint with text and an image', async () => {
    setClock(Date.parse(contractorSubmitted.createdAt) + HOUR_MS);
    const uploads = answerUploads();
    const user = userEvent.setup();
    await renderPage('contractor');
    const row = await rowOf(user, contractorSubmitted.refNo);
    expect(within(row).queryByRole('button', { name: /^Verify / })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: `Justify ${contractorSubmitted.refNo}` }));
    const dialog = await screen.findByRole('dialog', { name: `Justify Complaint ${contractorSubmitted.refNo}` });
    expect(within(dialog).getByDisplayValue(contractorSubmitted.offender)).toHaveAttribute('readonly');
    await user.click(within(dialog).getByRole('button', { name: 'Submit justification' }));
    expect(within(dialog).getByText('Write the justification')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('textbox', { name: /^Justification/ }));
    await user.paste('The bins were collected at 7 am.\nThe crew log is attached.');
    await user.upload(screen.getByTestId('image-attachments-input'), new File([PNG_BYTES], 'log.png', { type: 'image/png' }));
    await waitFor(() => expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Submit justification' }));

    expect(await screen.findByText(`Justification for ${contractorSubmitted.refNo} sent`)).toBeInTheDocument();
    await waitFor(() => expect(row).toHaveTextContent('Justified'));
    expect(within(row).queryByRole('button', { name: /^Justify / })).not.toBeInTheDocument();
    expect(uploads).toHaveLength(1);
    const saved = shown(contractorSubmitted.id);
    expect(saved).toMatchObject({ status: 2, justification: 'The bins were collected at 7 am.\nThe crew log is attached.' });
    expect(saved.justificationAttachments).toHaveLength(1);
  });

  it('says the time has run out when it ends while the justification is being written', async () => {
    const justifyBy = Date.parse(shown(contractorSubmitted.id).justifyBy!);
    setClock(justifyBy - HOUR_MS);
    const user = userEvent.setup();
    await renderPage('contractor');
    const row = await rowOf(user, contractorSubmitted.refNo);
    await user.click(within(row).getByRole('button', { name: `Justify ${contractorSubmitted.refNo}` }));
    const dialog = await screen.findByRole('dialog', { name: `Justify Complaint ${contractorSubmitted.refNo}` });
    await user.click(within(dialog).getByRole('textbox', { name: /^Justification/ }));
    await user.paste('We were there on time.');

    setClock(justifyBy + 60_000);
    await user.click(within(dialog).getByRole('button', { name: 'Submit justification' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The time to justify this complaint has ended; the verifier now decides it alone.',
    );
    expect(shown(contractorSubmitted.id)).toMatchObject({ status: 1, justification: null });
  });

  it('lets the verifier fine a justified complaint with a remark', async () => {
    const user = userEvent.setup();
    await renderPage('verifier');
    const row = await rowOf(user, justified.refNo);
    expect(within(row).queryByRole('button', { name: /^Justify / })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: `Verify ${justified.refNo}` }));
    const dialog = await screen.findByRole('dialog', { name: `Verify Complaint ${justified.refNo}` });
    // The justification is shown read-only beside the complaint.
    expect(within(dialog).getByDisplayValue(justified.justification!)).toHaveAttribute('readonly');
    expect(within(dialog).getByText('**Not compulsory (Fine or Wave)')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Remark' }), 'Photos confirm the dumping.');
    await user.click(within(dialog).getByRole('button', { name: 'Fine' }));

    // Final, so asked once more, in words, with nothing sent yet and Back focused first.
    const asked = within(dialog).getByRole('alert');
    expect(asked).toHaveTextContent(`Fine complaint ${justified.refNo}?`);
    expect(asked).toHaveTextContent(`${justified.organization.name} is fined for this complaint. This cannot be undone.`);
    expect(asked).toHaveTextContent('Remark: Photos confirm the dumping.');
    expect(within(asked).getByRole('button', { name: 'Back' })).toHaveFocus();
    expect(mockDb().complaints.find((c) => c.id === justified.id)?.status).toBe(2);
    await user.click(within(asked).getByRole('button', { name: 'Back' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Fine' })).toHaveFocus();
    expect(mockDb().complaints.find((c) => c.id === justified.id)?.status).toBe(2);

    await user.click(within(dialog).getByRole('button', { name: 'Fine' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, fine' }));
    expect(await screen.findByText(`Complaint ${justified.refNo} fined`)).toBeInTheDocument();
    // Fined is final, so it leaves the open list.
    await waitFor(() => expect(screen.queryByRole('button', { name: `View detail of ${justified.refNo}` })).not.toBeInTheDocument());
    expect(mockDb().complaints.find((c) => c.id === justified.id)).toMatchObject({ status: 3, remark: 'Photos confirm the dumping.' });
  });

  it('keeps Verify disabled, saying why, on a complaint the verifier registered', async () => {
    registeredByVerifier(submitted.id);
    const user = userEvent.setup();
    await renderPage('verifier');
    const row = await rowOf(user, submitted.refNo);

    const verify = within(row).getByRole('button', { name: `Verify ${submitted.refNo}` });
    expect(verify).toHaveAttribute('aria-disabled', 'true');
    await user.hover(verify);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Who registered a complaint may not verify it.');
    await user.click(verify);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when the server refuses a verifier their own complaint', async () => {
    const user = userEvent.setup();
    await renderPage('verifier');
    const row = await rowOf(user, submitted.refNo);
    // Registered by the verifier after the list was shown: the screen cannot know.
    registeredByVerifier(submitted.id);

    await user.click(within(row).getByRole('button', { name: `Verify ${submitted.refNo}` }));
    const dialog = await screen.findByRole('dialog', { name: `Verify Complaint ${submitted.refNo}` });
    await user.click(within(dialog).getByRole('button', { name: 'Waive' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, waive' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Who registered a complaint may not verify it.');
    expect(mockDb().complaints.find((c) => c.id === submitted.id)?.status).toBe(1);
  });

  it('opens the dialog a link names, and drops the link once it closes', async () => {
    const user = userEvent.setup();
    const linkDone = vi.fn();
    await signInWithMenu('verifier');
    renderWithApp(
      <WithListSearch>{(list) => <JustifyComplaintPage {...list} openId={justified.id} onLinkDone={linkDone} />}</WithListSearch>,
      { path: '/manage-complaint/verify-complaint' },
    );

    const dialog = await screen.findByRole('dialog', { name: `Verify Complaint ${justified.refNo}` });
    expect(linkDone).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Waive' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, waive' }));
    expect(await screen.findByText(`Complaint ${justified.refNo} waived`)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: `Verify Complaint ${justified.refNo}` })).not.toBeInTheDocument());
    expect(linkDone).toHaveBeenCalledTimes(1);
    // The complaint is now final: no second dialog and no "cannot" notice while the link goes.
    expect(screen.queryByText(/cannot be justified or verified/)).not.toBeInTheDocument();
  });

  it('says why when the linked complaint is not one the caller can act on', async () => {
    const linkDone = vi.fn();
    const alreadyJustified = contractorOrganizationComplaints.find((c) => c.status === 2)!;
    await signInWithMenu('contractor');
    renderWithApp(
      <WithListSearch>{(list) => <JustifyComplaintPage {...list} openId={alreadyJustified.id} onLinkDone={linkDone} />}</WithListSearch>,
      { path: '/manage-complaint/verify-complaint' },
    );

    expect(
      await screen.findByText(`Complaint ${alreadyJustified.refNo} cannot be justified or verified by you in its current state.`),
    ).toBeInTheDocument();
    expect(linkDone).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('waits for the caller’s rights before following a link, then opens its dialog', async () => {
    const linkDone = vi.fn();
    signInAs('verifier');
    useRootStore.getState().setDashboard('sidebarMenus', []);
    renderWithApp(
      <WithListSearch>{(list) => <JustifyComplaintPage {...list} openId={justified.id} onLinkDone={linkDone} />}</WithListSearch>,
      { path: '/manage-complaint/verify-complaint' },
    );
    // The complaint arrives while the menu (and with it the rights) is still on its way.
    await screen.findAllByRole('button', { name: /^View detail of / });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      screen.queryByText(`Complaint ${justified.refNo} cannot be justified or verified by you in its current state.`),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(linkDone).not.toHaveBeenCalled();

    await signInWithMenu('verifier');
    expect(await screen.findByRole('dialog', { name: `Verify Complaint ${justified.refNo}` })).toBeInTheDocument();
    expect(
      screen.queryByText(`Complaint ${justified.refNo} cannot be justified or verified by you in its current state.`),
    ).not.toBeInTheDocument();
  });
});
