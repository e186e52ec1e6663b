export type ColorScheme = 'light' | 'dark' | 'auto';

/** SPEC §5: the `theme` value is cut to its leading run of letters, digits and spaces. */
export function sanitizeTheme(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  return /^[A-Za-z0-9 ]*/.exec(raw)?.[0] ?? '';
}

/** The colour mode a sanitised theme asks for; anything unknown means light, the default. */
export function colorSchemeOf(theme: string): ColorScheme {
  const mode = theme.trim().toLowerCase();
  return mode === 'dark' || mode === 'auto' ? mode : 'light';
}
