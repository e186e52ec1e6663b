import { Box, ColorSwatch, Group, Text } from '@mantine/core';
import { BarChart as Chartist, type BarChartOptions, type Label } from 'chartist';
import { useEffect, useRef } from 'react';
import classes from './bar-chart.module.css';

export interface BarSeries {
  name: string;
  label: string;
  /** A Mantine colour, `red.8`. */
  color: string;
  values: number[];
}

const cssColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

/**
 * Bars drawn by Chartist (SVG): stacked by month, or one series across by name. Each bar opens
 * what it counts (`onBarClick`) and says its figure on hover; the chart is one image to a screen
 * reader, so every chart of the product sits beside a table of the same figures as links.
 */
export function BarChart({
  labels,
  series,
  height,
  stacked = false,
  horizontal = false,
  labelWidth = 40,
  barWidth = 18,
  withLegend = false,
  onBarClick,
  ariaLabel,
}: {
  labels: string[];
  series: BarSeries[];
  height: number;
  stacked?: boolean;
  horizontal?: boolean;
  /** Room for the value axis' labels, or, across, for the names. */
  labelWidth?: number;
  barWidth?: number;
  withLegend?: boolean;
  onBarClick?: (seriesIndex: number, index: number) => void;
  ariaLabel: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const click = useRef(onBarClick);
  useEffect(() => {
    click.current = onBarClick;
  }, [onBarClick]);

  // The figures as a value: a new array of the same figures draws nothing again.
  const figures = JSON.stringify({ labels, series });
  useEffect(() => {
    const { labels, series } = JSON.parse(figures) as { labels: string[]; series: BarSeries[] };
    // Room per bar, as drawn now (Chartist draws again when the window is resized).
    const slot = () => {
      const length = horizontal ? height - 30 : (ref.current?.clientWidth ?? 0) - labelWidth - 16;
      return Math.max(1, length / Math.max(1, labels.length));
    };
    const options: BarChartOptions = {
      height,
      stackBars: stacked,
      horizontalBars: horizontal,
      seriesBarDistance: 0,
      chartPadding: { top: 14, right: 16, bottom: 0, left: 0 },
      // Across a narrow chart, every second (third…) month named: each label wants some 44 px.
      axisX: horizontal
        ? { onlyInteger: true, showGrid: true }
        : {
            showGrid: false,
            labelInterpolationFnc: (label: Label, index: number) => (index % Math.ceil(44 / slot()) === 0 ? label : null),
          },
      axisY: horizontal ? { offset: labelWidth, showGrid: false } : { onlyInteger: true, offset: labelWidth },
    };
    // Across, the first name at the top: Chartist draws from the axis, the bottom, up.
    const order = (values: readonly unknown[]) => (horizontal ? [...values].reverse() : [...values]);
    const at = (index: number) => (horizontal ? labels.length - 1 - index : index);
    const chart = new Chartist(
      ref.current!,
      { labels: order(labels) as string[], series: series.map((s) => order(s.values) as number[]) },
      options,
    );
    chart.on('draw', (data) => {
      if (data.type !== 'bar') return;
      const s = series[data.seriesIndex]!;
      const index = at(data.index);
      const value = s.values[index] ?? 0;
      if (value === 0) {
        data.element.remove();
        return;
      }
      const width = Math.max(4, Math.min(barWidth, slot() * 0.6));
      data.element.attr({ style: `stroke: ${cssColor(s.color)}; stroke-width: ${width}px` });
      const node = data.element.getNode();
      const title = document.createElementNS('http://www.w3.org/2000/svg', 'title');
      title.textContent = `${labels[index]}, ${s.label}: ${value.toLocaleString()}`;
      node.appendChild(title);
      node.addEventListener('click', () => click.current?.(data.seriesIndex, index));
    });
    return () => {
      chart.detach();
    };
  }, [figures, height, stacked, horizontal, labelWidth, barWidth]);

  return (
    <Box>
      <div ref={ref} className={classes.chart} role="img" aria-label={ariaLabel} />
      {withLegend && (
        <Group gap="md" justify="center" mt="xs" aria-hidden>
          {series.map((s) => (
            <Group key={s.name} gap={6} wrap="nowrap">
              <ColorSwatch color={cssColor(s.color)} size={12} withShadow={false} />
              <Text size="xs">{s.label}</Text>
            </Group>
          ))}
        </Group>
      )}
    </Box>
  );
}
