import { SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
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
      <Choice
        label={t('aside.language')}
        value={shown.language}
        onChange={(language) => void change({ language })}
        options={[
          { value: 'en', label: 'English' },
          { value: 'ms', label: 'Bahasa Melayu' },
        ]}
      />
      <Choice
        label={t('aside.colorMode')}
        value={shown.colorMode}
        onChange={(colorMode) => void change({ colorMode })}
        options={[
          { value: 'light', label: t('aside.light') },
          { value: 'dark', label: t('aside.dark') },
        ]}
      />
      <Switch
        label={t('aside.mailNotices')}
        description={t('aside.mailNoticesHint')}
        checked={shown.mailNotices}
        onChange={(e) => void change({ mailNotices: e.currentTarget.checked })}
      />
    </Stack>
  );
}

/** One setting of a few choices, all in sight, named by its label. */
function Choice<V extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: { value: V; label: string }[];
}) {
  const id = useId();
  return (
    <div>
      <Text size="sm" fw={600} mb={6} id={id}>
        {label}
      </Text>
      <SegmentedControl fullWidth aria-labelledby={id} value={value} onChange={(next) => onChange(next as V)} data={options} />
    </div>
  );
}
