import { z } from 'zod';

/** One item: `{ data: {…} }` (PRODUCT.md, API conventions). */
export const itemEnvelope = <T extends z.ZodType>(item: T) => z.object({ data: item });

export const paginationSchema = z.object({
  page: z.number().int().min(1),
  limit: z.number().int().min(1).max(1000),
  totalRow: z.number().int().min(0),
  totalPage: z.number().int().min(0),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** A list: `{ data: { items: […], pagination } }`. */
export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.object({ items: z.array(item), pagination: paginationSchema }) });

export type ItemEnvelope<T> = { data: T };
export type ListEnvelope<T> = { data: { items: T[]; pagination: Pagination } };

/** Query parameters every list takes. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(10),
  sort: z.string().max(64).optional(),
  q: z.string().max(200).optional(),
});

/** `{id}` of a record's path: a positive 32-bit integer. */
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** RFC 9457 problem details, with per-field errors on validation failures. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  /** The problem's stable name (e.g. `complaintNotEditable`): a client words it in its own language. */
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** 429: seconds until the next try is accepted (also the Retry-After header). */
  retryAfter: z.number().int().min(0).optional(),
  /** A wrong one-time code: how many tries the code has left. */
  attemptsLeft: z.number().int().min(0).optional(),
});
export type Problem = z.infer<typeof problemSchema>;
