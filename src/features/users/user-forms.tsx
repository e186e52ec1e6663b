import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRootStore } from '@/stores/root-store';
import type { AdminUser } from '@contract';
import { EMAIL_MAX, FULL_NAME_MAX } from '@contract/account-rules';
import { FormAlert } from '@/components/form-alert';
import { LimitedTextInput } from '@/components/limited-text';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import { useChoices } from '@/lib/catalogue-queries';
import { emailIssue } from '@/lib/email';
import { toast } from '@/lib/toast';
import { useLiveForm } from '@/lib/use-live-form';
import { userQueries, type useUserMutations } from './api';

/** The personas a user may take: active ones no other user has (and the user's own). */
function useFreePersonas(own?: number) {
  const personas = useChoices('personas');
  const users = useQuery(userQueries.everyone());
  const taken = new Set((users.data ?? []).map((u) => u.personaId).filter((id) => id !== own));
  return personas.options(own).filter((option) => !taken.has(Number(option.value)));
}

type Mutations = ReturnType<typeof useUserMutations>;

/** An invitation: who, with which user type, and either a persona already kept or a new one of an organisation. */
export function InviteUserForm({ mutations, onDone }: { mutations: Mutations; onDone: () => void }) {
  const { t } = useTranslation();
  const userTypes = useChoices('user-types');
  const organizations = useChoices('organizations');
  const personas = useFreePersonas();
  const [formError, setFormError] = useState<string | null>(null);
  const { form, onSubmit, showServerErrors } = useLiveForm<{
    email: string;
    fullName: string;
    userTypeId: string | null;
    personaId: string | null;
    organizationId: string | null;
  }>({
    initialValues: { email: '', fullName: '', userTypeId: null, personaId: null, organizationId: null },
    validate: {
      // The invitee's address and name, not the administrator's own.
      email: (value) => (emailIssue(value) === 'required' ? t('users.emailRequired') : emailIssue(value) ? t('auth.emailInvalid') : null),
      fullName: (value, values) => (values.personaId || value.trim() ? null : t('users.fullNameRequired')),
      userTypeId: (value) => (value ? null : t('users.userTypeRequired')),
    },
  });

  const submit = onSubmit(async (v) => {
    setFormError(null);
    const persona = personas.find((p) => p.value === v.personaId);
    try {
      const invited = await mutations.invite.mutateAsync({
        email: v.email.trim(),
        fullName: persona ? persona.label : v.fullName.trim(),
        userTypeId: Number(v.userTypeId),
        personaId: v.personaId ? Number(v.personaId) : null,
        organizationId: v.personaId || !v.organizationId ? null : Number(v.organizationId),
      });
      void toast.success(t('users.invited', { email: invited.email }));
      onDone();
    } catch (error) {
      const failure = await readFailure(error);
      if (showServerErrors(failure.fieldErrors)) return;
      setFormError(commonFailureMessage(failure, t, t('users.saveFailed')));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <LimitedTextInput
          label={t('users.email')}
          type="email"
          required
          maxLength={EMAIL_MAX}
          data-autofocus
          {...form.getInputProps('email')}
        />
        <Select label={t('users.userType')} required data={userTypes.options()} {...form.getInputProps('userTypeId')} />
        <Select
          label={t('users.existingPersona')}
          description={t('users.existingPersonaHint')}
          clearable
          searchable
          data={personas}
          {...form.getInputProps('personaId')}
        />
        {!form.values.personaId && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <LimitedTextInput label={t('users.fullName')} required maxLength={FULL_NAME_MAX} {...form.getInputProps('fullName')} />
            <Select
              label={t('users.organization')}
              clearable
              searchable
              data={organizations.options()}
              {...form.getInputProps('organizationId')}
            />
          </SimpleGrid>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={mutations.invite.isPending}>
            {t('users.sendInvitation')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A user's type and persona. */
export function EditUserForm({ user, mutations, onDone }: { user: AdminUser; mutations: Mutations; onDone: () => void }) {
  const { t } = useTranslation();
  const userTypes = useChoices('user-types');
  const personas = useFreePersonas(user.personaId);
  const own = useRootStore((s) => s.auth.user?.id) === user.id;
  const [formError, setFormError] = useState<string | null>(null);
  const { form, onSubmit, showServerErrors } = useLiveForm<{ userTypeId: string | null; personaId: string | null }>({
    initialValues: { userTypeId: String(user.userType.id), personaId: String(user.personaId) },
    validate: {
      userTypeId: (value) => (value ? null : t('users.userTypeRequired')),
      personaId: (value) => (value ? null : t('users.personaRequired')),
    },
  });

  const submit = onSubmit(async (v) => {
    setFormError(null);
    try {
      await mutations.update.mutateAsync({ id: user.id, changes: { userTypeId: Number(v.userTypeId), personaId: Number(v.personaId) } });
      void toast.success(t('users.saved', { email: user.email }));
      onDone();
    } catch (error) {
      const failure = await readFailure(error);
      if (showServerErrors(failure.fieldErrors)) return;
      setFormError(commonFailureMessage(failure, t, failure.problem?.detail ?? t('users.saveFailed')));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput label={t('users.email')} value={user.email} readOnly />
        <Select
          label={t('users.userType')}
          required
          data={userTypes.options(user.userType.id)}
          data-autofocus
          {...form.getInputProps('userTypeId')}
          // One's own type stays: the API refuses the change, so it is not offered.
          disabled={own}
          description={own ? t('users.ownType') : undefined}
        />
        <Select label={t('users.persona')} required searchable data={personas} {...form.getInputProps('personaId')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={mutations.update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
