import { Button, Stack, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { PublicPage } from '@/components/public-page';
import { AnchorLink } from '@/components/router-links';
import { useAccountRules } from '@/lib/account-rules';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import { useLiveForm } from '@/lib/use-live-form';
import { useForgotPassword } from './account-api';

/**
 * `/forgot-password`: asks for a code by e-mail. The server answers alike whether or not
 * the account exists, so the next page says "if an account exists".
 */
export function ForgotPasswordPage({ email: givenEmail = '' }: { email?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rules = useAccountRules();
  const forgotPassword = useForgotPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const { form, onSubmit, showServerErrors } = useLiveForm({
    initialValues: { email: givenEmail },
    validate: { email: rules.email },
  });

  const submit = onSubmit(async ({ email }) => {
    setFormError(null);
    try {
      await forgotPassword.mutateAsync({ email: email.trim() });
      await navigate({ to: '/forgot-password-otp', search: { email: email.trim() } });
    } catch (error) {
      const failure = await readFailure(error);
      if (showServerErrors(failure.fieldErrors)) return;
      setFormError(commonFailureMessage(failure, t, t('forgot.failed')));
    }
  });

  return (
    <PublicPage title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          <TextInput label={t('auth.email')} type="email" autoComplete="email" required autoFocus {...form.getInputProps('email')} />
          <Button type="submit" loading={forgotPassword.isPending} fullWidth>
            {t('forgot.submit')}
          </Button>
          <AnchorLink to="/" size="sm" ta="center">
            {t('common.backToSignIn')}
          </AnchorLink>
        </Stack>
      </form>
    </PublicPage>
  );
}
