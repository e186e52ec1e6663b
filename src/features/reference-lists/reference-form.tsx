import { Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Reference, ReferenceInput, ReferenceListKey, ReferenceUpdate } from '@contract';
import { REFERENCE_CODE_MAX, REFERENCE_CODE_PATTERN, REFERENCE_DESCRIPTION_MAX, REFERENCE_NAME_MAX } from '@contract/reference-list-fields';
import { FormActions, useCatalogueSave } from '@/components/catalogue/catalogue-form';
import { FormAlert } from '@/components/form-alert';
import { LimitedTextInput, LimitedTextarea } from '@/components/limited-text';
import type { useCatalogueMutations } from '@/lib/catalogue-queries';
import { useLiveForm } from '@/lib/use-live-form';

interface ReferenceFormProps {
  listKey: ReferenceListKey;
  /** The record to edit, or null for a new one. */
  current: Reference | null;
  mutations: ReturnType<typeof useCatalogueMutations<Reference, ReferenceInput, ReferenceUpdate>>;
  onDone: () => void;
}

/** A reference record's code, name, description and whether it is offered. */
export function ReferenceForm({ listKey, current, mutations, onDone }: ReferenceFormProps) {
  const { t } = useTranslation();
  const { form, onSubmit, showServerErrors } = useLiveForm<{ code: string; name: string; description: string; active: boolean }>({
    initialValues: {
      code: current?.code ?? '',
      name: current?.name ?? '',
      description: current?.description ?? '',
      active: current?.active ?? true,
    },
    validate: {
      code: (value) => {
        const code = value.trim();
        if (!code) return t('catalogue.codeRequired');
        if (code.length > REFERENCE_CODE_MAX) return t('validation.tooLong', { max: REFERENCE_CODE_MAX });
        return REFERENCE_CODE_PATTERN.test(code) ? null : t('catalogue.codeCharacters');
      },
      name: (value) =>
        !value.trim()
          ? t('catalogue.nameRequired')
          : value.trim().length > REFERENCE_NAME_MAX
            ? t('validation.tooLong', { max: REFERENCE_NAME_MAX })
            : null,
      description: (value) =>
        value.trim().length > REFERENCE_DESCRIPTION_MAX ? t('validation.tooLong', { max: REFERENCE_DESCRIPTION_MAX }) : null,
    },
  });

  const { formError, save, saving } = useCatalogueSave({ current, ...mutations, nameOf: (saved) => saved.name, showServerErrors, onDone });
  const submit = onSubmit((values) =>
    save({ code: values.code.trim(), name: values.name.trim(), description: values.description.trim(), active: values.active }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <LimitedTextInput
          label={t('catalogue.code')}
          description={t('catalogue.codeHint')}
          required
          maxLength={REFERENCE_CODE_MAX}
          data-autofocus
          {...form.getInputProps('code')}
        />
        <LimitedTextInput label={t('catalogue.name')} required maxLength={REFERENCE_NAME_MAX} {...form.getInputProps('name')} />
        <LimitedTextarea
          label={t('catalogue.description')}
          autosize
          minRows={2}
          maxLength={REFERENCE_DESCRIPTION_MAX}
          {...form.getInputProps('description')}
        />
        <Switch
          label={t('catalogue.activeSwitch')}
          description={t(`referenceLists.${listKey}.activeHint`)}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <FormActions onCancel={onDone} saving={saving} />
      </Stack>
    </form>
  );
}
