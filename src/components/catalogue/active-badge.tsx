import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Active or not: a dot in the colour and dark text, readable (WCAG AA) unlike light badges' tinted text. */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={active ? 'green' : 'gray'} variant="dot" styles={{ label: { overflow: 'visible' } }}>
      {active ? t('catalogue.active') : t('catalogue.inactive')}
    </Badge>
  );
}
