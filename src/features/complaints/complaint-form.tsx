import { Alert, Button, Grid, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPLAINT_SHORT_TEXT_MAX, COMPLAINT_TEXT_MAX } from '@contract/complaint-rules';
import type { Complaint, ComplaintUpdate } from '@contract';
import { ErrorState } from '@/components/error-state';
import { FormAlert } from '@/components/form-alert';
import { FormModal } from '@/components/form-modal';
import { LimitedTextInput, LimitedTextarea } from '@/components/limited-text';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import { formatDate, formatRecent } from '@/lib/date-format';
import { toast } from '@/lib/toast';
import { useLiveForm } from '@/lib/use-live-form';
import { useReportUnsaved } from '@/lib/unsaved-scope';
import { DateTimeField } from '@/components/date-time-field';
import { complaintQueries, FORM_OPTIONS_COPY } from './api';
import { useRegisterComplaint, useUpdateComplaint } from './complaint-mutations';
import {
  afterToday,
  complaintValidation,
  contractDaysProblem,
  initialComplaintValues,
  misconductDay,
  requestBodyOf,
  type ComplaintFormValues,
} from './complaint-form-rules';
import { ImageAttachmentsInput } from './image-attachments-input';
import { showFieldFailures, useImageAttachments, type ImageAttachments } from './use-image-attachments';
import { draftImage, restorableImages, useComplaintDrafts, type ComplaintDraft, type DraftImage } from './complaint-draft';
import { useRootStore } from '@/stores/root-store';
import { useComplaintFormOptions } from './use-complaint-form-options';
import { MyLocation } from './use-my-location';
import type { QueuedComplaint, QueuedPhoto } from './outbox-db';
import { editQueued, enqueue, newKey, QueuedBusyError } from './outbox';
import { useCopyAges } from '@/lib/copy-ages';
import '@/lib/offline-copies';
import OfflineCopyAlert from './offline-copy-alert';

interface ComplaintFormModalProps {
  /** `'new'` to register one, a submitted complaint to edit it, null when closed. */
  editing: Complaint | 'new' | null;
  onClose: () => void;
}

/** A complaint waiting in the phone's queue, opened from "Waiting to send" to change it before it goes. */
export function QueuedComplaintModal({ item, onClose }: { item: QueuedComplaint | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormModal editing={item} onClose={onClose} title={() => t('outbox.editTitle')} size="xl" closeOnClickOutside={false}>
      {(current) => current && <ComplaintForm current={null} queued={current} onDone={onClose} />}
    </FormModal>
  );
}

export function ComplaintFormModal({ editing, onClose }: ComplaintFormModalProps) {
  const { t } = useTranslation();
  const userId = useRootStore((s) => s.auth.user?.id);
  const clearDraft = useComplaintDrafts((s) => s.clear);
  // A new complaint is kept as a draft (per user, on this device) until it is registered or
  // discarded: closing the dialog, by Cancel or after "Discard your changes?", lets it go.
  const drafting = editing === 'new' && userId !== undefined;
  function close() {
    if (drafting) clearDraft(userId);
    onClose();
  }
  const title = (current: Complaint | null) =>
    current ? t('complaintForm.editTitle', { refNo: current.refNo }) : t('complaintForm.registerTitle');
  // Two dialogs, each closing with its own transition: whether the page asks before it goes is
  // fixed as a dialog mounts.
  return (
    <>
      <FormModal editing={drafting ? 'new' : null} onClose={close} title={title} size="xl" closeOnClickOutside={false} keepsDraft>
        {() => userId !== undefined && <NewComplaint userId={userId} onDone={close} />}
      </FormModal>
      <FormModal editing={drafting ? null : editing} onClose={close} title={title} size="xl" closeOnClickOutside={false}>
        {(current) => <ComplaintForm current={current} onDone={close} />}
      </FormModal>
    </>
  );
}

