import { Button, Group, Loader, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVATION_TTL_HOURS } from '@contract/account-rules';
import { PublicPage } from '@/components/public-page';
import { ButtonLink } from '@/components/router-links';
import { commonFailureMessage } from '@/lib/api-failure';
import { useActivate } from './account-api';

/**
 * `/account/activation/$code`: activates on arrival, exactly once per code, even when
 * React mounts the page twice (StrictMode): the link is single use, so a second call
 * would turn a success into "already used".
 */
export function ActivationPage({ code }: { code: string }) {
  const { t } = useTranslation();
  const activate = useActivate();
  const { mutate } = activate;
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (sentFor.current === code) return;
    sentFor.current = code;
    mutate(code);
  }, [code, mutate]);

  const failure = activate.error;
  if (activate.isSuccess) {
    return (
      <PublicPage title={t('activation.successTitle')}>
        <Text role="status">{t('activation.successText', { email: activate.data.email })}</Text>
        <ButtonLink to="/" search={{ email: activate.data.email }}>{t('auth.signIn')}</ButtonLink>
      </PublicPage>
    );
  }
  if (!failure || activate.isPending) {
    return (
      <PublicPage title={t('activation.activatingTitle')}>
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{t('activation.activating')}</Text>
        </Group>
      </PublicPage>
    );
  }
  switch (failure.kind) {
    case 'linkUsed':
      return (
        <PublicPage title={t('activation.usedTitle')}>
          <Text>{t('activation.usedText')}</Text>
          <ButtonLink to="/">{t('auth.signIn')}</ButtonLink>
        </PublicPage>
      );
    case 'linkExpired':
      return (
        <PublicPage title={t('activation.expiredTitle')}>
          <Text>{t('activation.expiredText', { hours: ACTIVATION_TTL_HOURS })}</Text>
          <ButtonLink to="/register">{t('activation.registerAgain')}</ButtonLink>
        </PublicPage>
      );
    case 'linkInvalid':
      return (
        <PublicPage title={t('activation.invalidTitle')}>
          <Text>{t('activation.invalidText')}</Text>
          <Group>
            <ButtonLink to="/register">{t('auth.register')}</ButtonLink>
            <ButtonLink to="/" variant="default">{t('auth.signIn')}</ButtonLink>
          </Group>
        </PublicPage>
      );
    default:
      return (
        <PublicPage title={t('activation.failedTitle')}>
          <Text role="alert">{commonFailureMessage(failure, t, t('activation.failedText'))}</Text>
          <Button onClick={() => mutate(code)}>{t('common.retry')}</Button>
        </PublicPage>
      );
  }
}
