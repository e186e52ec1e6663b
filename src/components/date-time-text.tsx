import { formatDateTime } from '@/lib/date-format';

const whole = { whiteSpace: 'nowrap' } as const;

/**
 * A moment as every screen writes it, broken only between its day and its time: one line where
 * there is room, the time under the day in a narrow column (the complaint lists fit 1366 px).
 */
export function DateTimeText({ iso }: { iso: string | null | undefined }) {
  const text = formatDateTime(iso);
  const at = text.indexOf(' ');
  if (at < 0) return text;
  return (
    <>
      <span style={whole}>{text.slice(0, at)}</span> <span style={whole}>{text.slice(at + 1)}</span>
    </>
  );
}
