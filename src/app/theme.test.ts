import { DEFAULT_THEME, darken } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver } from './theme';

function channels(color: string): number[] {
  if (color.startsWith('#')) return [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16));
  return (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
}

function luminance(color: string) {
  const [r = 0, g = 0, b = 0] = channels(color).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string) {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

const variables = cssVariablesResolver(DEFAULT_THEME);

describe('light variant colours (badges such as two-factor "On", alerts, icons)', () => {
  it.each(Object.keys(DEFAULT_THEME.colors).filter((name) => name !== 'dark'))(
    '%s text reads at 4.5:1 on its pale ground in light and dark',
    (name) => {
      const shades = DEFAULT_THEME.colors[name]!;
      const light = variables.light[`--mantine-color-${name}-light-color`] ?? shades[9];
      // Mantine's light grounds: shade 1 in light, shade 9 darkened in dark.
      expect(contrast(light, shades[1])).toBeGreaterThanOrEqual(4.5);
      const dark = variables.dark[`--mantine-color-${name}-light-color`] ?? shades[0];
      expect(contrast(dark, darken(shades[9], 0.5))).toBeGreaterThanOrEqual(4.5);
    },
  );
});
