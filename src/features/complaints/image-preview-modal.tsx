import { Button, Group, Image, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/modal';
import { imageDownloadUrl, imageVariantUrl } from '@/lib/image-address';

export interface PreviewImage {
  /** The stored image's own address; the view asks it for the right size. */
  src: string;
  alt: string;
}

/**
 * The larger view of an attachment: the server's display-size copy, a fraction of a phone
 * photo's bytes. The original, as uploaded, only when asked for.
 */
export function ImagePreviewModal({ image, onClose }: { image: PreviewImage | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={image !== null} onClose={onClose} title={t('complaints.imageTitle')} size="auto" centered>
      {image && (
        <Stack gap="sm">
          <Image src={imageVariantUrl(image.src, 'display')} alt={image.alt} mah="75vh" maw="min(90vw, 960px)" fit="contain" />
          <Group justify="flex-end">
            <Button
              component="a"
              href={imageDownloadUrl(image.src)}
              download
              variant="default"
              size="xs"
              leftSection={<IconDownload size={16} />}
            >
              {t('complaints.downloadOriginal')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
