import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { NewPasswordFields } from '@/components/password-strength';
import { useAccountRules } from '@/lib/account-rules';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import { toast } from '@/lib/toast';
import { useLiveForm } from '@/lib/use-live-form';
import { useChangePassword } from './api';
import { SectionCard } from './section-card';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Asks for the current password; the server ends the user's other sessions on success. */
export function ChangePasswordForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const rules = useAccountRules();
  const changePassword = useChangePassword();
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const { form, onSubmit, showServerErrors, reset } = useLiveForm({
    initialValues: EMPTY,
    validate: {
      currentPassword: (value) => rules.required(value, t('profile.currentPasswordRequired')),
      newPassword: (value) => rules.newPassword(value, email),
      confirmPassword: (value, values) => rules.confirmPassword(value, values.newPassword),
    },
    dependents: { newPassword: ['confirmPassword'] },
  });

  const submit = onSubmit(async ({ currentPassword, newPassword }) => {
    setNotice(null);
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword });
      reset();
      setNotice({ tone: 'success', text: t('profile.passwordChanged') });
      void toast.success(t('profile.passwordChanged'));
    } catch (error) {
      const failure = await readFailure(error);
      if (failure.kind === 'wrongCurrentPassword') {
        form.setFieldValue('currentPassword', '');
        form.setFieldError('currentPassword', t('profile.wrongCurrentPassword'));
        form.getInputNode('currentPassword')?.focus();
        return;
      }
      if (showServerErrors(failure.fieldErrors)) return;
      setNotice({ tone: 'error', text: commonFailureMessage(failure, t, t('profile.passwordFailed')) });
    }
  });

  return (
    <SectionCard title={t('profile.passwordTitle')} hint={t('profile.passwordHint')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {notice && <FormAlert message={notice.text} tone={notice.tone} />}
          {/* Lets a password manager file the new password under the right account. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordInput
            label={t('profile.currentPassword')}
            autoComplete="current-password"
            required
            {...form.getInputProps('currentPassword')}
          />
          <NewPasswordFields
            label={t('reset.newPassword')}
            password={form.values.newPassword}
            passwordProps={form.getInputProps('newPassword')}
            confirmProps={form.getInputProps('confirmPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={changePassword.isPending}>
              {t('profile.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
