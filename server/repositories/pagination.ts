import type { Pagination } from '../../contract/envelope';

export function pageOf(page: number, limit: number) {
  return { offset: (page - 1) * limit, limit };
}

export function paginationOf(page: number, limit: number, totalRow: number): Pagination {
  return { page, limit, totalRow, totalPage: Math.ceil(totalRow / limit) };
}
