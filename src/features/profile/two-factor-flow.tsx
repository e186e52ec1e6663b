import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OTP_LENGTH } from '@contract/account-rules';
import type { TotpEnrolment } from '@contract';
import { FormAlert } from '@/components/form-alert';
import { RecoveryCodes } from '@/components/two-factor/recovery-codes';
import { TotpCodeField } from '@/components/two-factor/totp-code-field';
import { TotpSetup } from '@/components/two-factor/totp-setup';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import { toast } from '@/lib/toast';
import { useTwoFactorChanges } from './api';

/** What the dialog is doing: adding a factor (or moving it to a new phone), new recovery codes, turning it off. */
export type Flow = 'enrol' | 'codes' | 'off';
/** Within a flow: the password, the app's code, then the recovery codes shown once. */
type Step = { kind: 'password' } | { kind: 'code'; enrolment: TotpEnrolment | null } | { kind: 'saved'; codes: string[] };

/** The profile's two-factor dialog: the password, then the app's code, then the recovery codes shown once. */
export function FlowForm({ flow, email, onDone }: { flow: Flow; email: string; onDone: () => void }) {
  const { t } = useTranslation();
  const changes = useTwoFactorChanges();
  const [step, setStep] = useState<Step>(flow === 'codes' ? { kind: 'code', enrolment: null } : { kind: 'password' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const firstBox = useRef<HTMLInputElement>(null);
  const busy = useRef(false);

  async function fail(error: unknown, field: 'password' | 'code') {
    const failure = await readFailure(error);
    if (failure.fieldErrors[field] || failure.kind === 'wrongCurrentPassword' || failure.kind === 'codeInvalid') {
      setFieldError(field === 'password' ? t('twoFactor.wrongPassword') : t('twoFactor.wrongProfileCode'));
      if (field === 'password') {
        setPassword('');
        passwordInput.current?.focus();
      } else {
        setCode('');
        firstBox.current?.focus();
      }
      return;
    }
    setFormError(commonFailureMessage(failure, t, t('twoFactor.failed')));
  }

  async function sendPassword() {
    if (!password) {
      setFieldError(t('profile.currentPasswordRequired'));
      return passwordInput.current?.focus();
    }
    try {
      if (flow === 'off') {
        await changes.turnOff.mutateAsync(password);
        void toast.success(t('twoFactor.turnedOff'));
        return onDone();
      }
      setStep({ kind: 'code', enrolment: await changes.start.mutateAsync(password) });
    } catch (error) {
      await fail(error, 'password');
    }
  }

  async function sendCode(value: string) {
    if (busy.current) return;
    if (value.length < OTP_LENGTH) {
      setFieldError(t('otp.incomplete', { length: OTP_LENGTH }));
      return firstBox.current?.focus();
    }
    busy.current = true;
    try {
      const codes = flow === 'codes' ? await changes.newCodes.mutateAsync(value) : await changes.confirm.mutateAsync(value);
      setStep({ kind: 'saved', codes });
      void toast.success(flow === 'codes' ? t('twoFactor.codesMade') : t('twoFactor.turnedOn'));
    } catch (error) {
      await fail(error, 'code');
    } finally {
      busy.current = false;
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setFieldError(null);
    setFormError(null);
    if (step.kind === 'password') void sendPassword();
    else if (step.kind === 'code') void sendCode(code);
  }

  if (step.kind === 'saved') {
    return (
      <Stack gap="md">
        <RecoveryCodes codes={step.codes} email={email} />
        <Group justify="flex-end">
          <Button onClick={onDone} data-autofocus>
            {t('twoFactor.done')}
          </Button>
        </Group>
      </Stack>
    );
  }

  const pending = changes.start.isPending || changes.turnOff.isPending || changes.confirm.isPending || changes.newCodes.isPending;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        {step.kind === 'password' ? (
          <>
            <Text size="sm">{flow === 'off' ? t('twoFactor.offPasswordHint') : t('twoFactor.passwordHint')}</Text>
            <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
            <PasswordInput
              ref={passwordInput}
              label={t('auth.password')}
              autoComplete="current-password"
              required
              data-autofocus
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={fieldError}
            />
          </>
        ) : (
          <>
            {flow === 'enrol' ? <TotpSetup enrolment={step.enrolment} /> : <Text size="sm">{t('twoFactor.codesCodeHint')}</Text>}
            <TotpCodeField ref={firstBox} value={code} onChange={setCode} onComplete={(value) => void sendCode(value)} error={fieldError} />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending} color={flow === 'off' ? 'red' : undefined}>
            {step.kind === 'password' ? (flow === 'off' ? t('twoFactor.turnOff') : t('twoFactor.next')) : t('twoFactor.confirmEnrol')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
