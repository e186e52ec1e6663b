import type { ModalProps } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '@/components/confirm-modal';
import { Modal } from '@/components/modal';
import { UnsavedProvider, useUnsavedScope } from '@/lib/unsaved-scope';

interface GuardedModalProps extends ModalProps {
  /** Its form keeps a draft that outlives the page: closing it still asks, leaving the page does not. */
  keepsDraft?: boolean;
}

/**
 * A dialog holding a form: Escape, ✕ or a click outside close it at once while nothing is
 * typed, and ask first ("Discard your changes?") once its form holds unsaved changes.
 */
export function GuardedModal({ onClose, closeOnEscape = true, keepsDraft = false, ...props }: GuardedModalProps) {
  const { t } = useTranslation();
  const scope = useUnsavedScope({ apart: keepsDraft });
  const [asking, setAsking] = useState(false);
  return (
    <UnsavedProvider value={scope}>
      <Modal
        {...props}
        // While the question is open, Escape answers it, not this dialog.
        closeOnEscape={closeOnEscape && !asking}
        onClose={() => (scope.any() ? setAsking(true) : onClose())}
      />
      <ConfirmModal
        opened={asking}
        title={t('unsaved.discardTitle')}
        confirmLabel={t('unsaved.discard')}
        cancelLabel={t('unsaved.keepEditing')}
        color="orange"
        onConfirm={() => {
          setAsking(false);
          onClose();
        }}
        onClose={() => setAsking(false)}
      >
        {t('unsaved.discardText')}
      </ConfirmModal>
    </UnsavedProvider>
  );
}
