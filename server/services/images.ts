import type Sharp from 'sharp';
import type { ImageContentType } from '../../contract/account-rules';
import type { FileVariant } from '../../contract/files';

/**
 * sharp (libvips) takes about 19 MB of memory once loaded: a process loads it with its first
 * image, not at start, so one that serves no uploads (or only the copies already made) never
 * pays for it.
 */
let loaded: Promise<typeof Sharp> | null = null;
function loadSharp() {
  return (loaded ??= import('sharp').then((module) => {
    const sharp: typeof Sharp = module.default;
    // Each image is read once or twice and never again soon: libvips' cache of operations would
    // only hold memory.
    sharp.cache(false);
    return sharp;
  }));
}

/**
 * Images rendered at once by this process; the rest wait their turn. Each decode holds the
 * whole picture in memory (48 MB for a 12 MP photo), so twenty writers uploading at once would
 * otherwise take hundreds of megabytes; two keep both cores of a small machine busy.
 */
const MAX_RENDERS = 2;
let rendering = 0;
const queue: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (rendering < MAX_RENDERS) rendering++;
  // A finished render hands its place straight to the next in line.
  else await new Promise<void>((resolve) => queue.push(resolve));
  try {
    return await work();
  } finally {
    const next = queue.shift();
    if (next) next();
    else rendering--;
  }
}

/**
 * A 48 MP phone photo fits; a few-megabyte file that claims more is a decompression bomb,
 * which would take gigabytes to decode.
 */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * The size and WebP quality of each variant (contract/files.ts). A thumb's shorter edge is
 * 200 px: its 100 px slots are squares the image covers, so on a screen of two pixels per
 * point that edge is the one shown whole. A display copy fits inside 1600 px.
 */
const VARIANTS: Record<FileVariant, { edge: number; fit: 'outside' | 'inside'; quality: number }> = {
  thumb: { edge: 200, fit: 'outside', quality: 70 },
  display: { edge: 1600, fit: 'inside', quality: 80 },
};

/** What every variant is encoded as: smaller than JPEG at the same look, and every browser shows it. */
export const VARIANT_CONTENT_TYPE = 'image/webp';

const FORMAT_OF: Record<ImageContentType, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

/** The bytes begin like an image but are not one that decodes whole. */
export class UndecodableImageError extends Error {
  constructor(cause: unknown) {
    super('The image does not decode', { cause });
    this.name = 'UndecodableImageError';
  }
}

/**
 * One variant of an image: upright by its EXIF orientation, scaled down to the variant's size
 * (never enlarged), re-encoded without any metadata (sharp keeps none unless asked), so no
 * EXIF, GPS or camera detail leaves with it. Rejects with `UndecodableImageError`.
 */
export async function renderVariant(original: Uint8Array, variant: FileVariant): Promise<Buffer> {
  const { edge, fit, quality } = VARIANTS[variant];
  const sharp = await loadSharp();
  try {
    // failOn 'error' refuses truncated and broken data; the resize reads every compressed
    // byte, even when the decoder shrinks on load, so a cut-off file fails here.
    return await inTurn(() =>
      sharp(original, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
        .autoOrient()
        .resize(edge, edge, { fit, withoutEnlargement: true })
        .webp({ quality })
        .toBuffer(),
    );
  } catch (error) {
    throw new UndecodableImageError(error);
  }
}

/**
 * Every variant of an upload whose first bytes said `contentType`; rejects with
 * `UndecodableImageError` unless the whole file decodes as that very format.
 */
export async function renderVariants(original: Uint8Array, contentType: ImageContentType): Promise<Record<FileVariant, Buffer>> {
  const sharp = await loadSharp();
  const format = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
    .metadata()
    .then(
      (metadata) => metadata.format,
      (error: unknown) => Promise.reject(new UndecodableImageError(error)),
    );
  if (format !== FORMAT_OF[contentType]) throw new UndecodableImageError(`decodes as ${format}, not ${contentType}`);
  const [thumb, display] = await Promise.all([renderVariant(original, 'thumb'), renderVariant(original, 'display')]);
  return { thumb, display };
}
