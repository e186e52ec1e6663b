import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isEditable } from '@domain/complaint-states';
import type { Complaint } from '@contract';
import { menuItems } from '@contract/menu-items';
import { OnceOpened } from '@/components/modal';
import { PageHeader } from '@/components/page-header';
import type { ComplaintListSearch } from '@/lib/list-search';
import type { ListSearchProps } from '@/lib/use-list-search';
import { useMenuActions } from '@/lib/use-menu-actions';
import { lazyRetrying } from '@/lib/lazy-retrying';
import { OpenComplaintsList } from './open-complaints-list';

// The dialogs come with the first one opened.
const ComplaintFormModal = lazyRetrying(() => import('./complaint-form').then((m) => ({ default: m.ComplaintFormModal })));
const DeleteComplaintModal = lazyRetrying(() => import('./delete-complaint-modal').then((m) => ({ default: m.DeleteComplaintModal })));

export const COMPLAINT_URL = menuItems.complaint.url;

/** Officers register complaints here, and change or delete them while they are submitted. */
export function ComplaintPage(listSearch: ListSearchProps<ComplaintListSearch>) {
  const { t } = useTranslation();
  const actions = useMenuActions(COMPLAINT_URL);
  const [editing, setEditing] = useState<Complaint | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Complaint | null>(null);

  return (
    <>
      <PageHeader>
        {actions.has('create') && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('complaintForm.registerButton')}
          </Button>
        )}
      </PageHeader>
      <OpenComplaintsList
        {...listSearch}
        rowActions={(c) =>
          isEditable(c.status) && (
            <>
              {actions.has('update') && (
                <Tooltip label={t('common.edit')}>
                  <ActionIcon variant="light" aria-label={t('complaintForm.editOf', { refNo: c.refNo })} onClick={() => setEditing(c)}>
                    <IconPencil size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
              {actions.has('delete') && (
                <Tooltip label={t('common.delete')}>
                  <ActionIcon
                    variant="light"
                    color="red"
                    aria-label={t('complaintForm.deleteOf', { refNo: c.refNo })}
                    onClick={() => setDeleting(c)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
            </>
          )
        }
      />
      <OnceOpened opened={editing !== null} onCancel={() => setEditing(null)}>
        <ComplaintFormModal editing={editing} onClose={() => setEditing(null)} />
      </OnceOpened>
      <OnceOpened opened={deleting !== null} onCancel={() => setDeleting(null)}>
        <DeleteComplaintModal target={deleting} onClose={() => setDeleting(null)} />
      </OnceOpened>
    </>
  );
}
