import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OTP_LENGTH } from '@contract/account-rules';
import type { FactorChangeRequest, TotpEnrolment } from '@contract';
import { FormAlert } from '@/components/form-alert';
import { FactorAnswerField, FactorAnswerToggle, factorFieldError, useFactorAnswer } from '@/components/two-factor/factor-answer';
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

interface FlowFormProps {
  flow: Flow;
  email: string;
  /** A second factor is on: replacing it or turning it off asks a code of it (or a recovery code) with the password. */
  factorOn: boolean;
  /** The flow is over; also when given up, unless `onCancel` says otherwise. */
  onDone: () => void;
  onCancel?: () => void;
  /** The words above the password, instead of the flow's own. */
  intro?: string;
  /** The recovery codes of a confirmed factor, for the caller to show instead of the Done step. */
  onConfirmed?: (codes: string[]) => void;
}

/** The profile's two-factor dialog: the password (and the current factor), then the app's code, then the recovery codes shown once. */
export function FlowForm({ flow, email, factorOn, onDone, onCancel = onDone, intro, onConfirmed }: FlowFormProps) {
  const { t } = useTranslation();
  const changes = useTwoFactorChanges();
  const [step, setStep] = useState<Step>(flow === 'codes' ? { kind: 'code', enrolment: null } : { kind: 'password' });
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  // The server may know better than the card (a factor turned on elsewhere): it asks for the code, and the field shows.
  const [asksFactor, setAsksFactor] = useState(factorOn && flow !== 'codes');
  const current = useFactorAnswer();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const firstBox = useRef<HTMLInputElement>(null);
  const busy = useRef(false);

  async function fail(error: unknown) {
    const failure = await readFailure(error);
    const onField = factorFieldError(failure, t);
    if (!onField) return setFormError(commonFailureMessage(failure, t, t('twoFactor.failed')));
    if (onField.field === 'password') {
      setPasswordError(onField.message);
      setPassword('');
      passwordInput.current?.focus();
    } else if (step.kind === 'password') {
      setAsksFactor(true);
      current.refuse(onField.message);
    } else {
      setCodeError(onField.message);
      setCode('');
      firstBox.current?.focus();
    }
  }

  async function sendPassword(body: FactorChangeRequest) {
    try {
      if (flow === 'off') {
        await changes.turnOff.mutateAsync(body);
        void toast.success(t('twoFactor.turnedOff'));
        return onDone();
      }
      setStep({ kind: 'code', enrolment: await changes.start.mutateAsync(body) });
    } catch (error) {
      await fail(error);
    }
  }

  async function sendCode(value: string) {
    if (busy.current) return;
    if (value.length < OTP_LENGTH) {
      setCodeError(t('otp.incomplete', { length: OTP_LENGTH }));
      return firstBox.current?.focus();
    }
    busy.current = true;
    try {
      const codes = flow === 'codes' ? await changes.newCodes.mutateAsync(value) : await changes.confirm.mutateAsync(value);
      if (onConfirmed) onConfirmed(codes);
      else setStep({ kind: 'saved', codes });
      void toast.success(flow === 'codes' ? t('twoFactor.codesMade') : t('twoFactor.turnedOn'));
    } catch (error) {
      await fail(error);
    } finally {
      busy.current = false;
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setPasswordError(null);
    setCodeError(null);
    current.setError(null);
    setFormError(null);
    if (step.kind === 'code') return void sendCode(code);
    if (step.kind !== 'password') return;
    // Both fields say what they miss; the first of them takes the focus.
    const answer = asksFactor ? current.read() : {};
    if (!password) {
      setPasswordError(t('profile.currentPasswordRequired'));
      passwordInput.current?.focus();
    }
    if (password && answer) void sendPassword({ password, ...answer });
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

  const hint = asksFactor
    ? t(flow === 'off' ? 'twoFactor.offFactorHint' : 'twoFactor.newPhoneHint')
    : t(flow === 'off' ? 'twoFactor.offPasswordHint' : 'twoFactor.passwordHint');
  const pending = changes.start.isPending || changes.turnOff.isPending || changes.confirm.isPending || changes.newCodes.isPending;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        {step.kind === 'password' ? (
          <>
            <Text size="sm">{intro ?? hint}</Text>
            <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
            <PasswordInput
              ref={passwordInput}
              label={t('auth.password')}
              autoComplete="current-password"
              required
              autoFocus
              data-autofocus
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={passwordError}
            />
            {asksFactor && (
              <Stack gap="xs">
                <FactorAnswerField answer={current} autoFocus={false} />
                <Group>
                  <FactorAnswerToggle answer={current} />
                </Group>
              </Stack>
            )}
          </>
        ) : (
          <>
            {flow === 'enrol' ? <TotpSetup enrolment={step.enrolment} /> : <Text size="sm">{t('twoFactor.codesCodeHint')}</Text>}
            <TotpCodeField ref={firstBox} value={code} onChange={setCode} onComplete={(value) => void sendCode(value)} error={codeError} />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
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
