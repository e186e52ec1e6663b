import { MAX_FILE_BYTES, sniffImageType, type ImageContentType } from '../contract/account-rules';
import type { Grants } from './access';
import { allow, problems, refuse, type Decision } from './problems';

/** One part of an upload's multipart body, as a back end read it. */
export interface UploadPart {
  name: string;
  /** Sent with a filename: a file, not a text field. */
  isFile: boolean;
  /** Its bytes, or those a back end kept of them. */
  bytes: Uint8Array;
  /** More bytes came than the back end kept (the server keeps none beyond MAX_FILE_BYTES). */
  truncated?: boolean;
}

/**
 * An upload (PRODUCT.md, files): exactly one part, a file named `file`, and nothing else;
 * images only, judged by their first bytes whatever the name or declared type says, at most
 * 5 MB. Answers the bytes and the type to store them as.
 */
export function decideUpload(parts: readonly UploadPart[]): Decision<{ bytes: Uint8Array; contentType: ImageContentType }> {
  const file = parts.find((part) => part.isFile && part.name === 'file');
  if (!file) return refuse(problems.fileMissing('notFile'));
  if (parts.length > 1) return refuse(problems.fileMissing('notOnlyFile'));
  const { bytes } = file;
  if (file.truncated || bytes.length > MAX_FILE_BYTES) return refuse(problems.fileTooLarge());
  if (bytes.length === 0) return refuse(problems.fileEmpty());
  const contentType = sniffImageType(bytes);
  return contentType ? allow({ bytes, contentType }) : refuse(problems.unsupportedFileType());
}

/**
 * Who may upload: whoever has something to attach an image to. Every user type that may
 * create, update or justify a complaint has a privilege, and an account given any privilege
 * at all (any role) may change its own avatar; a self-registered account still waiting for a
 * role has none, so it may not fill the disk with images it can attach nowhere.
 */
export function decideUploader(grants: Grants): Decision {
  return Object.values(grants).some((actions) => actions.length > 0) ? allow() : refuse(problems.forbidden());
}

/** How long an upload may wait to be attached, and how much of them one user may hold. */
export interface UploadAllowance {
  /** An upload attached to no complaint, justification or avatar this long after it came is deleted. */
  unattachedHours: number;
  /** Each user's uploads not yet attached add up to at most this. */
  quotaMb: number;
}
export const DEFAULT_UPLOAD_ALLOWANCE: UploadAllowance = { unattachedHours: 24, quotaMb: 50 };

/** A new upload of `sizeBytes` beside `heldBytes` of the same user's unattached uploads. */
export function decideUploadQuota(heldBytes: number, sizeBytes: number, allowance: UploadAllowance): Decision {
  return heldBytes + sizeBytes <= allowance.quotaMb * 1024 * 1024
    ? allow()
    : refuse(problems.uploadQuotaFull(allowance.quotaMb, allowance.unattachedHours));
}

/** Unattached uploads that came before this moment are due to be deleted. */
export const unattachedUploadsDueBefore = (now: Date, allowance: UploadAllowance) =>
  new Date(now.getTime() - allowance.unattachedHours * 3_600_000);

/** An avatar must be a file the caller uploaded; null removes it. */
export function decideAvatar(imageFileId: string | null | undefined, isOwnUpload: boolean): Decision {
  return !imageFileId || isOwnUpload ? allow() : refuse(problems.avatarNotOwn());
}
