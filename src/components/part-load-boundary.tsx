import { Alert, Box, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { retryFailedParts } from '@/lib/lazy-retrying';
import { isChunkLoadError } from './status-page';

interface PartLoadBoundaryProps {
  /** Whether the part (a dialog) is wanted: once given up and opened again, a failed download is tried again. */
  opened: boolean;
  /** A part of a screen (a filter bar, a calendar): shown in its place while its download failed, and no message. */
  quietFallback?: ReactNode;
  /** Gives the part up (the dialog's close), when the user dismisses the message. */
  onCancel?: () => void;
  children: ReactNode;
}

/**
 * A dialog whose code could not be downloaded (the network dropped as it was opened) says so
 * where the dialog would be, and opens by itself when the browser is back online; the screen
 * behind it stays as it was. Any other error goes on to the screen's own boundary.
 */
export class PartLoadBoundary extends Component<PartLoadBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidUpdate(previous: PartLoadBoundaryProps) {
    // Given up, then opened again: it tries afresh (before the browser paints the message).
    if (!previous.opened && this.props.opened && this.state.error) this.retry();
  }

  private readonly retry = () => {
    retryFailedParts();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    if (!this.props.opened) return null;
    if (this.props.quietFallback !== undefined)
      return (
        <>
          {this.props.quietFallback}
          <WhenOnline then={this.retry} />
        </>
      );
    return <PartOffline onRetry={this.retry} onCancel={this.props.onCancel} />;
  }
}

/**
 * A part of a screen whose code comes when it is first shown (a filter bar, a selection bar, a
 * calendar, the charts): `fallback` in its place while it downloads, and while it cannot (offline)
 * — the rest of the screen stays — then the part itself once the network is back.
 */
export function LazyPart({ fallback = null, children }: { fallback?: ReactNode; children: ReactNode }) {
  return (
    <PartLoadBoundary opened quietFallback={fallback}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </PartLoadBoundary>
  );
}

/** How long after the browser says it is online a failed part is tried again: the network may need a moment to carry requests. */
const SETTLE_MS = 1_000;

/** Calls `then` when the browser is back online, once the network has settled. */
function WhenOnline({ then }: { then: () => void }) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const online = () => {
      clearTimeout(timer);
      timer = setTimeout(then, SETTLE_MS);
    };
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      clearTimeout(timer);
    };
  }, [then]);
  return null;
}

function PartOffline({ onRetry, onCancel }: { onRetry: () => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  return (
    // Where the dialog would be, over the screen's foot: fixed, so the list behind stays as it was.
    <Box pos="fixed" bottom={16} left={16} right={16} style={{ zIndex: 400 }}>
      <Alert
        color="orange"
        variant="filled"
        icon={<IconAlertTriangle size={20} />}
        title={t('errors.partOfflineTitle')}
        role="alert"
        maw={560}
        mx="auto"
        withCloseButton={onCancel !== undefined}
        onClose={onCancel}
        closeButtonLabel={t('common.dismiss')}
      >
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="sm">{t('errors.partOfflineHint')}</Text>
          <Button
            size="xs"
            variant="white"
            color="orange"
            leftSection={<IconRefresh size={14} />}
            onClick={onRetry}
            style={{ flexShrink: 0 }}
          >
            {t('common.retry')}
          </Button>
        </Group>
      </Alert>
      <WhenOnline then={onRetry} />
    </Box>
  );
}
