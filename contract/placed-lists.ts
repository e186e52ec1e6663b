import { z } from 'zod';
import { listQuerySchema, paginationSchema } from './envelope';
import { LIST_CURSOR_MAX_LENGTH } from './list-limits';

/*
 * Lists paged by place as well as by number (the complaint lists): apart from envelope.ts, so
 * the screens that page no such list (sign-in first) do not carry them.
 */

/**
 * A list paged by place as well as by number (issue 31): `cursor` asks for the page after or
 * before a row, or `last`; each answer gives the places of its neighbours. Past
 * `EXACT_TOTAL_MAX` matching rows the total is the database's estimate (`totalEstimated`).
 */
export const placedPaginationSchema = paginationSchema.extend({
  totalEstimated: z.boolean(),
  /** The page after this one, or null on the last page. */
  next: z.string().nullable(),
  /** The page before this one, or null on the first page. */
  previous: z.string().nullable(),
});
export type PlacedPagination = z.infer<typeof placedPaginationSchema>;

/** A list paged by place: `{ data: { items: […], pagination } }` with the neighbours' places. */
export const placedListEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.object({ items: z.array(item), pagination: placedPaginationSchema }) });

/** What a list paged by place takes besides: `cursor`, a place an earlier answer gave (or `last`). */
export const placedListQuerySchema = listQuerySchema.extend({
  cursor: z.string().max(LIST_CURSOR_MAX_LENGTH).optional(),
});
