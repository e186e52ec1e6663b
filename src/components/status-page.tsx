import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

interface StatusPageProps {
  code: string;
  title: string;
  hint: string;
  /** Offered beside the way back where trying again can help. */
  onRetry?: () => void;
}

/** A full error page (403, 404, 500) with a way back. */
export function StatusPage({ code, title, hint, onRetry }: StatusPageProps) {
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
        <Group justify="center">
          {onRetry && <Button onClick={onRetry}>{t('common.retry')}</Button>}
          <Button component={Link} to="/dashboard" variant="light">
            {t('common.backToDashboard')}
          </Button>
        </Group>
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

/**
 * A screen that threw while rendering: the 500 page where the screen would be, inside the
 * shell. Retry fetches the screen's data afresh (what it had may be what broke it) and renders it again.
 */
export function RenderErrorPage({ reset }: { reset: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <StatusPage
      code="500"
      title={t('errors.renderErrorTitle')}
      hint={t('errors.renderErrorHint')}
      onRetry={() => {
        void queryClient.resetQueries();
        reset();
      }}
    />
  );
}
