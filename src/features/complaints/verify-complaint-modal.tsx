import { Alert, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconGavel } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { REMARK_MAX, type Decision } from '@contract/complaint-rules';
import type { Complaint } from '@contract';
import type { ProblemName } from '@domain/problems';
import { LimitedTextarea } from '@/components/limited-text';
import { GuardedModal } from '@/components/guarded-modal';
import { useReportUnsaved } from '@/lib/unsaved-scope';
import { FormAlert } from '@/components/form-alert';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import { toast } from '@/lib/toast';
import { useVerifyComplaint } from './complaint-mutations';
import { ComplaintDetailFields } from './complaint-detail-fields';
import { ImagePreviewModal, type PreviewImage } from './image-preview-modal';

/** The verifier reads the complaint and its justification, then fines or waives it (final, so asked once more). */
export function VerifyComplaintModal({ target, onClose }: { target: Complaint | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <GuardedModal
      opened={target !== null}
      onClose={onClose}
      title={target ? t('decisions.verifyTitle', { refNo: target.refNo }) : ''}
      size="xl"
      closeOnClickOutside={false}
    >
      {target && <VerifyForm key={target.id} complaint={target} onDone={onClose} />}
    </GuardedModal>
  );
}

function VerifyForm({ complaint, onDone }: { complaint: Complaint; onDone: () => void }) {
  const { t } = useTranslation();
  const verify = useVerifyComplaint();
  const [remark, setRemark] = useState('');
  const [preview, setPreview] = useState<PreviewImage | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The decision chosen and waiting for its confirmation: nothing is sent before it. */
  const [confirming, setConfirming] = useState<Decision | null>(null);
  const tooLong = remark.trim().length > REMARK_MAX;
  useReportUnsaved(remark.trim() !== '');
  const fineButton = useRef<HTMLButtonElement>(null);
  const waiveButton = useRef<HTMLButtonElement>(null);

  /** Back from the confirmation, with focus on the button that asked. */
  function back(decision: Decision) {
    flushSync(() => setConfirming(null));
    (decision === 'fine' ? fineButton : waiveButton).current?.focus();
  }

  function choose(decision: Decision) {
    if (tooLong) return;
    setError(null);
    setConfirming(decision);
  }

  async function decide(decision: Decision) {
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
      setConfirming(null);
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
        <LimitedTextarea
          label={t('complaints.remark')}
          value={remark}
          onChange={(e) => setRemark(e.currentTarget.value)}
          readOnly={confirming !== null}
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
      {confirming ? (
        <ConfirmDecision
          complaint={complaint}
          decision={confirming}
          remark={remark.trim()}
          sending={deciding !== null}
          onBack={() => back(confirming)}
          onConfirm={() => void decide(confirming)}
        />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('decisions.finalHint')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              {t('common.cancel')}
            </Button>
            <Button ref={waiveButton} color="green" leftSection={<IconCircleCheck size={16} />} onClick={() => choose('waive')}>
              {t('decisions.waive')}
            </Button>
            <Button ref={fineButton} color="red" leftSection={<IconGavel size={16} />} onClick={() => choose('fine')}>
              {t('decisions.fine')}
            </Button>
          </Group>
        </>
      )}
      <ImagePreviewModal image={preview} onClose={() => setPreview(null)} />
    </Stack>
  );
}

/**
 * The second step of a decision: what it does, in words, with Back focused first (Enter on a
 * held key does not decide) and the decision named on its button.
 */
function ConfirmDecision({
  complaint,
  decision,
  remark,
  sending,
  onBack,
  onConfirm,
}: {
  complaint: Complaint;
  decision: Decision;
  remark: string;
  sending: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => back.current?.focus(), []);
  const fine = decision === 'fine';
  return (
    <Alert
      color={fine ? 'red' : 'green'}
      icon={fine ? <IconGavel size={18} /> : <IconCircleCheck size={18} />}
      title={t(fine ? 'decisions.confirmFineTitle' : 'decisions.confirmWaiveTitle', { refNo: complaint.refNo })}
    >
      <Stack gap="sm">
        <Text size="sm">{t(fine ? 'decisions.confirmFine' : 'decisions.confirmWaive', { contractor: complaint.organization.name })}</Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {remark ? t('decisions.confirmRemark', { remark }) : t('decisions.confirmNoRemark')}
        </Text>
        <Group justify="flex-end">
          <Button ref={back} variant="default" onClick={onBack} disabled={sending}>
            {t('decisions.back')}
          </Button>
          <Button
            color={fine ? 'red' : 'green'}
            leftSection={fine ? <IconGavel size={16} /> : <IconCircleCheck size={16} />}
            onClick={onConfirm}
            loading={sending}
          >
            {t(fine ? 'decisions.confirmFineButton' : 'decisions.confirmWaiveButton')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
