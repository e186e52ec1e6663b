import dayjs from 'dayjs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { http } from 'msw';
import { MAX_FILE_BYTES } from '@contract/account-rules';
import { complaints } from '@fixtures';
import { mockDb } from '@mocks/db';
import { complaintAsShown as shown, server } from '@mocks/node';
import { answerProblem } from '@mocks/http';
import { problems } from '@domain';
import { answerUploads } from '@/test/answer-uploads';
import { pickDateTime } from '@/test/date-field';
import { renderWithApp } from '@/test/render';
import { signInWithMenu } from '@/test/sign-in-with-menu';
import { ComplaintPage } from './complaint-page';
import { WithListSearch } from '@/test/with-list-search';

type User = ReturnType<typeof userEvent.setup>;

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const newestOpen = (status: 1 | 2) => complaints.filter((c) => c.status === status).at(-1)!;

async function renderPage() {
  await signInWithMenu('officer');
  renderWithApp(<WithListSearch>{(list) => <ComplaintPage {...list} />}</WithListSearch>, { path: '/manage-complaint/complaint' });
  await screen.findAllByRole('button', { name: /^View detail of / });
}

/** Filters the list down to the one row that says `text`. */
async function filterTo(user: User, text: string) {
  const filter = screen.getByLabelText('Filter:');
  await user.clear(filter);
  await user.type(filter, text);
  const rows = () => screen.getAllByRole('button', { name: /^View detail of / }).map((button) => button.closest('tr')!);
  await waitFor(() => {
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent(text);
  });
  return rows()[0]!;
}

async function openRegisterForm(user: User) {
  await user.click(screen.getByRole('button', { name: 'Register complaint' }));
  const dialog = await screen.findByRole('dialog', { name: 'Register Complaint' });
  // The choices have arrived once the selects are enabled.
  await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Type of Offence/ })).toBeEnabled());
  return dialog;
}

