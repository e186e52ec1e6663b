import { Button, Group, Text } from '@mantine/core';
import type { NotificationData } from '@mantine/notifications';
import i18n from 'i18next';
import { toast, showToast } from './toast';

/** How long a change that can be taken back waits, with its Undo, before it is sent. */
export const UNDO_MS = 5000;

/** Changes waiting for their toast to end: sent at once if the page goes away first. */
const waiting = new Set<() => void>();
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    for (const commit of [...waiting]) commit();
  });
}

interface Undoable {
  /** What happened, as the toast says it ("Notification deleted"). */
  message: string;
  /** Sends the change: once, when the toast ends unless Undo was pressed. */
  commit: () => void;
  /** Puts back what the screen already shows as changed. */
  undo: () => void;
  /** Where the toast shows when the usual corner would cover what the change was made in. */
  position?: NotificationData['position'];
}

/**
 * A removal that can be reversed, as react-admin's undoable mutations do it: the screen shows
 * it done at once, a toast offers Undo for a few seconds, and only then is it sent.
 */
export function undoableToast({ message, commit, undo, position }: Undoable) {
  let settled = false;
  const send = () => {
    if (settled) return;
    settled = true;
    waiting.delete(send);
    commit();
  };
  waiting.add(send);
  let id: string | undefined;
  const takeBack = () => {
    if (settled) return;
    settled = true;
    waiting.delete(send);
    undo();
    if (id) void toast.dismiss(id);
  };
  void showToast({
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{message}</Text>
        <Button size="compact-sm" variant="light" onClick={takeBack}>
          {i18n.t('common.undo')}
        </Button>
      </Group>
    ),
    autoClose: UNDO_MS,
    position,
    onClose: send,
  }).then((shown) => {
    id = shown;
  });
}
