import { Text, Tooltip } from '@mantine/core';

interface ClippedTextProps {
  text: string;
  /** One line cut at this width; without it, as wide as the column allows. */
  maw?: number;
  /** At most this many lines. */
  lines?: 1 | 2 | 3;
}

/**
 * A cell's text cut to one line at `maw`, or to `lines` lines of its column, whole in a
 * tooltip on hover and touch. Not a Tab stop of its own (a row is one stop: its action),
 * and the whole text is in the row's detail and in the cell's accessible text.
 */
export function ClippedText({ text, maw, lines = 1 }: ClippedTextProps) {
  return (
    <Tooltip label={text} multiline maw={360} openDelay={200} events={{ hover: true, focus: false, touch: true }}>
      <Text size="sm" maw={maw} {...(lines === 1 ? { truncate: 'end' as const } : { lineClamp: lines })}>
        {text}
      </Text>
    </Tooltip>
  );
}
