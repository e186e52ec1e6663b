import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { menuItems } from '@contract/menu-items';
import { SAVED_VIEW_NAME_MAX, type SavedViewPath } from '@contract/saved-view-paths';
import type { Reference } from '@contract';
import { FormAlert } from '@/components/form-alert';
import { LimitedTextInput } from '@/components/limited-text';
import { Modal } from '@/components/modal';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import { catalogueQueries } from '@/lib/catalogue-queries';
import { createSavedView } from '@/lib/saved-views-queries';
import { toast } from '@/lib/toast';
import { useMenuActions } from '@/lib/use-menu-actions';

interface SaveViewDialogProps {
  path: SavedViewPath;
  /** The list's URL query now: what the view keeps. */
  search: string;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}

/** Saves the view shown now under a name, for oneself or (who may change the matrix) for a user type. */
export default function SaveViewDialog({ onClose, ...form }: SaveViewDialogProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(true);
  return (
    <Modal opened={opened} onClose={() => setOpened(false)} onExitTransitionEnd={onClose} title={t('savedViews.saveTitle')}>
      <SaveViewForm {...form} onDone={() => setOpened(false)} />
    </Modal>
  );
}

function SaveViewForm({
  path,
  search,
  onDone,
  onSaved,
}: {
  path: SavedViewPath;
  search: string;
  onDone: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const mayShare = useMenuActions(menuItems.matrixPrivilege.url).has('update');
  const userTypes = useQuery({ ...catalogueQueries.everything<Reference>('user-types'), enabled: mayShare });
  const [name, setName] = useState('');
  const [audience, setAudience] = useState<string>('me');
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError(t('savedViews.nameRequired'));
    setBusy(true);
    setError(null);
    try {
      const view = await createSavedView({ name: trimmed, path, search, userTypeId: audience === 'me' ? null : Number(audience) });
      await onSaved();
      void toast.success(t('savedViews.saved', { name: view.name }));
      onDone();
    } catch (failed) {
      const failure = await readFailure(failed);
      if (failure.status === 409 && failure.fieldErrors.name) setNameError(t('savedViews.nameTaken'));
      else setError(commonFailureMessage(failure, t, t('savedViews.saveFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('savedViews.saveHint')}
        </Text>
        <FormAlert message={error} />
        <LimitedTextInput
          label={t('savedViews.name')}
          required
          data-autofocus
          maxLength={SAVED_VIEW_NAME_MAX}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameError(null);
          }}
          error={nameError}
          aria-invalid={nameError ? true : undefined}
        />
        {mayShare && (
          <Select
            label={t('savedViews.for')}
            allowDeselect={false}
            value={audience}
            onChange={(value) => setAudience(value ?? 'me')}
            data={[
              { value: 'me', label: t('savedViews.onlyMe') },
              ...(userTypes.data ?? []).map((type) => ({
                value: String(type.id),
                label: t('savedViews.everyUserOf', { userType: type.name }),
              })),
            ]}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('savedViews.saveButton')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
