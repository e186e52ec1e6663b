import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconReplace } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Complaint } from '@contract';
import { AttachmentThumbnails } from './attachment-thumbnails';
import { ImageAttachmentsInput } from './image-attachments-input';
import { ImagePreviewModal, type PreviewImage } from './image-preview-modal';
import type { ImageAttachments } from './use-image-attachments';

interface ComplaintImagesFieldProps {
  /** The complaint being edited, or null for a new one. */
  current: Complaint | null;
  images: ImageAttachments;
  /** Whether the chosen images will replace the current ones (always, for a new complaint). */
  replacing: boolean;
  onReplacingChange: (replacing: boolean) => void;
  error: string | null;
  disabled: boolean;
}

/**
 * The complaint's images. The API replaces a complaint's images as a whole and names the
 * stored ones only by address, so an edit either keeps them all or replaces them all.
 */
export function ComplaintImagesField({ current, images, replacing, onReplacingChange, error, disabled }: ComplaintImagesFieldProps) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<PreviewImage | null>(null);
  const label = t('complaints.complaintAttachments');

  if (current && !replacing) {
    return (
      <Stack gap="xs">
        <AttachmentThumbnails label={label} attachments={current.complaintAttachments} onOpen={setPreview} />
        <Group>
          <Button variant="light" size="xs" leftSection={<IconReplace size={14} />} onClick={() => onReplacingChange(true)} disabled={disabled}>
            {t('complaintForm.replaceImages')}
          </Button>
        </Group>
        <ImagePreviewModal image={preview} onClose={() => setPreview(null)} />
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      <ImageAttachmentsInput label={label} attachments={images} error={error} disabled={disabled} />
      {current && (
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            {t('complaintForm.replaceHint', { count: current.complaintAttachments.length })}
          </Text>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconArrowBackUp size={14} />}
            onClick={() => {
              images.clear();
              onReplacingChange(false);
            }}
            disabled={disabled}
          >
            {t('complaintForm.keepImages')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
