import { z } from 'zod';
import { itemEnvelope } from './envelope';
import { SAVED_VIEW_NAME_MAX, SAVED_VIEW_PATHS, SAVED_VIEW_SEARCH_MAX } from './saved-view-paths';

export * from './saved-view-paths';

/**
 * A list's view kept under a name (issue 32): where it leads (`path` and `search`, the URL it
 * is) for its owner alone, or for every user of a user type.
 */
export const savedViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  path: z.enum(SAVED_VIEW_PATHS),
  /** The list's URL query as saved, `?status=2&sort=-createdAt`; empty for the list as it opens. */
  search: z.string(),
  /** Who it is shared with; null: its owner's own. */
  userType: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Whether the caller may delete it: their own, or a shared one when they may share. */
  deletable: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

/** `GET /api/v1/saved-views`: the caller's own and those shared with their user type, by list, oldest first. */
export const savedViewListQuerySchema = z.object({ path: z.enum(SAVED_VIEW_PATHS).optional() });
export const savedViewListResponseSchema = itemEnvelope(z.object({ items: z.array(savedViewSchema) }));
export type SavedViewListResponse = z.infer<typeof savedViewListResponseSchema>;

/** `POST /api/v1/saved-views`: `userTypeId` shares it (who may change the privilege matrix may). */
export const createSavedViewRequestSchema = z
  .object({
    name: z.string().trim().min(1, 'Name the view').max(SAVED_VIEW_NAME_MAX, `At most ${SAVED_VIEW_NAME_MAX} characters`),
    path: z.enum(SAVED_VIEW_PATHS, { message: 'Not a list a view can be saved on' }),
    search: z
      .string()
      .max(SAVED_VIEW_SEARCH_MAX, `At most ${SAVED_VIEW_SEARCH_MAX} characters`)
      .regex(/^(\?[^#\s]*)?$/, 'A URL query, starting with ?'),
    userTypeId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  })
  .strict();
export type CreateSavedViewRequest = z.input<typeof createSavedViewRequestSchema>;
export const savedViewResponseSchema = itemEnvelope(savedViewSchema);
export type SavedViewResponse = z.infer<typeof savedViewResponseSchema>;
