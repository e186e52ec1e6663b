import { Button, Group, Modal, ScrollArea } from '@mantine/core';
import { IconGavel, IconMessageReply } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Complaint } from '@contract';
import { ErrorState } from '@/components/error-state';
import { complaintQueries } from './api';
import { ImagePreviewModal, type PreviewImage } from './image-preview-modal';
import { type DecisionRights, useDecisionRights, JUSTIFY_COMPLAINT_URL } from './use-decision-rights';

// The read-only form is fetched alongside the complaint, so the History list loads without it.
const loadFields = () => import('./complaint-detail-fields');
type Fields = Awaited<ReturnType<typeof loadFields>>['ComplaintDetailFields'];

/** SPEC §2: the detail modal opens this long after its data arrives. */
export const DETAIL_OPEN_DELAY_MS = 100;

interface ComplaintDetailProps {
  id: number;
  onClose: () => void;
  /** The modal's title; 'Detail History Complaint' unless another screen says otherwise. */
  title?: string;
  /** Offer a way to the Justify Complaint dialog when the caller may justify or verify it. */
  withDecisionLink?: boolean;
  /** Loading (the row's action busy), open, or failed (the action reset, nothing opened). */
  onPhaseChange?: (phase: DetailPhase) => void;
}

export type DetailPhase = 'loading' | 'open' | 'failed';

/** Loads one complaint and shows it read-only, with its status history, in a modal. */
export function ComplaintDetail({ id, onClose, title, withDecisionLink = false, onPhaseChange }: ComplaintDetailProps) {
  const { t } = useTranslation();
  const rights = useDecisionRights();
  const detail = useQuery(complaintQueries.detail(id));
  const [opened, setOpened] = useState(false);
  // The form itself once its code is in (not React.lazy, which would suspend once more on opening).
  const [Fields, setFields] = useState<Fields | null>(null);
  const [preview, setPreview] = useState<PreviewImage | null>(null);
  const complaint = detail.data;

  useEffect(() => {
    let live = true;
    void loadFields().then((m) => live && setFields(() => m.ComplaintDetailFields));
    return () => {
      live = false;
    };
  }, []);

  // SPEC §2: the modal opens 100 ms after its data (and the form that shows it) arrive, filled.
  useEffect(() => {
    if (!complaint || !Fields) return;
    const timer = setTimeout(() => setOpened(true), DETAIL_OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [complaint, Fields]);

  const phase: DetailPhase = detail.isError ? 'failed' : opened && complaint && Fields ? 'open' : 'loading';
  const tell = useRef(onPhaseChange);
  useEffect(() => {
    tell.current = onPhaseChange;
  });
  useEffect(() => tell.current?.(phase), [phase]);

  if (detail.isError) {
    return (
      <ErrorState
        error={detail.error}
        title={t('complaints.detailLoadFailed')}
        onRetry={() => void detail.refetch()}
        retrying={detail.isFetching}
        onDismiss={onClose}
      />
    );
  }

  return (
    <Modal
      opened={phase === 'open'}
      onClose={onClose}
      title={title ?? t('complaints.detailTitle')}
      size="xl"
      scrollAreaComponent={ScrollArea.Autosize}
      // Escape closes only the image on top while it is open.
      closeOnEscape={preview === null}
    >
      {complaint && Fields && <Fields complaint={complaint} onOpenImage={setPreview} statusHistory={complaint.statusHistory} />}
      <Group justify="flex-end" mt="lg">
        {withDecisionLink && complaint && <DecisionLink complaint={complaint} rights={rights} />}
        <Button variant="default" onClick={onClose}>
          {t('common.close')}
        </Button>
      </Group>
      <ImagePreviewModal image={preview} onClose={() => setPreview(null)} />
    </Modal>
  );
}

function DecisionLink({ complaint, rights }: { complaint: Complaint; rights: DecisionRights }) {
  const { t } = useTranslation();
  const justify = rights.mayJustify(complaint);
  if (!justify && !(rights.mayVerify(complaint) && !rights.isOwn(complaint))) return null;
  return (
    <Button
      renderRoot={(props) => <Link {...props} to={JUSTIFY_COMPLAINT_URL} search={{ complaint: complaint.id }} />}
      leftSection={justify ? <IconMessageReply size={16} /> : <IconGavel size={16} />}
    >
      {t(justify ? 'decisions.justifyThis' : 'decisions.verifyThis')}
    </Button>
  );
}
