import { Button, Divider, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCircleCheck, IconGavel } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REMARK_MAX, type Decision } from '@contract/complaint-rules';
import type { Complaint } from '@contract';
import type { ProblemName } from '@domain/problems';
import { Modal } from '@/components/modal';
import { FormAlert } from '@/components/form-alert';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import { toast } from '@/lib/toast';
import { useVerifyComplaint } from './api';
import { ComplaintDetailFields } from './complaint-detail-fields';
import { ImagePreviewModal, type PreviewImage } from './image-preview-modal';

/** The verifier reads the complaint and its justification, then fines or waives it (final). */
export function VerifyComplaintModal({ target, onClose }: { target: Complaint | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target ? t('decisions.verifyTitle', { refNo: target.refNo }) : ''}
      size="xl"
      closeOnClickOutside={false}
    >
      {target && <VerifyForm key={target.id} complaint={target} onDone={onClose} />}
    </Modal>
  );
}

function VerifyForm({ complaint, onDone }: { complaint: Complaint; onDone: () => void }) {
  const { t } = useTranslation();
  const verify = useVerifyComplaint();
  const [remark, setRemark] = useState('');
  const [preview, setPreview] = useState<PreviewImage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const tooLong = remark.trim().length > REMARK_MAX;

  async function decide(decision: Decision) {
    if (tooLong) return;
    setError(null);
    try {
      await verify.mutateAsync({ id: complaint.id, body: { decision, remark: remark.trim() || null } });
      void toast.success(t(decision === 'fine' ? 'decisions.fined' : 'decisions.waived', { refNo: complaint.refNo }));
      onDone();
    } catch (failed) {
      const failure = await readFailure(failed);
      const code = failure.problem?.code as ProblemName | undefined;
      // A 403 is the verifier's own complaint, or one outside their reach, which the server words.
      const refused =
        code === 'verifyOwnComplaint'
          ? t('decisions.verifyOwnForbidden')
          : failure.status === 403
            ? (failure.problem?.detail ?? null)
            : failure.status === 409
              ? t('decisions.alreadyDecided')
              : null;
      setError(refused ?? commonFailureMessage(failure, t, failure.fieldErrors.remark ?? t('decisions.verifyFailed')));
    }
  }

  const deciding = verify.isPending ? verify.variables.body.decision : null;
  return (
    <Stack gap="md">
      <ComplaintDetailFields complaint={complaint} onOpenImage={setPreview} />
      <Divider />
      <Title order={3} size="h5">
        {t('complaints.verification')}
      </Title>
      <div>
        <Textarea
          label={t('complaints.remark')}
          value={remark}
          onChange={(e) => setRemark(e.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={REMARK_MAX}
          error={tooLong ? t('validation.tooLong', { max: REMARK_MAX }) : undefined}
        />
        <Text size="xs" c="red" mt={4}>
          {t('complaints.remarkNote')}
        </Text>
      </div>
      <FormAlert message={error} />
      <Text size="sm" c="dimmed">
        {t('decisions.finalHint')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button
          color="green"
          leftSection={<IconCircleCheck size={16} />}
          onClick={() => void decide('waive')}
          loading={deciding === 'waive'}
          disabled={deciding === 'fine'}
        >
          {t('decisions.waive')}
        </Button>
        <Button
          color="red"
          leftSection={<IconGavel size={16} />}
          onClick={() => void decide('fine')}
          loading={deciding === 'fine'}
          disabled={deciding === 'waive'}
        >
          {t('decisions.fine')}
        </Button>
      </Group>
      <ImagePreviewModal image={preview} onClose={() => setPreview(null)} />
    </Stack>
  );
}
