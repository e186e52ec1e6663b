import { Badge } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import type { Complaint } from '@contract';
import { COMPLAINT_STATUS } from '@contract/complaint-status';

/**
 * SPEC §4: 2 warning, 3 danger, 4 success, anything else secondary. Danger and success are
 * dark enough for white text to meet WCAG AA (4.5:1), which red.7 and green.7–9 are not.
 */
const STATUS_COLOR: Readonly<Record<number, string>> = {
  [COMPLAINT_STATUS.justified]: 'yellow',
  [COMPLAINT_STATUS.fined]: 'red.9',
  [COMPLAINT_STATUS.waived]: 'teal.9',
};

export const statusColor = (status: number): string => STATUS_COLOR[status] ?? 'gray';

/** The server's status text, in the user's language by its code (English as the server says it). */
export function StatusBadge({ status, text }: { status: number; text: string }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={statusColor(status)}
      variant="filled"
      // Dark text on the light warning yellow, white on the rest: readable (WCAG AA) either way.
      autoContrast
      data-status={status}
      styles={{ label: { overflow: 'visible' } }}
    >
      {t(`complaints.statusNames.${status}`, { defaultValue: text })}
    </Badge>
  );
}

/** The sortable Status column of the complaint lists, a coloured badge per row. */
export function statusColumn(title: string): DataTableColumn<Complaint> {
  return { accessor: 'status', title, sortable: true, render: (c) => <StatusBadge status={c.status} text={c.statusText} /> };
}
