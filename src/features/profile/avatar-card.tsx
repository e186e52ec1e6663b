import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_CONTENT_TYPES, MAX_FILE_BYTES } from '@contract/account-rules';
import type { User } from '@contract';
import { FormAlert } from '@/components/form-alert';
import { avatarSrc } from '@/components/user-avatar';
import { commonFailureMessage, readFailure, type Failure } from '@/lib/api-failure';
import { toast } from '@/lib/toast';
import { useSaveAvatar, useUpdateMe } from './api';
import { SectionCard } from './section-card';

const MAX_MEGABYTES = MAX_FILE_BYTES / (1024 * 1024);

interface Chosen {
  file: File;
  previewUrl: string;
}

/** The avatar: pick an image, see it, then save it; or remove the one there is. */
export function AvatarCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const saveAvatar = useSaveAvatar();
  const updateMe = useUpdateMe();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [error, setError] = useState<string | null>(null);
  const resetPicker = useRef<() => void>(null);

  // A preview holds the file in memory until it is let go.
  useEffect(() => {
    if (!chosen) return;
    return () => URL.revokeObjectURL(chosen.previewUrl);
  }, [chosen]);

  function choose(file: File | null) {
    resetPicker.current?.();
    if (!file) return;
    setError(null);
    if (!(IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type)) {
      setChosen(null);
      setError(t('profile.avatarWrongType'));
    } else if (file.size > MAX_FILE_BYTES) {
      setChosen(null);
      setError(t('profile.avatarTooLarge', { max: MAX_MEGABYTES }));
    } else {
      setChosen({ file, previewUrl: URL.createObjectURL(file) });
    }
  }

  function failureText(failure: Failure) {
    // Also a 413, but not about this file.
    if (failure.kind === 'uploadQuotaFull') return t('attachments.quotaFull');
    // An account without a role may not upload (domain/files.ts, decideUploader).
    if (failure.status === 403) return t('profile.avatarNeedsRole');
    if (failure.kind === 'fileTooLarge' || failure.status === 413) return t('profile.avatarTooLarge', { max: MAX_MEGABYTES });
    if (failure.kind === 'unsupportedFileType' || failure.status === 415) return t('profile.avatarWrongType');
    return commonFailureMessage(failure, t, failure.fieldErrors.imageFileId ?? t('profile.avatarFailed'));
  }

  async function save() {
    if (!chosen) return;
    setError(null);
    try {
      await saveAvatar.mutateAsync(chosen.file);
      setChosen(null);
      void toast.success(t('profile.avatarSaved'));
    } catch (failed) {
      setError(failureText(await readFailure(failed)));
    }
  }

  async function remove() {
    setError(null);
    try {
      await updateMe.mutateAsync({ imageFileId: null });
      void toast.success(t('profile.avatarRemoved'));
    } catch (failed) {
      setError(failureText(await readFailure(failed)));
    }
  }

  return (
    <SectionCard title={t('profile.avatarTitle')} hint={t('profile.avatarHint', { max: MAX_MEGABYTES })}>
      <Stack align="center" gap="sm">
        <Avatar
          src={chosen?.previewUrl ?? avatarSrc(user.image)}
          alt={chosen ? t('profile.avatarPreview') : t('profile.avatarCurrent')}
          size={120}
          radius={120}
        />
        <Text fw={600} ta="center">
          {user.fullName}
        </Text>
        {chosen && (
          <Text size="sm" c="dimmed" ta="center" role="status">
            {t('profile.avatarPreviewHint', { name: chosen.file.name })}
          </Text>
        )}
      </Stack>
      <FormAlert message={error} />
      {chosen ? (
        <Group justify="center">
          <Button onClick={() => void save()} loading={saveAvatar.isPending}>
            {t('profile.avatarSave')}
          </Button>
          <Button variant="default" onClick={() => setChosen(null)} disabled={saveAvatar.isPending}>
            {t('profile.avatarCancel')}
          </Button>
        </Group>
      ) : (
        <Group justify="center">
          <FileButton
            onChange={choose}
            accept={IMAGE_CONTENT_TYPES.join(',')}
            resetRef={resetPicker}
            inputProps={{ 'data-testid': 'avatar-file-input' } as React.ComponentProps<'input'>}
          >
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconPhoto size={16} />}>
                {t('profile.avatarChoose')}
              </Button>
            )}
          </FileButton>
          {user.image && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => void remove()}
              loading={updateMe.isPending}
            >
              {t('profile.avatarRemove')}
            </Button>
          )}
        </Group>
      )}
    </SectionCard>
  );
}
