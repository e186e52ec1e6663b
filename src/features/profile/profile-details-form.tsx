import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@contract';
import { FULL_NAME_MAX, PHONE_MAX } from '@contract/account-rules';
import { FormAlert } from '@/components/form-alert';
import { LimitedTextInput } from '@/components/limited-text';
import { useAccountRules } from '@/lib/account-rules';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import { toast } from '@/lib/toast';
import { useLiveForm } from '@/lib/use-live-form';
import { useUpdateMe } from './api';
import { SectionCard } from './section-card';

export function ProfileDetailsForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const rules = useAccountRules();
  const updateMe = useUpdateMe();
  const [formError, setFormError] = useState<string | null>(null);
  const { form, onSubmit, showServerErrors } = useLiveForm({
    initialValues: { fullName: user.fullName, phone: user.phone ?? '' },
    validate: { fullName: rules.fullName, phone: rules.phone },
  });

  const submit = onSubmit(async ({ fullName, phone }) => {
    setFormError(null);
    try {
      const saved = await updateMe.mutateAsync({ fullName: fullName.trim(), phone: phone.trim() || null });
      form.setValues({ fullName: saved.fullName, phone: saved.phone ?? '' });
      form.resetDirty({ fullName: saved.fullName, phone: saved.phone ?? '' });
      void toast.success(t('profile.detailsSaved'));
    } catch (error) {
      const failure = await readFailure(error);
      if (showServerErrors(failure.fieldErrors)) return;
      setFormError(commonFailureMessage(failure, t, t('profile.saveFailed')));
    }
  });

  return (
    <SectionCard title={t('profile.detailsTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          <TextInput label={t('auth.email')} value={user.email} readOnly description={t('profile.emailHint')} />
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
          <Group justify="flex-end">
            <Button type="submit" loading={updateMe.isPending}>
              {t('profile.saveDetails')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
