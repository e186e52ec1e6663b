import { describe, expect, it } from 'vitest';
import { colorSchemeOf, sanitizeTheme } from './theme';

describe('sanitizeTheme', () => {
  it.each([
    ['dark', 'dark'],
    ['dark<script>alert(1)</script>', 'dark'],
    ['dark mode 2', 'dark mode 2'],
    ['light;background:red', 'light'],
    ['"><img src=x>', ''],
    ['', ''],
    [null, ''],
    [42, ''],
  ])('cuts %j to its leading letters, digits and spaces: %j', (raw, expected) => {
    expect(sanitizeTheme(raw)).toBe(expected);
  });
});

describe('colorSchemeOf', () => {
  it('knows dark and auto, and falls back to light for anything else', () => {
    expect(colorSchemeOf('dark')).toBe('dark');
    expect(colorSchemeOf('Dark ')).toBe('dark');
    expect(colorSchemeOf('auto')).toBe('auto');
    expect(colorSchemeOf('dark mode')).toBe('light');
    expect(colorSchemeOf('')).toBe('light');
  });
});
