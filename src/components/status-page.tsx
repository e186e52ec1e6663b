import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

interface StatusPageProps {
  /** The status in large figures; none for a page that is not an HTTP status (offline). */
  code?: string;
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
        {code && (
          <Title order={1} fz={64} c="dimmed">
            {code}
          </Title>
        )}
        <Title order={code ? 2 : 1} size="h3" ta="center">
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

/** A part of the app's code that could not be downloaded (the network dropped), as browsers say it. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

/**
 * The screen's code could not be downloaded: said as the network problem it is, never as a
 * 500. A browser keeps a failed import failed, so trying again loads the page afresh, by
 * itself as soon as the browser is back online.
 */
export function OfflinePage() {
  const { t } = useTranslation();
  useEffect(() => {
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);
  return <StatusPage title={t('errors.offlineTitle')} hint={t('errors.offlineHint')} onRetry={() => window.location.reload()} />;
}

/**
 * A screen that threw while rendering: the 500 page where the screen would be, inside the
 * shell. Retry fetches the screen's data afresh (what it had may be what broke it) and renders
 * it again. Code that failed to download is the network's doing: the offline page says so.
 */
export function RenderErrorPage({ error, reset }: { error: unknown; reset: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  if (isChunkLoadError(error)) return <OfflinePage />;
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
