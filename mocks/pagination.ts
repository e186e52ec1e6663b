import type { Pagination } from '@contract';

export function paginate<T>(
  rows: readonly T[],
  { page, limit }: { page: number; limit: number },
): { items: T[]; pagination: Pagination } {
  const start = (page - 1) * limit;
  return {
    items: rows.slice(start, start + limit),
    pagination: { page, limit, totalRow: rows.length, totalPage: Math.ceil(rows.length / limit) },
  };
}
