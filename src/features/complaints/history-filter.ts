import dayjs from 'dayjs';
import type { DataTableSortStatus } from 'mantine-datatable';
import type { Complaint } from '@contract';
import { formatDateTime } from '@/lib/date-format';

/** Case-insensitive match on every column as it is shown. */
export function filterComplaints(rows: Complaint[], filter: string): Complaint[] {
  const needle = filter.trim().toLowerCase();
  if (!needle) return rows;
  return rows.filter((c) =>
    [
      c.refNo,
      formatDateTime(c.dateOfMisconduct),
      c.description,
      c.offender,
      c.location,
      String(c.qty),
      c.statusText,
      c.typeOfOffence.name,
    ].some((value) => value.toLowerCase().includes(needle)),
  );
}

function sortKey(c: Complaint, column: string): string | number {
  switch (column) {
    case 'dateOfMisconduct':
      return dayjs(c.dateOfMisconduct).valueOf();
    case 'qty':
      return c.qty;
    case 'status':
      return c.status;
    case 'refNo':
    case 'description':
    case 'offender':
    case 'location':
      return c[column].toLowerCase();
    default:
      return 0;
  }
}

export function sortComplaints(rows: Complaint[], sort: DataTableSortStatus<Complaint>): Complaint[] {
  const column = String(sort.columnAccessor);
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = sortKey(a, column);
    const y = sortKey(b, column);
    return (x < y ? -1 : x > y ? 1 : 0) * sign;
  });
}
