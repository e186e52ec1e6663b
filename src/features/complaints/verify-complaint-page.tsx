import { Button, Tooltip } from '@mantine/core';
import { IconGavel, IconMessageReply } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canMove, DECISION_STATUS } from '@contract/complaint-rules';
import type { Complaint } from '@contract';
import { PageHeader } from '@/components/page-header';
import { useMenuActions } from '@/lib/use-menu-actions';
import { useRootStore } from '@/stores/root-store';
import { JustifyComplaintModal } from './justify-complaint-modal';
import { OpenComplaintsList } from './open-complaints-list';
import { VerifyComplaintModal } from './verify-complaint-modal';

export const VERIFY_COMPLAINT_URL = '/manage-complaint/verify-complaint';

const JUSTIFIED = 2;

/**
 * Justify Complaint: the contractor's users justify submitted complaints; verifiers fine or
 * waive submitted and justified ones, but never one they registered themselves.
 */
export function VerifyComplaintPage() {
  const { t } = useTranslation();
  const actions = useMenuActions(VERIFY_COMPLAINT_URL);
  const userId = useRootStore((s) => s.auth.user?.id);
  const [justifying, setJustifying] = useState<Complaint | null>(null);
  const [verifying, setVerifying] = useState<Complaint | null>(null);

  function verifyButton(c: Complaint) {
    const own = c.createdBy.id === userId;
    const button = (
      <Button
        size="compact-sm"
        variant="light"
        color="red"
        leftSection={<IconGavel size={14} />}
        aria-label={t('decisions.verifyOf', { refNo: c.refNo })}
        // Disabled in looks only, so the tooltip saying why still shows on hover and focus.
        data-disabled={own || undefined}
        aria-disabled={own || undefined}
        onClick={own ? undefined : () => setVerifying(c)}
      >
        {t('decisions.verify')}
      </Button>
    );
    return own ? <Tooltip label={t('decisions.verifyOwnForbidden')}>{button}</Tooltip> : button;
  }

  return (
    <>
      <PageHeader />
      <OpenComplaintsList
        rowActions={(c) => (
          <>
            {actions.has('justify') && canMove(c.status, JUSTIFIED) && (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconMessageReply size={14} />}
                aria-label={t('decisions.justifyOf', { refNo: c.refNo })}
                onClick={() => setJustifying(c)}
              >
                {t('decisions.justify')}
              </Button>
            )}
            {actions.has('verify') && canMove(c.status, DECISION_STATUS.fine) && verifyButton(c)}
          </>
        )}
      />
      <JustifyComplaintModal target={justifying} onClose={() => setJustifying(null)} />
      <VerifyComplaintModal target={verifying} onClose={() => setVerifying(null)} />
    </>
  );
}
