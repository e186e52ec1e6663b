import { SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Preferences } from '@contract/account-rules';
import { useChangePreferences } from './use-change-preferences';

/**
 * The side panel's settings: language, colour mode, and whether notices are also mailed.
 * Each change shows at once and is saved on the server, so the next sign-in anywhere has it.
 */
export function PreferencesForm() {
  const { t } = useTranslation();
  const { shown, change } = useChangePreferences();

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('aside.settingsHint')}
      </Text>
      <div>
        <Text size="sm" fw={600} mb={6} id="pref-language">
          {t('aside.language')}
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby="pref-language"
          value={shown.language}
          onChange={(language) => void change({ language: language as Preferences['language'] })}
          data={[
            { value: 'en', label: 'English' },
            { value: 'ms', label: 'Bahasa Melayu' },
          ]}
        />
      </div>
      <div>
        <Text size="sm" fw={600} mb={6} id="pref-color-mode">
          {t('aside.colorMode')}
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby="pref-color-mode"
          value={shown.colorMode}
          onChange={(colorMode) => void change({ colorMode: colorMode as Preferences['colorMode'] })}
          data={[
            { value: 'light', label: t('aside.light') },
            { value: 'dark', label: t('aside.dark') },
          ]}
        />
      </div>
      <Switch
        label={t('aside.mailNotices')}
        description={t('aside.mailNoticesHint')}
        checked={shown.mailNotices}
        onChange={(e) => void change({ mailNotices: e.currentTarget.checked })}
      />
    </Stack>
  );
}
