import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header';

/** A screen a later release builds: its title and an honest empty state, no invented data. */
export function NotBuiltPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader />
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="xs" py="xl">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray">
            <IconHammer size={26} />
          </ThemeIcon>
          <Text fw={600}>{t('common.notBuiltTitle')}</Text>
          <Text c="dimmed" size="sm" ta="center" maw={420}>
            {t('common.notBuiltHint')}
          </Text>
        </Stack>
      </Paper>
    </>
  );
}
