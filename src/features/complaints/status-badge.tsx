import { Badge } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { Complaint } from '@contract';

/** SPEC §4: 2 warning, 3 danger, 4 success, anything else secondary. */
export function statusColor(status: number): string {
  switch (status) {
    case 2:
      return 'yellow';
    case 3:
      return 'red';
    case 4:
      return 'green';
    default:
      return 'gray';
  }
}

export function StatusBadge({ status, text }: { status: number; text: string }) {
  return (
    <Badge
      color={statusColor(status)}
      variant="filled"
      data-status={status}
      styles={{ label: { overflow: 'visible' } }}
    >
      {text}
    </Badge>
  );
}

/** The sortable Status column of the complaint lists, a coloured badge per row. */
export function statusColumn(title: string): DataTableColumn<Complaint> {
  return { accessor: 'status', title, sortable: true, render: (c) => <StatusBadge status={c.status} text={c.statusText} /> };
}
