import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteTitles } from './route-title';

/** The current route's title as the page heading, with optional actions beside it. */
export function PageHeader({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const titles = useRouteTitles();
  const current = titles.at(-1);
  return (
    <Group justify="space-between" mb="md">
      <Title order={1} size="h3">
        {current ? t(current.key) : ''}
      </Title>
      {children}
    </Group>
  );
}
