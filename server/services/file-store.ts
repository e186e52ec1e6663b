import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImageContentType } from '../../contract/account-rules';
import { FILE_VARIANTS, type FileVariant } from '../../contract/files';
import { renderVariant, renderVariants } from './images';

const EXTENSION: Record<ImageContentType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export type FileStore = ReturnType<typeof fileStore>;

/**
 * The uploaded images on disk: each original byte for byte as it came (the evidence, its
 * SHA-256 in the `files` table), and beside it its variants, `<name>.<variant>.webp`.
 */
export function fileStore(filesDir: string) {
  const originalPath = (storageName: string) => join(filesDir, storageName);
  const variantPath = (storageName: string, variant: FileVariant) =>
    join(filesDir, `${storageName.replace(/\.[^.]+$/, '')}.${variant}.webp`);
  /** Variants being made now, so that concurrent first requests decode the original once. */
  const making = new Map<string, Promise<string>>();

  // A reader sees no file or a whole one: never the half another request is still writing.
  async function writeWhole(path: string, bytes: Uint8Array) {
    const partial = `${path}.${randomUUID()}.partial`;
    try {
      await writeFile(partial, bytes, { flag: 'wx' });
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async function remove(storageNames: readonly string[]) {
    const paths = storageNames.flatMap((name) => [originalPath(name), ...FILE_VARIANTS.map((variant) => variantPath(name, variant))]);
    await Promise.all(paths.map((path) => rm(path, { force: true })));
  }

  return {
    originalPath,
    remove,

    /**
     * Keeps a new upload and its variants; answers its storage name. Decodes first, so a file
     * that is not a whole image (`UndecodableImageError`) leaves nothing behind.
     */
    async save(bytes: Uint8Array, contentType: ImageContentType): Promise<string> {
      const variants = await renderVariants(bytes, contentType);
      const storageName = `${randomUUID()}.${EXTENSION[contentType]}`;
      await mkdir(filesDir, { recursive: true });
      try {
        await writeFile(originalPath(storageName), bytes, { flag: 'wx' });
        await Promise.all(FILE_VARIANTS.map((variant) => writeWhole(variantPath(storageName, variant), variants[variant])));
      } catch (error) {
        await remove([storageName]);
        throw error;
      }
      return storageName;
    },

    /**
     * Where a variant is; made now from the original when the file was stored before variants
     * existed (the demo data, older deployments).
     */
    async variant(storageName: string, variant: FileVariant): Promise<string> {
      const path = variantPath(storageName, variant);
      if (
        await stat(path).then(
          () => true,
          () => false,
        )
      )
        return path;
      let made = making.get(path);
      if (!made) {
        made = readFile(originalPath(storageName))
          .then((original) => renderVariant(original, variant))
          .then((bytes) => writeWhole(path, bytes))
          .then(() => path)
          .finally(() => making.delete(path));
        making.set(path, made);
      }
      return made;
    },
  };
}
