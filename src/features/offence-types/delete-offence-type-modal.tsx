import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TypeOfOffence } from '@contract';
import { Modal } from '@/components/modal';
import { FormAlert } from '@/components/form-alert';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import { toast } from '@/lib/toast';
import { useDeleteOffenceType, useUpdateOffenceType } from './api';

interface DeleteOffenceTypeModalProps {
  target: TypeOfOffence | null;
  /** Whether the caller may deactivate instead, when the type turns out to be in use. */
  canDeactivate: boolean;
  onClose: () => void;
}

/** Asks before deleting; a type in use (409) is never deleted, so it offers to deactivate it. */
export function DeleteOffenceTypeModal({ target, canDeactivate, onClose }: DeleteOffenceTypeModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={target !== null} onClose={onClose} title={t('offenceTypes.deleteTitle')}>
      {target && <DeleteConfirmation key={target.id} target={target} canDeactivate={canDeactivate} onDone={onClose} />}
    </Modal>
  );
}

function DeleteConfirmation({ target, canDeactivate, onDone }: { target: TypeOfOffence; canDeactivate: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteOffenceType();
  const update = useUpdateOffenceType();
  const [inUse, setInUse] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setError(null);
    try {
      await remove.mutateAsync(target.id);
      void toast.success(t('offenceTypes.deleted', { name: target.name }));
      onDone();
    } catch (failed) {
      const failure = await readFailure(failed);
      if (failure.status === 409) setInUse(true);
      else setError(commonFailureMessage(failure, t, t('offenceTypes.deleteFailed')));
    }
  }

  async function deactivate() {
    setError(null);
    try {
      await update.mutateAsync({ id: target.id, changes: { isActive: false } });
      void toast.success(t('offenceTypes.deactivated', { name: target.name }));
      onDone();
    } catch (failed) {
      setError(commonFailureMessage(await readFailure(failed), t, t('offenceTypes.saveFailed')));
    }
  }

  if (inUse) {
    return (
      <Stack gap="md">
        <FormAlert
          tone="info"
          title={t('offenceTypes.inUseTitle')}
          message={target.isActive ? t('offenceTypes.inUse') : t('offenceTypes.inUseInactive')}
        />
        <FormAlert message={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          {canDeactivate && target.isActive && (
            <Button color="orange" onClick={() => void deactivate()} loading={update.isPending}>
              {t('offenceTypes.deactivate')}
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text>{t('offenceTypes.deleteConfirm', { name: target.name })}</Text>
      <FormAlert message={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={() => void confirm()} loading={remove.isPending}>
          {t('common.delete')}
        </Button>
      </Group>
    </Stack>
  );
}
