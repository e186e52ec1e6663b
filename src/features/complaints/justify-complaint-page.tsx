import { Button, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconGavel, IconMessageReply } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Complaint } from '@contract';
import { OnceOpened } from '@/components/modal';
import { PageHeader } from '@/components/page-header';
import type { ComplaintListSearch } from '@/lib/list-search';
import { toast } from '@/lib/toast';
import type { ListSearchProps } from '@/lib/use-list-search';
import { lazyRetrying } from '@/lib/lazy-retrying';
import { complaintQueries } from './api';
import { OpenComplaintsList } from './open-complaints-list';
import { useDecisionRights } from './use-decision-rights';
import type { BulkDecision } from './bulk-decision-modal';

// The dialogs come with the first one opened.
const JustifyComplaintModal = lazyRetrying(() => import('./justify-complaint-modal').then((m) => ({ default: m.JustifyComplaintModal })));
const BulkDecisionModal = lazyRetrying(() => import('./bulk-decision-modal').then((m) => ({ default: m.BulkDecisionModal })));
const VerifyComplaintModal = lazyRetrying(() => import('./verify-complaint-modal').then((m) => ({ default: m.VerifyComplaintModal })));

interface JustifyComplaintPageProps extends ListSearchProps<ComplaintListSearch> {
  /** A complaint whose dialog opens at once (a deep link), if the caller may act on it. */
  openId?: number;
  /** The linked complaint has been dealt with (dialog closed, or nothing to do): drop the link. */
  onLinkDone?: () => void;
}

/**
 * Justify Complaint: the contractor's users justify submitted complaints; verifiers fine or
 * waive submitted and justified ones, but never one they registered themselves.
 */
export function JustifyComplaintPage({ openId, onLinkDone, ...listSearch }: JustifyComplaintPageProps) {
  const { t } = useTranslation();
  const rights = useDecisionRights();
  const [justifying, setJustifying] = useState<Complaint | null>(null);
  const [verifying, setVerifying] = useState<Complaint | null>(null);
  const [deciding, setDeciding] = useState<BulkDecision | null>(null);

  // The linked complaint's dialog stays open while the link is in the URL. It shows the
  // complaint as first loaded (once the caller's rights are known): a later refresh, such as
  // the one after the decision itself, neither closes it nor changes what it says.
  const linked = useQuery({ ...complaintQueries.detail(openId ?? 0), enabled: openId !== undefined });
  const [closedId, setClosedId] = useState<number | undefined>(undefined);
  const [first, setFirst] = useState<Complaint | null>(null);
  const live = openId !== undefined && closedId !== openId;
  if (live && rights.ready && linked.data && first?.id !== openId) setFirst(linked.data);
  const target = live && first?.id === openId ? first : undefined;
  const linkedAction = !target
    ? null
    : rights.mayJustify(target)
      ? 'justify'
      : rights.mayVerify(target) && !rights.isOwn(target)
        ? 'verify'
        : null;

  useEffect(() => {
    if (!live) return;
    if (linked.isError) {
      toast.error(t('complaints.detailLoadFailed'));
      onLinkDone?.();
    } else if (target && linkedAction === null) {
      toast.blank(t('decisions.nothingToDo', { refNo: target.refNo }));
      onLinkDone?.();
    }
  }, [live, linked.isError, target, linkedAction, onLinkDone, t]);

  const justifyTarget = justifying ?? (linkedAction === 'justify' ? target! : null);
  const verifyTarget = verifying ?? (linkedAction === 'verify' ? target! : null);

  function closeDialogs() {
    setJustifying(null);
    setVerifying(null);
    if (!live) return;
    // Closed for good, even before the URL drops the link and while the list refreshes.
    setClosedId(openId);
    onLinkDone?.();
  }

  function verifyButton(c: Complaint) {
    const own = rights.isOwn(c);
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
        {...listSearch}
        bulk={
          rights.mayDecide
            ? {
                isSelectable: (c) => rights.mayVerify(c) && !rights.isOwn(c),
                actions: ({ selection, total, params }) =>
                  (['waive', 'fine'] as const).map((decision) => (
                    <Button
                      key={decision}
                      size="compact-sm"
                      color={decision === 'fine' ? 'red' : 'green'}
                      leftSection={decision === 'fine' ? <IconGavel size={14} /> : <IconCircleCheck size={14} />}
                      onClick={() => {
                        setDeciding({
                          decision,
                          complaints: selection.selected,
                          allMatching: selection.allMatching,
                          total,
                          params,
                          onDecided: selection.clear,
                        });
                      }}
                    >
                      {t(decision === 'fine' ? 'bulk.fine' : 'bulk.waive')}
                    </Button>
                  )),
              }
            : undefined
        }
        rowActions={(c) => (
          <>
            {rights.mayJustify(c) && (
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
            {rights.mayVerify(c) && verifyButton(c)}
          </>
        )}
      />
      <OnceOpened opened={justifyTarget !== null} onCancel={closeDialogs}>
        <JustifyComplaintModal target={justifyTarget} onClose={closeDialogs} />
      </OnceOpened>
      <OnceOpened opened={deciding !== null} onCancel={() => setDeciding(null)}>
        <BulkDecisionModal
          target={deciding}
          onClose={(changed) => {
            setDeciding(null);
            if (changed) deciding?.onDecided();
          }}
        />
      </OnceOpened>
      <OnceOpened opened={verifyTarget !== null} onCancel={closeDialogs}>
        <VerifyComplaintModal target={verifyTarget} onClose={closeDialogs} />
      </OnceOpened>
    </>
  );
}
