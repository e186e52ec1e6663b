import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toast, TOAST_DURATION, TOAST_LIMIT, TOAST_WIDTH } from '@/lib/toast';
import { GalleryPage, GallerySection } from './gallery-section';

/** The toasts that close by themselves, with how long each stays (src/lib/toast.ts). */
const TIMED = Object.keys(TOAST_DURATION) as (keyof typeof TOAST_DURATION)[];

/** `/notifications`: every kind of toast the product shows, how long it stays, and a button to see it. */
export function NotificationsGallery() {
  const { t } = useTranslation();
  const kinds = [
    ...TIMED.map((kind) => ({ kind, stays: t('gallery.notifications.seconds', { count: TOAST_DURATION[kind] / 1000 }) })),
    { kind: 'loading' as const, stays: t('gallery.notifications.untilDismissed') },
  ];
  return (
    <GalleryPage intro={t('gallery.notifications.intro', { limit: TOAST_LIMIT, width: TOAST_WIDTH })}>
      <GallerySection title={t('gallery.notifications.kinds')} description={t('gallery.notifications.kindsHint')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {kinds.map(({ kind, stays }) => (
            <Stack key={kind} gap="xs" align="flex-start" data-testid={`toast-kind-${kind}`}>
              <Text fw={600}>{t(`gallery.notifications.${kind}.name`)}</Text>
              <Text size="sm">{t(`gallery.notifications.${kind}.use`)}</Text>
              <Text size="sm" c="dimmed">
                {t('gallery.notifications.stays', { stays })}
              </Text>
              <Button variant="default" onClick={() => void toast[kind](t(`gallery.notifications.${kind}.sample`))}>
                {t('gallery.notifications.show', { kind: t(`gallery.notifications.${kind}.name`) })}
              </Button>
            </Stack>
          ))}
        </SimpleGrid>
      </GallerySection>
    </GalleryPage>
  );
}
