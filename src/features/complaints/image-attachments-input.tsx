import { ActionIcon, Alert, Box, Button, FileButton, Group, Image, Input, List, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCamera, IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_ATTACHMENTS } from '@contract/complaint-rules';
import { IMAGE_CONTENT_TYPES } from '@contract/account-rules';
import { imageVariantUrl } from '@/lib/image-address';
import { THUMBNAIL_SIZE } from './attachment-thumbnails';
import { MAX_MEGABYTES, type ImageAttachments } from './use-image-attachments';

interface ImageAttachmentsInputProps {
  label: string;
  attachments: ImageAttachments;
  /** The server's message about the images as a whole. */
  error?: string | null;
  disabled?: boolean;
}

/** Choose images, see each one upload with its progress, remove any; refusals are said per file. */
export function ImageAttachmentsInput({ label, attachments, error, disabled }: ImageAttachmentsInputProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const hintId = useId();
  const { items, rejected } = attachments;
  const full = items.length >= MAX_ATTACHMENTS;
  // A phone or tablet, whose camera opens straight from a capture input; on a desktop it would only repeat "Add images".
  const touch = useMediaQuery('(pointer: coarse)', undefined, { getInitialValueInEffect: false });
  const resetCapture = useRef<() => void>(null);
  const accept = IMAGE_CONTENT_TYPES.join(',');

  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId} aria-describedby={hintId}>
      <div>
        <Input.Label id={labelId} component="div">
          {label}
        </Input.Label>
        <Input.Description id={hintId}>{t('attachments.hint', { max: MAX_MEGABYTES, limit: MAX_ATTACHMENTS })}</Input.Description>
      </div>
      <Group>
        <FileButton
          multiple
          onChange={attachments.add}
          accept={accept}
          disabled={disabled || full}
          inputProps={{ 'data-testid': 'image-attachments-input' } as React.ComponentProps<'input'>}
        >
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconPhotoPlus size={16} />} disabled={disabled || full}>
              {t('attachments.add')}
            </Button>
          )}
        </FileButton>
        {touch && (
          <FileButton
            capture="environment"
            onChange={(file) => {
              if (file) attachments.add([file]);
              // Emptied, so the next photo fires a change even when the camera gives it the same name.
              resetCapture.current?.();
            }}
            accept={accept}
            disabled={disabled || full}
            resetRef={resetCapture}
            inputProps={{ 'data-testid': 'take-photo-input' } as React.ComponentProps<'input'>}
          >
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconCamera size={16} />} disabled={disabled || full}>
                {t('attachments.takePhoto')}
              </Button>
            )}
          </FileButton>
        )}
        <Text size="sm" c="dimmed">
          {t('attachments.count', { n: items.length, max: MAX_ATTACHMENTS })}
        </Text>
      </Group>
      {rejected.length > 0 && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} />} title={t('attachments.refused')}>
          <List size="sm">
            {rejected.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      {items.length > 0 && (
        <Group gap="sm" align="flex-start">
          {items.map((item) => (
            <Box key={item.key} w={THUMBNAIL_SIZE} pos="relative" data-state={item.state}>
              <Image
                src={imageVariantUrl(item.previewUrl, 'thumb')}
                alt={item.name}
                w={THUMBNAIL_SIZE}
                h={THUMBNAIL_SIZE}
                fit="cover"
                radius="sm"
                style={{
                  border: '1px solid var(--mantine-color-gray-3)',
                  opacity: item.state === 'uploading' ? 0.6 : 1,
                }}
              />
              <Tooltip label={t('attachments.remove')}>
                <ActionIcon
                  pos="absolute"
                  top={4}
                  right={4}
                  size="sm"
                  radius="xl"
                  color="dark"
                  variant="filled"
                  aria-label={t('attachments.removeOf', { name: item.name })}
                  onClick={() => attachments.remove(item.key)}
                  disabled={disabled}
                >
                  <IconX size={14} />
                </ActionIcon>
              </Tooltip>
              {item.state === 'uploading' && (
                <Progress.Root size="sm" mt={4}>
                  <Progress.Section value={item.progress} animated aria-label={t('attachments.uploadingOf', { name: item.name })} />
                </Progress.Root>
              )}
              {item.state === 'kept' && (
                <Text size="xs" c="orange.9" mt={2}>
                  {t('attachments.kept')}
                </Text>
              )}
              <Text size="xs" truncate="end" title={item.name} c="dimmed" mt={2}>
                {item.name}
              </Text>
            </Box>
          ))}
        </Group>
      )}
    </Stack>
  );
}
