import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Complaint } from '@contract';
import { Modal } from '@/components/modal';
import { FormAlert } from '@/components/form-alert';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import { toast } from '@/lib/toast';
import { useDeleteComplaint } from './complaint-mutations';

/** Asks before deleting a submitted complaint and its images. */
export function DeleteComplaintModal({ target, onClose }: { target: Complaint | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteComplaint();
  const [error, setError] = useState<string | null>(null);

  function close() {
    setError(null);
    onClose();
  }

  async function confirm(complaint: Complaint) {
    setError(null);
    try {
      await remove.mutateAsync(complaint.id);
      void toast.success(t('complaintForm.deleted', { refNo: complaint.refNo }));
      close();
    } catch (failed) {
      const failure = await readFailure(failed);
      setError(
        failure.status === 409 ? t('complaintForm.notDeletable') : commonFailureMessage(failure, t, t('complaintForm.deleteFailed')),
      );
    }
  }

  return (
    <Modal opened={target !== null} onClose={close} title={t('complaintForm.deleteTitle')}>
      {target && (
        <Stack gap="md">
          <Text>{t('complaintForm.deleteConfirm', { refNo: target.refNo })}</Text>
          <FormAlert message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={() => void confirm(target)} loading={remove.isPending}>
              {t('common.delete')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
