import { useMantineColorScheme } from '@mantine/core';
import i18next from 'i18next';
import type { Preferences } from '@contract/account-rules';
import { useRootStore } from '@/stores/root-store';

/**
 * Puts a user's settings into effect in this browser: the language of every screen and the
 * colour mode. Done at sign-in (settings follow the user to any browser) and on each change.
 */
export function useApplyPreferences() {
  const { setColorScheme } = useMantineColorScheme();
  return (preferences: Partial<Preferences>) => {
    if (preferences.language && i18next.resolvedLanguage !== preferences.language) void i18next.changeLanguage(preferences.language);
    if (preferences.colorMode) {
      useRootStore.getState().setDashboard('theme', preferences.colorMode);
      setColorScheme(preferences.colorMode);
    }
  };
}
