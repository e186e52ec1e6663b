import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportUnsaved } from '@/lib/unsaved-scope';
import { MAX_ATTACHMENTS } from '@contract/complaint-rules';
import type { Attachment } from '@contract';
import type { DraftImage } from './complaint-draft';
import { IMAGE_CONTENT_TYPES, MAX_FILE_BYTES } from '@contract/account-rules';
import { commonFailureMessage, type Failure } from '@/lib/api-failure';
import { UploadFailedError, uploadImage, type AttachmentItem, type ImageAttachments } from '@/lib/upload-image';
import type { QueuedPhoto } from './outbox-db';

export const MAX_MEGABYTES = MAX_FILE_BYTES / (1024 * 1024);

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

let keys = 0;

interface AttachmentOptions {
  /**
   * A form that can wait for the network (a new complaint, a queued one: issue 47): an image
   * chosen without network, or whose upload the network dropped, is kept on the phone to go
   * with the complaint, instead of being refused.
   */
  keepOffline?: boolean;
  /** The photos of a queued complaint being edited: stored ones by their file id, the others as kept. */
  queued?: readonly QueuedPhoto[];
}

/** Whether the browser says it has no network (a phone without signal). */
const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * The images of a complaint or a justification: those it already has (`stored`, kept until
 * removed) and new ones, each checked (type, size, count), then uploaded at once to
 * `POST files` with its progress. The form sends the file ids of them all, in order.
 */
