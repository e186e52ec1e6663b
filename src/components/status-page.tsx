import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

interface StatusPageProps {
  code: string;
  title: string;
  hint: string;
}

/** A full error page (403, 404, 500) with a way back. */
export function StatusPage({ code, title, hint }: StatusPageProps) {
  const { t } = useTranslation();
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={1} fz={64} c="dimmed">
          {code}
        </Title>
        <Title order={2} size="h3" ta="center">
          {title}
        </Title>
        <Text c="dimmed" ta="center">
          {hint}
        </Text>
        <Button component={Link} to="/dashboard" variant="light">
          {t('common.backToDashboard')}
        </Button>
      </Stack>
    </Center>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return <StatusPage code="404" title={t('errors.notFoundTitle')} hint={t('errors.notFoundHint')} />;
}

/** A screen the caller's role may not view, shown inside the shell where the screen would be. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return <StatusPage code="403" title={t('errors.forbiddenTitle')} hint={t('errors.forbiddenHint')} />;
}

export function ServerErrorPage() {
  const { t } = useTranslation();
  return <StatusPage code="500" title={t('errors.serverErrorTitle')} hint={t('errors.serverErrorHint')} />;
}