/** The form for a new complaint, from its draft when one was kept; "Start over" empties both. */
function NewComplaint({ userId, onDone }: { userId: number; onDone: () => void }) {
  const clearDraft = useComplaintDrafts((s) => s.clear);
  const [kept] = useState(() => useComplaintDrafts.getState().drafts[userId] ?? null);
  const [round, setRound] = useState(0);
  return (
    <ComplaintForm
      key={round}
      current={null}
      onDone={onDone}
      draft={{
        owner: userId,
        restored: round === 0 ? kept : null,
        startOver: () => {
          clearDraft(userId);
          setRound((r) => r + 1);
        },
      }}
    />
  );
}

interface Drafting {
  owner: number;
  restored: ComplaintDraft | null;
  startOver: () => void;
}

const emptyValues = JSON.stringify(initialComplaintValues(null));

interface ComplaintFormProps {
  current: Complaint | null;
  /** A queued complaint being changed: saving changes it in the queue. */
  queued?: QueuedComplaint;
  onDone: () => void;
  draft?: Drafting;
}

function ComplaintForm({ current, queued, onDone, draft }: ComplaintFormProps) {
  const { t } = useTranslation();
  const optionsQuery = useQuery(complaintQueries.formOptions());
  // With no network, the choices kept from the last visit, and their age (the copies' code comes with the form).
  const optionsKeptAt = useCopyAges((ages) => ages[FORM_OPTIONS_COPY]);
  const register = useRegisterComplaint();
  const update = useUpdateComplaint();
  const [restoredImages] = useState(() => {
    const restorable = restorableImages(draft?.restored?.images ?? []);
    return { ...restorable, lost: restorable.lost + (draft?.restored?.photosOnDevice ?? 0) };
  });
  // A new complaint can wait for the network: its images then stay on the phone with it.
  const images = useImageAttachments(current?.complaintAttachments, restoredImages.kept, {
    keepOffline: current === null,
    queued: queued?.photos,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [imagesError, setImagesError] = useState<string | null>(null);
  const [queueing, setQueueing] = useState(false);
  const { form, onSubmit, showServerErrors } = useLiveForm<ComplaintFormValues>({
    initialValues: queued?.values ?? draft?.restored?.values ?? initialComplaintValues(current),
    validate: complaintValidation(t),
  });
  // A queued complaint the server refused opens with its words under the fields they name.
  const refusalShown = useRef(false);
  useEffect(() => {
    if (refusalShown.current || !queued?.refusal) return;
    refusalShown.current = true;
    showFieldFailures(queuedFailure(queued), showServerErrors, setImagesError);
  }, [queued, showServerErrors]);
  const savedAt = useKeepDraft(draft, form.values, images);
  const options = useComplaintFormOptions(optionsQuery.data, current, form.values.organizationId);
  const day = misconductDay(form.values.dateOfMisconduct);
  const contractOptions = options.contractsOf(form.values.organizationId, day);
  // Said as soon as the two disagree, whichever was chosen last.
  const contractDaysError = contractDaysProblem(t, options.contractOf(form.values.contractId), day);

  const organizationProps = form.getInputProps('organizationId');
  function chooseOrganization(value: string | null) {
    organizationProps.onChange(value);
    // A contractor with a single contract running on the day of the misconduct needs no second choice.
    const running = options.contractsOf(value, day).filter((c) => !c.disabled);
    form.setFieldValue('contractId', running.length === 1 ? running[0]!.value : null);
    if (form.errors.contractId) form.validateField('contractId');
  }

  /** The words of the choices, for the queue's list (it shows them without the options). */
  const labelsOf = (values: ComplaintFormValues) => ({
    typeOfOffence: options.offenceTypes.find((o) => o.value === values.typeOfOffenceId)?.label ?? '',
    contractor: options.organizations.find((o) => o.value === values.organizationId)?.label ?? '',
    contract: options.contractsOf(values.organizationId).find((o) => o.value === values.contractId)?.label ?? '',
  });
  /** The images as the queue keeps them: the stored ones by file id, the others as the files themselves. */
  const queuedPhotos = (): QueuedPhoto[] =>
    images.items.map((item) => ({
      key: item.uploadKey ?? newKey(),
      name: item.name,
      file: item.file ?? null,
      fileId: item.fileId ?? null,
      uploadedAt: item.uploadedAt ?? null,
    }));

  /** Puts the complaint in this phone's queue (no network, or the network went while sending). */
  async function queue(values: ComplaintFormValues, key?: string) {
    setQueueing(true);
    try {
      const photos = queuedPhotos();
      if (queued) await editQueued(queued.id, { values, labels: labelsOf(values), photos });
      else await enqueue({ values, labels: labelsOf(values), photos, key });
      void toast.success(queued ? t('outbox.changed') : t('outbox.queued'));
      onDone();
    } catch (error) {
      setFormError(error instanceof QueuedBusyError ? t('outbox.busy') : t('outbox.queueFailed'));
    } finally {
      setQueueing(false);
    }
  }

  const send = onSubmit(async (values) => {
    setFormError(null);
    if (contractDaysError) return form.getInputNode('contractId')?.focus();
    if (images.notReady) return;
    if (queued) return queue(values);
    const body = requestBodyOf(values, images.fileIds);
    // A new complaint with no network, or with photos kept on the phone, waits in the queue.
    if (!current && (images.kept || navigator.onLine === false)) return queue(values);
    const key = newKey();
    try {
      if (current) {
        // Only what changed: an unchanged type that was since switched off stays accepted.
        const changes: ComplaintUpdate = Object.fromEntries(
          Object.entries(body).filter(([field]) => (field === 'attachmentFileIds' ? images.changed : form.isDirty(field))),
        );
        if (Object.keys(changes).length > 0) await update.mutateAsync({ id: current.id, changes });
        void toast.success(t('complaintForm.saved', { refNo: current.refNo }));
      } else {
        const created = await register.mutateAsync({ body, key });
        void toast.success(t('complaintForm.registered', { refNo: created?.refNo ?? '' }));
      }
      onDone();
    } catch (error) {
      const failure = await readFailure(error);
      // The network went on the way (the answer may have been lost): the queue sends it again
      // under the same key, so it registers once.
      if (!current && failure.status === null) return queue(values, key);
      if (showFieldFailures(failure, showServerErrors, setImagesError)) return;
      if (failure.status === 409) return setFormError(t('complaintForm.notEditable'));
      setFormError(commonFailureMessage(failure, t, t('complaintForm.saveFailed')));
    }
  });

  // The images are checked with the fields, so every problem shows at once.
  function submit(event?: FormEvent<HTMLFormElement>) {
    setImagesError(images.notReady);
    send(event);
  }

  const pending = register.isPending || update.isPending || queueing;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {optionsQuery.isError && (
          <ErrorState
            error={optionsQuery.error}
            title={t('complaintForm.optionsFailed')}
            onRetry={() => void optionsQuery.refetch()}
            retrying={optionsQuery.isFetching}
          />
        )}
        {optionsKeptAt && <OfflineCopyAlert savedAt={optionsKeptAt} text="outbox.optionsAge" />}
        {draft?.restored && <DraftRestored draft={draft.restored} imagesLost={restoredImages.lost} onStartOver={draft.startOver} />}
        <FormAlert message={formError} />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label={t('complaints.typeOfOffence')}
              placeholder={t('common.select')}
              data={options.offenceTypes}
              required
              disabled={optionsQuery.isPending}
              {...form.getInputProps('typeOfOffenceId')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DateTimeField
              label={t('complaints.dateOfMisconduct')}
              timeLabel={t('complaints.timeOfMisconduct')}
              required
              // Later days cannot be chosen; a later time today is refused in words, not clamped.
              excludeDate={afterToday}
              {...form.getInputProps('dateOfMisconduct')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <LimitedTextarea
              label={t('complaints.description')}
              required
              autosize
              minRows={3}
              maxLength={COMPLAINT_TEXT_MAX}
              {...form.getInputProps('description')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label={t('complaints.contractor')}
              placeholder={t('common.select')}
              data={options.organizations}
              required
              disabled={optionsQuery.isPending}
              {...organizationProps}
              onChange={chooseOrganization}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label={t('complaints.contract')}
              placeholder={t('common.select')}
              description={
                !form.values.organizationId
                  ? t('complaintForm.contractHint')
                  : day && contractOptions.length > 0 && contractOptions.every((o) => o.disabled)
                    ? t('complaintForm.noContractOnDay', { day: formatDate(day) })
                    : undefined
              }
              data={contractOptions}
              required
              disabled={!form.values.organizationId}
              {...form.getInputProps('contractId')}
              error={form.errors.contractId ?? contractDaysError}
              aria-invalid={form.errors.contractId || contractDaysError ? true : undefined}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <LimitedTextInput
              label={t('complaints.offender')}
              required
              maxLength={COMPLAINT_SHORT_TEXT_MAX}
              {...form.getInputProps('offender')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <LimitedTextInput
              label={t('complaints.location')}
              required
              maxLength={COMPLAINT_SHORT_TEXT_MAX}
              {...form.getInputProps('location')}
            />
            <MyLocation
              value={form.values.coordinates}
              onChange={(coordinates) => form.setFieldValue('coordinates', coordinates)}
              disabled={pending}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NumberInput
              label={t('complaints.quantity')}
              required
              min={0}
              allowDecimal={false}
              clampBehavior="none"
              {...form.getInputProps('qty')}
            />
          </Grid.Col>
        </Grid>
        <ImageAttachmentsInput label={t('complaints.complaintAttachments')} attachments={images} error={imagesError} disabled={pending} />
        <Group justify="flex-end">
          {savedAt && (
            <Text size="sm" c="dimmed" me="auto" data-testid="draft-saved">
              {t('complaintDraft.savedAt', { time: formatRecent(savedAt) })}
            </Text>
          )}
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {current || queued ? t('common.save') : t('complaintForm.register')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Keeps what is typed in a new complaint as its owner's draft, as it changes; an emptied form
 * keeps none. Returns when the draft was last kept, for the form to say so.
 */
function useKeepDraft(draft: Drafting | undefined, values: ComplaintFormValues, images: ImageAttachments): string | null {
  const save = useComplaintDrafts((s) => s.save);
  const clear = useComplaintDrafts((s) => s.clear);
  const savedAt = useComplaintDrafts((s) => (draft ? (s.drafts[draft.owner]?.savedAt ?? null) : null));
  const kept = images.items.flatMap((item) => (item.fileId ? [draftImage(item.fileId, item.url ?? item.previewUrl)] : []));
  const onDevice = images.items.filter((item) => item.state === 'kept').length;
  const text = JSON.stringify(values);
  const imagesText = JSON.stringify(kept);
  const last = useRef(draft?.restored ? JSON.stringify([draft.restored.values, draft.restored.images]) : JSON.stringify([values, []]));
  const owner = draft?.owner;
  useEffect(() => {
    if (owner === undefined) return;
    const now = `[${text},${imagesText}]${onDevice > 0 ? onDevice : ''}`;
    if (now === last.current) return;
    last.current = now;
    if (text === emptyValues && imagesText === '[]' && onDevice === 0) {
      clear(owner);
      return;
    }
    const savedAt = new Date().toISOString();
    save(owner, {
      values: JSON.parse(text) as ComplaintFormValues,
      images: JSON.parse(imagesText) as DraftImage[],
      ...(onDevice > 0 ? { photosOnDevice: onDevice } : {}),
      savedAt,
    });
  }, [owner, text, imagesText, onDevice, save, clear]);
  // A kept draft is work the dialog asks about before closing lets it go (the page need not).
  useReportUnsaved(savedAt !== null);
  return savedAt;
}

/** A queued complaint's refusal, read as a failed call is. */
const queuedFailure = (item: QueuedComplaint) => ({
  status: item.refusal?.status ?? null,
  kind: null,
  problem: null,
  fieldErrors: item.refusal?.fieldErrors ?? {},
  waitMinutes: null,
});

/** Says that the form holds a kept draft, and what of it could not come back. */
function DraftRestored({ draft, imagesLost, onStartOver }: { draft: ComplaintDraft; imagesLost: number; onStartOver: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="light" icon={<IconNotes size={18} />} title={t('complaintDraft.restoredTitle')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('complaintDraft.restoredText', { at: formatRecent(draft.savedAt) })}</Text>
        {imagesLost > 0 && <Text size="sm">{t('complaintDraft.imagesLost', { count: imagesLost })}</Text>}
        <Button variant="default" size="xs" onClick={onStartOver}>
          {t('complaintDraft.startOver')}
        </Button>
      </Stack>
    </Alert>
  );
}
