import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useRouteTitles } from './route-title';

function PublicCard({ hint }: { hint: string }) {
  const { t } = useTranslation();
  const title = useRouteTitles().at(-1);
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={460}>
        <Stack gap="sm">
          <Title order={1} size="h2">
            {title ? t(title.key) : ''}
          </Title>
          <Text c="dimmed">{hint}</Text>
          <Anchor component={Link} to="/">
            {t('common.backToSignIn')}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}

/** An account page a later release builds: its title and an honest state. */
export function PublicNotBuiltPage() {
  const { t } = useTranslation();
  return <PublicCard hint={t('common.notBuiltHint')} />;
}

export function PublicTemplatePage() {
  const { t } = useTranslation();
  return <PublicCard hint={t('common.templateDemo')} />;
}
