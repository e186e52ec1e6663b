import { Button, Group, NumberInput, Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TypeOfOffence } from '@contract';
import { TYPE_OF_OFFENCE_DESCRIPTION_MAX, TYPE_OF_OFFENCE_NAME_MAX, TYPE_OF_OFFENCE_RATE_MAX } from '@contract/type-of-offence-fields';
import { FormAlert } from '@/components/form-alert';
import { FormModal } from '@/components/form-modal';
import { LimitedTextInput, LimitedTextarea } from '@/components/limited-text';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import { toast } from '@/lib/toast';
import { useLiveForm } from '@/lib/use-live-form';
import { useCreateOffenceType, useUpdateOffenceType } from './api';

interface OffenceTypeFormModalProps {
  /** `'new'` to create one, a type to edit it, null when closed. */
  editing: TypeOfOffence | 'new' | null;
  onClose: () => void;
}

export function OffenceTypeFormModal({ editing, onClose }: OffenceTypeFormModalProps) {
  const { t } = useTranslation();
  return (
    <FormModal
      editing={editing}
      onClose={onClose}
      title={(current) => t(current ? 'offenceTypes.editTitle' : 'offenceTypes.newTitle')}
      size="lg"
    >
      {(current) => <OffenceTypeForm current={current} onDone={onClose} />}
    </FormModal>
  );
}

function OffenceTypeForm({ current, onDone }: { current: TypeOfOffence | null; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateOffenceType();
  const update = useUpdateOffenceType();
  const [formError, setFormError] = useState<string | null>(null);
  const { form, onSubmit, showServerErrors } = useLiveForm<{
    name: string;
    description: string;
    defaultRate: number | string;
    isActive: boolean;
  }>({
    initialValues: {
      name: current?.name ?? '',
      description: current?.description ?? '',
      defaultRate: current?.defaultRate ?? '',
      isActive: current?.isActive ?? true,
    },
    validate: {
      name: (value) =>
        !value.trim()
          ? t('offenceTypes.nameRequired')
          : value.trim().length > TYPE_OF_OFFENCE_NAME_MAX
            ? t('validation.tooLong', { max: TYPE_OF_OFFENCE_NAME_MAX })
            : null,
      description: (value) =>
        value.trim().length > TYPE_OF_OFFENCE_DESCRIPTION_MAX ? t('validation.tooLong', { max: TYPE_OF_OFFENCE_DESCRIPTION_MAX }) : null,
      // NumberInput hands over a string while the text is not yet a plain number ("12.50").
      defaultRate: (value) => {
        const rate = typeof value === 'number' ? value : Number(value);
        if (value === '' || !Number.isFinite(rate)) return t('offenceTypes.rateRequired');
        if (rate < 0) return t('offenceTypes.rateNegative');
        return rate > TYPE_OF_OFFENCE_RATE_MAX ? t('offenceTypes.rateTooLarge') : null;
      },
    },
  });

  const submit = onSubmit(async (values) => {
    setFormError(null);
    const body = {
      name: values.name.trim(),
      description: values.description.trim(),
      defaultRate: Math.round(Number(values.defaultRate) * 100) / 100,
      isActive: values.isActive,
    };
    try {
      const saved = current ? await update.mutateAsync({ id: current.id, changes: body }) : await create.mutateAsync(body);
      void toast.success(t(current ? 'offenceTypes.saved' : 'offenceTypes.created', { name: saved.name }));
      onDone();
    } catch (error) {
      const failure = await readFailure(error);
      if (failure.status === 409 && failure.fieldErrors.name) {
        showServerErrors({ name: t('offenceTypes.nameTaken') });
        return;
      }
      if (showServerErrors(failure.fieldErrors)) return;
      setFormError(commonFailureMessage(failure, t, t('offenceTypes.saveFailed')));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <LimitedTextInput
          label={t('offenceTypes.name')}
          required
          maxLength={TYPE_OF_OFFENCE_NAME_MAX}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <LimitedTextarea
          label={t('offenceTypes.description')}
          autosize
          minRows={3}
          maxLength={TYPE_OF_OFFENCE_DESCRIPTION_MAX}
          {...form.getInputProps('description')}
        />
        <NumberInput
          label={t('offenceTypes.defaultRate')}
          description={t('offenceTypes.defaultRateHint')}
          required
          min={0}
          max={TYPE_OF_OFFENCE_RATE_MAX}
          decimalScale={2}
          fixedDecimalScale
          clampBehavior="none"
          thousandSeparator=","
          {...form.getInputProps('defaultRate')}
        />
        <Switch label={t('offenceTypes.active')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
