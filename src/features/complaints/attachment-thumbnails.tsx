import { Group, Image, Input, Text, UnstyledButton } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '@contract';
import { imageVariantUrl } from '@/lib/image-address';
import type { PreviewImage } from './image-preview-modal';

/** SPEC §9: attachments show as 100 px thumbnails (the server's 200 px copy, for dense screens). */
export const THUMBNAIL_SIZE = 100;

interface AttachmentThumbnailsProps {
  label: string;
  attachments: Attachment[];
  onOpen: (image: PreviewImage) => void;
}

export function AttachmentThumbnails({ label, attachments, onOpen }: AttachmentThumbnailsProps) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId}>
      <Input.Label id={labelId} component="div" mb={4}>
        {label}
      </Input.Label>
      {attachments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('complaints.noAttachments')}
        </Text>
      ) : (
        <Group gap="sm">
          {attachments.map((a, i) => {
            const alt = t('complaints.attachmentAlt', { label, n: i + 1 });
            return (
              <UnstyledButton key={a.id} onClick={() => onOpen({ src: a.file, alt })} aria-label={t('complaints.enlargeImage', { alt })}>
                <Image
                  src={imageVariantUrl(a.file, 'thumb')}
                  alt={alt}
                  w={THUMBNAIL_SIZE}
                  h={THUMBNAIL_SIZE}
                  fit="cover"
                  radius="sm"
                  loading="lazy"
                  style={{ border: '1px solid var(--mantine-color-gray-3)' }}
                />
              </UnstyledButton>
            );
          })}
        </Group>
      )}
    </div>
  );
}
