import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@contract';
import { toast } from '@/lib/toast';
import { useOpenNotification } from './api';

/**
 * Opening a notification, wherever it is listed: it is read (the server marks it), then one
 * about a complaint opens that complaint's History detail, one about an issued claim record
 * its invoice, any other its own dialog; so does one whose complaint was withdrawn, which has
 * no link left and says it was withdrawn.
 */
export function useNotificationOpener(onOpened?: () => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useOpenNotification();
  const [detail, setDetail] = useState<Notification | null>(null);

  function openOne(id: number) {
    open.mutate(id, {
      onSuccess: (notification) => {
        onOpened?.();
        if (notification.complaintId) {
          void navigate({ to: '/manage-complaint/history-complaint', search: { detail: notification.complaintId } });
        } else if (notification.claimRecordId) {
          void navigate({ to: '/apps/invoicing/invoice', search: { claim: notification.claimRecordId } });
        } else {
          setDetail(notification);
        }
      },
      onError: () => toast.error(t('notifications.openFailed')),
    });
  }

  return { openOne, opening: open.isPending ? open.variables : undefined, detail, closeDetail: () => setDetail(null) };
}
