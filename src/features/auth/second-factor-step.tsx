import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OTP_LENGTH } from '@contract/account-rules';
import type { SecondFactorChallenge, SecondFactorSession, TotpEnrolment } from '@contract';
import { PublicPage } from '@/components/public-page';
import { RecoveryCodes } from '@/components/two-factor/recovery-codes';
import { TotpCodeField } from '@/components/two-factor/totp-code-field';
import { TotpSetup } from '@/components/two-factor/totp-setup';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import { useAnswerSecondFactor, useSignInEnrolment } from './api';

interface SecondFactorStepProps {
  challenge: SecondFactorChallenge['secondFactor'];
  email: string;
  /** The session, once the challenge is answered (and, after an enrolment, the codes are kept). */
  onSignedIn: (session: SecondFactorSession) => void | Promise<void>;
  /** Back to the password: the challenge is over (expired, out of tries, or the user asked). */
  onRestart: (message?: string) => void;
}

async function answerErrorMessage(error: unknown, t: TFunction) {
  const failure = await readFailure(error);
  if (failure.kind === 'codeInvalid') {
    const left = failure.problem?.attemptsLeft ?? 1;
    return { text: left > 0 ? t('twoFactor.wrongCode', { count: left }) : t('twoFactor.challengeOver'), over: left <= 0 };
  }
  if (failure.kind === 'codeExpired') return { text: t('twoFactor.challengeOver'), over: true };
  if (failure.kind === 'accountDisabled') return { text: t('auth.accountDisabled'), over: true };
  return { text: commonFailureMessage(failure, t, t('twoFactor.failed')), over: false };
}

/**
 * Sign-in's second step, after a right password: a code from the authenticator app, or one
 * of the recovery codes. A user whose type requires a second factor and has none adds one
 * first (QR code, then a code), and is shown the recovery codes before going on.
 */
export function SecondFactorStep({ challenge, email, onSignedIn, onRestart }: SecondFactorStepProps) {
  const { t } = useTranslation();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [signedIn, setSignedIn] = useState<SecondFactorSession | null>(null);
  const [saved, setSaved] = useState(false);
  const firstBox = useRef<HTMLInputElement>(null);
  const recoveryInput = useRef<HTMLInputElement>(null);
  const answering = useRef(false);
  const enrol = useSignInEnrolment();
  const answer = useAnswerSecondFactor();
  const { mutateAsync: startEnrolment } = enrol;

  // One secret per challenge: a second one (StrictMode runs effects twice) would replace the one on screen.
  const enrolledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!challenge.enrol || enrolledFor.current === challenge.challenge) return;
    enrolledFor.current = challenge.challenge;
    startEnrolment(challenge.challenge).then(setEnrolment, async (failure: unknown) => {
      onRestart((await answerErrorMessage(failure, t)).text);
    });
  }, [challenge, startEnrolment, onRestart, t]);

  async function send(typed: { code: string } | { recoveryCode: string }) {
    if (answering.current) return;
    answering.current = true;
    setError(null);
    try {
      const session = await answer.mutateAsync({ challenge: challenge.challenge, ...typed });
      if (session.recoveryCodes) setSignedIn(session);
      else await onSignedIn(session);
    } catch (failure) {
      const { text, over } = await answerErrorMessage(failure, t);
      if (over) return onRestart(text);
      setError(text);
      setCode('');
      setRecoveryCode('');
      (useRecovery ? recoveryInput : firstBox).current?.focus();
    } finally {
      answering.current = false;
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (useRecovery) {
      if (!recoveryCode.trim()) return setError(t('twoFactor.recoveryRequired'));
      return void send({ recoveryCode });
    }
    if (code.length < OTP_LENGTH) {
      setError(t('otp.incomplete', { length: OTP_LENGTH }));
      return firstBox.current?.focus();
    }
    void send({ code });
  }

  if (signedIn?.recoveryCodes) {
    return (
      <PublicPage title={t('twoFactor.savedTitle')} subtitle={t('twoFactor.savedSubtitle')}>
        <Stack gap="md">
          <RecoveryCodes codes={signedIn.recoveryCodes} email={email} />
          <Checkbox label={t('twoFactor.codesKept')} checked={saved} onChange={(e) => setSaved(e.currentTarget.checked)} />
          <Button onClick={() => void onSignedIn(signedIn)} disabled={!saved} fullWidth>
            {t('twoFactor.continue')}
          </Button>
        </Stack>
      </PublicPage>
    );
  }

  const enrolling = challenge.enrol;
  return (
    <PublicPage
      title={enrolling ? t('twoFactor.enrolTitle') : t('twoFactor.challengeTitle')}
      subtitle={enrolling ? t('twoFactor.enrolSubtitle') : useRecovery ? t('twoFactor.recoverySubtitle') : t('twoFactor.challengeSubtitle')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {enrolling && <TotpSetup enrolment={enrolment} />}
          {useRecovery ? (
            <TextInput
              ref={recoveryInput}
              label={t('twoFactor.recoveryLabel')}
              placeholder="abcde-fghjk"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              autoFocus
              value={recoveryCode}
              onChange={(e) => setRecoveryCode(e.currentTarget.value)}
              error={error}
            />
          ) : (
            <TotpCodeField
              ref={firstBox}
              value={code}
              onChange={setCode}
              onComplete={(value) => void send({ code: value })}
              error={error}
              autoFocus={!enrolling}
            />
          )}
          <Button type="submit" loading={answer.isPending} disabled={enrolling && !enrolment} fullWidth>
            {enrolling ? t('twoFactor.confirmEnrol') : t('twoFactor.verify')}
          </Button>
          <Group justify="space-between">
            {!enrolling ? (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => {
                  setUseRecovery((v) => !v);
                  setError(null);
                }}
              >
                {useRecovery ? t('twoFactor.useApp') : t('twoFactor.useRecovery')}
              </Anchor>
            ) : (
              <span />
            )}
            <Anchor component="button" type="button" size="sm" onClick={() => onRestart()}>
              {t('common.backToSignIn')}
            </Anchor>
          </Group>
          {!enrolling && (
            <Text size="xs" c="dimmed" ta="center">
              {t('twoFactor.lostPhone')}
            </Text>
          )}
        </Stack>
      </form>
    </PublicPage>
  );
}
