import { Anchor, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OTP_LENGTH } from '@contract/account-rules';
import type { Failure } from '@/lib/api-failure';
import { TotpCodeField } from './totp-code-field';

/** What proves the second factor: a code from the app, or one of the recovery codes. */
export type FactorAnswer = { code: string } | { recoveryCode: string };

/**
 * The answer being typed (sign-in's second step, the dialog that asks it again, the profile's
 * changes to a factor that is on): the app's code in six boxes or, by the user's choice, a
 * recovery code; one message on whichever shows.
 */
export function useFactorAnswer() {
  const { t } = useTranslation();
  const [byRecoveryCode, setByRecoveryCode] = useState(false);
  // Once the user switched between the two, the field that shows takes the focus.
  const [switched, setSwitched] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The server's refusal stands over the boxes it emptied until the user types again.
  const [refused, setRefused] = useState(false);
  const firstBox = useRef<HTMLInputElement>(null);
  const recoveryInput = useRef<HTMLInputElement>(null);
  const focus = () => (byRecoveryCode ? recoveryInput : firstBox).current?.focus();

  return {
    byRecoveryCode,
    switched,
    code,
    recoveryCode,
    error,
    firstBox,
    recoveryInput,
    setCode(next: string) {
      setCode(next);
      if (next) setRefused(false);
    },
    setRecoveryCode(next: string) {
      setRecoveryCode(next);
      if (next) setRefused(false);
    },
    setError,
    /** The answer typed, or null with the field saying what is missing. */
    read(): FactorAnswer | null {
      if (refused && !code && !recoveryCode.trim()) {
        focus();
        return null;
      }
      if (byRecoveryCode) {
        if (recoveryCode.trim()) return { recoveryCode };
        setError(t('twoFactor.recoveryRequired'));
      } else {
        if (code.length === OTP_LENGTH) return { code };
        setError(t('otp.incomplete', { length: OTP_LENGTH }));
      }
      focus();
      return null;
    },
    /** A refused answer: the message on the field, emptied and focused for the next try. */
    refuse(message: string) {
      setError(message);
      setRefused(true);
      setCode('');
      setRecoveryCode('');
      focus();
    },
    toggle() {
      setByRecoveryCode((on) => !on);
      setSwitched(true);
      setError(null);
      setRefused(false);
    },
  };
}
export type FactorAnswerState = ReturnType<typeof useFactorAnswer>;

interface FactorAnswerFieldProps {
  answer: FactorAnswerState;
  /** The sixth digit typed: the form goes on without a click. */
  onComplete?: (answer: FactorAnswer) => void;
  /** Focused when it first shows (else only once the user switched between code and recovery code). */
  autoFocus?: boolean;
}

/** The six boxes of the app's code, or the recovery code's field. */
export function FactorAnswerField({ answer, onComplete, autoFocus: focusFirst = true }: FactorAnswerFieldProps) {
  const { t } = useTranslation();
  const { byRecoveryCode, switched, code, recoveryCode, error, setCode, setRecoveryCode, firstBox, recoveryInput } = answer;
  const autoFocus = focusFirst || switched;
  if (byRecoveryCode) {
    return (
      <TextInput
        ref={recoveryInput}
        label={t('twoFactor.recoveryLabel')}
        placeholder="abcde-fghjk"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        required
        autoFocus={autoFocus}
        data-autofocus={autoFocus || undefined}
        value={recoveryCode}
        onChange={(e) => setRecoveryCode(e.currentTarget.value)}
        error={error}
      />
    );
  }
  return (
    <TotpCodeField
      ref={firstBox}
      value={code}
      onChange={setCode}
      onComplete={onComplete && ((typed) => onComplete({ code: typed }))}
      error={error}
      autoFocus={autoFocus}
    />
  );
}

/** "Use a recovery code" / "Use the code from my app". */
export function FactorAnswerToggle({ answer }: { answer: FactorAnswerState }) {
  const { t } = useTranslation();
  return (
    <Anchor component="button" type="button" size="sm" onClick={answer.toggle}>
      {answer.byRecoveryCode ? t('twoFactor.useApp') : t('twoFactor.useRecovery')}
    </Anchor>
  );
}

export type FactorField = 'password' | 'code' | 'recoveryCode';

/**
 * Which field a refused password or factor answer belongs on, with its message; null when the
 * refusal is about neither (throttled, the server's trouble: the form says those).
 */
export function factorFieldError(failure: Failure, t: TFunction): { field: FactorField; message: string } | null {
  if (failure.kind === 'wrongCurrentPassword' || failure.fieldErrors.password)
    return { field: 'password', message: t('twoFactor.wrongPassword') };
  if (failure.fieldErrors.recoveryCode) return { field: 'recoveryCode', message: t('twoFactor.wrongRecoveryCode') };
  if (failure.problem?.code === 'currentFactorNeeded') return { field: 'code', message: t('twoFactor.currentFactorNeeded') };
  if (failure.fieldErrors.code || failure.kind === 'codeInvalid') return { field: 'code', message: t('twoFactor.wrongProfileCode') };
  return null;
}