async function choose(user: User, dialog: HTMLElement, label: RegExp, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function paste(user: User, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label, { selector: 'input, textarea' });

describe('ComplaintPage', { timeout: 60_000 }, () => {
  it('lists the open complaints with their offence, contractor and status', async () => {
    const user = userEvent.setup();
    await renderPage();
    const c = newestOpen(2);

    const row = await filterTo(user, c.refNo);
    for (const text of [c.refNo, c.typeOfOffence.name, c.organization.name, c.location, 'Justified']) {
      expect(row).toHaveTextContent(text);
    }
  });

  it('checks the form as the server would: required choices, no future date, no negative quantity', async () => {
    const user = userEvent.setup();
    await renderPage();
    const dialog = await openRegisterForm(user);

    await user.click(within(dialog).getByRole('button', { name: 'Register' }));

    for (const message of [
      'Select a type of offence',
      'Enter the date and time of the misconduct',
      'Describe the misconduct',
      'Select the contractor',
      'Select the contract',
      'Enter the offender',
      'Enter the location',
      'Enter the quantity',
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('combobox', { name: /^Type of Offence/ })).toHaveFocus();

    // Days after today cannot be chosen; a time later today is refused as it is said.
    await user.click(within(within(dialog).getByRole('group', { name: /^Date of Misconduct/ })).getByRole('textbox'));
    const tomorrow = dayjs().add(1, 'day');
    if (tomorrow.month() === dayjs().month()) {
      expect(await screen.findByRole('button', { name: tomorrow.format('D MMMM YYYY') })).toBeDisabled();
    }
    await user.keyboard('{Escape}');
    await pickDateTime(user, dialog, /^Date of Misconduct/, { date: dayjs().format('YYYY-MM-DD'), time: '11:59', amPm: 'PM' });
    expect(await within(dialog).findByText('The misconduct cannot be in the future')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Quantity/ }), '-2');
    expect(await within(dialog).findByText('The quantity must be zero or more')).toBeInTheDocument();
    expect(mockDb().complaints).toHaveLength(complaints.length);
  });

  it('says what a paste past a limit lost, and that a day typed that does not exist is none', async () => {
    const user = userEvent.setup();
    await renderPage();
    const dialog = await openRegisterForm(user);

    await paste(user, field(dialog, /^Description/), 'd'.repeat(5000));
    expect(field(dialog, /^Description/)).toHaveValue('d'.repeat(2000));
    expect(within(dialog).getByText('3,000 characters were cut: Description takes at most 2,000.')).toBeInTheDocument();
    expect(within(dialog).getByText('2,000 / 2,000')).toBeInTheDocument();
    await paste(user, field(dialog, /^Location/), 'L'.repeat(400));
    expect(within(dialog).getByText('200 characters were cut: Location takes at most 200.')).toBeInTheDocument();

    const day = within(within(dialog).getByRole('group', { name: /^Date of Misconduct/ })).getByRole('textbox');
    await user.type(day, '31-02-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText('31-02-2026 is not a date: February 2026 has 28 days.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Enter the date and time of the misconduct')).not.toBeInTheDocument();
    expect(mockDb().complaints).toHaveLength(complaints.length);
  });

  it('registers a complaint, which then shows in the list as submitted', async () => {
    const user = userEvent.setup();
    await renderPage();
    const dialog = await openRegisterForm(user);

    await choose(user, dialog, /^Type of Offence/, 'Illegal dumping');
    await pickDateTime(user, dialog, /^Date of Misconduct/, { date: '2026-11-20', time: '10:30', amPm: 'AM' });
    await paste(user, field(dialog, /^Description/), 'Construction debris left at the back lane.');
    await choose(user, dialog, /^Contractor/, 'Alam Bersih Sdn Bhd');
    // Its only contract is chosen with it.
    expect(within(dialog).getByRole('combobox', { name: /^Contract\b/ })).toHaveValue(
      'MPSK/KON/2026/001 — Solid waste collection and public cleansing, Zon Pusat',
    );
    await paste(user, field(dialog, /^Offender/), 'Lorry WXY 1234');
    await paste(user, field(dialog, /^Location/), 'Lorong Belakang, Jalan Ipoh');
    await user.type(within(dialog).getByRole('textbox', { name: /^Quantity/ }), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));

    expect(await screen.findByText(/^Complaint CMP-2026-\d{6} registered$/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Register Complaint' })).not.toBeInTheDocument());
    const row = await filterTo(user, 'Lorong Belakang');
    expect(row).toHaveTextContent('Illegal dumping');
    expect(row).toHaveTextContent('Alam Bersih Sdn Bhd');
    expect(row).toHaveTextContent('20-11-2026 10:30:00 AM');
    expect(row).toHaveTextContent('Submitted');
    const saved = shown(mockDb().complaints.at(-1)!.id);
    expect(Date.parse(saved.dateOfMisconduct)).toBe(new Date(2026, 10, 20, 10, 30).getTime());
    expect(saved).toMatchObject({ qty: 3, offender: 'Lorry WXY 1234', contract: { id: 1 } });
  });

  it('uploads a chosen image at once, showing its progress', async () => {
    let release = () => {};
    const uploads = answerUploads({ hold: new Promise<void>((resolve) => (release = resolve)) });
    const user = userEvent.setup();
    await renderPage();
    const dialog = await openRegisterForm(user);

    await user.upload(screen.getByTestId('image-attachments-input'), new File([PNG_BYTES], 'bins.png', { type: 'image/png' }));

    expect(await within(dialog).findByRole('img', { name: 'bins.png' })).toBeInTheDocument();
    expect(await within(dialog).findByRole('progressbar', { name: 'Uploading bins.png' })).toBeInTheDocument();
    release();
    await waitFor(() => expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument());
    expect(within(dialog).getByText('1 of 10 images')).toBeInTheDocument();
    expect(uploads).toHaveLength(1);
    expect(mockDb().files).toHaveLength(1);
  });

  it('refuses an image over 5 MB before uploading anything', async () => {
    const uploads: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/api/v1/files')) uploads.push(request.method);
    });
    const user = userEvent.setup();
    await renderPage();
    const dialog = await openRegisterForm(user);

    const big = new File([new Uint8Array(MAX_FILE_BYTES + 1)], 'huge.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByTestId('image-attachments-input'), big);

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('huge.jpg: the image is too large, at most 5 MB.');
    expect(within(dialog).queryByRole('img', { name: 'huge.jpg' })).not.toBeInTheDocument();
    expect(uploads).toEqual([]);
    server.events.removeAllListeners();
  });

  it("says the server's refusal of an image beside the images, and leaves it out of them", async () => {
    server.use(http.post('*/api/v1/files', () => answerProblem(problems.fileTooLarge())));
    const user = userEvent.setup();
    await renderPage();
    const dialog = await openRegisterForm(user);

    await user.upload(screen.getByTestId('image-attachments-input'), new File([PNG_BYTES], 'site.png', { type: 'image/png' }));

    expect(await within(dialog).findByText('site.png: the image is too large, at most 5 MB.')).toBeInTheDocument();
    // No broken thumbnail, and not counted among the images.
    await waitFor(() => expect(within(dialog).queryByRole('img', { name: 'site.png' })).not.toBeInTheDocument());
    expect(within(dialog).queryByText('Upload failed')).not.toBeInTheDocument();
    expect(within(dialog).getByText('0 of 10 images')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Remove site.png' })).not.toBeInTheDocument();
  });

  it('offers Edit and Delete only on submitted complaints', async () => {
    const user = userEvent.setup();
    await renderPage();
    const justified = newestOpen(2);
    const submitted = newestOpen(1);

    await filterTo(user, justified.refNo);
    expect(screen.queryByRole('button', { name: `Edit ${justified.refNo}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Delete ${justified.refNo}` })).not.toBeInTheDocument();

    await filterTo(user, submitted.refNo);
    expect(screen.getByRole('button', { name: `Edit ${submitted.refNo}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Delete ${submitted.refNo}` })).toBeInTheDocument();
  });

  it('changes a submitted complaint, sending only what changed', async () => {
    const user = userEvent.setup();
    await renderPage();
    const submitted = newestOpen(1);
    await filterTo(user, submitted.refNo);

    await user.click(screen.getByRole('button', { name: `Edit ${submitted.refNo}` }));
    const dialog = await screen.findByRole('dialog', { name: `Edit Complaint ${submitted.refNo}` });
    const location = field(dialog, /^Location/);
    expect(location).toHaveValue(submitted.location);
    await user.clear(location);
    await user.type(location, 'Jalan Baru 5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(`Complaint ${submitted.refNo} saved`)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: `View detail of ${submitted.refNo}` }).closest('tr')).toHaveTextContent('Jalan Baru 5'),
    );
    const saved = shown(submitted.id);
    expect(saved.dateOfMisconduct).toBe(submitted.dateOfMisconduct);
    expect(saved.complaintAttachments).toEqual(submitted.complaintAttachments);
  });

  it('removes one stored image and adds another while editing, keeping the rest', async () => {
    const uploads = answerUploads();
    const user = userEvent.setup();
    await renderPage();
    const target = complaints.filter((c) => c.status === 1 && c.complaintAttachments.length >= 2).at(-1)!;
    const [first, ...rest] = target.complaintAttachments;
    await filterTo(user, target.refNo);

    await user.click(screen.getByRole('button', { name: `Edit ${target.refNo}` }));
    const dialog = await screen.findByRole('dialog', { name: `Edit Complaint ${target.refNo}` });
    const images = within(dialog).getByRole('group', { name: /^Complaint attachments/ });
    expect(
      within(images)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(target.complaintAttachments.map((a) => `${a.file}?variant=thumb`));
    await user.click(within(images).getByRole('button', { name: 'Remove Image 1' }));
    await user.upload(screen.getByTestId('image-attachments-input'), new File([PNG_BYTES], 'more.png', { type: 'image/png' }));
    await waitFor(() => expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(`Complaint ${target.refNo} saved`)).toBeInTheDocument();
    const saved = shown(target.id);
    expect(saved.complaintAttachments.slice(0, -1)).toEqual(rest);
    expect(uploads).toHaveLength(1);
    const added = mockDb().files.at(-1)!;
    expect(saved.complaintAttachments.at(-1)).toMatchObject({ fileId: added.id, file: added.url });
    expect(saved.complaintAttachments.some((a) => a.fileId === first!.fileId && a.id === first!.id)).toBe(false);
  });

  it('deletes a submitted complaint after asking', async () => {
    const user = userEvent.setup();
    await renderPage();
    const submitted = newestOpen(1);
    await filterTo(user, submitted.refNo);

    await user.click(screen.getByRole('button', { name: `Delete ${submitted.refNo}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Complaint' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(`Complaint ${submitted.refNo} deleted`)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: `View detail of ${submitted.refNo}` })).not.toBeInTheDocument());
    expect(mockDb().complaints.some((c) => c.id === submitted.id)).toBe(false);
  });
});
