import { Button, Group } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import { toast } from '@/lib/toast';

interface SaveOptions<T, Input, Update> {
  /** The record edited, or null for a new one. */
  current: { id: number } | null;
  create: UseMutationResult<T, Error, Input>;
  update: UseMutationResult<T, Error, { id: number; changes: Update }>;
  nameOf: (saved: T) => string;
  /** The form's own: shows the server's words beside each field it names. */
  showServerErrors: (errors: Record<string, string>) => boolean;
  onDone: () => void;
}

/**
 * Saving a catalogue record's form: create or change, a toast naming it, the server's refusals
 * beside their fields, and anything else above the form.
 */
export function useCatalogueSave<T, Input, Update>({
  current,
  create,
  update,
  nameOf,
  showServerErrors,
  onDone,
}: SaveOptions<T, Input, Update>) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  async function save(body: Input & Update) {
    setFormError(null);
    try {
      const saved = current ? await update.mutateAsync({ id: current.id, changes: body }) : await create.mutateAsync(body);
      void toast.success(t(current ? 'catalogue.saved' : 'catalogue.created', { name: nameOf(saved) }));
      onDone();
    } catch (error) {
      const failure = await readFailure(error);
      if (showServerErrors(failure.fieldErrors)) return;
      setFormError(commonFailureMessage(failure, t, t('catalogue.saveFailed')));
    }
  }
  return { formError, save, saving: create.isPending || update.isPending };
}

/** Cancel and Save, at the foot of a form. */
export function FormActions({ onCancel, saving, saveLabel }: { onCancel: () => void; saving: boolean; saveLabel?: string }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={saving}>
        {saveLabel ?? t('common.save')}
      </Button>
    </Group>
  );
}