export function useImageAttachments(
  stored: readonly Attachment[] = [],
  restored: readonly DraftImage[] = [],
  { keepOffline = false, queued = [] }: AttachmentOptions = {},
): ImageAttachments {
  const { t } = useTranslation();
  // A queued complaint's photos are shown from the files the phone keeps.
  const [queuedPreviews] = useState(() => queued.map((photo) => (photo.file ? URL.createObjectURL(photo.file) : '')));
  const previews = useRef(new Set<string>(queuedPreviews.filter(Boolean)));
  const [items, setItems] = useState<AttachmentItem[]>(() => [
    ...stored.map((attachment, i) => ({
      key: `stored-${attachment.id}`,
      name: t('attachments.storedName', { n: i + 1 }),
      previewUrl: attachment.file,
      progress: 100,
      state: 'done' as const,
      fileId: attachment.fileId,
    })),
    // Uploaded for a draft before a reload: new to the complaint, so a change to save.
    ...restored.map((image, i) => ({
      key: `restored-${image.fileId}`,
      name: t('attachments.storedName', { n: stored.length + i + 1 }),
      previewUrl: image.url,
      url: image.url,
      progress: 100,
      state: 'done' as const,
      fileId: image.fileId,
    })),
    ...queued.map((photo, i) => {
      const file = photo.file ? new File([photo.file], photo.name, { type: photo.file.type }) : undefined;
      return {
        key: `queued-${photo.key}`,
        name: photo.name,
        previewUrl: queuedPreviews[i] ?? '',
        progress: photo.fileId ? 100 : 0,
        state: photo.fileId ? ('done' as const) : ('kept' as const),
        ...(photo.fileId ? { fileId: photo.fileId } : {}),
        file,
        uploadKey: photo.key,
        uploadedAt: photo.uploadedAt ?? null,
      };
    }),
  ]);
  const [storedIds] = useState(() => stored.map((attachment) => attachment.fileId));
  const [rejected, setRejected] = useState<string[]>([]);
  const uploads = useRef(new Map<string, AbortController>());

  // Leaving the form lets go of the previews and stops what is still uploading.
  useEffect(() => {
    const running = uploads.current;
    const shown = previews.current;
    return () => {
      running.forEach((controller) => controller.abort());
      running.clear();
      shown.forEach((url) => URL.revokeObjectURL(url));
      shown.clear();
    };
  }, []);

  const patch = (key: string, change: Partial<AttachmentItem>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  function failureText(failure: Failure, name: string) {
    // Also a 413, but not about this file.
    if (failure.kind === 'uploadQuotaFull') return t('attachments.quotaFull');
    if (failure.kind === 'fileTooLarge' || failure.status === 413) return t('attachments.tooLarge', { name, max: MAX_MEGABYTES });
    if (failure.kind === 'unsupportedFileType' || failure.status === 415) return t('attachments.wrongType', { name });
    return commonFailureMessage(failure, t, failure.fieldErrors.file ?? t('attachments.uploadFailed', { name }));
  }

  function start(item: AttachmentItem, file: File) {
    const controller = new AbortController();
    uploads.current.set(item.key, controller);
    uploadImage(file, {
      signal: controller.signal,
      idempotencyKey: item.uploadKey,
      onProgress: (share) => patch(item.key, { progress: Math.round(share * 100) }),
    })
      .then((uploaded) =>
        patch(item.key, { state: 'done', progress: 100, fileId: uploaded.id, url: uploaded.url, uploadedAt: new Date().toISOString() }),
      )
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // The network went while it was sent: the phone keeps it for the complaint's queue.
        if (keepOffline && error instanceof UploadFailedError && error.failure.status === null) {
          patch(item.key, { state: 'kept', progress: 0 });
          return;
        }
        const text =
          error instanceof UploadFailedError ? failureText(error.failure, item.name) : t('attachments.uploadFailed', { name: item.name });
        // Refused or lost: the image leaves the list (no broken thumbnail, not counted) and its
        // reason joins the refusals above it, as a refusal before sending does.
        if (previews.current.delete(item.previewUrl)) URL.revokeObjectURL(item.previewUrl);
        setItems((current) => current.filter((i) => i.key !== item.key));
        setRejected((current) => [...current, text]);
      })
      .finally(() => uploads.current.delete(item.key));
  }

  function add(files: File[]) {
    const refusals: string[] = [];
    let room = MAX_ATTACHMENTS - items.length;
    const accepted: { item: AttachmentItem; file: File }[] = [];
    for (const file of files) {
      if (!(IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type)) {
        refusals.push(t('attachments.wrongType', { name: file.name }));
      } else if (file.size > MAX_FILE_BYTES) {
        refusals.push(t('attachments.tooLarge', { name: file.name, max: MAX_MEGABYTES }));
      } else if (room <= 0) {
        refusals.push(t('attachments.tooMany', { name: file.name, max: MAX_ATTACHMENTS }));
      } else {
        room -= 1;
        const previewUrl = URL.createObjectURL(file);
        previews.current.add(previewUrl);
        const keep = keepOffline && offline();
        accepted.push({
          item: {
            key: `image-${++keys}`,
            name: file.name,
            previewUrl,
            progress: 0,
            state: keep ? 'kept' : 'uploading',
            file,
            uploadKey: crypto.randomUUID(),
          },
          file,
        });
      }
    }
    setRejected(refusals);
    if (accepted.length === 0) return;
    setItems((current) => [...current, ...accepted.map((a) => a.item)]);
    accepted.forEach(({ item, file }) => item.state === 'uploading' && start(item, file));
  }

  function remove(key: string) {
    uploads.current.get(key)?.abort();
    uploads.current.delete(key);
    const item = items.find((i) => i.key === key);
    // Only a preview made here from memory is let go; a stored image's address is not ours.
    if (item && previews.current.delete(item.previewUrl)) URL.revokeObjectURL(item.previewUrl);
    setItems((current) => current.filter((i) => i.key !== key));
    setRejected([]);
  }

  const uploading = items.some((item) => item.state === 'uploading');
  const kept = items.some((item) => item.state === 'kept');
  const fileIds = items.flatMap((item) => (item.fileId ? [item.fileId] : []));
  const changed = !sameIds(fileIds, storedIds) || items.length !== fileIds.length;
  // An image added, taken away or still uploading is a change the form's dialog keeps until saved or discarded.
  useReportUnsaved(changed);
  return {
    items,
    rejected,
    add,
    remove,
    /** The stored and uploaded images, in order. */
    fileIds,
    /** Whether the images differ from the stored ones (added, removed or reordered). */
    changed,
    /** What keeps the images from being sent yet, said to the user; null when they are ready. */
    notReady: uploading ? t('attachments.stillUploading') : null,
    kept,
  };
}

export type { AttachmentItem, ImageAttachments };

/**
 * After a refused save: shows the refusal of the images (`attachmentFileIds`) beside them and
 * the other fields' errors under each field. True when there was any, so the form says no more.
 */
export function showFieldFailures(
  failure: Failure,
  showServerErrors: (fieldErrors: Record<string, string>) => boolean,
  showImagesError: (message: string) => void,
): boolean {
  const { attachmentFileIds, ...fieldErrors } = failure.fieldErrors;
  if (attachmentFileIds) showImagesError(attachmentFileIds);
  return showServerErrors(fieldErrors) || attachmentFileIds !== undefined;
}
