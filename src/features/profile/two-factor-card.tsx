import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { Modal } from '@/components/modal';
import { formatDateTime } from '@/lib/date-format';
import { lazyRetrying } from '@/lib/lazy-retrying';
import { meQueries } from './api';
import { SectionCard } from './section-card';
import type { Flow } from './two-factor-flow';

// The dialog's steps (code boxes, QR code, recovery codes) are fetched when it first opens.
const FlowForm = lazyRetrying(() => import('./two-factor-flow').then((m) => ({ default: m.FlowForm })));

const LOW_CODES = 3;

/** Two-factor sign-in on the profile: its state, and turning it on, new recovery codes, a new phone, off. */
export function TwoFactorCard({ email }: { email: string }) {
  const { t } = useTranslation();
  const state = useQuery(meQueries.twoFactor());
  const [flow, setFlow] = useState<Flow | null>(null);
  const factor = state.data;

  return (
    <SectionCard title={t('twoFactor.cardTitle')} hint={t('twoFactor.cardHint')}>
      {state.isError && <ErrorState error={state.error} onRetry={() => void state.refetch()} retrying={state.isFetching} />}
      {state.isPending && <Skeleton height={56} role="status" aria-busy="true" aria-label={t('twoFactor.loading')} />}
      {factor && (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge color={factor.enabled ? 'green' : 'gray'} variant="light">
              {factor.enabled ? t('twoFactor.on') : t('twoFactor.off')}
            </Badge>
            {factor.required && (
              <Badge color="blue" variant="light">
                {t('twoFactor.required')}
              </Badge>
            )}
          </Group>
          <Text size="sm">
            {factor.enabled
              ? t('twoFactor.onSince', { when: formatDateTime(factor.enabledAt!) })
              : factor.required
                ? t('twoFactor.offButRequired')
                : t('twoFactor.offHint')}
          </Text>
          {factor.enabled && (
            <Text size="sm" c={factor.recoveryCodesLeft <= LOW_CODES ? 'red' : 'dimmed'}>
              {t('twoFactor.codesLeft', { count: factor.recoveryCodesLeft })}
            </Text>
          )}
          {factor.enabled && factor.required && (
            <Text size="sm" c="dimmed">
              {t('twoFactor.cannotTurnOff')}
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            {factor.enabled ? (
              <>
                {!factor.required && (
                  <Button variant="light" color="red" onClick={() => setFlow('off')}>
                    {t('twoFactor.turnOff')}
                  </Button>
                )}
                <Button variant="default" onClick={() => setFlow('enrol')}>
                  {t('twoFactor.newPhone')}
                </Button>
                <Button variant="default" onClick={() => setFlow('codes')}>
                  {t('twoFactor.newCodes')}
                </Button>
              </>
            ) : (
              <Button onClick={() => setFlow('enrol')}>{t('twoFactor.turnOn')}</Button>
            )}
          </Group>
        </Stack>
      )}
      <Modal opened={flow !== null} onClose={() => setFlow(null)} title={flow ? t(`twoFactor.flow.${flow}`) : ''} size="md">
        {flow && factor && <FlowForm key={flow} flow={flow} email={email} factorOn={factor.enabled} onDone={() => setFlow(null)} />}
      </Modal>
    </SectionCard>
  );
}
