import { useMantineColorScheme } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Preferences } from '@contract/account-rules';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import { toast } from '@/lib/toast';
import { useApplyPreferences } from '@/lib/use-apply-preferences';
import { useRootStore } from '@/stores/root-store';
import { useUpdateMe } from './api';

/** Whether the page is being left: a save cut short by a reload or a link is no failure to undo. */
let leaving = false;
window.addEventListener('pagehide', () => void (leaving = true));
window.addEventListener('pageshow', () => void (leaving = false));

/**
 * Changing one's settings while signed in: shown at once, saved on the server for the next
 * sign-in anywhere, and put back as they were if the save fails. `shown` is what is in effect
 * here now: a setting never chosen shows this browser's own.
 */
export function useChangePreferences() {
  const { t, i18n } = useTranslation();
  const { colorScheme } = useMantineColorScheme();
  const saved = useRootStore((s) => s.auth.user?.preferences);
  const update = useUpdateMe();
  const apply = useApplyPreferences();
  const [draft, setDraft] = useState<Partial<Preferences>>({});

  async function change(changes: Partial<Preferences>) {
    const before = {
      language: (i18n.resolvedLanguage ?? 'en') as Preferences['language'],
      colorMode: colorScheme === 'dark' ? 'dark' : 'light',
    } as const;
    setDraft((current) => ({ ...current, ...changes }));
    apply(changes);
    try {
      await update.mutateAsync({ preferences: changes });
    } catch (failed) {
      // Left at once (a reload, a link): the browser cut the save short, and the choice stays here.
      if (leaving) return;
      apply(before);
      void toast.error(commonFailureMessage(await readFailure(failed), t, t('aside.settingsFailed')));
    } finally {
      setDraft((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !(key in changes))));
    }
  }

  const shown = {
    language: (draft.language ?? i18n.resolvedLanguage ?? 'en') as NonNullable<Preferences['language']>,
    colorMode: (draft.colorMode ?? (colorScheme === 'dark' ? 'dark' : 'light')) as NonNullable<Preferences['colorMode']>,
    mailNotices: draft.mailNotices ?? saved?.mailNotices ?? false,
  };
  return { shown, change };
}
