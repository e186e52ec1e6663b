import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVATION_TTL_HOURS, EMAIL_MAX, FULL_NAME_MAX, PHONE_MAX } from '@contract/account-rules';
import { FormAlert } from '@/components/form-alert';
import { LimitedTextInput } from '@/components/limited-text';
import { NewPasswordFields } from '@/components/password-strength';
import { PublicPage } from '@/components/public-page';
import { AnchorLink, ButtonLink } from '@/components/router-links';
import { useAccountRules } from '@/lib/account-rules';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import { useLiveForm } from '@/lib/use-live-form';
import { useRegister } from './account-api';

/** `/register`: a pending account and an activation mail; the address is named afterwards. */
export function RegisterPage() {
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  if (registeredEmail) return <CheckYourMail email={registeredEmail} onBack={() => setRegisteredEmail(null)} />;
  return <RegisterForm onRegistered={setRegisteredEmail} />;
}

function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const { t } = useTranslation();
  const rules = useAccountRules();
  const register = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const { form, onSubmit, showServerErrors } = useLiveForm({
    initialValues: { email: '', fullName: '', phone: '', password: '', confirmPassword: '' },
    validate: {
      email: rules.email,
      fullName: rules.fullName,
      phone: rules.phone,
      password: (value, values) => rules.newPassword(value, values.email),
      confirmPassword: (value, values) => rules.confirmPassword(value, values.password),
    },
    dependents: { email: ['password'], password: ['confirmPassword'] },
  });

  const submit = onSubmit(async ({ email, fullName, phone, password }) => {
    setFormError(null);
    try {
      const registered = email.trim();
      await register.mutateAsync({
        email: registered,
        fullName: fullName.trim(),
        password,
        ...(phone.trim() ? { phone: phone.trim() } : {}),
      });
      onRegistered(registered);
    } catch (error) {
      const failure = await readFailure(error);
      if (showServerErrors(failure.fieldErrors)) return;
      setFormError(commonFailureMessage(failure, t, failure.problem?.detail ?? t('register.failed')));
    }
  });

  return (
    <PublicPage title={t('register.title')} subtitle={t('register.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          <LimitedTextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX}
            autoFocus
            {...form.getInputProps('email')}
          />
          <LimitedTextInput
            label={t('register.fullName')}
            autoComplete="name"
            required
            maxLength={FULL_NAME_MAX}
            {...form.getInputProps('fullName')}
          />
          <LimitedTextInput
            label={t('register.phone')}
            maxLength={PHONE_MAX}
            description={t('register.phoneHint')}
            type="tel"
            autoComplete="tel"
            {...form.getInputProps('phone')}
          />
          <NewPasswordFields
            label={t('auth.password')}
            password={form.values.password}
            passwordProps={form.getInputProps('password')}
            confirmProps={form.getInputProps('confirmPassword')}
          />
          <Button type="submit" loading={register.isPending} fullWidth>
            {t('register.submit')}
          </Button>
          <Text size="sm" ta="center">
            {t('register.haveAccount')}{' '}
            <AnchorLink to="/" underline="always">
              {t('auth.signIn')}
            </AnchorLink>
          </Text>
        </Stack>
      </form>
    </PublicPage>
  );
}

function CheckYourMail({ email, onBack }: { email: string; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <PublicPage title={t('register.checkMailTitle')}>
      <Text role="status">{t('register.checkMailText', { email, hours: ACTIVATION_TTL_HOURS })}</Text>
      <Text size="sm" c="dimmed">
        {t('register.checkMailHint')}
      </Text>
      <ButtonLink to="/" search={{ email }}>
        {t('common.backToSignIn')}
      </ButtonLink>
      <Anchor component="button" type="button" size="sm" onClick={onBack} ta="left">
        {t('register.useAnotherEmail')}
      </Anchor>
    </PublicPage>
  );
}
