import { AUDIT_ENTITIES, type AuditEntity } from '@contract/audit-entities';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@/lib/list-params';
import { calendarDay, hiddenColumns } from '@/lib/list-search';
import { positiveInt } from '@/lib/search-params';

/** The Activity page's view in the URL: which kind of record, whose moves, which days, the page and its size. */
export interface ActivitySearch {
  entity?: AuditEntity;
  /** The user who made the moves. */
  actor?: number;
  /** Days in the user's calendar, `YYYY-MM-DD`; `to` is included. */
  from?: string;
  to?: string;
  page?: number;
  size?: number;
  /** The columns put away (`ListSearch.hide`). */
  hide?: string;
}

export function activitySearch(search: Record<string, unknown>): ActivitySearch {
  const entity = AUDIT_ENTITIES.find((e) => e === search.entity);
  const page = positiveInt(search.page);
  const size = positiveInt(search.size);
  const from = calendarDay(search.from);
  const to = calendarDay(search.to);
  return {
    entity,
    actor: positiveInt(search.actor),
    from,
    // A period that ends before it starts keeps its start only.
    to: to && (!from || to >= from) ? to : undefined,
    page: page !== undefined && page > 1 && page <= 100_000 ? page : undefined,
    size: size !== undefined && size !== DEFAULT_PAGE_SIZE && PAGE_SIZES.includes(size) ? size : undefined,
    hide: hiddenColumns(search.hide),
  };
}
