import {
  Box,
  Group,
  Stack,
  Text,
  Title,
  defaultCssVariablesResolver,
  useMantineCssVariablesResolver,
  useMantineTheme,
} from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

export type Scheme = 'light' | 'dark';
type Variables = Record<string, string>;

/**
 * The CSS variables the app's theme gives `scheme`: Mantine's, then the product's own resolver
 * (app/theme.ts), read from the live provider so the gallery cannot drift from the theme.
 */
function useSchemeVariables(scheme: Scheme): Variables {
  const theme = useMantineTheme();
  const resolver = useMantineCssVariablesResolver();
  const base = defaultCssVariablesResolver(theme);
  const own = resolver?.(theme);
  return { ...base.variables, ...base[scheme], ...own?.variables, ...own?.[scheme] };
}

/** A variable's colour with its `var(...)` references followed, e.g. `#c92a2a` for the red filled button. */
function colourOf(variables: Variables, name: string): string {
  let value = variables[name] ?? '';
  for (let depth = 0; depth < 5; depth++) {
    const reference = /^var\((--[\w-]+)\)$/.exec(value)?.[1];
    if (!reference || !variables[reference]) break;
    value = variables[reference];
  }
  return value;
}

/**
 * A part of the page in one colour scheme whatever the app's: Mantine keeps the scheme on
 * <html> only, so the panel carries the scheme's variables itself and the scheme attribute its
 * components' styles look for.
 */
export function SchemePanel({ scheme, title, children }: { scheme: Scheme; title: string; children: (variables: Variables) => ReactNode }) {
  const variables = useSchemeVariables(scheme);
  const style = {
    ...variables,
    colorScheme: scheme,
    background: 'var(--mantine-color-body)',
    color: 'var(--mantine-color-text)',
    border: '1px solid var(--mantine-color-default-border)',
    borderRadius: 'var(--mantine-radius-md)',
  } as CSSProperties;
  return (
    <Box data-mantine-color-scheme={scheme} data-testid={`scheme-${scheme}`} p="md" miw={0} style={style}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      <Stack gap="md">{children(variables)}</Stack>
    </Box>
  );
}

/** One colour of the theme: its patch, what the product uses it for, and its value. */
export function Swatch({ variables, name, label }: { variables: Variables; name: string; label: string }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Box
        w={32}
        h={32}
        aria-hidden
        style={{
          flexShrink: 0,
          background: `var(${name})`,
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      />
      <Stack gap={0} miw={0}>
        <Text size="sm">{label}</Text>
        <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {colourOf(variables, name)}
        </Text>
      </Stack>
    </Group>
  );
}
