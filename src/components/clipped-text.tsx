import { Text, Tooltip } from '@mantine/core';

interface ClippedTextProps {
  text: string;
  /** One line cut at this width; without it, as wide as the column allows. */
  maw?: number;
  /** At most this many lines. */
  lines?: 1 | 2;
}

/**
 * A cell's text cut to one line at `maw`, or to `lines` lines of its column, whole in a
 * tooltip on hover and on keyboard focus: rows stay short without hiding anything from a
 * keyboard user.
 */
export function ClippedText({ text, maw, lines = 1 }: ClippedTextProps) {
  return (
    <Tooltip label={text} multiline maw={360} openDelay={200} events={{ hover: true, focus: true, touch: true }}>
      <Text size="sm" tabIndex={0} maw={maw} {...(lines === 1 ? { truncate: 'end' as const } : { lineClamp: lines })}>
        {text}
      </Text>
    </Tooltip>
  );
}
