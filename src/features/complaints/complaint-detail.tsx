import { Button, Center, Group, Loader, Modal, ScrollArea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { complaintQueries } from './api';
import { ImagePreviewModal, type PreviewImage } from './image-preview-modal';

// The read-only form is fetched alongside the complaint, so the History list loads without it.
const loadFields = () => import('./complaint-detail-fields');
const ComplaintDetailFields = lazy(() => loadFields().then((m) => ({ default: m.ComplaintDetailFields })));

/** SPEC §2: the detail modal opens this long after its data arrives. */
export const DETAIL_OPEN_DELAY_MS = 100;

interface ComplaintDetailProps {
  id: number;
  onClose: () => void;
  /** The modal's title; 'Detail History Complaint' unless another screen says otherwise. */
  title?: string;
}

/** Loads one complaint and shows it read-only, with its status history, in a modal. */
export function ComplaintDetail({ id, onClose, title }: ComplaintDetailProps) {
  const { t } = useTranslation();
  const detail = useQuery(complaintQueries.detail(id));
  const [opened, setOpened] = useState(false);
  const [preview, setPreview] = useState<PreviewImage | null>(null);
  const complaint = detail.data;

  useEffect(() => {
    void loadFields();
  }, []);

  useEffect(() => {
    if (!complaint) return;
    const timer = setTimeout(() => setOpened(true), DETAIL_OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [complaint]);

  if (detail.isError) {
    return (
      <ErrorState
        title={t('complaints.detailLoadFailed')}
        onRetry={() => void detail.refetch()}
        retrying={detail.isFetching}
        onDismiss={onClose}
      />
    );
  }

  return (
    <Modal
      opened={opened && complaint !== undefined}
      onClose={onClose}
      title={title ?? t('complaints.detailTitle')}
      size="xl"
      scrollAreaComponent={ScrollArea.Autosize}
      // Escape closes only the image on top while it is open.
      closeOnEscape={preview === null}
    >
      <Suspense
        fallback={
          <Center mih={200}>
            <Loader />
          </Center>
        }
      >
        {complaint && (
          <ComplaintDetailFields complaint={complaint} onOpenImage={setPreview} statusHistory={complaint.statusHistory} />
        )}
      </Suspense>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('common.close')}
        </Button>
      </Group>
      <ImagePreviewModal image={preview} onClose={() => setPreview(null)} />
    </Modal>
  );
}
