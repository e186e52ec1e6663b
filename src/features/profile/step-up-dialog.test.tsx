import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths } from '@contract/paths';
import type { MyTwoFactor } from '@contract';
import { problems } from '@domain';
import { DEMO_PASSWORD } from '@fixtures';
import { answerProblem } from '@mocks/http';
import { server } from '@mocks/node';
import { inMalay } from '@/test/in-malay';
import { renderApp } from '@/test/render-app';
import { signInWithMenu } from '@/test/sign-in-with-menu';

const MATRIX_PAGE = '/manage-user/matrix-privilage';
const RIGHT_CODE = '246810';
const RECOVERY_CODE = 'abcde-fghjk';
const NEW_CODES = ['aaaaa-bbbbb', 'ccccc-ddddd', 'eeeee-fffff', 'ggggg-hhhhh', 'jjjjj-kkkkk'];
const ON: MyTwoFactor = { enabled: true, required: true, enabledAt: '2026-01-05T08:00:00.000Z', recoveryCodesLeft: 10 };
const OFF: MyTwoFactor = { enabled: false, required: true, enabledAt: null, recoveryCodesLeft: 0 };

/**
 * The server of issue 45 for this session: each of `paths` (GET) is refused 403
 * `secondFactorRequired` until the session answers, then the mock API answers it as usual.
 * Records what the user sent and which calls were refused.
 */
function stepUpServer(factor: MyTwoFactor, paths: string[] = [apiPaths.privilegeMatrix]) {
  const session = {
    answered: false,
    refused: [] as string[],
    verified: [] as unknown[],
    enrolled: [] as unknown[],
    confirmed: [] as unknown[],
  };
  server.use(
    ...paths.map((path) =>
      http.get(`*/${path}`, ({ request }) => {
        if (session.answered) return undefined;
        session.refused.push(new URL(request.url).pathname);
        return answerProblem(problems.secondFactorRequired());
      }),
    ),
    http.get(`*/${apiPaths.myTwoFactor}`, () => HttpResponse.json({ data: factor })),
    http.post(`*/${apiPaths.myTwoFactorVerify}`, async ({ request }) => {
      const body = (await request.json()) as { code?: string; recoveryCode?: string };
      session.verified.push(body);
      if (body.code === RIGHT_CODE || body.recoveryCode === RECOVERY_CODE) {
        session.answered = true;
        return new HttpResponse(null, { status: 204 });
      }
      return answerProblem(body.code ? problems.totpCodeWrong() : problems.recoveryCodeWrong());
    }),
    http.post(`*/${apiPaths.myTwoFactor}`, async ({ request }) => {
      session.enrolled.push(await request.json());
      return HttpResponse.json({
        data: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Complaint%20Desk:admin?secret=JBSWY3DPEHPK3PXP' },
      });
    }),
    http.post(`*/${apiPaths.myTwoFactorConfirm}`, async ({ request }) => {
      session.confirmed.push(await request.json());
      session.answered = true;
      return HttpResponse.json({ data: { recoveryCodes: NEW_CODES } });
    }),
  );
  return session;
}

const boxes = (within_: HTMLElement) => within(within_).getAllByRole('textbox', { name: /^digit \d of 6$/i });
const matrix = () => screen.findByRole('table', { name: 'Privileges by screen and action' });

/** The matrix page of a signed-in administrator, whose session has not answered its second factor on `paths`. */
async function openMatrix(factor: MyTwoFactor, paths?: string[]) {
  await signInWithMenu('admin');
  const session = stepUpServer(factor, paths);
  renderApp(MATRIX_PAGE);
  const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
  return { session, dialog };
}

afterEach(() => server.events.removeAllListeners());

