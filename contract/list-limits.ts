/** Zod-free, so the SPA's list views can import it alone. */

/** What every list's query takes (envelope.ts): at most this many rows a call (PRODUCT.md), this many unasked (SPEC §9). */
export const LIST_LIMIT_MAX = 1000;
export const LIST_LIMIT_DEFAULT = 10;
/** The longest filter text `q` a list takes. */
export const LIST_Q_MAX = 200;
/** The longest place (`cursor`) in a list a call takes. */
export const LIST_CURSOR_MAX_LENGTH = 600;
/** The place (`cursor`) that asks for a list's last page. */
export const LAST_PAGE_CURSOR = 'last';
/** Past this many matching rows a list paged by place estimates its total (`totalEstimated`): counting them all costs as much as reading them. */
export const EXACT_TOTAL_MAX = 10_000;
