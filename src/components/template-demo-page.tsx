import { Alert, Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header';

/** SPEC §2: the admin template's demo pages; placeholders, not product behaviour. */
export function TemplateDemoPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader />
      <Alert icon={<IconInfoCircle size={18} />} variant="light" mb="md">
        {t('common.templateDemo')}
      </Alert>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {[1, 2, 3].map((n) => (
          <Paper key={n} withBorder p="md" radius="md" aria-hidden>
            <Stack gap="xs">
              <Skeleton height={12} width="60%" animate={false} />
              <Skeleton height={8} animate={false} />
              <Skeleton height={8} width="80%" animate={false} />
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </>
  );
}
