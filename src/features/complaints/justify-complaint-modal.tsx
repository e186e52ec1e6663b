import { Button, Divider, Group, Stack, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPLAINT_TEXT_MAX } from '@contract/complaint-rules';
import type { Complaint } from '@contract';
import type { ProblemName } from '@domain/problems';
import { LimitedTextarea } from '@/components/limited-text';
import { GuardedModal } from '@/components/guarded-modal';
import { FormAlert } from '@/components/form-alert';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import { toast } from '@/lib/toast';
import { useLiveForm } from '@/lib/use-live-form';
import { useJustifyComplaint } from './complaint-mutations';
import { ComplaintDetailFields } from './complaint-detail-fields';
import { ImageAttachmentsInput } from './image-attachments-input';
import { ImagePreviewModal, type PreviewImage } from './image-preview-modal';
import { showFieldFailures, useImageAttachments } from './use-image-attachments';

/** The contractor answers a submitted complaint with a justification and images (1 → 2). */
export function JustifyComplaintModal({ target, onClose }: { target: Complaint | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <GuardedModal
      opened={target !== null}
      onClose={onClose}
      title={target ? t('decisions.justifyTitle', { refNo: target.refNo }) : ''}
      size="xl"
      closeOnClickOutside={false}
    >
      {target && <JustifyForm key={target.id} complaint={target} onDone={onClose} />}
    </GuardedModal>
  );
}

function JustifyForm({ complaint, onDone }: { complaint: Complaint; onDone: () => void }) {
  const { t } = useTranslation();
  const justify = useJustifyComplaint();
  const images = useImageAttachments();
  const [preview, setPreview] = useState<PreviewImage | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [imagesError, setImagesError] = useState<string | null>(null);
  const { form, onSubmit, showServerErrors } = useLiveForm({
    initialValues: { justification: '' },
    validate: {
      justification: (value: string) =>
        !value.trim()
          ? t('decisions.justificationRequired')
          : value.trim().length > COMPLAINT_TEXT_MAX
            ? t('validation.tooLong', { max: COMPLAINT_TEXT_MAX })
            : null,
    },
  });

  const send = onSubmit(async ({ justification }) => {
    setFormError(null);
    if (images.notReady) return;
    try {
      await justify.mutateAsync({ id: complaint.id, body: { justification: justification.trim(), attachmentFileIds: images.fileIds } });
      void toast.success(t('decisions.justified', { refNo: complaint.refNo }));
      onDone();
    } catch (error) {
      const failure = await readFailure(error);
      if (showFieldFailures(failure, showServerErrors, setImagesError)) return;
      const code = failure.problem?.code as ProblemName | undefined;
      // The time may run out while the dialog is open; any other 409 means someone moved it first.
      const refused =
        code === 'justifyDeadlinePassed'
          ? t('decisions.justifyTooLate')
          : failure.status === 409
            ? t('decisions.alreadyMoved')
            : failure.status === 403
              ? t('decisions.justifyForbidden')
              : null;
      setFormError(refused ?? commonFailureMessage(failure, t, t('decisions.justifyFailed')));
    }
  });

  // The images are checked with the fields, so every problem shows at once.
  function submit(event?: FormEvent<HTMLFormElement>) {
    setImagesError(images.notReady);
    send(event);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ComplaintDetailFields complaint={complaint} onOpenImage={setPreview} withJustification={false} />
        <Divider />
        <Title order={3} size="h5">
          {t('complaints.justificationDetails')}
        </Title>
        <FormAlert message={formError} />
        <LimitedTextarea
          label={t('decisions.justification')}
          required
          autosize
          minRows={4}
          maxLength={COMPLAINT_TEXT_MAX}
          data-autofocus
          {...form.getInputProps('justification')}
        />
        <ImageAttachmentsInput
          label={t('complaints.justificationAttachments')}
          attachments={images}
          error={imagesError}
          disabled={justify.isPending}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={justify.isPending}>
            {t('decisions.submitJustification')}
          </Button>
        </Group>
      </Stack>
      <ImagePreviewModal image={preview} onClose={() => setPreview(null)} />
    </form>
  );
}
