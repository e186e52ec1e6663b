import { Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Persona, PersonaInput, PersonaUpdate } from '@contract';
import { FULL_NAME_MAX } from '@contract/account-rules';
import { PERSONA_PHONE_MAX, STAFF_NO_MAX } from '@contract/organization-fields';
import { FormActions, useCatalogueSave } from '@/components/catalogue/catalogue-form';
import { FormAlert } from '@/components/form-alert';
import { LimitedTextInput } from '@/components/limited-text';
import { useChoices, type useCatalogueMutations } from '@/lib/catalogue-queries';
import { useLiveForm } from '@/lib/use-live-form';

interface PersonaFormProps {
  current: Persona | null;
  mutations: ReturnType<typeof useCatalogueMutations<Persona, PersonaInput, PersonaUpdate>>;
  onDone: () => void;
}

type Values = {
  fullName: string;
  staffNo: string;
  phone: string;
  accountTypeId: string | null;
  organizationId: string | null;
  positionId: string | null;
  zoneId: string | null;
  active: boolean;
};

const idOf = (value: string | null) => (value ? Number(value) : null);

export function PersonaForm({ current, mutations, onDone }: PersonaFormProps) {
  const { t } = useTranslation();
  const choices = {
    accountTypeId: useChoices('account-types'),
    organizationId: useChoices('organizations'),
    positionId: useChoices('positions'),
    zoneId: useChoices('zones'),
  };
  const tooLong = (max: number) => (value: string) => (value.trim().length > max ? t('validation.tooLong', { max }) : null);
  const asText = (id: number | null | undefined) => (id ? String(id) : null);
  const { form, onSubmit, showServerErrors } = useLiveForm<Values>({
    initialValues: {
      fullName: current?.fullName ?? '',
      staffNo: current?.staffNo ?? '',
      phone: current?.phone ?? '',
      accountTypeId: asText(current?.accountTypeId),
      organizationId: asText(current?.organizationId),
      positionId: asText(current?.positionId),
      zoneId: asText(current?.zoneId),
      active: current?.active ?? true,
    },
    validate: {
      fullName: (value) => (!value.trim() ? t('personas.fullNameRequired') : tooLong(FULL_NAME_MAX)(value)),
      staffNo: tooLong(STAFF_NO_MAX),
      phone: tooLong(PERSONA_PHONE_MAX),
      accountTypeId: (value) => (value ? null : t('personas.typeRequired')),
    },
  });

  const { formError, save, saving } = useCatalogueSave({
    current,
    ...mutations,
    nameOf: (saved) => saved.fullName,
    showServerErrors,
    onDone,
  });
  const submit = onSubmit((v) =>
    save({
      fullName: v.fullName.trim(),
      staffNo: v.staffNo.trim(),
      phone: v.phone.trim(),
      accountTypeId: Number(v.accountTypeId),
      organizationId: idOf(v.organizationId),
      positionId: idOf(v.positionId),
      zoneId: idOf(v.zoneId),
      active: v.active,
    }),
  );

  const select = (field: keyof typeof choices, label: string, required = false) => (
    <Select
      label={label}
      required={required}
      clearable={!required}
      searchable
      data={choices[field].options(current?.[field])}
      {...form.getInputProps(field)}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <LimitedTextInput
          label={t('personas.fullName')}
          required
          maxLength={FULL_NAME_MAX}
          data-autofocus
          {...form.getInputProps('fullName')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <LimitedTextInput label={t('personas.staffNo')} maxLength={STAFF_NO_MAX} {...form.getInputProps('staffNo')} />
          <LimitedTextInput label={t('personas.phone')} maxLength={PERSONA_PHONE_MAX} {...form.getInputProps('phone')} />
          {select('accountTypeId', t('personas.type'), true)}
          {select('organizationId', t('personas.organization'))}
          {select('positionId', t('personas.position'))}
          {select('zoneId', t('personas.zone'))}
        </SimpleGrid>
        <Switch
          label={t('catalogue.activeSwitch')}
          description={t('personas.activeHint')}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <FormActions onCancel={onDone} saving={saving} />
      </Stack>
    </form>
  );
}
