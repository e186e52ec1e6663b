import { AUDIT_ENTITIES, type AuditEntity } from '@contract/audit-entities';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@/lib/list-params';
import { positiveInt } from '@/lib/search-params';

/** The Activity page's view in the URL: which kind of record, the page and its size. */
export interface ActivitySearch {
  entity?: AuditEntity;
  page?: number;
  size?: number;
}

export function activitySearch(search: Record<string, unknown>): ActivitySearch {
  const entity = AUDIT_ENTITIES.find((e) => e === search.entity);
  const page = positiveInt(search.page);
  const size = positiveInt(search.size);
  return {
    entity,
    page: page !== undefined && page > 1 && page <= 100_000 ? page : undefined,
    size: size !== undefined && size !== DEFAULT_PAGE_SIZE && PAGE_SIZES.includes(size) ? size : undefined,
  };
}
