import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttachmentItem, ImageAttachments } from '@/lib/upload-image';

/** The product's image field's own types (src/lib/upload-image.ts), fed by a local upload. */
export type SimulatedUpload = AttachmentItem;
export type SimulatedUploads = ImageAttachments;

const STEPS = 20;
const NO_REFUSALS: string[] = [];
let keys = 0;

/** A 16 × 16 checked PNG in the theme's indigo, for trying the input without choosing a file. */
const SAMPLE_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAPUlEQVR4nGNwSn4NR7ef/IcjXOIMJKl2Sn7NQJJqqAbiVYM0kKQaRQORvmcgSTVUA0khy0CS6tF4oFU8AACF9Scf2zpKOwAAAABJRU5ErkJggg==';

export function sampleImage(name: string): File {
  return new File([Uint8Array.from(atob(SAMPLE_PNG), (c) => c.charCodeAt(0))], name, { type: 'image/png' });
}

interface Chosen {
  key: string;
  name: string;
  previewUrl: string;
  startedAt: number;
}

/**
 * The image input's state with the upload played locally: each image climbs from 0 to 100 %
 * over `durationMs`, and nothing is sent (the real one posts to `POST files`, src/lib/upload-image.ts).
 */
export function useSimulatedUploads(durationMs = 2000): SimulatedUploads {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [now, setNow] = useState(0);
  const previews = useRef(new Set<string>());

  const items: SimulatedUpload[] = chosen.map(({ startedAt, ...image }) => {
    const progress = Math.max(0, Math.min(100, Math.round(((now - startedAt) / durationMs) * 100)));
    return progress < 100 ? { ...image, progress, state: 'uploading' } : { ...image, progress, state: 'done', fileId: image.key };
  });
  const uploading = items.some((item) => item.state === 'uploading');

  // The clock ticks only while an image is on its way.
  useEffect(() => {
    if (!uploading) return;
    const timer = setInterval(() => setNow(Date.now()), durationMs / STEPS);
    return () => clearInterval(timer);
  }, [uploading, durationMs]);

  // Leaving the page lets go of the previews.
  useEffect(() => {
    const shown = previews.current;
    return () => shown.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  function add(files: File[]) {
    const startedAt = Date.now();
    const added = files.map((file) => ({ key: `sample-${++keys}`, name: file.name, previewUrl: URL.createObjectURL(file), startedAt }));
    added.forEach((image) => previews.current.add(image.previewUrl));
    setNow(startedAt);
    setChosen((current) => [...current, ...added]);
  }

  function remove(key: string) {
    const image = chosen.find((c) => c.key === key);
    if (image) {
      URL.revokeObjectURL(image.previewUrl);
      previews.current.delete(image.previewUrl);
    }
    setChosen((current) => current.filter((c) => c.key !== key));
  }

  return {
    items,
    rejected: NO_REFUSALS,
    add,
    remove,
    fileIds: items.flatMap((item) => (item.fileId ? [item.fileId] : [])),
    changed: items.length > 0,
    notReady: uploading ? t('attachments.stillUploading') : null,
  };
}
