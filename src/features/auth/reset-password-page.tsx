import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { NewPasswordFields } from '@/components/password-strength';
import { PublicPage } from '@/components/public-page';
import { AnchorLink, ButtonLink } from '@/components/router-links';
import { useAccountRules } from '@/lib/account-rules';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import { useLiveForm } from '@/lib/use-live-form';
import { useResetPassword } from './account-api';
import { dropResetGrant, readResetGrant, type ResetGrant } from './reset-grant';

/** `/reset-password`: a new password for the account whose code was just verified. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [grant] = useState(readResetGrant);
  const [outcome, setOutcome] = useState<'changed' | 'tokenInvalid' | null>(null);

  if (outcome === 'changed') {
    return (
      <PublicPage title={t('reset.changedTitle')}>
        <Text role="status">{t('reset.changedText')}</Text>
        <ButtonLink to="/" search={{ email: grant?.email }}>
          {t('auth.signIn')}
        </ButtonLink>
      </PublicPage>
    );
  }
  if (!grant || outcome === 'tokenInvalid') {
    return (
      <PublicPage title={t('reset.noTokenTitle')}>
        <Text role={outcome ? 'alert' : undefined}>{t(outcome ? 'reset.tokenInvalid' : 'reset.noToken')}</Text>
        <ButtonLink to="/forgot-password" search={{ email: grant?.email }}>
          {t('reset.askForCode')}
        </ButtonLink>
        <AnchorLink to="/" size="sm">
          {t('common.backToSignIn')}
        </AnchorLink>
      </PublicPage>
    );
  }
  return (
    <ResetForm
      grant={grant}
      onDone={(result) => {
        dropResetGrant();
        setOutcome(result);
      }}
    />
  );
}

function ResetForm({ grant, onDone }: { grant: ResetGrant; onDone: (result: 'changed' | 'tokenInvalid') => void }) {
  const { t } = useTranslation();
  const rules = useAccountRules();
  const resetPassword = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const { form, onSubmit, showServerErrors } = useLiveForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: (value) => rules.newPassword(value, grant.email),
      confirmPassword: (value, values) => rules.confirmPassword(value, values.password),
    },
    dependents: { password: ['confirmPassword'] },
  });

  const submit = onSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await resetPassword.mutateAsync({ resetToken: grant.resetToken, password });
      onDone('changed');
    } catch (error) {
      const failure = await readFailure(error);
      if (failure.kind === 'resetTokenInvalid') return onDone('tokenInvalid');
      if (showServerErrors(failure.fieldErrors)) return;
      setFormError(commonFailureMessage(failure, t, t('reset.failed')));
    }
  });

  return (
    <PublicPage title={t('reset.title')} subtitle={t('reset.subtitle', { email: grant.email })}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          {/* Lets a password manager file the new password under the right account. */}
          <input type="email" name="username" autoComplete="username" value={grant.email} readOnly hidden />
          <NewPasswordFields
            label={t('reset.newPassword')}
            password={form.values.password}
            passwordProps={form.getInputProps('password')}
            confirmProps={form.getInputProps('confirmPassword')}
            autoFocus
          />
          <Button type="submit" loading={resetPassword.isPending} fullWidth>
            {t('reset.submit')}
          </Button>
          <AnchorLink to="/" size="sm" ta="center">
            {t('common.backToSignIn')}
          </AnchorLink>
        </Stack>
      </form>
    </PublicPage>
  );
}
