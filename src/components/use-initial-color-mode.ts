import { useMantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { colorSchemeOf, sanitizeTheme } from '@/lib/theme';
import { useRootStore } from '@/stores/root-store';

/** SPEC §1–2: light on every load, unless `?theme=` (sanitised) asks for another mode. */
export function useInitialColorMode() {
  const { setColorScheme } = useMantineColorScheme();
  const setDashboard = useRootStore((s) => s.setDashboard);
  useEffect(() => {
    const theme = sanitizeTheme(new URLSearchParams(window.location.search).get('theme')) || 'light';
    setDashboard('theme', theme);
    setColorScheme(colorSchemeOf(theme));
  }, [setColorScheme, setDashboard]);
}
