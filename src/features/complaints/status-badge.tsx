import { Badge } from '@mantine/core';

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
