import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { ComplaintFormValues } from './complaint-form-rules';

/** An image of a draft: the upload it stands for and the signed address its thumbnail was shown with. */
export interface DraftImage {
  fileId: string;
  url: string;
}

/** A complaint being registered, as it was last typed: kept until it is registered or discarded. */
export interface ComplaintDraft {
  values: ComplaintFormValues;
  images: DraftImage[];
  /**
   * Photos taken without network, held by the open form only (the queue keeps them once
   * Register is pressed): a draft restored after a reload says they could not come back.
   */
  photosOnDevice?: number;
  /** When it was last changed (ISO). */
  savedAt: string;
}

/** Drafts older than this are let go when the store is read (a week of leave, not an archive). */
export const DRAFT_KEEP_DAYS = 7;
/** An image is restored only while its address still has this long to live. */
const IMAGE_MARGIN_S = 5 * 60;

interface DraftState {
  /** By user id: two people sharing a browser never see each other's drafts. */
  drafts: Record<string, ComplaintDraft>;
  save: (userId: number, draft: ComplaintDraft) => void;
  clear: (userId: number) => void;
}

export const DRAFT_STORAGE_KEY = 'complaint-draft';

/** Beside the SPEC's `root` (whose three slices stay as specified), under a key of its own. */
export const useComplaintDrafts = create<DraftState>()(
  persist(
    (set) => ({
      drafts: {},
      save: (userId, draft) => set((s) => ({ drafts: { ...s.drafts, [userId]: draft } })),
      clear: (userId) =>
        set((s) => {
          if (!(userId in s.drafts)) return s;
          const { [userId]: _gone, ...rest } = s.drafts;
          return { drafts: rest };
        }),
    }),
    {
      name: DRAFT_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ drafts }) => ({ drafts }),
      merge: (persisted, current) => {
        const stored = (persisted as Partial<Pick<DraftState, 'drafts'>> | undefined)?.drafts ?? {};
        const oldest = Date.now() - DRAFT_KEEP_DAYS * 86_400_000;
        const kept = Object.entries(stored).filter(([, d]) => Date.parse(d?.savedAt) >= oldest);
        return { ...current, drafts: Object.fromEntries(kept) };
      },
    },
  ),
);

/**
 * What of a draft's images can come back: those whose signed address lives on a while yet
 * (the server signs for an hour or two and deletes unattached uploads after a day). The rest
 * are counted, so the form can ask for them again.
 */
export function restorableImages(images: readonly DraftImage[], nowMs = Date.now()): { kept: DraftImage[]; lost: number } {
  const kept = images.filter((image) => {
    const exp = Number(new URL(image.url, 'http://x').searchParams.get('exp'));
    return Number.isFinite(exp) && exp - IMAGE_MARGIN_S > nowMs / 1000;
  });
  return { kept, lost: images.length - kept.length };
}

/**
 * An image as a draft keeps it. One held inline (`data:`, as the fixtures serve them) is too big
 * for the browser's storage: it keeps its upload but no address, so it counts as lost.
 */
export const draftImage = (fileId: string, url: string): DraftImage => ({ fileId, url: url.startsWith('data:') ? '' : url });
