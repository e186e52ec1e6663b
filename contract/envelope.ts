import { z } from 'zod';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, LIST_Q_MAX } from './list-limits';

export * from './list-limits';

/** One item: `{ data: {…} }` (PRODUCT.md, API conventions). */
export const itemEnvelope = <T extends z.ZodType>(item: T) => z.object({ data: item });

export const paginationSchema = z.object({
  page: z.number().int().min(1),
  limit: z.number().int().min(1).max(LIST_LIMIT_MAX),
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
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
  sort: z.string().max(64).optional(),
  q: z.string().max(LIST_Q_MAX).optional(),
});

/** A list's `sort` as a call publishes it: one of its fields, or the field with `-` before it for descending. */
export const sortParam = <F extends string>(fields: readonly F[]) =>
  z
    .enum([...fields, ...fields.map((field) => `-${field}` as const)] as [F | `-${F}`, ...(F | `-${F}`)[]], {
      error: () => `Sort by one of ${fields.join(', ')}; prefix - for descending.`,
    })
    .optional();

/** A record's id in a path or a query: a positive 32-bit integer. */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);

/** `{id}` of a record's path. */
export const idParamsSchema = z.object({ id: idParam });

/** The languages an export is written in (the SPA's languages). */
export const EXPORT_LANGUAGES = ['en', 'ms'] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

/**
 * What every `.csv` export takes beside its list's filters and sort: the language of its
 * headers and words, and the IANA time zone its times are written in.
 */
export const exportQueryShape = {
  lang: z.enum(EXPORT_LANGUAGES).default('en'),
  tz: z.string().max(64).default('UTC'),
};

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
  /** A formula refused: the character (0-based) of its expression where the fault is. */
  position: z.number().int().min(0).optional(),
});
export type Problem = z.infer<typeof problemSchema>;
