import { Alert, Badge, Button, Card, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { IconCloudOff, IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '@/components/router-links';
import { ConfirmModal } from '@/components/confirm-modal';
import { OnceOpened } from '@/components/modal';
import { PageHeader } from '@/components/page-header';
import { formatDateTime } from '@/lib/date-format';
import { toast } from '@/lib/toast';
import { toIsoWithOffset } from './complaint-form-rules';
import type { QueuedComplaint } from './outbox-db';
import { changeable, clearSent, discardQueued, QueuedBusyError, refreshOutbox, sendOutbox, unsent, useOutbox } from './outbox';
import { useRootStore } from '@/stores/root-store';
import classes from './outbox-page.module.css';

const QueuedComplaintModal = lazy(() => import('./complaint-form').then((m) => ({ default: m.QueuedComplaintModal })));

const NO_ITEMS: QueuedComplaint[] = [];

/** Whether the browser says it is online, as it changes. */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine !== false);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/**
 * "Waiting to send" (issue 47): the complaints this user registered on this device without
 * network, oldest first, each with when it was made, its photos and where it stands — waiting,
 * being sent (photos then the complaint), refused with the server's words, or sent (when, as
 * what). Each can be opened to change it, or discarded (asks first).
 */
export function OutboxPage() {
  const { t } = useTranslation();
  // Only the signed-in user's queue, never what was shown for someone before.
  const userId = useRootStore((s) => s.auth.user?.id ?? null);
  const mine = useOutbox((s) => s.owner !== null && s.owner === userId);
  const items = useOutbox((s) => (mine ? s.items : NO_ITEMS));
  const loaded = useOutbox((s) => s.loaded) && mine;
  const sendingId = useOutbox((s) => s.sendingId);
  const online = useOnline();
  const [editing, setEditing] = useState<QueuedComplaint | null>(null);
  const [discarding, setDiscarding] = useState<QueuedComplaint | null>(null);
  const waiting = unsent(items);
  const sent = items.filter((item) => item.state === 'sent');

  useEffect(() => {
    void refreshOutbox();
  }, []);

  async function sendNow() {
    const registered = await sendOutbox();
    if (registered > 0) void toast.success(t('outbox.sentNow', { count: registered }));
  }

  return (
    <>
      <PageHeader>
        {waiting.length > 0 && (
          <Button leftSection={<IconSend size={16} />} onClick={() => void sendNow()} loading={sendingId !== null} disabled={!online}>
            {t('outbox.sendNow')}
          </Button>
        )}
      </PageHeader>
      <Stack gap="md">
        {!online && (
          <Alert color="orange" variant="light" icon={<IconCloudOff size={18} />} title={t('outbox.offlineTitle')}>
            {t('outbox.offlineText')}
          </Alert>
        )}
        {!loaded ? (
          <Group justify="center" p="xl">
            <Loader aria-label={t('common.loading')} />
          </Group>
        ) : items.length === 0 ? (
          <Card withBorder radius="md" p="xl">
            <Text fw={600}>{t('outbox.emptyTitle')}</Text>
            <Text size="sm" c="dimmed">
              {t('outbox.emptyText')}
            </Text>
          </Card>
        ) : (
          <>
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('outbox.summary', { count: waiting.length })}
            </Text>
            {items.map((item) => (
              <QueuedCard
                key={item.id}
                item={item}
                sending={item.id === sendingId}
                onEdit={() => setEditing(item)}
                onDiscard={() => setDiscarding(item)}
              />
            ))}
            {sent.length > 0 && (
              <Group justify="flex-end">
                <Button variant="default" onClick={() => void clearSent()}>
                  {t('outbox.clearSent')}
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
      <OnceOpened opened={editing !== null} onCancel={() => setEditing(null)}>
        <Suspense fallback={null}>
          <QueuedComplaintModal item={editing} onClose={() => setEditing(null)} />
        </Suspense>
      </OnceOpened>
      <ConfirmModal
        opened={discarding !== null}
        title={t('outbox.discardTitle')}
        confirmLabel={t('outbox.discard')}
        color="red"
        onClose={() => setDiscarding(null)}
        onConfirm={() => {
          const target = discarding;
          setDiscarding(null);
          if (!target) return;
          discardQueued(target.id).then(
            () => toast.success(t('outbox.discarded')),
            (error: unknown) => toast.error(error instanceof QueuedBusyError ? t('outbox.busy') : t('outbox.queueFailed')),
          );
        }}
      >
        {t('outbox.discardText', { count: discarding?.photos.length ?? 0 })}
      </ConfirmModal>
    </>
  );
}

/** The photos a queued complaint keeps, as thumbnails made from the files (let go when it leaves). */
function QueuedPhotos({ item }: { item: QueuedComplaint }) {
  const { t } = useTranslation();
  const urls = useMemo(() => item.photos.flatMap((photo) => (photo.file ? [URL.createObjectURL(photo.file)] : [])), [item.photos]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  if (urls.length === 0) return null;
  return (
    <Group gap="xs">
      {urls.map((url, i) => (
        <Image key={url} src={url} alt={t('outbox.photoOf', { n: i + 1 })} w={56} h={56} radius="sm" fit="cover" />
      ))}
    </Group>
  );
}

function StateBadge({ item, sending }: { item: QueuedComplaint; sending: boolean }) {
  const { t } = useTranslation();
  // Filled in shades white text reads on (WCAG AA), dark text on the waiting yellow.
  if (item.state === 'sent') return <Badge color="green.9">{t('outbox.stateSent')}</Badge>;
  if (item.state === 'refused') return <Badge color="red.9">{t('outbox.stateRefused')}</Badge>;
  if (sending) {
    const total = item.photos.length;
    return (
      <Badge color="blue.9" leftSection={<Loader size={10} color="white" />}>
        {total > 0 && item.photosSent < total ? t('outbox.stateSendingPhotos', { sent: item.photosSent, total }) : t('outbox.stateSending')}
      </Badge>
    );
  }
  return (
    <Badge color="yellow.5" autoContrast>
      {t('outbox.stateWaiting')}
    </Badge>
  );
}

function QueuedCard({
  item,
  sending,
  onEdit,
  onDiscard,
}: {
  item: QueuedComplaint;
  sending: boolean;
  onEdit: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const { values, labels } = item;
  const misconduct = values.dateOfMisconduct ? toIsoWithOffset(values.dateOfMisconduct) : null;
  return (
    <Card withBorder radius="md" p="md" data-testid="queued-complaint" data-state={item.state} className={classes.card}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text fw={600} className={classes.words}>
            {labels.typeOfOffence || t('outbox.untitled')}
          </Text>
          <StateBadge item={item} sending={sending} />
        </Group>
        <dl className={classes.facts}>
          <dt>{t('complaints.contractor')}</dt>
          <dd className={classes.words}>{labels.contractor}</dd>
          <dt>{t('complaints.location')}</dt>
          <dd className={classes.words}>{values.location}</dd>
          <dt>{t('complaints.dateOfMisconduct')}</dt>
          <dd>{formatDateTime(misconduct)}</dd>
          <dt>{t('outbox.madeAt')}</dt>
          <dd>{formatDateTime(item.madeAt)}</dd>
          {item.sentAt && (
            <>
              <dt>{t('outbox.sentAt')}</dt>
              <dd>{formatDateTime(item.sentAt)}</dd>
            </>
          )}
          <dt>{t('outbox.photos')}</dt>
          <dd>{item.photos.length}</dd>
        </dl>
        {item.state !== 'sent' && <QueuedPhotos item={item} />}
        {item.refusal && item.state === 'refused' && (
          <Alert color="red" variant="light" title={t('outbox.refusedTitle')} role="alert">
            <Text size="sm" className={classes.words}>
              {item.refusal.message}
            </Text>
            <Text size="sm" mt={4}>
              {t('outbox.refusedHint')}
            </Text>
          </Alert>
        )}
        {item.state === 'sent' && item.complaintId !== null && (
          <Text size="sm">
            {t('outbox.registeredAs')}{' '}
            <AnchorLink to="/manage-complaint/history-complaint" search={{ detail: item.complaintId }}>
              {item.refNo}
            </AnchorLink>
          </Text>
        )}
        {item.state === 'waiting' && !changeable(item) && (
          <Text size="sm" c="dimmed">
            {t('outbox.triedHint')}
          </Text>
        )}
        {item.state !== 'sent' && (
          <Group gap="xs" justify="flex-end">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPencil size={14} />}
              onClick={onEdit}
              disabled={sending || !changeable(item)}
            >
              {t('common.edit')}
            </Button>
            <Button variant="light" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={onDiscard} disabled={sending}>
              {t('outbox.discard')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
