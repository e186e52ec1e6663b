import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVATION_TTL_HOURS, INVITATION_TTL_HOURS } from '@contract/account-rules';
import { PublicPage } from '@/components/public-page';
import { ButtonLink } from '@/components/router-links';
import { FormAlert } from '@/components/form-alert';
import { NewPasswordFields } from '@/components/password-strength';
import { useAccountRules } from '@/lib/account-rules';
import { commonFailureMessage, type Failure } from '@/lib/api-failure';
import { useLiveForm } from '@/lib/use-live-form';
import { useActivate } from './account-api';

/**
 * `/account/activation/$code`: activates on arrival, exactly once per code, even when
 * React mounts the page twice (StrictMode): the link is single use, so a second call
 * would turn a success into "already used". An administrator's invitation answers that it
 * needs a password: the invitee chooses one here, and the same link activates with it.
 */
export function ActivationPage({ code }: { code: string }) {
  const { t } = useTranslation();
  const activate = useActivate();
  const { mutate } = activate;
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (sentFor.current === code) return;
    sentFor.current = code;
    mutate({ code });
  }, [code, mutate]);

  const failure = activate.error;
  // Once the link is known to be an invitation, its form stays while the invitee retries.
  const [invitation, setInvitation] = useState(false);
  if (failure?.kind === 'passwordRequired' && !invitation) setInvitation(true);
  const linkGone = failure?.kind === 'linkUsed' || failure?.kind === 'linkExpired' || failure?.kind === 'linkInvalid';
  if (invitation && !activate.isSuccess && !linkGone) {
    return <InvitationForm onSubmit={(password) => activate.mutateAsync({ code, password })} />;
  }
  if (activate.isSuccess) {
    return (
      <PublicPage title={t('activation.successTitle')}>
        <Text role="status">{t('activation.successText', { email: activate.data.email })}</Text>
        <ButtonLink to="/" search={{ email: activate.data.email }}>
          {t('auth.signIn')}
        </ButtonLink>
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
          <Text size="sm" c="dimmed">
            {t('activation.expiredInvitation', { hours: INVITATION_TTL_HOURS })}
          </Text>
          <ButtonLink to="/register">{t('activation.registerAgain')}</ButtonLink>
        </PublicPage>
      );
    case 'linkInvalid':
      return (
        <PublicPage title={t('activation.invalidTitle')}>
          <Text>{t('activation.invalidText')}</Text>
          <Group>
            <ButtonLink to="/register">{t('auth.register')}</ButtonLink>
            <ButtonLink to="/" variant="default">
              {t('auth.signIn')}
            </ButtonLink>
          </Group>
        </PublicPage>
      );
    default:
      return (
        <PublicPage title={t('activation.failedTitle')}>
          <Text role="alert">{commonFailureMessage(failure, t, t('activation.failedText'))}</Text>
          <Button onClick={() => mutate({ code })}>{t('common.retry')}</Button>
        </PublicPage>
      );
  }
}

/** An invitation: the invitee chooses the password the account opens with. */
function InvitationForm({ onSubmit: activateWith }: { onSubmit: (password: string) => Promise<unknown> }) {
  const { t } = useTranslation();
  const rules = useAccountRules();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { form, onSubmit, showServerErrors } = useLiveForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: (value) => rules.newPassword(value, ''),
      confirmPassword: (value, values) => rules.confirmPassword(value, values.password),
    },
    dependents: { password: ['confirmPassword'] },
  });

  const submit = onSubmit(async ({ password }) => {
    setFormError(null);
    setBusy(true);
    try {
      await activateWith(password);
    } catch (error) {
      // A link used or expired meanwhile shows its own page instead of this form.
      const failure = error as Failure;
      if (!showServerErrors(failure.fieldErrors)) setFormError(commonFailureMessage(failure, t, t('activation.failedText')));
    } finally {
      setBusy(false);
    }
  });

  return (
    <PublicPage title={t('activation.invitationTitle')} subtitle={t('activation.invitationSubtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          <NewPasswordFields
            label={t('activation.choosePassword')}
            password={form.values.password}
            passwordProps={form.getInputProps('password')}
            confirmProps={form.getInputProps('confirmPassword')}
            autoFocus
          />
          <Button type="submit" loading={busy} fullWidth>
            {t('activation.acceptInvitation')}
          </Button>
        </Stack>
      </form>
    </PublicPage>
  );
}
