import { Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Organization, OrganizationInput, OrganizationUpdate } from '@contract';
import { EMAIL_MAX } from '@contract/account-rules';
import {
  ORGANIZATION_ADDRESS_MAX,
  ORGANIZATION_NAME_MAX,
  ORGANIZATION_PHONE_MAX,
  REGISTRATION_NO_MAX,
} from '@contract/organization-fields';
import { FormActions, useCatalogueSave } from '@/components/catalogue/catalogue-form';
import { FormAlert } from '@/components/form-alert';
import { LimitedTextInput, LimitedTextarea } from '@/components/limited-text';
import { useChoices, type useCatalogueMutations } from '@/lib/catalogue-queries';
import { emailIssue } from '@/lib/email';
import { useLiveForm } from '@/lib/use-live-form';

interface OrganizationFormProps {
  current: Organization | null;
  mutations: ReturnType<typeof useCatalogueMutations<Organization, OrganizationInput, OrganizationUpdate>>;
  onDone: () => void;
}

export function OrganizationForm({ current, mutations, onDone }: OrganizationFormProps) {
  const { t } = useTranslation();
  const types = useChoices('organization-types');
  const zones = useChoices('zones');
  const tooLong = (max: number) => (value: string) => (value.trim().length > max ? t('validation.tooLong', { max }) : null);
  const { form, onSubmit, showServerErrors } = useLiveForm<{
    name: string;
    registrationNo: string;
    organizationTypeId: string | null;
    zoneId: string | null;
    address: string;
    email: string;
    phone: string;
    active: boolean;
  }>({
    initialValues: {
      name: current?.name ?? '',
      registrationNo: current?.registrationNo ?? '',
      organizationTypeId: current ? String(current.organizationTypeId) : null,
      zoneId: current?.zoneId ? String(current.zoneId) : null,
      address: current?.address ?? '',
      email: current?.email ?? '',
      phone: current?.phone ?? '',
      active: current?.active ?? true,
    },
    validate: {
      name: (value) => (!value.trim() ? t('catalogue.nameRequired') : tooLong(ORGANIZATION_NAME_MAX)(value)),
      registrationNo: (value) => (!value.trim() ? t('organizations.registrationNoRequired') : tooLong(REGISTRATION_NO_MAX)(value)),
      organizationTypeId: (value) => (value ? null : t('organizations.typeRequired')),
      address: tooLong(ORGANIZATION_ADDRESS_MAX),
      email: (value) => (value.trim() && emailIssue(value) ? t('auth.emailInvalid') : null),
      phone: tooLong(ORGANIZATION_PHONE_MAX),
    },
  });

  const { formError, save, saving } = useCatalogueSave({ current, ...mutations, nameOf: (saved) => saved.name, showServerErrors, onDone });
  const submit = onSubmit((v) =>
    save({
      name: v.name.trim(),
      registrationNo: v.registrationNo.trim(),
      organizationTypeId: Number(v.organizationTypeId),
      zoneId: v.zoneId ? Number(v.zoneId) : null,
      address: v.address.trim(),
      email: v.email.trim(),
      phone: v.phone.trim(),
      active: v.active,
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <LimitedTextInput
          label={t('organizations.name')}
          required
          maxLength={ORGANIZATION_NAME_MAX}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <LimitedTextInput
            label={t('organizations.registrationNo')}
            required
            maxLength={REGISTRATION_NO_MAX}
            {...form.getInputProps('registrationNo')}
          />
          <Select
            label={t('organizations.type')}
            required
            data={types.options(current?.organizationTypeId)}
            {...form.getInputProps('organizationTypeId')}
          />
          <Select label={t('organizations.zone')} clearable data={zones.options(current?.zoneId)} {...form.getInputProps('zoneId')} />
          <LimitedTextInput label={t('organizations.phone')} maxLength={ORGANIZATION_PHONE_MAX} {...form.getInputProps('phone')} />
        </SimpleGrid>
        <LimitedTextInput label={t('organizations.email')} type="email" maxLength={EMAIL_MAX} {...form.getInputProps('email')} />
        <LimitedTextarea
          label={t('organizations.address')}
          autosize
          minRows={2}
          maxLength={ORGANIZATION_ADDRESS_MAX}
          {...form.getInputProps('address')}
        />
        <Switch
          label={t('catalogue.activeSwitch')}
          description={t('organizations.activeHint')}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <FormActions onCancel={onDone} saving={saving} />
      </Stack>
    </form>
  );
}
