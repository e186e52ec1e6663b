import { MAX_FILE_BYTES, sniffImageType, type ImageContentType } from '../contract/account-rules';
import { allow, problems, refuse, type Decision } from './problems';

/**
 * An upload (PRODUCT.md, files): images only, judged by their first bytes whatever the name
 * or declared type says, at most 5 MB. Answers the type to store it as.
 */
export function decideUpload(bytes: Uint8Array): Decision<ImageContentType> {
  if (bytes.length === 0) return refuse(problems.fileEmpty());
  if (bytes.length > MAX_FILE_BYTES) return refuse(problems.fileTooLarge());
  const contentType = sniffImageType(bytes);
  return contentType ? allow(contentType) : refuse(problems.unsupportedFileType());
}

/** An avatar must be a file the caller uploaded; null removes it. */
export function decideAvatar(imageFileId: string | null | undefined, isOwnUpload: boolean): Decision {
  return !imageFileId || isOwnUpload ? allow() : refuse(problems.avatarNotOwn());
}