describe('the step-up dialog', { timeout: 30_000 }, () => {
  it('asks for a code when a call is refused for want of it, then sends the call again and shows its data', async () => {
    const user = userEvent.setup();
    const { session, dialog } = await openMatrix(ON);

    await waitFor(() => expect(boxes(dialog)[0]).toHaveFocus());
    await user.keyboard('111111');
    expect(await within(dialog).findByText('The code is not right. Type the newest code your app shows.')).toBeInTheDocument();
    expect(boxes(dialog).every((box) => (box as HTMLInputElement).value === '')).toBe(true);
    expect(boxes(dialog)[0]).toHaveFocus();
    // Sending the emptied boxes keeps the refusal, not a second message about missing digits.
    await user.keyboard('{Enter}');
    expect(within(dialog).getByText('The code is not right. Type the newest code your app shows.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Enter all 6 digits of the code')).not.toBeInTheDocument();

    await user.keyboard(RIGHT_CODE);
    expect(await matrix()).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(session.verified).toEqual([{ code: '111111' }, { code: RIGHT_CODE }]);
    expect(session.refused).toEqual([`/${apiPaths.privilegeMatrix}`]);
  });

  it('asks once when several calls are refused at once', async () => {
    const user = userEvent.setup();
    const { session, dialog } = await openMatrix(ON, [apiPaths.privilegeMatrix, apiPaths.menuPrivileges]);
    await waitFor(() => expect(session.refused).toHaveLength(2));

    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.click((await within(dialog).findAllByRole('textbox', { name: /^digit 1 of 6$/i }))[0]!);
    await user.paste(RIGHT_CODE);
    expect(await matrix()).toBeInTheDocument();
    expect(session.verified).toEqual([{ code: RIGHT_CODE }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('takes a recovery code instead, with Enter', async () => {
    const user = userEvent.setup();
    const { session, dialog } = await openMatrix(ON);
    await user.click(await within(dialog).findByRole('button', { name: 'Use a recovery code' }));
    const field = within(dialog).getByRole('textbox', { name: /^recovery code/i });
    await waitFor(() => expect(field).toHaveFocus());

    await user.keyboard('zzzzz-zzzzz{Enter}');
    expect(await within(dialog).findByText('That is not one of your unused recovery codes.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.type(field, `${RECOVERY_CODE}{Enter}`);

    expect(await matrix()).toBeInTheDocument();
    expect(session.verified).toEqual([{ recoveryCode: 'zzzzz-zzzzz' }, { recoveryCode: RECOVERY_CODE }]);
  });

  it('says when too many codes were tried', async () => {
    const user = userEvent.setup();
    const { session, dialog } = await openMatrix(ON);
    server.use(http.post(`*/${apiPaths.myTwoFactorVerify}`, () => answerProblem(problems.throttled(120))));
    await user.click((await within(dialog).findAllByRole('textbox', { name: /^digit 1 of 6$/i }))[0]!);
    await user.paste(RIGHT_CODE);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 2 minutes.');
    expect(session.answered).toBe(false);
  });

  it('leaves the refusal standing when the user cancels, and says a second factor is needed', async () => {
    const user = userEvent.setup();
    const { session, dialog } = await openMatrix(ON);
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A second factor is needed');
    expect(alert).toHaveTextContent('Your role needs a code from your authenticator app for this.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(session.verified).toEqual([]);

    // Retry asks again; Escape gives up again.
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('alert')).toHaveTextContent('A second factor is needed');
    expect(session.refused).toHaveLength(2);
  });

  it('sets up a factor first when the user has none, keeps its recovery codes, then goes on', async () => {
    const user = userEvent.setup();
    const { session, dialog } = await openMatrix(OFF);

    expect(await within(dialog).findByText(/Your role now needs two-factor sign-in/)).toBeInTheDocument();
    const password = within(dialog).getByLabelText(/^password/i, { selector: 'input' });
    await waitFor(() => expect(password).toHaveFocus());
    await user.keyboard(`${DEMO_PASSWORD}{Enter}`);

    expect(await within(dialog).findByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    await user.click(boxes(dialog)[0]!);
    await user.paste(RIGHT_CODE);

    expect(await within(dialog).findAllByTestId('recovery-code')).toHaveLength(NEW_CODES.length);
    // The codes are shown once: only Continue, once they are kept, closes the dialog.
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'I have saved these codes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await matrix()).toBeInTheDocument();
    expect(session.enrolled).toEqual([{ password: DEMO_PASSWORD }]);
    expect(session.confirmed).toEqual([{ code: RIGHT_CODE }]);
    expect(session.verified).toEqual([]);
  });

  it('speaks Malay', async () => {
    await inMalay(async () => {
      await signInWithMenu('admin');
      stepUpServer(ON);
      const { unmount } = renderApp(MATRIX_PAGE);
      const dialog = await screen.findByRole('dialog', { name: 'Sahkan bahawa ini anda' });
      expect(await within(dialog).findByText(/Tindakan ini memerlukan faktor kedua/)).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Guna kod pemulihan' })).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Batal' })).toBeInTheDocument();
      unmount();
    });
  });
});
