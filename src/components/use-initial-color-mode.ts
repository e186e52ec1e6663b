import { useMantineColorScheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { colorSchemeOf, sanitizeTheme } from '@/lib/theme';
import { useRootStore } from '@/stores/root-store';

/**
 * SPEC §1–2: light on every load, unless `?theme=` (sanitised) asks for another mode, or the
 * signed-in user chose a mode in their settings (kept with the session, so a reload keeps it).
 */
export function useInitialColorMode() {
  const { setColorScheme } = useMantineColorScheme();
  const setDashboard = useRootStore((s) => s.setDashboard);
  // Once per load: Mantine's setter changes with the scheme, and a later choice must stay.
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current) return;
    applied.current = true;
    const chosen = useRootStore.getState().auth.user?.preferences?.colorMode;
    const theme = sanitizeTheme(new URLSearchParams(window.location.search).get('theme')) || chosen || 'light';
    setDashboard('theme', theme);
    setColorScheme(colorSchemeOf(theme));
  }, [setColorScheme, setDashboard]);
}
