import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { FormAlert } from '@/components/form-alert';
import {
  FactorAnswerField,
  FactorAnswerToggle,
  factorFieldError,
  useFactorAnswer,
  type FactorAnswer,
} from '@/components/two-factor/factor-answer';
import { RecoveryCodesToKeep } from '@/components/two-factor/recovery-codes';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import { useRootStore } from '@/stores/root-store';
import { meQueries, useTwoFactorChanges } from './api';
import { FlowForm } from './two-factor-flow';

interface StepUpFormProps {
  onAnswered: () => void;
  onCancel: () => void;
  /** New recovery codes are on screen: they are kept before anything else. */
  onCodesShown: () => void;
}

/** What the step-up dialog asks: a code of the factor that is on, or else a factor set up then and there. */
export function StepUpForm({ onAnswered, onCancel, onCodesShown }: StepUpFormProps) {
  const { t } = useTranslation();
  const email = useRootStore((s) => s.auth.user?.email ?? '');
  const state = useQuery(meQueries.twoFactor());
  // Chosen once: confirming a new factor turns it on, and the dialog stays on its recovery codes.
  const [mode, setMode] = useState<'challenge' | 'enrol' | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  if (mode === null && state.data) setMode(state.data.enabled ? 'challenge' : 'enrol');

  if (codes) return <RecoveryCodesToKeep codes={codes} email={email} onContinue={onAnswered} />;
  if (mode === 'challenge') return <Challenge onAnswered={onAnswered} onCancel={onCancel} onFactorOff={() => setMode('enrol')} />;
  if (mode === 'enrol') {
    return (
      <FlowForm
        flow="enrol"
        email={email}
        factorOn={false}
        intro={t('stepUp.enrolHint')}
        onCancel={onCancel}
        onDone={onAnswered}
        onConfirmed={(confirmed) => {
          onCodesShown();
          setCodes(confirmed);
        }}
      />
    );
  }
  if (state.isError) {
    return (
      <Stack gap="md">
        <ErrorState error={state.error} onRetry={() => void state.refetch()} retrying={state.isFetching} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return <Skeleton height={120} role="status" aria-busy="true" aria-label={t('twoFactor.loading')} />;
}

/** A code from the app, or a recovery code: this session has then answered its second factor. */
function Challenge({ onAnswered, onCancel, onFactorOff }: { onAnswered: () => void; onCancel: () => void; onFactorOff: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { verify } = useTwoFactorChanges();
  const answer = useFactorAnswer();
  const [formError, setFormError] = useState<string | null>(null);
  const busy = useRef(false);

  async function send(typed: FactorAnswer) {
    if (busy.current) return;
    busy.current = true;
    answer.setError(null);
    setFormError(null);
    try {
      await verify.mutateAsync(typed);
      onAnswered();
    } catch (error) {
      const failure = await readFailure(error);
      const onField = factorFieldError(failure, t);
      if (onField) answer.refuse(onField.message);
      // Turned off meanwhile (an administrator's reset): one is set up instead.
      else if (failure.status === 409) {
        await queryClient.invalidateQueries({ queryKey: meQueries.twoFactor().queryKey });
        onFactorOff();
      } else setFormError(commonFailureMessage(failure, t, t('twoFactor.failed')));
    } finally {
      busy.current = false;
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = answer.read();
    if (typed) void send(typed);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{answer.byRecoveryCode ? t('twoFactor.recoverySubtitle') : t('stepUp.codeHint')}</Text>
        <FormAlert message={formError} />
        <FactorAnswerField answer={answer} onComplete={(typed) => void send(typed)} />
        <Group>
          <FactorAnswerToggle answer={answer} />
        </Group>
        <Text size="xs" c="dimmed">
          {t('twoFactor.lostPhone')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={verify.isPending}>
            {t('twoFactor.verify')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
