import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondFactorChallenge, SecondFactorSession, TotpEnrolment } from '@contract';
import { PublicPage } from '@/components/public-page';
import { FactorAnswerField, FactorAnswerToggle, useFactorAnswer, type FactorAnswer } from '@/components/two-factor/factor-answer';
import { RecoveryCodesToKeep } from '@/components/two-factor/recovery-codes';
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
  const answer = useFactorAnswer();
  const [signedIn, setSignedIn] = useState<SecondFactorSession | null>(null);
  const answering = useRef(false);
  const enrol = useSignInEnrolment();
  const answerChallenge = useAnswerSecondFactor();
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

  async function send(typed: FactorAnswer) {
    if (answering.current) return;
    answering.current = true;
    answer.setError(null);
    try {
      const session = await answerChallenge.mutateAsync({ challenge: challenge.challenge, ...typed });
      if (session.recoveryCodes) setSignedIn(session);
      else await onSignedIn(session);
    } catch (failure) {
      const { text, over } = await answerErrorMessage(failure, t);
      if (over) return onRestart(text);
      answer.refuse(text);
    } finally {
      answering.current = false;
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = answer.read();
    if (typed) void send(typed);
  }

  if (signedIn?.recoveryCodes) {
    return (
      <PublicPage title={t('twoFactor.savedTitle')} subtitle={t('twoFactor.savedSubtitle')}>
        <RecoveryCodesToKeep codes={signedIn.recoveryCodes} email={email} onContinue={() => void onSignedIn(signedIn)} />
      </PublicPage>
    );
  }

  const enrolling = challenge.enrol;
  return (
    <PublicPage
      title={enrolling ? t('twoFactor.enrolTitle') : t('twoFactor.challengeTitle')}
      subtitle={
        enrolling
          ? t('twoFactor.enrolSubtitle')
          : answer.byRecoveryCode
            ? t('twoFactor.recoverySubtitle')
            : t('twoFactor.challengeSubtitle')
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {enrolling && <TotpSetup enrolment={enrolment} />}
          <FactorAnswerField answer={answer} onComplete={(typed) => void send(typed)} autoFocus={!enrolling} />
          <Button type="submit" loading={answerChallenge.isPending} disabled={enrolling && !enrolment} fullWidth>
            {enrolling ? t('twoFactor.confirmEnrol') : t('twoFactor.verify')}
          </Button>
          <Group justify="space-between">
            {!enrolling ? <FactorAnswerToggle answer={answer} /> : <span />}
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
