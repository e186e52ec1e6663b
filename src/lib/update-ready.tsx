import { Button, Group, Text } from '@mantine/core';
import i18n from 'i18next';
import { showToast } from '@/lib/toast';

/**
 * "A new version is ready": stays until dismissed or taken. Reload loads the new release at
 * once; otherwise it takes over at the next navigation (lib/app-worker.ts).
 */
export function showUpdateReady(reload: () => void) {
  void showToast({
    id: 'update-ready',
    title: i18n.t('appUpdate.title'),
    color: 'indigo',
    autoClose: false,
    withCloseButton: true,
    message: (
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">{i18n.t('appUpdate.text')}</Text>
        <Button size="xs" variant="light" onClick={reload}>
          {i18n.t('appUpdate.reload')}
        </Button>
      </Group>
    ),
  });
}
