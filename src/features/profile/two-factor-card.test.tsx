import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@contract/paths';
import type { FactorChangeRequest, MyTwoFactor } from '@contract';
import { problems } from '@domain';
import { DEMO_PASSWORD, demoAccounts } from '@fixtures';
import { answerProblem } from '@mocks/http';
import { server } from '@mocks/node';
import { renderWithApp, signInAs } from '@/test/render';
import { TwoFactorCard } from './two-factor-card';

const PHONE_CODE = '135790';
const RECOVERY_CODE = 'abcde-fghjk';
const ON: MyTwoFactor = { enabled: true, required: false, enabledAt: '2026-01-05T08:00:00.000Z', recoveryCodesLeft: 10 };
const OFF: MyTwoFactor = { enabled: false, required: false, enabledAt: null, recoveryCodesLeft: 0 };

/**
 * Issue 45's rule for replacing or turning off a factor, as the server keeps it: the password and,
 * while the factor is on, a code of it or a recovery code. `shown` is what the card is told.
 */
function factorServer(on: boolean, shown: MyTwoFactor = on ? ON : OFF) {
  const sent: { method: string; body: FactorChangeRequest }[] = [];
  const judge = (body: FactorChangeRequest) => {
    if (body.password !== DEMO_PASSWORD) return problems.wrongPassword();
    if (!on) return null;
    if (body.code) return body.code === PHONE_CODE ? null : problems.totpCodeWrong();
    if (body.recoveryCode) return body.recoveryCode === RECOVERY_CODE ? null : problems.recoveryCodeWrong();
    return problems.currentFactorNeeded();
  };
  server.use(
    http.get(`*/${apiPaths.myTwoFactor}`, () => HttpResponse.json({ data: shown })),
    http.post(`*/${apiPaths.myTwoFactor}`, async ({ request }) => {
      const body = (await request.json()) as FactorChangeRequest;
      sent.push({ method: 'POST', body });
      const refusal = judge(body);
      if (refusal) return answerProblem(refusal);
      return HttpResponse.json({
        data: { secret: 'KRSXG5CTMVRXEZLU', otpauthUrl: 'otpauth://totp/Complaint%20Desk:officer?secret=KRSXG5CTMVRXEZLU' },
      });
    }),
    http.delete(`*/${apiPaths.myTwoFactor}`, async ({ request }) => {
      const body = (await request.json()) as FactorChangeRequest;
      sent.push({ method: 'DELETE', body });
      const refusal = judge(body);
      return refusal ? answerProblem(refusal) : new HttpResponse(null, { status: 204 });
    }),
  );
  return sent;
}

async function openFlow(button: string, dialogName: string) {
  signInAs('officer');
  renderWithApp(<TwoFactorCard email={demoAccounts.officer.email} />, { path: '/profile' });
  await userEvent.setup().click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: dialogName });
}

const boxes = (dialog: HTMLElement) => within(dialog).getAllByRole('textbox', { name: /^digit \d of 6$/i });
const passwordOf = (dialog: HTMLElement) => within(dialog).getByLabelText(/^password/i, { selector: 'input' });

describe('the profile’s changes to a second factor that is on', { timeout: 30_000 }, () => {
  it('moves to a new phone with the password and a code of the current app, and puts a wrong code on the boxes', async () => {
    const sent = factorServer(true);
    const user = userEvent.setup();
    const dialog = await openFlow('Move to a new phone', 'Set up an authenticator app');
    expect(within(dialog).getByText(/a code from the authenticator app you use now/)).toBeInTheDocument();
    await waitFor(() => expect(passwordOf(dialog)).toHaveFocus());

    await user.type(passwordOf(dialog), DEMO_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Enter all 6 digits of the code')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(boxes(dialog)[0]!);
    await user.paste('000000');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('The code is not right. Type the newest code your app shows.')).toBeInTheDocument();
    expect(boxes(dialog)[0]).toHaveAttribute('aria-invalid', 'true');
    expect(boxes(dialog)[0]).toHaveFocus();
    expect(passwordOf(dialog)).toHaveValue(DEMO_PASSWORD);
    expect(passwordOf(dialog)).not.toHaveAttribute('aria-invalid', 'true');

    await user.paste(PHONE_CODE);
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByTestId('totp-secret')).toHaveTextContent('KRSX G5CT MVRX EZLU');
    expect(sent).toEqual([
      { method: 'POST', body: { password: DEMO_PASSWORD, code: '000000' } },
      { method: 'POST', body: { password: DEMO_PASSWORD, code: PHONE_CODE } },
    ]);
  });

  it('turns it off with the password and a recovery code, each refusal on its own field', async () => {
    const sent = factorServer(true);
    const user = userEvent.setup();
    const dialog = await openFlow('Turn off', 'Turn off two-factor sign-in');
    await user.type(passwordOf(dialog), DEMO_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Use a recovery code' }));
    const recovery = within(dialog).getByRole('textbox', { name: /^recovery code/i });
    await waitFor(() => expect(recovery).toHaveFocus());
    await user.keyboard('zzzzz-zzzzz{Enter}');

    expect(await within(dialog).findByText('That is not one of your unused recovery codes.')).toBeInTheDocument();
    expect(recovery).toHaveAttribute('aria-invalid', 'true');
    expect(recovery).toHaveValue('');

    await user.clear(passwordOf(dialog));
    await user.type(passwordOf(dialog), 'not the password');
    await user.type(recovery, RECOVERY_CODE);
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('The password is not correct')).toBeInTheDocument();
    expect(passwordOf(dialog)).toHaveFocus();
    expect(recovery).toHaveValue(RECOVERY_CODE);

    await user.type(passwordOf(dialog), `${DEMO_PASSWORD}{Enter}`);
    expect(await screen.findByText('Two-factor sign-in turned off')).toBeInTheDocument();
    expect(sent).toEqual([
      { method: 'DELETE', body: { password: DEMO_PASSWORD, recoveryCode: 'zzzzz-zzzzz' } },
      { method: 'DELETE', body: { password: 'not the password', recoveryCode: RECOVERY_CODE } },
      { method: 'DELETE', body: { password: DEMO_PASSWORD, recoveryCode: RECOVERY_CODE } },
    ]);
  });

  it('asks the password alone while the factor is off, and the code too when the server says it is on', async () => {
    const sent = factorServer(true, OFF);
    const user = userEvent.setup();
    const dialog = await openFlow('Turn on', 'Set up an authenticator app');
    expect(within(dialog).queryByRole('textbox', { name: /^digit 1 of 6$/i })).not.toBeInTheDocument();

    await user.type(passwordOf(dialog), `${DEMO_PASSWORD}{Enter}`);
    expect(await within(dialog).findByText('Enter a code from your authenticator app, or one of your recovery codes.')).toBeInTheDocument();
    await user.click(boxes(dialog)[0]!);
    await user.paste(PHONE_CODE);
    await user.keyboard('{Enter}');

    expect(await within(dialog).findByTestId('totp-secret')).toBeInTheDocument();
    expect(sent.map((s) => s.body)).toEqual([{ password: DEMO_PASSWORD }, { password: DEMO_PASSWORD, code: PHONE_CODE }]);
  });
});
