import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '@contract/account-rules';
import { demoAccounts, DEMO_PASSWORD } from '@fixtures';
import { readFilePart } from '@mocks/multipart';
import { server } from '@mocks/node';
import { answerProblem } from '@mocks/http';
import { problems } from '@domain';
import { useRootStore } from '@/stores/root-store';
import { renderWithApp, signInAs } from '@/test/render';
import { ProfilePage } from './profile-page';

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const UPLOADED_ID = '0f8b7a52-4c1e-4d8a-9a43-2f1d5b6c7e90';
const UPLOADED_URL = '/files/0f8b7a52.png?signature=test';

/*
 * jsdom's File does not survive the trip through fetch's multipart encoding byte for byte,
 * so the upload is answered here as the API documents it (docs/account-rules.md).
 */
function answerUploads(answer: () => Response) {
  const parts: { part: string; patch?: unknown }[] = [];
  server.use(
    http.post('*/api/v1/files', async ({ request }) => {
      parts.push({ part: (await readFilePart(request, 'file')) === null ? 'missing' : 'file' });
      return answer();
    }),
    http.patch('*/api/v1/me', async ({ request }) => {
      const { password: _p, userTypeKey: _k, ...officer } = demoAccounts.officer;
      parts.push({ part: 'PATCH me', patch: await request.json() });
      return HttpResponse.json({ data: { ...officer, image: UPLOADED_URL } });
    }),
  );
  return parts;
}

afterEach(() => server.events.removeAllListeners());

function recordRequests() {
  const requests: string[] = [];
  server.events.on('request:start', ({ request }) => {
    requests.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  return requests;
}

async function renderPage() {
  signInAs('officer');
  const view = renderWithApp(<ProfilePage />, { path: '/profile' });
  await screen.findByRole('heading', { name: 'Personal details' });
  return view;
}

function section(name: string) {
  return screen.getByRole('region', { name });
}

describe('ProfilePage', { timeout: 30_000 }, () => {
  it('saves the name and phone, and the signed-in user shows the new name', async () => {
    const user = userEvent.setup();
    await renderPage();
    const details = section('Personal details');
    const name = within(details).getByRole('textbox', { name: /^full name/i });
    expect(name).toHaveValue(demoAccounts.officer.fullName);
    expect(within(details).getByRole('textbox', { name: /^e-mail/i })).toHaveAttribute('readonly');

    await user.clear(name);
    await user.type(name, 'Siti Aminah');
    await user.clear(within(details).getByRole('textbox', { name: /^phone/i }));
    await user.click(within(details).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(useRootStore.getState().auth.user).toMatchObject({ fullName: 'Siti Aminah', phone: null });
  });

  it('refuses an image over the size limit before sending anything', async () => {
    const requests = recordRequests();
    const user = userEvent.setup();
    await renderPage();
    const tooLarge = new File([new Uint8Array(MAX_FILE_BYTES + 1)], 'huge.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('avatar-file-input'), tooLarge);

    expect(await within(section('Profile photo')).findByRole('alert')).toHaveTextContent('The image is too large: at most 5 MB.');
    expect(screen.queryByRole('button', { name: 'Save photo' })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual([]);
  });

  it('refuses a file that is not an image before sending anything', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await renderPage();
    await user.upload(screen.getByTestId('avatar-file-input'), new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
    expect(await within(section('Profile photo')).findByRole('alert')).toHaveTextContent('Choose a JPEG, PNG or WebP image.');
  });

  it('previews a chosen image, then uploads it and makes it the avatar', async () => {
    const requests = recordRequests();
    const calls = answerUploads(() =>
      HttpResponse.json(
        { data: { id: UPLOADED_ID, url: UPLOADED_URL, contentType: 'image/png', sizeBytes: PNG_BYTES.length } },
        { status: 201 },
      ),
    );
    const user = userEvent.setup();
    await renderPage();
    await user.upload(screen.getByTestId('avatar-file-input'), new File([PNG_BYTES], 'me.png', { type: 'image/png' }));

    const photo = section('Profile photo');
    expect(within(photo).getByRole('img', { name: 'Preview of the new profile photo' })).toBeInTheDocument();
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual([]);
    await user.click(within(photo).getByRole('button', { name: 'Save photo' }));

    expect(await screen.findByText('Profile photo saved')).toBeInTheDocument();
    expect(requests.filter((r) => !r.startsWith('GET'))).toEqual(['POST /api/v1/files', 'PATCH /api/v1/me']);
    expect(calls).toEqual([{ part: 'file' }, { part: 'PATCH me', patch: { imageFileId: UPLOADED_ID } }]);
    expect(useRootStore.getState().auth.user?.image).toBe(UPLOADED_URL);
    expect(within(photo).getByRole('img', { name: 'Your profile photo' })).toBeInTheDocument();
  });

  it('shows the server’s refusal of a file that only claims to be an image', async () => {
    answerUploads(() => answerProblem(problems.unsupportedFileType()));
    const user = userEvent.setup();
    await renderPage();
    await user.upload(screen.getByTestId('avatar-file-input'), new File(['not a png'], 'fake.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Save photo' }));

    expect(await within(section('Profile photo')).findByRole('alert')).toHaveTextContent('Choose a JPEG, PNG or WebP image.');
    expect(useRootStore.getState().auth.user?.image).toBe(demoAccounts.officer.image);
  });

  it('removes the avatar', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    await waitFor(() => expect(useRootStore.getState().auth.user?.image).toBeNull());
    expect(screen.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
  });

  it('puts a wrong current password on its field and keeps the new one', async () => {
    const user = userEvent.setup();
    await renderPage();
    const form = section('Change password');
    const current = within(form).getByLabelText(/^current password/i, { selector: 'input' });
    const next = within(form).getByLabelText(/^new password/i, { selector: 'input' });
    await user.type(current, 'not-' + DEMO_PASSWORD);
    await user.type(next, 'Kampung#Baru-2026');
    await user.type(within(form).getByLabelText(/^confirm password/i, { selector: 'input' }), 'Kampung#Baru-2026');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    expect(await within(form).findByText('The current password is not correct')).toBeInTheDocument();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveValue('');
    expect(current).toHaveFocus();
    expect(next).toHaveValue('Kampung#Baru-2026');
  });
});

describe('your sessions', () => {
  it('shows this session first and says when there is no other', async () => {
    await renderPage();
    const sessions = section('Your sessions');
    const items = await within(sessions).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('This session');
    expect(items.at(-1)).toHaveTextContent('No other session: you are signed in here only.');
    expect(within(sessions).queryByRole('button', { name: 'Sign out every other session' })).not.toBeInTheDocument();
  });

  it('says a failed load in place and tries again', async () => {
    server.use(http.get('*/api/v1/me/sessions', () => new HttpResponse(null, { status: 500 }), { once: true }));
    const user = userEvent.setup();
    await renderPage();
    const sessions = section('Your sessions');
    const alert = await within(sessions).findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(sessions).findByText('This session')).toBeInTheDocument();
    expect(within(sessions).queryByRole('alert')).not.toBeInTheDocument();
  });
});
