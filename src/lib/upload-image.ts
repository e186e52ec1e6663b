import { apiPaths } from '@contract/paths';
import type { Problem, UploadedFile, UploadFileResponse } from '@contract';
import { api, apiBaseUrl } from './api-client';
import { problemKindOf, type Failure } from './api-failure';
import { useRootStore } from '@/stores/root-store';

/** A failed upload, read the way `readFailure` reads a failed ky call. */
export class UploadFailedError extends Error {
  constructor(readonly failure: Failure) {
    super(`Upload failed${failure.status === null ? '' : ` (${failure.status})`}`);
    this.name = 'UploadFailedError';
  }
}

function failureOf(status: number | null, body: string): Failure {
  let problem: Problem | null = null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'title' in parsed && 'status' in parsed) problem = parsed as Problem;
  } catch {
    // Not JSON: the status alone must do.
  }
  const fieldErrors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(problem?.errors ?? {})) {
    if (messages[0]) fieldErrors[field] = messages[0];
  }
  return { status, kind: problemKindOf(problem), problem, fieldErrors, waitMinutes: null };
}

interface UploadOptions {
  /** Called as the bytes go out, with the share sent so far (0 to 1). */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
  /** The upload's `Idempotency-Key` (issue 47): sent again under it, the file is stored once. */
  idempotencyKey?: string;
}

/**
 * An upload that moves no byte this long has lost its network (signal gone, nothing said): it
 * fails as unreached, so the form keeps the photo for the queue and the queue tries later,
 * instead of waiting for good. A slow network still moves bytes.
 */
export const UPLOAD_STALL_MS = 45_000;

/**
 * `POST files` (multipart, part `file`) with upload progress, which fetch and ky cannot
 * report; hence XMLHttpRequest. Resolves to the stored image; rejects with
 * `UploadFailedError` (status null when the network went: stalled, or the browser offline), or
 * an `AbortError` when `signal` aborts.
 */
export function uploadImage(file: File, { onProgress, signal, idempotencyKey }: UploadOptions = {}): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Upload aborted', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBaseUrl.replace(/\/$/, '')}/${apiPaths.files}`);
    const { token } = useRootStore.getState().auth;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    if (idempotencyKey) xhr.setRequestHeader('idempotency-key', idempotencyKey);
    let stalled = false;
    let stall: ReturnType<typeof setTimeout> | undefined;
    const networkGone = () => {
      stalled = true;
      xhr.abort();
    };
    const watch = () => {
      clearTimeout(stall);
      stall = setTimeout(networkGone, UPLOAD_STALL_MS);
    };
    window.addEventListener('offline', networkGone);
    const done = () => {
      clearTimeout(stall);
      window.removeEventListener('offline', networkGone);
    };
    xhr.upload.onprogress = (event) => {
      watch();
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onprogress = watch;
    xhr.onloadend = done;
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          onProgress?.(1);
          resolve((JSON.parse(xhr.responseText) as UploadFileResponse).data);
        } catch {
          reject(new UploadFailedError(failureOf(xhr.status, '')));
        }
        return;
      }
      // The one 401 policy lives in the ky client: a call through it ends a dead session there.
      if (xhr.status === 401 && token) void api.get(apiPaths.me).catch(() => {});
      reject(new UploadFailedError(failureOf(xhr.status, xhr.responseText)));
    };
    xhr.onerror = () => reject(new UploadFailedError(failureOf(null, '')));
    xhr.onabort = () => reject(stalled ? new UploadFailedError(failureOf(null, '')) : new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file, file.name);
    watch();
    xhr.send(body);
  });
}

/** One image of an image field: already stored, or chosen now (shown from memory, uploaded in the background). */
export interface AttachmentItem {
  key: string;
  name: string;
  previewUrl: string;
  /** Percent sent, 0–100. */
  progress: number;
  /** `kept`: chosen without network, kept on the phone to go with the complaint (issue 47). */
  state: 'uploading' | 'done' | 'kept';
  fileId?: string;
  /** The server's signed address of the uploaded image (a draft keeps it to show the image again). */
  url?: string;
  /** The file as chosen (a new image): what a queued complaint keeps when it cannot be uploaded. */
  file?: File;
  /** Its upload's `Idempotency-Key`, the same however often it is sent. */
  uploadKey?: string;
  /** When it was uploaded (ISO), for a queue that keeps it longer than the server keeps an unattached upload. */
  uploadedAt?: string | null;
}

/** What an image field shows and does: its images, the files it refused, and whether it can be sent. */
export interface ImageAttachments {
  items: AttachmentItem[];
  rejected: string[];
  add: (files: File[]) => void;
  remove: (key: string) => void;
  /** The stored and uploaded images, in order. */
  fileIds: string[];
  /** Whether the images differ from the stored ones (added, removed or reordered). */
  changed: boolean;
  /** What keeps the images from being sent yet, said to the user; null when they are ready. */
  notReady: string | null;
  /** Whether any image waits on the phone for the network (the complaint then goes to the queue). */
  kept?: boolean;
}
