import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconCircleOff, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface RecordActionsProps {
  /** What the row is called, for the buttons' names ("Edit Zon Pusat"). */
  name: string;
  /** null: the record has no active flag, so no (de)activation. */
  active: boolean | null;
  canUpdate: boolean;
  canDelete: boolean;
  toggling: boolean;
  onEdit: () => void;
  onToggleActive: () => void;
  onDelete: () => void;
}

/** A catalogue row's buttons, as the matrix allows: edit, (de)activate, delete. */
export function RecordActions({ name, active, canUpdate, canDelete, toggling, onEdit, onToggleActive, onDelete }: RecordActionsProps) {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="center" wrap="nowrap">
      {canUpdate && (
        <Tooltip label={t('common.edit')}>
          <ActionIcon variant="light" aria-label={t('catalogue.editOf', { name })} onClick={onEdit}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {canUpdate && active !== null && (
        <Tooltip label={active ? t('catalogue.deactivate') : t('catalogue.activate')}>
          <ActionIcon
            variant="light"
            color={active ? 'orange' : 'green'}
            aria-label={t(active ? 'catalogue.deactivateOf' : 'catalogue.activateOf', { name })}
            loading={toggling}
            onClick={onToggleActive}
          >
            {active ? <IconCircleOff size={18} /> : <IconCircleCheck size={18} />}
          </ActionIcon>
        </Tooltip>
      )}
      {canDelete && (
        <Tooltip label={t('common.delete')}>
          <ActionIcon variant="light" color="red" aria-label={t('catalogue.deleteOf', { name })} onClick={onDelete}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
