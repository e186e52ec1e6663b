import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { ImageContentType } from '../../contract/account-rules';
import { FILE_VARIANTS, type FileVariant } from '../../contract/files';
import { renderVariant, renderVariants, VARIANT_CONTENT_TYPE } from './images';
import type { Storage } from './storage';

const EXTENSION: Record<ImageContentType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export type FileStore = ReturnType<typeof fileStore>;

/** The key of a file's copy: `<name>.<variant>.webp` beside the original `<name>.<ext>`. */
export const variantKey = (storageName: string, variant: FileVariant) => `${storageName.replace(/\.[^.]+$/, '')}.${variant}.webp`;

/**
 * The uploaded images in their storage (a folder or a bucket): each original byte for byte as
 * it came (the evidence, its SHA-256 in the `files` table), and beside it its variants.
 */
export function fileStore(storage: Storage) {
  /** Variants being made now, so that concurrent first requests decode the original once. */
  const making = new Map<string, Promise<string>>();

  async function remove(storageNames: readonly string[]) {
    await storage.remove(storageNames.flatMap((name) => [name, ...FILE_VARIANTS.map((variant) => variantKey(name, variant))]));
  }

  return {
    storage,
    remove,

    /**
     * Keeps a new upload and its variants; answers its storage name. Decodes first, so a file
     * that is not a whole image (`UndecodableImageError`) leaves nothing behind.
     */
    async save(bytes: Uint8Array, contentType: ImageContentType): Promise<string> {
      const variants = await renderVariants(bytes, contentType);
      const storageName = `${randomUUID()}.${EXTENSION[contentType]}`;
      try {
        await storage.put(storageName, bytes, contentType);
        await Promise.all(
          FILE_VARIANTS.map((variant) => storage.put(variantKey(storageName, variant), variants[variant], VARIANT_CONTENT_TYPE)),
        );
      } catch (error) {
        await remove([storageName]).catch(() => {});
        throw error;
      }
      return storageName;
    },

    /** Keeps an original under a name of the caller's (the demo data's fixed names); its variants come when asked. */
    async saveOriginal(storageName: string, bytes: Uint8Array, contentType: string) {
      await storage.put(storageName, bytes, contentType);
    },

    /**
     * The key of a variant; made now from the original when the file was stored before variants
     * existed (the demo data, older deployments).
     */
    async variant(storageName: string, variant: FileVariant): Promise<string> {
      const key = variantKey(storageName, variant);
      if ((await storage.size(key)) !== null) return key;
      let made = making.get(key);
      if (!made) {
        made = (async () => {
          const original = await storage.read(storageName);
          if (!original) throw new MissingFileError(storageName);
          await storage.put(key, await renderVariant(await buffer(original), variant), VARIANT_CONTENT_TYPE);
          return key;
        })().finally(() => making.delete(key));
        making.set(key, made);
      }
      return made;
    },
  };
}

/** A row names a file its storage does not have. */
export class MissingFileError extends Error {
  constructor(storageName: string) {
    super(`The storage has no ${storageName}`);
  }
}
