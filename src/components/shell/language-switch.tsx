import { Button, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@/lib/i18n';

interface LanguageSwitchProps {
  /** Signed in, a choice is also the user's setting (saved for the next sign-in). */
  onChange?: (language: string) => void;
}

export function LanguageSwitch({ onChange }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? 'en';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconLanguage size={18} />}
          // The name starts with what is shown (EN, MS), as speech input expects.
          aria-label={`${current.toUpperCase()}, ${t('shell.language')}`}
        >
          {current.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((lng) => (
          <Menu.Item
            key={lng.code}
            onClick={() => (onChange ? onChange(lng.code) : void i18n.changeLanguage(lng.code))}
            fw={lng.code === current ? 700 : undefined}
            aria-current={lng.code === current || undefined}
            lang={lng.code}
          >
            {lng.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
