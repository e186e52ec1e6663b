import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/modal';
import { FormAlert } from '@/components/form-alert';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import { toast } from '@/lib/toast';

export interface DeletableRecord {
  id: number;
  name: string;
  active: boolean;
}

interface DeleteRecordModalProps {
  target: DeletableRecord | null;
  title: string;
  /** Whether the caller may deactivate instead, when the record turns out to be in use. */
  canDeactivate: boolean;
  remove: (id: number) => Promise<unknown>;
  deactivate: (id: number) => Promise<unknown>;
  onClose: () => void;
}

/** Asks before deleting; a record in use (409) is never deleted, so it says what uses it and offers to deactivate it. */
export function DeleteRecordModal({ target, title, ...rest }: DeleteRecordModalProps) {
  return (
    <Modal opened={target !== null} onClose={rest.onClose} title={title}>
      {target && <DeleteConfirmation key={target.id} target={target} {...rest} />}
    </Modal>
  );
}

function DeleteConfirmation({
  target,
  canDeactivate,
  remove,
  deactivate,
  onClose,
}: Omit<DeleteRecordModalProps, 'title' | 'target'> & { target: DeletableRecord }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'delete' | 'deactivate' | null>(null);
  const [inUse, setInUse] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run(action: 'delete' | 'deactivate') {
    setError(null);
    setBusy(action);
    try {
      await (action === 'delete' ? remove : deactivate)(target.id);
      void toast.success(t(action === 'delete' ? 'catalogue.deleted' : 'catalogue.deactivated', { name: target.name }));
      onClose();
    } catch (failed) {
      const failure = await readFailure(failed);
      if (action === 'delete' && failure.status === 409) setInUse(failure.problem?.detail ?? t('catalogue.inUse'));
      else setError(commonFailureMessage(failure, t, t(action === 'delete' ? 'catalogue.deleteFailed' : 'catalogue.saveFailed')));
    } finally {
      setBusy(null);
    }
  }

  if (inUse !== null) {
    return (
      <Stack gap="md">
        <FormAlert
          tone="info"
          title={t('catalogue.inUseTitle')}
          message={`${inUse} ${target.active ? '' : t('catalogue.alreadyInactive')}`.trim()}
        />
        <FormAlert message={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {canDeactivate && target.active && (
            <Button color="orange" onClick={() => void run('deactivate')} loading={busy === 'deactivate'}>
              {t('catalogue.deactivate')}
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text>{t('catalogue.deleteConfirm', { name: target.name })}</Text>
      <FormAlert message={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-autofocus>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={() => void run('delete')} loading={busy === 'delete'}>
          {t('common.delete')}
        </Button>
      </Group>
    </Stack>
  );
}
